import Foundation

/// Easing curves on p ∈ [0, 1].
public enum Easing {
    public static func easeOutCubic(_ p: Double) -> Double { 1 - pow(1 - p, 3) }
    public static func easeOutCubicDerivative(_ p: Double) -> Double { 3 * pow(1 - p, 2) }
    /// Quadratic ease-in (Core Animation's easeIn is close to this curve).
    public static func easeInQuad(_ p: Double) -> Double { p * p }
    public static func easeInQuadDerivative(_ p: Double) -> Double { 2 * p }

    /// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1), as CSS and
    /// Core Animation define it: solve x(s) = p for s, return y(s).
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func dbez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = p
        for _ in 0..<8 {
            let x = bez(x1, x2, s) - p
            let d = dbez(x1, x2, s)
            if abs(x) < 1e-7 { break }
            if abs(d) < 1e-6 { break }
            s -= x / d
        }
        if s < 0 || s > 1 || abs(bez(x1, x2, s) - p) > 1e-5 {
            var lo = 0.0, hi = 1.0
            s = p
            for _ in 0..<60 {
                let x = bez(x1, x2, s)
                if abs(x - p) < 1e-9 { break }
                if x < p { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return bez(y1, y2, s)
    }
}
