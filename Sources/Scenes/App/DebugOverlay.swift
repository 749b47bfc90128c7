import ScrollEngine

/// The on-screen trace (D key): the current trace fields and the keys, on an opaque panel
/// top-left (below the navigation bar), readable in both themes.
public enum DebugOverlay {
    public static let fontSize = 12.0
    public static let lineHeight = 16.0
    public static let padding = 8.0
    /// Distance of the panel from the top of the window (below a navigation bar).
    public static let top = 52.0

    /// The panel: the trace fields, then `extra` lines (the input source and last wheel deltas),
    /// then the keys that work in scene `scene`.
    public static func commands(fields: TraceFields, extra: [String] = [], scene: String, size: Size, theme: Theme) -> [DrawCommand] {
        let lines = fields.map { "\($0.0): \($0.1.display)" } + extra + SceneCatalog.keyLines(for: scene)
        let height = Double(lines.count) * lineHeight + 2 * padding
        let width = min(size.width - 2 * padding, 260)
        var children: [DrawCommand] = [
            .fill(Rect(x: -0.5, y: -0.5, width: width + 1, height: height + 1), theme.separator, cornerRadius: 8.5),
            .fill(Rect(x: 0, y: 0, width: width, height: height), theme.overlayBackground.withAlpha(1), cornerRadius: 8)
        ]
        for (i, line) in lines.enumerated() {
            children.append(
                .text(
                    line, Rect(x: padding, y: padding + Double(i) * lineHeight, width: width - 2 * padding, height: lineHeight),
                    TextStyle(size: fontSize, color: theme.overlayText)))
        }
        return [.group(opacity: 1, translate: Point(padding, top), scale: 1, anchor: Point(0, 0), clip: nil, children)]
    }
}
