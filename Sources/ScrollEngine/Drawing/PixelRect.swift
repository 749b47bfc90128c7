/// An axis-aligned rectangle of whole device pixels (x right, y down).
public struct PixelRect: Sendable, Equatable, Hashable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rect holding both (an empty rect counts as nothing).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The common part (empty when they do not overlap).
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// True when the rects overlap or share an edge.
    public func touches(_ o: PixelRect) -> Bool {
        x <= o.maxX && o.x <= maxX && y <= o.maxY && o.y <= maxY
    }

    /// True when `o` lies inside this rect.
    public func contains(_ o: PixelRect) -> Bool {
        o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }
}
