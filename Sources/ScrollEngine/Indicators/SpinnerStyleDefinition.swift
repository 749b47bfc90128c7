/// One spinner style, declared in one file: its name, its numbers, how it loops and how it is
/// drawn. Listing a value of it in `SpinnerStyle.registered` is all it takes for `--spinner`,
/// the scenario field `spinner`, their error messages and every style-wide test to take it.
public protocol SpinnerStyleDefinition: Sendable, Equatable {
    /// What `--spinner` and the scenario field `spinner` accept (lowercase, unique).
    var name: String { get }
    /// Seconds of the style's first cycle: the time over which the loop blends out of the pull
    /// arc (continuity at the progress → loop switch).
    var firstCycleSeconds: Double { get }
    /// The steady loop `elapsed` (≥ 0) seconds after it started, with no blend and without
    /// reduced motion (`SpinnerMotion.loopArc` handles both). Starts at 12 o'clock at 0.
    func loopArc(elapsed: Double) -> ArcSpan
    /// True (the default) when the indicator's opacity follows the pull; false for a style that
    /// shows the pull its own way and stays opaque (the `ios` spokes appear one by one).
    var fadesWithPull: Bool { get }
    /// The vector drawing of `indicator` for `phase`, centred on `center`, at scene time `t`.
    /// The default draws the arc (`RefreshIndicator.arcCommands`); a style that is not an arc
    /// draws itself here.
    func commands(of indicator: RefreshIndicator, _ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand]
}

extension SpinnerStyleDefinition {
    public var fadesWithPull: Bool { true }

    public func commands(of indicator: RefreshIndicator, _ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        indicator.arcCommands(phase, center: center, at: t)
    }

    /// Equal to `other` when it is the same type with the same numbers.
    func isEqual(to other: any SpinnerStyleDefinition) -> Bool { (other as? Self) == self }
}
