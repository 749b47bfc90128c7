/// A fling inside bounds: friction until the motion crosses an edge, then a spring back to that
/// edge starting at the exact crossing time with the same velocity. A start outside the bounds
/// springs straight back to the nearest edge.
public struct BouncingSimulation: Simulation {
    public let friction: FrictionSimulation
    public let spring: SpringParameters
    public let minOffset: Double
    public let maxOffset: Double

    /// Time the spring takes over, if it does.
    public let crossingTime: Double?
    private let bounce: SpringSimulation?

    public init(
        rate: Double, x0: Double, v0: Double, min minOffset: Double, max maxOffset: Double,
        spring: SpringParameters = .iOSBounce
    ) {
        self.friction = FrictionSimulation(rate: rate, x0: x0, v0: v0)
        self.spring = spring
        self.minOffset = minOffset
        self.maxOffset = max(minOffset, maxOffset)
        if x0 < minOffset || x0 > self.maxOffset {
            let edge = x0 < minOffset ? minOffset : self.maxOffset
            crossingTime = 0
            bounce = SpringSimulation(spring, from: x0, to: edge, v0: v0)
        } else {
            let rest = friction.finalPosition
            let edge: Double? = rest < minOffset ? minOffset : (rest > self.maxOffset ? self.maxOffset : nil)
            if let edge, let tc = friction.time(atPosition: edge) {
                crossingTime = tc
                bounce = SpringSimulation(spring, from: edge, to: edge, v0: friction.velocity(at: tc))
            } else {
                crossingTime = nil
                bounce = nil
            }
        }
    }

    /// Whether the motion is in its spring part at `t`.
    public func isBouncing(at t: Double) -> Bool {
        guard let tc = crossingTime else { return false }
        return t >= tc
    }

    public func position(at t: Double) -> Double {
        if let tc = crossingTime, let bounce, t >= tc { return bounce.position(at: t - tc) }
        return friction.position(at: t)
    }

    public func velocity(at t: Double) -> Double {
        if let tc = crossingTime, let bounce, t >= tc { return bounce.velocity(at: t - tc) }
        return friction.velocity(at: t)
    }

    public var finalPosition: Double { bounce?.finalPosition ?? friction.finalPosition }

    public func isDone(at t: Double) -> Bool {
        if let tc = crossingTime, let bounce { return t >= tc && bounce.isDone(at: t - tc) }
        return friction.isDone(at: t)
    }
}
