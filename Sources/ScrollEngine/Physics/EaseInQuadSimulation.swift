/// A move that starts slowly and ends at full speed: ease-in quad from `from` to `to` over
/// `duration` seconds, done at its end. The refreshable view's return after a refresh (the gap
/// closing); the position is `to + (from − to)·(1 − p²)`, the part of the way still to go.
public struct EaseInQuadSimulation: Simulation, Equatable {
    public let from: Double
    public let to: Double
    public let duration: Double

    public init(from: Double, to: Double, duration: Double) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    private func progress(_ t: Double) -> Double { duration > 0 ? min(1, max(0, t / duration)) : 1 }

    public func position(at t: Double) -> Double { to + (from - to) * (1 - Easing.easeInQuad(progress(t))) }
    public func velocity(at t: Double) -> Double {
        duration > 0 ? (to - from) * Easing.easeInQuadDerivative(progress(t)) / duration : 0
    }
    public func isDone(at t: Double) -> Bool { progress(t) >= 1 }
    public var finalPosition: Double { to }
}
