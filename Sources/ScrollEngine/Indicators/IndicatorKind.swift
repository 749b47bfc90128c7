/// Which indicator a refreshable scene draws.
public enum IndicatorKind: Sendable, Equatable {
    /// The vector circle-trim spinner.
    case vector
    /// A Lottie animation; `tint` replaces its colours (`--indicator-color`), nil keeps them.
    case lottie(LottieAnimationInfo, tint: Color?)
}
