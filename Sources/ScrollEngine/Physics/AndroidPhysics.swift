import Foundation

/// Android's scroll physics (registry name `android`; docs/BEHAVIOUR.md, "Android physics"): the
/// `OverScroller` spline fling, no rubber band — the offset stays in the bounds, a fling stops at
/// the edge it meets — and `ViewConfiguration`'s fling velocities. The pull past an edge is shown
/// as Android 12's stretch, not as an offset: that is the `android` profile's overscroll
/// (`AndroidStretch`), as Material's refresh is its refresh style (`FeelProfile.android`).
public struct AndroidPhysics: ScrollPhysics, Equatable {
    public var spline = AndroidSpline()
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY` (dp/s, here points/s): a slower release stops.
    public var minimumFlingVelocity: Double = 50
    /// `ViewConfiguration.MAXIMUM_FLING_VELOCITY` (dp/s, here points/s).
    public var maximumFlingVelocity: Double = 8000
    /// `Scroller.DEFAULT_DURATION`: 250 ms for a programmatic scroll.
    public var animationDuration: Double = 0.25

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

    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        SpringSimulation(parameters, from: from, to: to, v0: velocity)
    }
}
