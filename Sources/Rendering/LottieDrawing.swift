import ScrollEngine

/// Draws `DrawCommand.lottie` frames. The Lottie indicator implements it; without one (or when
/// it returns false) the renderer draws the frame's vector fallback instead.
public protocol LottieDrawing: AnyObject {
    /// Draws the frame into the cairo context `cr` (user space in points). Returns false if
    /// nothing could be drawn.
    func draw(_ frame: LottieFrame, cr: OpaquePointer) -> Bool
    /// What is drawn when `draw` returns false: the frame's vector fallback, made to look like
    /// the animation where the drawer knows how it looks.
    func fallback(for frame: LottieFrame) -> [DrawCommand]
}

public extension LottieDrawing {
    func fallback(for frame: LottieFrame) -> [DrawCommand] { frame.fallback }
}
