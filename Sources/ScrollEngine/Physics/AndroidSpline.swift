import Foundation

/// The fling curve of Android's `OverScroller.SplineOverScroller` (AOSP
/// `core/java/android/widget/OverScroller.java`; docs/BEHAVIOUR.md, "Android physics"): a fling's
/// distance and duration from its velocity, and the normalised position along the fling at each
/// fraction of its duration (AOSP's 101-sample table, linearly interpolated).
public struct AndroidSpline: Sendable, Equatable {
    /// `ViewConfiguration.getScrollFriction()`.
    public static let scrollFriction = 0.015
    /// ln(0.78) / ln(0.9): the exponent of the deceleration.
    public static let decelerationRate = log(0.78) / log(0.9)
    /// Where the start and end tension lines cross.
    public static let inflexion = 0.35
    static let startTension = 0.5
    static let endTension = 1.0
    static let samples = 100

    /// Pixels per inch of one point: Android's baseline density, 160 dpi.
    public static let pointsPerInch = 160.0
    /// g (m/s²) · 39.37 inch/m · ppi · 0.84 ("look and feel tuning"), in points/s².
    public static let physicalCoefficient = 9.80665 * 39.37 * pointsPerInch * 0.84

    public var friction: Double = AndroidSpline.scrollFriction
    public var physicalCoefficient: Double = AndroidSpline.physicalCoefficient

    public init() {}

    /// ln(inflexion·|v| / (friction·coefficient)).
    func deceleration(_ v: Double) -> Double { log(Self.inflexion * abs(v) / (friction * physicalCoefficient)) }

    /// The distance (points) a fling at `v` (points/s) travels: friction·coefficient·e^(D/(D−1)·l).
    public func distance(velocity v: Double) -> Double {
        guard v != 0 else { return 0 }
        let d = Self.decelerationRate
        return friction * physicalCoefficient * exp(d / (d - 1) * deceleration(v))
    }

    /// The duration (s) of a fling at `v`: e^(l/(D−1)).
    public func duration(velocity v: Double) -> Double {
        guard v != 0 else { return 0 }
        return exp(deceleration(v) / (Self.decelerationRate - 1))
    }

    /// The normalised position (0…1) at the fraction `u` (0…1) of the duration, and its slope.
    public static func position(at fraction: Double) -> (distance: Double, slope: Double) {
        let u = max(0, fraction)
        let index = Int(Double(samples) * u)
        guard index < samples else { return (1, 0) }
        let lo = Double(index) / Double(samples), hi = Double(index + 1) / Double(samples)
        let slope = (table.position[index + 1] - table.position[index]) / (hi - lo)
        return (table.position[index] + (u - lo) * slope, slope)
    }

    /// The fraction of the duration at which the normalised position reaches `x` (0…1): AOSP's
    /// `adjustDuration`, which shortens a fling that would end past an edge.
    public static func timeFraction(atDistance x: Double) -> Double {
        let index = Int(Double(samples) * x)
        guard index < samples else { return 1 }
        let lo = Double(index) / Double(samples), hi = Double(index + 1) / Double(samples)
        return table.time[index] + (x - lo) / (hi - lo) * (table.time[index + 1] - table.time[index])
    }

    /// The two tables, made once by bisection as AOSP's static initialiser makes them.
    static let table: (position: [Double], time: [Double]) = {
        let p1 = startTension * inflexion, p2 = 1 - endTension * (1 - inflexion)
        var position = [Double](repeating: 1, count: samples + 1)
        var time = [Double](repeating: 1, count: samples + 1)
        var xMin = 0.0, yMin = 0.0
        for i in 0..<samples {
            let alpha = Double(i) / Double(samples)
            var xMax = 1.0, x = 0.0, coef = 0.0
            while true {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if abs(tx - alpha) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            position[i] = coef * ((1 - x) * startTension + x) + x * x * x
            var yMax = 1.0, y = 0.0
            while true {
                y = yMin + (yMax - yMin) / 2
                coef = 3 * y * (1 - y)
                let dy = coef * ((1 - y) * startTension + y) + y * y * y
                if abs(dy - alpha) < 1e-5 { break }
                if dy > alpha { yMax = y } else { yMin = y }
            }
            time[i] = coef * ((1 - y) * p1 + y * p2) + y * y * y
        }
        return (position, time)
    }()
}
