import Foundation

/// Android 12's stretch overscroll (`EdgeEffect`; docs/BEHAVIOUR.md, "Android physics"): the
/// `android` profile's overscroll model. A release is measured with the Android physics' own
/// numbers (`spline`, `minimumFlingVelocity`), which `retuned(for:)` takes from a tuned physics.
public struct AndroidStretch: StretchOverscroll, Equatable {
    /// The fling spline a release is measured with (`shouldAbsorb`).
    public var spline = AndroidSpline()
    /// A release slower than this (points/s) only lets the stretch recede.
    public var minimumFlingVelocity: Double = 50

    public init(spline: AndroidSpline = AndroidSpline(), minimumFlingVelocity: Double = 50) {
        self.spline = spline
        self.minimumFlingVelocity = minimumFlingVelocity
    }

    /// The stretch of the Android physics `physics` (its spline and minimum fling velocity).
    public init(_ physics: AndroidPhysics) {
        self.init(spline: physics.spline, minimumFlingVelocity: physics.minimumFlingVelocity)
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

    /// The stretch of a tuned Android physics; itself for any other (a scene's own physics
    /// wrapping the profile's, as the pager's, keeps the stretch it was made with).
    public func retuned(for physics: any ScrollPhysics) -> any StretchOverscroll {
        (physics as? AndroidPhysics).map { AndroidStretch($0) } ?? self
    }

    /// EdgeEffect's `ON_ABSORB_VELOCITY_ADJUSTMENT`.
    public static let absorbVelocityAdjustment = 13.0
    /// EdgeEffect's recede spring: `NATURAL_FREQUENCY` 24.657 rad/s, `DAMPING_RATIO` 0.98.
    public static let stretchSpring = SpringParameters(mass: 1, stiffness: 24.657 * 24.657, dampingRatio: 0.98)
}
