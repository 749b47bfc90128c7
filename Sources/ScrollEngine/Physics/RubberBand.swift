/// UIScrollView's position-based rubber band.
///
/// A finger `x` points past the edge shows the content `c·x·d/(d + c·x)` points past it,
/// with d the viewport dimension and c the coefficient (iOS 0.55). The function is applied to the
/// total overshoot, never incrementally.
public struct RubberBand: Sendable, Equatable {
    public var coefficient: Double
    public init(coefficient: Double = 0.55) { self.coefficient = coefficient }

    /// Shown overscroll for a finger overshoot `x` (≥ 0) and viewport `d`.
    public func shown(_ x: Double, dimension d: Double) -> Double {
        guard x > 0, d > 0 else { return max(0, x) == 0 ? 0 : x }
        return coefficient * x * d / (d + coefficient * x)
    }

    /// The finger overshoot that shows `b` (inverse of `shown`); used when a drag starts while
    /// the content is already out of bounds. Saturates near the asymptote d.
    public func overshoot(forShown b: Double, dimension d: Double) -> Double {
        guard b > 0, d > 0 else { return 0 }
        let clamped = min(b, d * 0.999)
        return clamped * d / (coefficient * (d - clamped))
    }
}
