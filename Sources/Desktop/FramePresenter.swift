import ScrollEngine

/// A kept frame in device pixels (what is on screen) and a way to show parts of it. The window
/// repaints only what changed into the kept frame, then presents only those rects.
@MainActor
protocol FramePresenter: AnyObject {
    /// How it presents, in words for the log line of `run` (`driver`: SDL's video driver).
    func describe(driver: String?) -> String
    /// Size of the kept frame in pixels.
    var width: Int { get }
    var height: Int { get }
    /// A cairo context over the kept frame (nil while it has no pixels).
    var context: OpaquePointer? { get }
    /// The kept frame's pixels, 4 bytes each, `stride` bytes per row (nil while it has none).
    var pixels: UnsafeMutableRawPointer? { get }
    var stride: Int { get }
    /// Re-reads the drawable size after the window changed; false when presenting cannot go on.
    func resize() -> Bool
    /// Puts `rects` of the kept frame on screen. The caller has flushed cairo's drawing into the
    /// pixels (`DirtyPresenter`, once per frame, before it compares or presents them).
    func present(_ rects: [PixelRect])
    /// Frees what it holds (before the window is destroyed).
    func destroy()
}
