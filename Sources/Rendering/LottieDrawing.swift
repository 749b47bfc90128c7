import ScrollEngine

/// Draws `DrawCommand.lottie` frames. The Lottie indicator implements it; without one (or when
/// it returns false) the renderer draws the frame's vector fallback instead.
public protocol LottieDrawing: AnyObject {
    /// Draws the frame into the cairo context `cr` (user space in points). Returns false if
    /// nothing could be drawn.
    func draw(_ frame: LottieFrame, cr: OpaquePointer) -> Bool
    /// The colour the frame's vector fallback is drawn in when `draw` returns false (the
    /// animation's own, so blue stays blue); nil keeps the fallback's colours.
    func fallbackColor(for frame: LottieFrame) -> Color?
}

public extension LottieDrawing {
    func fallbackColor(for frame: LottieFrame) -> Color? { nil }
}
