/// Android's return of an offset left past an edge (`SplineOverScroller.startSpringback`): a
/// cubic ease, 3p² − 2p³ of the way, over √(2·distance / 2000) s (AOSP's `GRAVITY`, 2000 points/s²).
public struct AndroidSpringBack: Simulation, Equatable {
    /// AOSP's constant deceleration of the springback (points/s²).
    public static let gravity = 2000.0
    public let from: Double
    public let to: Double
    public let duration: Double

    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
        duration = (2 * abs(to - from) / Self.gravity).squareRoot()
    }

    private func progress(_ t: Double) -> Double { duration > 0 ? min(1, max(0, t / duration)) : 1 }

    public func position(at t: Double) -> Double {
        let p = progress(t)
        return from + (to - from) * (3 * p * p - 2 * p * p * p)
    }

    public func velocity(at t: Double) -> Double {
        guard duration > 0, t < duration else { return 0 }
        let p = progress(t)
        return (to - from) * (6 * p - 6 * p * p) / duration
    }

    public func isDone(at t: Double) -> Bool { progress(t) >= 1 }
    public var finalPosition: Double { to }
    public func isBouncing(at t: Double) -> Bool { !isDone(at: t) }
}
