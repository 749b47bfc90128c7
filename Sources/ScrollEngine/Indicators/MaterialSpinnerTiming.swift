/// Timings of the `material` spinner style (docs/BEHAVIOUR.md, "Refresh indicators").
///
/// Each cycle the head runs ahead (first half) and the tail catches up (second half), both with
/// the fast-out-slow-in curve; the drawing rotates linearly by `advancePerCycleDegrees` per cycle.
public struct MaterialSpinnerTiming: Sendable, Equatable {
    /// Seconds of one cycle.
    public var cycleSeconds: Double = 1.332
    /// Shortest arc, in turns (the arc between cycles).
    public var minArc: Double = 0.01
    /// Longest arc, in turns (mid-cycle).
    public var maxArc: Double = 0.8
    /// Linear rotation of the whole drawing per cycle, in degrees.
    public var advancePerCycleDegrees: Double = 216
    /// Fraction of the cycle during which the head grows; the tail moves during the rest.
    public var headFraction: Double = 0.5
    /// Timing curve of head and tail: fast-out-slow-in.
    public var curve: CubicBezierCurve = .fastOutSlowIn

    public init() {}
}
