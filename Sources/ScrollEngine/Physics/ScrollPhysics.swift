/// The scroll view's physics, as a plug (the shape of Flutter's `ScrollPhysics`): the rule for a
/// finger past the edges, the rule for where a motion may end, and every motion the view runs,
/// each made as any `Simulation` — the release (deceleration and bounce, or a pager's snap), the
/// return of an offset left outside the bounds, programmatic animations (keys, wheel steps, the
/// refresh's move into its gap, the coordinator's eases of the held offset), the return after a
/// refresh (the gap closing, `RefreshReturnPhysics`) and springs onto a target (page changes).
/// Only motion and edge rules: the rest of a feel (overscroll shown as an offset or a stretch,
/// the refresh style, the velocity estimator) is its `FeelProfile`. `PhysicsProfile` is the iOS
/// physics, `AndroidPhysics`, `GnomePhysics` and `NonePhysics` the other profiles'
/// (`PhysicsRegistry`); the pager's `PageScrollPhysics` wraps one and answers the release
/// differently.
public protocol ScrollPhysics: Sendable {
    /// The name the registry lists it under (`--physics`, the scenario field `physics`).
    var name: String { get }
    /// Release speeds are capped at this (pt/s) before the release motion is made.
    var maximumFlingVelocity: Double { get }
    /// Duration of a programmatic animation with no duration of its own (s).
    var animationDuration: Double { get }

    /// The user-offset rule (Flutter's `applyPhysicsToUserOffset`): the offset shown for a finger
    /// at `raw` (where the offset would be if the content followed 1:1).
    func userOffset(forRaw raw: Double, in bounds: ScrollBounds) -> Double
    /// The inverse: the raw position that shows `offset` (a drag that starts out of bounds).
    func rawOffset(forShown offset: Double, in bounds: ScrollBounds) -> Double
    /// The boundary rule (Flutter's `applyBoundaryConditions`): where a programmatic motion aimed
    /// at `target` may end.
    func boundedTarget(_ target: Double, in bounds: ScrollBounds) -> Double
    /// The edge rule for an offset at rest when the bounds change under it (a resize, new
    /// content): the offset the view moves to at once (Flutter's `applyBoundaryConditions` on a
    /// new extent). An offset it leaves outside the bounds is brought back by
    /// `ballisticSimulation(after:)` when the scene asks (`ScrollView.returnToBounds`).
    func restingOffset(_ offset: Double, in bounds: ScrollBounds) -> Double

    /// The motion a release starts (Flutter's `createBallisticSimulation`), or nil to stop where
    /// it is. Also asked, with no velocity, to bring back an offset left outside the bounds.
    func ballisticSimulation(after release: Release) -> (any Simulation)?
    /// A programmatic move from `from` to `to` over `duration` (keys, wheel steps, the refresh's
    /// move into its gap, the coordinator's eases of the held offset).
    func animation(from: Double, to: Double, duration: Double) -> any Simulation
    /// A spring from `from` onto `to` that starts with `velocity` (snaps, page changes).
    func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation
    /// The velocity (offset points/s) a drag that caught a motion running at `existingVelocity`
    /// carries into its release, added when it flings the same way (Flutter's `carriedMomentum`;
    /// `MomentumCarry`). 0 by default: only iOS carries momentum.
    func carriedMomentum(_ existingVelocity: Double) -> Double
}

public extension ScrollPhysics {
    func carriedMomentum(_ existingVelocity: Double) -> Double { 0 }

    /// This physics as `T`, or its nearest parent that is one (`ParentedScrollPhysics`).
    func nearest<T>(_ type: T.Type) -> T? {
        var current: any ScrollPhysics = self
        while true {
            if let found = current as? T { return found }
            guard let parented = current as? any ParentedScrollPhysics else { return nil }
            current = parented.parent
        }
    }
}

/// Where the offset may rest (points) and the viewport's height.
public struct ScrollBounds: Sendable, Equatable {
    public var minOffset: Double
    public var maxOffset: Double
    public var viewportHeight: Double
    public init(minOffset: Double, maxOffset: Double, viewportHeight: Double) {
        self.minOffset = minOffset
        self.maxOffset = maxOffset
        self.viewportHeight = viewportHeight
    }
    public func contains(_ offset: Double) -> Bool { offset >= minOffset && offset <= maxOffset }
}

/// The facts of a release, as the view sees them (offset points, offset points/s).
public struct Release: Sendable, Equatable {
    /// Shown offset at the release.
    public var offset: Double
    /// Release velocity of the offset, already capped to the physics' maximum fling velocity.
    public var velocity: Double
    public var bounds: ScrollBounds

    public init(offset: Double, velocity: Double, bounds: ScrollBounds) {
        self.offset = offset
        self.velocity = velocity
        self.bounds = bounds
    }
}

/// Physics that differ from a parent in a few answers (Flutter's `parent` chain): everything not
/// implemented is the parent's.
public protocol ParentedScrollPhysics: ScrollPhysics {
    var parent: any ScrollPhysics { get }
}

public extension ParentedScrollPhysics {
    var name: String { parent.name }
    var maximumFlingVelocity: Double { parent.maximumFlingVelocity }
    var animationDuration: Double { parent.animationDuration }
    func userOffset(forRaw raw: Double, in bounds: ScrollBounds) -> Double { parent.userOffset(forRaw: raw, in: bounds) }
    func rawOffset(forShown offset: Double, in bounds: ScrollBounds) -> Double { parent.rawOffset(forShown: offset, in: bounds) }
    func boundedTarget(_ target: Double, in bounds: ScrollBounds) -> Double { parent.boundedTarget(target, in: bounds) }
    func restingOffset(_ offset: Double, in bounds: ScrollBounds) -> Double { parent.restingOffset(offset, in: bounds) }
    func ballisticSimulation(after release: Release) -> (any Simulation)? { parent.ballisticSimulation(after: release) }
    func animation(from: Double, to: Double, duration: Double) -> any Simulation {
        parent.animation(from: from, to: to, duration: duration)
    }
    func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        parent.spring(from: from, to: to, velocity: velocity, parameters: parameters)
    }
    func carriedMomentum(_ existingVelocity: Double) -> Double { parent.carriedMomentum(existingVelocity) }
}
