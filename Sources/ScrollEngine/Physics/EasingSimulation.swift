/// A move from `from` to `to` over `duration` seconds along an easing curve, done at its end:
/// the programmatic moves (keys, wheel steps, a refresh's move into its gap, the coordinator's
/// eases) are ease-out cubic; the refreshable view's return after a refresh is ease-in quad.
public struct EasingSimulation: Simulation, Equatable {
    /// The curve of progress `p` in 0…1 over the duration.
    public enum Curve: Sendable, Equatable {
        /// Fast start, gentle stop: `from + (to − from)·(1 − (1 − p)³)`.
        case easeOutCubic
        /// Slow start, full speed at the end: `to + (from − to)·(1 − p²)`, the part of the way
        /// still to go (the refreshable return, `from·(1 − p²)` when it ends at 0).
        case easeInQuad
    }

    public let from: Double
    public let to: Double
    public let duration: Double
    public let curve: Curve

    public init(from: Double, to: Double, duration: Double, curve: Curve) {
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
    }

    private func progress(_ t: Double) -> Double { duration > 0 ? min(1, max(0, t / duration)) : 1 }

    public func position(at t: Double) -> Double {
        let p = progress(t)
        switch curve {
        case .easeOutCubic: return from + (to - from) * Easing.easeOutCubic(p)
        case .easeInQuad: return to + (from - to) * (1 - Easing.easeInQuad(p))
        }
    }

    public func velocity(at t: Double) -> Double {
        guard duration > 0 else { return 0 }
        let p = progress(t)
        switch curve {
        case .easeOutCubic: return (to - from) * Easing.easeOutCubicDerivative(p) / duration
        case .easeInQuad: return (to - from) * Easing.easeInQuadDerivative(p) / duration
        }
    }

    public func isDone(at t: Double) -> Bool { progress(t) >= 1 }
    public var finalPosition: Double { to }
}
