/// A rectangle in points.
public struct Rect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxY: Double { y + height }
    public var maxX: Double { x + width }
    public func intersects(_ o: Rect) -> Bool {
        x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY
    }
}

/// An sRGB colour with straight (non-premultiplied) alpha, components 0…1.
public struct Color: Sendable, Equatable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255,
            b: Double(hex & 0xFF) / 255, a: alpha)
    }
    /// Parses `#RRGGBB` or `RRGGBB`; nil when malformed.
    public init?(parsing s: String) {
        var t = Substring(s)
        if t.hasPrefix("#") { t = t.dropFirst() }
        guard t.count == 6, let v = UInt32(t, radix: 16) else { return nil }
        self.init(hex: v)
    }
    public func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
    public static let white = Color(hex: 0xFFFFFF)
    public static let black = Color(hex: 0x000000)
}
