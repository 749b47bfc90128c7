/// The scroll view's physics hook: what a released drag turns into (Flutter's
/// `ScrollPhysics.createBallisticSimulation`). The view asks its policy once, at the release,
/// before it tells the delegate whether it will decelerate, so the answer is always true: a pager
/// that snaps is a decelerating view, not a view that stopped and was then moved again.
public protocol ReleasePolicy {
    func motion(after release: Release) -> ReleaseMotion
}

/// The facts of a release, as the view sees them (offset points, offset points/s).
public struct Release: Sendable, Equatable {
    /// Shown offset at the release.
    public var offset: Double
    /// Release velocity of the offset, already capped to the profile's maximum fling velocity.
    public var velocity: Double
    public var minOffset: Double
    public var maxOffset: Double
    public var viewportHeight: Double

    public init(offset: Double, velocity: Double, minOffset: Double, maxOffset: Double, viewportHeight: Double) {
        self.offset = offset
        self.velocity = velocity
        self.minOffset = minOffset
        self.maxOffset = maxOffset
        self.viewportHeight = viewportHeight
    }
}

/// The motion a release starts.
public enum ReleaseMotion: Sendable, Equatable {
    /// Friction, with the bounce spring past the edges; a slow release in bounds stops where it
    /// is. What every view does without a policy.
    case decelerate
    /// Spring onto `offset` (clamped to the bounds), starting with the release velocity.
    case spring(to: Double, parameters: SpringParameters)
}
