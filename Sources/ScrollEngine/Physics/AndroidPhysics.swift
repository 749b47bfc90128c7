import Foundation

/// Android's scroll physics (registry name `android`; docs/BEHAVIOUR.md, "Android physics"): the
/// `OverScroller` spline fling, no rubber band — the offset stays in the bounds, a fling stops at
/// the edge it meets — and `ViewConfiguration`'s fling velocities. The pull past an edge is shown
/// as Android 12's stretch (`StretchOverscrollPhysics`), not as an offset.
public struct AndroidPhysics: StretchOverscrollPhysics, MaterialRefreshPhysics, Equatable {
    public var spline = AndroidSpline()
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY` (dp/s, here points/s): a slower release stops.
    public var minimumFlingVelocity: Double = 50
    /// `ViewConfiguration.MAXIMUM_FLING_VELOCITY` (dp/s, here points/s).
    public var maximumFlingVelocity: Double = 8000
    /// `Scroller.DEFAULT_DURATION`: 250 ms for a programmatic scroll.
    public var animationDuration: Double = 0.25
    /// The Material pull-to-refresh a refresh scene shows under this physics.
    public var materialRefresh = MaterialRefreshConfig()

    public init() {}

    public var name: String { "android" }

    /// No rubber band: the content follows the finger up to an edge and stops there.
    public func userOffset(forRaw raw: Double, in b: ScrollBounds) -> Double { min(max(raw, b.minOffset), b.maxOffset) }
    public func rawOffset(forShown offset: Double, in b: ScrollBounds) -> Double { offset }
    public func boundedTarget(_ target: Double, in b: ScrollBounds) -> Double { min(max(target, b.minOffset), b.maxOffset) }
    public func restingOffset(_ offset: Double, in b: ScrollBounds) -> Double { offset > b.maxOffset ? b.maxOffset : offset }

    /// The spline fling, stopped at an edge; an offset left past an edge springs back
    /// (`AndroidSpringBack`); a release slower than the minimum fling velocity stops.
    public func ballisticSimulation(after r: Release) -> (any Simulation)? {
        if !r.bounds.contains(r.offset) {
            let edge = r.offset < r.bounds.minOffset ? r.bounds.minOffset : r.bounds.maxOffset
            return AndroidSpringBack(from: r.offset, to: edge)
        }
        guard abs(r.velocity) >= minimumFlingVelocity else { return nil }
        return AndroidFlingSimulation(spline: spline, x0: r.offset, v0: r.velocity, min: r.bounds.minOffset, max: r.bounds.maxOffset)
    }

    public func animation(from: Double, to: Double, duration: Double) -> any Simulation {
        EasingSimulation(from: from, to: to, duration: duration, curve: .easeOutCubic)
    }

    /// EdgeEffect's stretch intensity for the pull as a fraction d of the height:
    /// 0.016·d + 0.016·(1 − e^(−d·e/0.33)) (`LINEAR_STRETCH_INTENSITY`, `EXP_STRETCH_INTENSITY`,
    /// `SCROLL_DIST_AFFECTED_BY_EXP_STRETCH`), drawn as a vertical scale of 1 + intensity.
    public func stretchScale(pull: Double, height: Double) -> Double {
        guard height > 0 else { return 1 }
        let d = min(abs(pull) / height, 1)
        return 1 + 0.016 * d + 0.016 * (1 - exp(-d * M_E / 0.33))
    }

    /// EdgeEffect's recede spring: natural frequency 24.657 rad/s, damping ratio 0.98.
    public func stretchRecoil(from pull: Double) -> any Simulation {
        SpringSimulation(Self.stretchSpring, from: pull, to: 0, v0: 0)
    }

    /// EdgeEffect's `onAbsorb`: the recede spring started from no pull at 13 times the fling's
    /// velocity at the edge (`ON_ABSORB_VELOCITY_ADJUSTMENT`).
    public func stretchAbsorb(velocity: Double) -> any Simulation {
        SpringSimulation(Self.stretchSpring, from: 0, to: 0, v0: velocity * Self.absorbVelocityAdjustment)
    }

    /// A release while stretched, as Android 12's scroll views hand it to EdgeEffect at
    /// ACTION_UP: slower than the minimum fling velocity, the stretch recedes (`onRelease`);
    /// flung further out, or back in by less than the stretch (the spline's distance short of
    /// the pull: `shouldAbsorb`), the stretch absorbs it (`onAbsorb`: the recede spring from the
    /// pull at 13 times the velocity) and the content does not fling; flung back in farther, the
    /// content flings and the stretch recedes.
    public func stretchRelease(pull: Double, velocity v: Double) -> (motion: any Simulation, flings: Bool) {
        guard pull != 0, abs(v) >= minimumFlingVelocity else { return (stretchRecoil(from: pull), true) }
        let outward = (v < 0) == (pull < 0)
        guard outward || spline.distance(velocity: v) < abs(pull) else { return (stretchRecoil(from: pull), true) }
        return (SpringSimulation(Self.stretchSpring, from: pull, to: 0, v0: v * Self.absorbVelocityAdjustment), false)
    }

    /// EdgeEffect's `ON_ABSORB_VELOCITY_ADJUSTMENT`.
    public static let absorbVelocityAdjustment = 13.0
    /// EdgeEffect's recede spring: `NATURAL_FREQUENCY` 24.657 rad/s, `DAMPING_RATIO` 0.98.
    public static let stretchSpring = SpringParameters(mass: 1, stiffness: 24.657 * 24.657, dampingRatio: 0.98)

    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        SpringSimulation(parameters, from: from, to: to, v0: velocity)
    }
}
