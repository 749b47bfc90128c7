/// The numbers of the input, apart from the physics: how pointer samples become a release
/// velocity, how wheel deltas become points and gestures, how far keys scroll.
public struct InputSettings: Sendable, Equatable {
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

    public init() {}

    /// Wheel delta `dy` (notches, or precise units) in points.
    public func points(wheel dy: Double, precise: Bool) -> Double { dy * (precise ? pointsPerPreciseUnit : pointsPerNotch) }
}
