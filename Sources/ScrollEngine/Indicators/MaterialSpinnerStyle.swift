/// The `material` spinner style, Android's Material circular progress (docs/BEHAVIOUR.md,
/// "Refresh indicators").
///
/// Each cycle the head runs ahead (first half) and the tail catches up (second half), both with
/// the fast-out-slow-in curve; the drawing rotates linearly by `advancePerCycleDegrees` per cycle.
public struct MaterialSpinnerStyle: SpinnerStyleDefinition {
    public var name: String { "material" }
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

    /// One cycle.
    public var firstCycleSeconds: Double { cycleSeconds }

    public func loopArc(elapsed t: Double) -> ArcSpan {
        guard cycleSeconds > 0 else { return ArcSpan(start: 0, end: maxArc) }
        let cycles = t / cycleSeconds
        let n = cycles.rounded(.down)
        let u = cycles - n
        let travel = maxArc - minArc
        let h = min(max(headFraction, 0.01), 0.99)
        let headP = curve(min(u / h, 1))
        let tailP = curve(max((u - h) / (1 - h), 0))
        // The tail of each cycle starts where the previous cycle's tail stopped.
        let base = n * travel + cycles * advancePerCycleDegrees / 360
        return ArcSpan(start: base + travel * tailP, end: base + minArc + travel * headP)
    }
}

extension SpinnerStyle {
    /// The `material` style with `style`'s numbers.
    public static func material(_ style: MaterialSpinnerStyle = MaterialSpinnerStyle()) -> SpinnerStyle { SpinnerStyle(style) }
}
