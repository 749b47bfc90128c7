import ScrollEngine

/// The banner the window shows while the feel file on disk cannot be used (a save with a bad
/// value): the error line, wrapped, on an opaque red panel across the bottom of the window. The
/// last good feel stays in use until a good save clears it.
public enum FeelNotice {
    public static let fontSize = 12.0
    public static let lineHeight = 16.0
    public static let padding = 10.0
    /// Characters per line at `fontSize` across `width` points (a safe under-estimate of the fit).
    static func columns(width: Double) -> Int { max(12, Int((width - 2 * padding) / (fontSize * 0.62))) }

    /// The lines of `text` wrapped at `columns` characters, at spaces where there are some.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > columns {
            let head = rest.prefix(columns)
            let cut = head.lastIndex(of: " ").map { rest.index(after: $0) } ?? head.endIndex
            lines.append(String(rest[..<cut]).trimmingTrailingSpaces)
            rest = rest[cut...]
        }
        if !rest.isEmpty { lines.append(String(rest)) }
        return lines
    }

    public static func commands(_ text: String, size: Size) -> [DrawCommand] {
        let width = size.width - 2 * padding
        let lines = wrap(text, columns: columns(width: width))
        let height = Double(lines.count) * lineHeight + 2 * padding
        let y = max(0, size.height - height - padding)
        var children: [DrawCommand] = [.fill(Rect(x: 0, y: 0, width: width, height: height), Color(hex: 0xB3261E), cornerRadius: 8)]
        for (i, line) in lines.enumerated() {
            children.append(
                .text(
                    line, Rect(x: padding, y: padding + Double(i) * lineHeight, width: width - 2 * padding, height: lineHeight),
                    TextStyle(size: fontSize, weight: .semibold, color: .white)))
        }
        return [.group(opacity: 1, translate: Point(padding, y), scale: 1, anchor: Point(0, 0), clip: nil, children)]
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
