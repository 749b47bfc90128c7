import ScrollEngine

/// Draws `DrawCommand.lottie` frames. The Lottie indicator implements it; without one (or when
/// it returns false) the renderer draws the frame's vector fallback instead. The recorder sets it
/// up through this protocol too (sources, strict mode, its failure), so it never needs the type.
public protocol LottieDrawing: AnyObject {
    /// Draws the frame into the cairo context `cr` (user space in points). Returns false if
    /// nothing could be drawn.
    func draw(_ frame: LottieFrame, cr: OpaquePointer) -> Bool
    /// Makes `source`'s animation drawable.
    func add(_ source: LottieIndicatorSource)
    /// Where diagnostic lines go (a dropped file, a late frame).
    var report: (String) -> Void { get set }
    /// Recordings: wait up to `frameDeadline` seconds for every frame; a frame that does not come
    /// in time is recorded in `strictFailure` instead of reusing an older image.
    func makeStrict(frameDeadline: Double)
    /// The first frame that missed its deadline in strict mode, described.
    var strictFailure: String? { get }
    /// What is drawn when `draw` returns false: the frame's vector fallback, made to look like
    /// the animation where the drawer knows how it looks.
    func fallback(for frame: LottieFrame) -> [DrawCommand]
}

public extension LottieDrawing {
    func fallback(for frame: LottieFrame) -> [DrawCommand] { frame.fallback }
}
