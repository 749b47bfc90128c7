/// A programmatic move: ease-out cubic from `from` to `to` over `duration` seconds, done at its end.
public struct EaseOutSimulation: Simulation, Equatable {
    public let from: Double
    public let to: Double
    public let duration: Double

    public init(from: Double, to: Double, duration: Double) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    private func progress(_ t: Double) -> Double { duration > 0 ? min(1, max(0, t / duration)) : 1 }

    public func position(at t: Double) -> Double { from + (to - from) * Easing.easeOutCubic(progress(t)) }
    public func velocity(at t: Double) -> Double {
        duration > 0 ? (to - from) * Easing.easeOutCubicDerivative(progress(t)) / duration : 0
    }
    public func isDone(at t: Double) -> Bool { progress(t) >= 1 }
    public var finalPosition: Double { to }
}
