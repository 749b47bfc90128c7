import Foundation
import Rendering
import ScrollEngine

/// `contact-sheet.png`: up to `maxCells` evenly spaced frames of a recording, tiled in rows, each
/// thumbnail with its frame number, time (s) and refresh state (or scroll phase, in scenes
/// without a refresh control) under it. Layout is in points; `PlotWriter` draws it at 2×.
public struct ContactSheet: Sendable {
    /// One tile: the frame, its time in seconds, its state label, its thumbnail and the
    /// thumbnail's size in points (the frame's aspect ratio, fitted into `thumbSize`).
    public struct Cell: Sendable {
        public var frame: Int
        public var t: Double
        public var state: String
        public var image: PixelBuffer
        public var imageSize: Size
    }

    /// Most tiles on one sheet.
    public static let maxCells = 24
    /// Tiles per row at most.
    public static let maxColumns = 6
    /// Thumbnail width in points (height follows the frame's aspect ratio).
    public static let thumbWidth = 120.0
    static let gap = 12.0, caption = 30.0, header = 34.0

    public var title: String
    public var cells: [Cell] = []
    /// Frame size in points (for the thumbnails' aspect ratio).
    public var frameSize: Size

    public init(title: String, frameSize: Size) {
        self.title = title
        self.frameSize = frameSize
    }

    /// Frames shown for a recording of `frameCount` frames: the first, the last and evenly
    /// spaced ones between, at most `maxCells`.
    public static func pick(frameCount: Int) -> [Int] {
        guard frameCount > 0 else { return [] }
        let n = min(maxCells, frameCount)
        if n == 1 { return [0] }
        return (0..<n).map { k in Int((Double(k) * Double(frameCount - 1) / Double(n - 1)).rounded()) }
    }

    /// Thumbnail size in points.
    public var thumbSize: Size {
        let aspect = frameSize.width > 0 ? frameSize.height / frameSize.width : 1
        return Size(Self.thumbWidth, (Self.thumbWidth * aspect).rounded())
    }

    var columns: Int { max(1, min(Self.maxColumns, cells.count)) }

    /// A frame of `pixels` (width × height) fitted into `thumbSize`, keeping its aspect ratio
    /// (a scenario may resize the window).
    public func fittedSize(pixelWidth: Int, pixelHeight: Int) -> Size {
        let slot = thumbSize
        let aspect = Double(max(1, pixelHeight)) / Double(max(1, pixelWidth))
        var w = slot.width, h = (w * aspect).rounded()
        if h > slot.height { h = slot.height; w = (h / aspect).rounded() }
        return Size(max(1, w), max(1, h))
    }

    /// Where tile `i`'s image is painted (top left of its slot, points).
    func imageRect(_ i: Int) -> Rect {
        let r = thumbRect(i), s = cells[i].imageSize
        return Rect(x: r.x, y: r.y, width: s.width, height: s.height)
    }

    /// Where tile `i`'s thumbnail goes (points).
    public func thumbRect(_ i: Int) -> Rect {
        let s = thumbSize
        let col = i % columns, row = i / columns
        return Rect(
            x: Self.gap + Double(col) * (s.width + Self.gap),
            y: Self.header + Double(row) * (s.height + Self.caption + Self.gap), width: s.width, height: s.height)
    }

    /// The sheet's size in points.
    public var size: Size {
        let s = thumbSize
        let rows = max(1, (cells.count + columns - 1) / columns)
        return Size(
            Self.gap + Double(columns) * (s.width + Self.gap),
            Self.header + Double(rows) * (s.height + Self.caption + Self.gap))
    }

    /// Background, title, frame borders and captions (thumbnails are painted over it).
    public func frame() -> FrameModel {
        let ink = Color(hex: 0x1C1C1E), muted = Color(hex: 0x6C6C70), border = Color(hex: 0xC6C6C8)
        var c: [DrawCommand] = [
            .text(
                title, Rect(x: Self.gap, y: 6, width: size.width - 2 * Self.gap, height: 22),
                TextStyle(size: 14, weight: .semibold, color: ink))
        ]
        for (i, cell) in cells.enumerated() {
            let r = thumbRect(i), image = imageRect(i)
            c.append(.fill(Rect(x: image.x - 1, y: image.y - 1, width: image.width + 2, height: image.height + 2), border, cornerRadius: 0))
            c.append(
                .text(
                    "#\(cell.frame)  t = \(String(format: "%.3f", cell.t)) s", Rect(x: r.x, y: r.maxY + 2, width: r.width, height: 13),
                    TextStyle(size: 10, color: ink)))
            c.append(
                .text(
                    cell.state, Rect(x: r.x, y: r.maxY + 15, width: r.width, height: 13),
                    TextStyle(size: 10, weight: .semibold, color: Self.stateColor(cell.state.components(separatedBy: " | ")[0]) ?? muted)))
        }
        return FrameModel(size: size, background: Color(hex: 0xF2F2F7), commands: c)
    }

    /// Colours of the refresh states (bands in the plot, captions on the sheet).
    public static func stateColor(_ state: String) -> Color? {
        switch state {
        case "pulling": return Color(hex: 0x007AFF)
        case "triggered": return Color(hex: 0xFF9500)
        case "refreshing": return Color(hex: 0x34C759)
        case "done": return Color(hex: 0x00C7BE)
        case "completing": return Color(hex: 0xAF52DE)
        default: return nil
        }
    }

    /// Writes the sheet as a PNG (atomically).
    @MainActor
    public func write(to url: URL) throws {
        try PlotWriter.write(frame(), images: cells.indices.map { (cells[$0].image, imageRect($0)) }, to: url)
    }
}
