import CommandLineKit

/// Options several commands take, declared once.
struct LottieTimeoutFlag: OptionGroup {
    /// `record`, `verify`, `test`: how long one Lottie frame may take to render.
    let lottieTimeout = Option.number("lottie-timeout", value: "S", in: 0.001...600, help: """
        seconds a Lottie frame may take to render; longer, or a Lottie
        file that fails to load, is an error (exit 2, nothing written)
        """, default: 5)
}
