/// The scroll feel: every number the scroll view uses, named. iOS by default.
public struct PhysicsProfile: Sendable, Equatable {
    /// Velocity kept per millisecond after release (UIScrollView.DecelerationRate.normal).
    public var decelerationRate: Double = 0.998
    /// Rubber-band coefficient while dragging past an edge.
    public var rubberBand = RubberBand(coefficient: 0.55)
    /// Spring that brings content back to an edge.
    public var bounce = SpringParameters.iOSBounce
    /// Below this release speed (pt/s) a release inside bounds just stops.
    public var minimumFlingVelocity: Double = 20
    /// Release speeds are capped at this (pt/s): a burst of input samples cannot fling the
    /// content across a 10-million-row list.
    public var maximumFlingVelocity: Double = 8000
    /// Pointer samples older than this (s) at release give no velocity.
    public var velocityWindow: Double = 0.100
    /// Time without wheel events that ends a wheel gesture (s).
    public var wheelIdleTimeout: Double = 0.090
    /// Window of wheel deltas averaged into the release velocity (s).
    public var wheelVelocityWindow: Double = 0.150
    /// Points scrolled per integer wheel notch.
    public var pointsPerNotch: Double = 40
    /// Points per unit of a precise (fractional) wheel delta.
    public var pointsPerPreciseUnit: Double = 10
    /// Points per arrow-key step.
    public var lineStep: Double = 40
    /// Duration of keyboard / programmatic scroll animations (s).
    public var programmaticDuration: Double = 0.3

    public init() {}

    public static let iOS = PhysicsProfile()
}
