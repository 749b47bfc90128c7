/// What the refresh action does (scenario field `refresh`, CLI `--refresh-*`).
public struct RefreshBehaviour: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        /// Returns after `duration`, adding `newRows` rows at the top.
        case success
        /// Throws after `duration`; the old rows stay.
        case failure
        /// Never returns; the timeout or Esc ends it.
        case hang
    }
    /// Seconds the action takes.
    public var duration: Double = 1.5
    public var outcome: Outcome = .success
    /// Seconds after which a running action is cancelled (applied by `RefreshTicket`).
    public var timeout: Double = 30
    /// Rows a successful refresh inserts at the top.
    public var newRows: Int = 3
    /// Seconds the message of a failed refresh stays (both refresh scenes), unless a new pull dismisses it.
    public var messageSeconds: Double = 4
    /// Minimum seconds the finish ("done": a check mark, a Lottie's finish segment) shows after a
    /// successful refresh before the content returns (`--refresh-done`, scenario
    /// `refresh.doneSeconds`); 0, the default, skips it.
    public var doneSeconds: Double = 0
    /// The trigger distance as this fraction of the scroll view's height instead of the scene's
    /// fixed distance (`--trigger-fraction`, scenario `refresh.triggerFraction`); nil, the
    /// default, keeps the fixed distance (80 pt for the coordinator, 75 pt for the refreshable view).
    public var triggerFraction: Double?
    public init() {}
}

/// How the refresh indicator looks (CLI `--spinner`, `--reduce-motion`, `--lottie`,
/// `--indicator-color`; scenario fields `spinner`, `reduceMotion`, `indicator`).
public struct IndicatorOptions: Sendable, Equatable {
    /// Vector spinner style name: `seed`, `material` or `ios`; nil = the scene's default (the
    /// coordinator shows the bundled Lottie animation, the refreshable view the `seed` spinner style).
    public var style: String?
    public var reduceMotion = false
    /// A Lottie file replacing the vector spinner; nil = vector (or the scene's default asset).
    public var lottiePath: String?
    /// Colour override for both kinds.
    public var color: Color?
    /// The Lottie's pull, loop and finish segments (`--lottie-pull`/`-loop`/`-finish`, scenario
    /// `indicator.segments`); none: the whole file.
    public var lottieSegments = LottieSegmentChoices()
    /// The loaded Lottie animation (resolved by the driver from `lottiePath` or the bundled asset).
    public var lottie: LottieAnimationInfo?
    /// The spinner's size and stroke (a feel file's `spinner.size`, `spinner.lineWidth`); its
    /// style, reduced motion and colour come from the fields above.
    public var spinner = SpinnerConfig()
    /// The numbers of the `seed` style when it is the one drawn (a feel file's rotation period and trim).
    public var seed = SeedSpinnerStyle()
    public init() {}

    /// The indicator these options describe, drawn in `defaultColor` unless overridden.
    public func makeIndicator(defaultColor: Color, defaultStyle: SpinnerStyle = .seedDefault) -> RefreshIndicator {
        var config = spinner
        config.style = style.flatMap { SpinnerStyle(name: $0) } ?? defaultStyle
        if config.style.definition is SeedSpinnerStyle { config.style = .seed(seed) }
        config.reduceMotion = reduceMotion
        config.color = color ?? defaultColor
        let kind: IndicatorKind = lottie.map { .lottie($0, tint: color) } ?? .vector
        return RefreshIndicator(config: config, kind: kind)
    }
}
