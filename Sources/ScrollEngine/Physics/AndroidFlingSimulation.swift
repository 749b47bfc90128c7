/// An Android fling (`SplineOverScroller.fling` with no overscroll distance): the spline's
/// distance over its duration, from `x0` in the direction of `v0`. A fling that would end past an
/// edge stops at the edge, at the time the spline reaches it (AOSP's `adjustDuration`); the offset
/// never leaves the bounds. `edgeVelocity` is the speed it had there (what Android's edge effect
/// absorbs).
public struct AndroidFlingSimulation: EdgeImpactSimulation {
    public let x0: Double
    public let v0: Double
    /// The signed distance of the whole spline (points).
    public let splineDistance: Double
    /// The spline's duration (s).
    public let splineDuration: Double
    /// When the motion ends: the spline's duration, or earlier at an edge.
    public let duration: Double
    public let finalPosition: Double
    public let minOffset: Double
    public let maxOffset: Double

    public init(spline: AndroidSpline = AndroidSpline(), x0: Double, v0: Double, min minOffset: Double, max maxOffset: Double) {
        self.x0 = x0
        self.v0 = v0
        self.minOffset = minOffset
        self.maxOffset = max(minOffset, maxOffset)
        splineDistance = spline.distance(velocity: v0) * (v0 < 0 ? -1 : 1)
        splineDuration = spline.duration(velocity: v0)
        let end = x0 + splineDistance
        let edge: Double? = end < minOffset ? minOffset : (end > self.maxOffset ? self.maxOffset : nil)
        if let edge, splineDistance != 0 {
            duration = splineDuration * AndroidSpline.timeFraction(atDistance: abs((edge - x0) / splineDistance))
            finalPosition = edge
        } else {
            duration = splineDuration
            finalPosition = end
        }
    }

    public func position(at t: Double) -> Double {
        guard t < duration else { return finalPosition }
        let x = x0 + AndroidSpline.position(at: t / splineDuration).distance * splineDistance
        return min(max(x, minOffset), maxOffset)
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration, splineDuration > 0 else { return 0 }
        return AndroidSpline.position(at: t / splineDuration).slope * splineDistance / splineDuration
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    /// The velocity at which the fling meets an edge (0 if it ends inside the bounds).
    public var edgeVelocity: Double {
        guard finalPosition == minOffset || finalPosition == maxOffset, duration < splineDuration else { return 0 }
        return velocity(at: duration * (1 - 1e-9))
    }

    public var edgeImpact: (time: Double, velocity: Double)? {
        let v = edgeVelocity
        return v == 0 ? nil : (duration, v)
    }
}
