/// A cubic-Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1), as CSS defines it.
public struct CubicBezierCurve: Sendable, Equatable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Core Animation / SwiftUI `easeIn`.
    public static let easeIn = CubicBezierCurve(0.42, 0, 1, 1)
    /// Material's fast-out-slow-in.
    public static let fastOutSlowIn = CubicBezierCurve(0.4, 0, 0.2, 1)

    /// The eased value at progress `p` (clamped to 0…1).
    public func callAsFunction(_ p: Double) -> Double { Easing.cubicBezier(x1, y1, x2, y2, p) }
}
