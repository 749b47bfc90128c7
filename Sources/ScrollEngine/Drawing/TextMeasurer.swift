/// Measures laid-out text; the renderer supplies a pango-backed one. Scenes whose layout depends
/// on text (the large title) ask it instead of guessing.
public protocol TextMeasurer: AnyObject {
    /// Size of `text` laid out with `style`, wrapped to `width` points.
    func measure(_ text: String, style: TextStyle, width: Double) -> Size
}

/// A deterministic stand-in for tests without pango: fixed advance per character.
public final class ApproximateTextMeasurer: TextMeasurer {
    public init() {}
    public func measure(_ text: String, style: TextStyle, width: Double) -> Size {
        let advance = style.size * 0.6
        let perLine = max(1, Int(width / advance))
        let lines = max(1, (text.count + perLine - 1) / perLine)
        return Size(min(width, Double(text.count) * advance), Double(lines) * style.size * 1.25)
    }
}
