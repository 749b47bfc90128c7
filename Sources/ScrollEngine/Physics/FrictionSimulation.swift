import Foundation

/// Exponential deceleration (UIScrollView's `decelerationRate`).
///
/// Velocity keeps `rate` of itself per millisecond: v(t) = v0·rate^(1000t),
/// x(t) = x0 + v0·(rate^(1000t) − 1)/(1000·ln rate). The rest point is x0 − v0/(1000·ln rate).
public struct FrictionSimulation: Simulation {
    /// Velocity retained per millisecond (iOS normal 0.998, fast 0.99). 0 < rate < 1.
    public let rate: Double
    public let x0: Double
    public let v0: Double
    /// The motion is done once the remaining distance to the rest point is below this (points).
    public let distanceTolerance: Double

    public init(rate: Double, x0: Double, v0: Double, distanceTolerance: Double = 0.1) {
        precondition(rate > 0 && rate < 1, "deceleration rate must be in (0, 1)")
        self.rate = rate
        self.x0 = x0
        self.v0 = v0
        self.distanceTolerance = distanceTolerance
    }

    /// Builds from a per-second drag coefficient D (= rate^1000).
    public init(dragPerSecond drag: Double, x0: Double, v0: Double, distanceTolerance: Double = 0.1) {
        self.init(rate: pow(drag, 1.0 / 1000.0), x0: x0, v0: v0, distanceTolerance: distanceTolerance)
    }

    /// 1000·ln(rate): the exponent per second (negative).
    var k: Double { 1000 * log(rate) }

    public func position(at t: Double) -> Double {
        x0 + v0 * (exp(k * t) - 1) / k
    }

    public func velocity(at t: Double) -> Double {
        v0 * exp(k * t)
    }

    public var finalPosition: Double { x0 - v0 / k }

    public func isDone(at t: Double) -> Bool {
        abs(finalPosition - position(at: t)) < distanceTolerance
    }

    /// The time at which the motion reaches `x`, or nil if it never does.
    public func time(atPosition x: Double) -> Double? {
        if v0 == 0 { return x == x0 ? 0 : nil }
        let ratio = 1 + (x - x0) * k / v0
        guard ratio > 0, ratio <= 1 else { return nil }
        return log(ratio) / k
    }

    /// Time until `isDone` first holds.
    public var duration: Double {
        if v0 == 0 { return 0 }
        // remaining = |v(t)| / |k| < tolerance
        let t = log(distanceTolerance * abs(k) / abs(v0)) / k
        return max(0, t)
    }
}
