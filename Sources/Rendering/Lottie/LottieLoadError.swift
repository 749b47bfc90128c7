/// Why a Lottie file cannot be used. `message` is the one line the CLI prints before it falls
/// back to the vector spinner.
public enum LottieLoadError: Error, Sendable, Equatable {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case unparsable(path: String)
    case zeroFrames(path: String)
    case zeroFrameRate(path: String)
    case emptyCanvas(path: String)
    case timedOut(path: String, seconds: Double)
    /// A segment (`--lottie-pull`/`-loop`/`-finish`, `indicator.segments`) the file cannot give.
    case segment(path: String, reason: String)

    /// `lottie: FILE: reason` on one line.
    public var message: String {
        switch self {
        case let .missing(p): "lottie: \(p): file not found"
        case let .unreadable(p, reason): "lottie: \(p): cannot read the file (\(reason))"
        case let .unparsable(p): "lottie: \(p): not a Lottie animation rlottie can parse"
        case let .zeroFrames(p): "lottie: \(p): the animation has zero frames"
        case let .zeroFrameRate(p): "lottie: \(p): the animation has a zero frame rate"
        case let .emptyCanvas(p): "lottie: \(p): the animation has an empty canvas (zero width or height)"
        case let .timedOut(p, s): "lottie: \(p): parsing took longer than \(s) s"
        case let .segment(p, reason): "lottie: \(p): \(reason)"
        }
    }
}
