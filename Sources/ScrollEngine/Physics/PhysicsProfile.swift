import Foundation

/// The iOS scroll physics (registry name `ios`): every number of the feel, named, and the motions
/// they make. The input's own numbers (wheel, keys, velocity window) are `InputSettings`.
public struct PhysicsProfile: RefreshReturnPhysics, Equatable {
    /// Velocity kept per millisecond after release (UIScrollView.DecelerationRate.normal).
    public var decelerationRate: Double = 0.998
    /// Rubber-band coefficient while dragging past an edge.
    public var rubberBand = RubberBand(coefficient: 0.55)
    /// Spring that brings content back to an edge.
    public var bounce = SpringParameters.iOSBounce
    /// Below this release speed (pt/s) a release inside bounds just stops (Flutter's
    /// `BouncingScrollPhysics.minFlingVelocity`: twice `kMinFlingVelocity`).
    public var minimumFlingVelocity: Double = 100
    /// Momentum carried by a second flick the same way: c·|v|^e, at most `maximumCarriedMomentum`
    /// (Flutter's fit of UIScrollView's speed-up on repeated flings, `BouncingScrollPhysics.carriedMomentum`).
    public var carriedMomentumCoefficient: Double = 0.000816
    public var carriedMomentumExponent: Double = 1.967
    public var maximumCarriedMomentum: Double = 40000
    /// Release speeds are capped at this (pt/s): a burst of input samples cannot fling the
    /// content across a 10-million-row list.
    public var maximumFlingVelocity: Double = 8000
    /// Duration of keyboard / programmatic scroll animations (s).
    public var programmaticDuration: Double = 0.3

    public init() {}

    public static let iOS = PhysicsProfile()

    public var name: String { "ios" }

    public var animationDuration: Double { programmaticDuration }

    /// Rubber band past either edge, applied to the total overshoot.
    public func userOffset(forRaw x: Double, in b: ScrollBounds) -> Double {
        if x < b.minOffset { return b.minOffset - rubberBand.shown(b.minOffset - x, dimension: b.viewportHeight) }
        if x > b.maxOffset { return b.maxOffset + rubberBand.shown(x - b.maxOffset, dimension: b.viewportHeight) }
        return x
    }

    public func rawOffset(forShown y: Double, in b: ScrollBounds) -> Double {
        if y < b.minOffset { return b.minOffset - rubberBand.overshoot(forShown: b.minOffset - y, dimension: b.viewportHeight) }
        if y > b.maxOffset { return b.maxOffset + rubberBand.overshoot(forShown: y - b.maxOffset, dimension: b.viewportHeight) }
        return y
    }

    /// Programmatic motions end inside the bounds.
    public func boundedTarget(_ target: Double, in b: ScrollBounds) -> Double { min(max(target, b.minOffset), b.maxOffset) }

    /// A resize or new content: an offset past the bottom moves to it at once; one above the top
    /// stays (a refresh's gap, a pull being returned).
    public func restingOffset(_ offset: Double, in b: ScrollBounds) -> Double { offset > b.maxOffset ? b.maxOffset : offset }

    /// Friction with the bounce spring past the edges; a slow release in bounds stops.
    public func ballisticSimulation(after r: Release) -> (any Simulation)? {
        guard !r.bounds.contains(r.offset) || abs(r.velocity) >= minimumFlingVelocity else { return nil }
        return BouncingSimulation(
            rate: decelerationRate, x0: r.offset, v0: r.velocity,
            min: r.bounds.minOffset, max: r.bounds.maxOffset, spring: bounce)
    }

    public func animation(from: Double, to: Double, duration: Double) -> any Simulation {
        EasingSimulation(from: from, to: to, duration: duration, curve: .easeOutCubic)
    }

    /// Ease-in quad: the content leaves slowly and meets the top at speed, as the refresh control's return does.
    public func refreshReturn(from: Double, to: Double, duration: Double) -> any Simulation {
        RefreshReturn.standard(from: from, to: to, duration: duration)
    }

    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        SpringSimulation(parameters, from: from, to: to, v0: velocity)
    }

    /// A second flick during a deceleration adds c·|v|^e of the caught velocity v (its sign kept).
    public func carriedMomentum(_ existingVelocity: Double) -> Double {
        guard existingVelocity.isFinite, existingVelocity != 0 else { return 0 }
        let carried = min(carriedMomentumCoefficient * pow(abs(existingVelocity), carriedMomentumExponent), maximumCarriedMomentum)
        return existingVelocity < 0 ? -carried : carried
    }
}
