/// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1), as CSS and Core Animation
/// define it. `value(at:)` maps progress 0…1 to eased progress.
public struct CubicBezierCurve: Sendable, Equatable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public func value(at p: Double) -> Double { Easing.cubicBezier(x1, y1, x2, y2, min(max(p, 0), 1)) }
}
