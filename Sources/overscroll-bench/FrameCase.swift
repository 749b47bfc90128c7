/// One list-frame benchmark case: viewport in points, pixels per point, row count.
struct FrameCase: Sendable, Hashable {
    var width: Double
    var height: Double
    var scale: Double
    var rows: Int

    static let all: [FrameCase] = [
        FrameCase(width: 1920, height: 1080, scale: 1, rows: 100),
        FrameCase(width: 1920, height: 1080, scale: 1, rows: 10_000_000),
        FrameCase(width: 390, height: 844, scale: 2, rows: 100),
        FrameCase(width: 390, height: 844, scale: 2, rows: 10_000_000)
    ]

    /// `1920x1080@1`.
    var sizeLabel: String { "\(Int(width))x\(Int(height))@\(Int(scale))" }
    /// `1e2` / `1e7`.
    var rowsLabel: String {
        var n = rows, e = 0
        while n >= 10 && n % 10 == 0 { n /= 10; e += 1 }
        return n == 1 ? "1e\(e)" : String(rows)
    }
    /// `1920x1080@1:rows=100`, the `--child` argument.
    var id: String { "\(sizeLabel):rows=\(rows)" }

    init(width: Double, height: Double, scale: Double, rows: Int) {
        self.width = width; self.height = height; self.scale = scale; self.rows = rows
    }

    /// Parses `id`.
    init?(id: String) {
        let parts = id.split(separator: ":")
        guard parts.count == 2, parts[1].hasPrefix("rows="), let rows = Int(parts[1].dropFirst(5)) else { return nil }
        let sizeScale = parts[0].split(separator: "@")
        guard sizeScale.count == 2, let scale = Double(sizeScale[1]) else { return nil }
        let wh = sizeScale[0].split(separator: "x")
        guard wh.count == 2, let w = Double(wh[0]), let h = Double(wh[1]) else { return nil }
        self.init(width: w, height: h, scale: scale, rows: rows)
    }

    var pixelWidth: Int { Int((width * scale).rounded()) }
    var pixelHeight: Int { Int((height * scale).rounded()) }
}
