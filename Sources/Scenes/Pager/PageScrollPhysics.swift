import ScrollEngine

/// The pager's physics (Flutter's `PageScrollPhysics`): everything as its parent physics
/// (`ParentedScrollPhysics`), except the release. The paging rule picks the slot (previous,
/// current or next page of the three the pager's scroll view holds, the current one resting at
/// one viewport height) and the release springs onto it, carrying the release velocity.
public struct PageScrollPhysics: ParentedScrollPhysics {
    public var parent: any ScrollPhysics
    public var policy: PagingPolicy
    public var spring: SpringParameters

    public init(parent: any ScrollPhysics, policy: PagingPolicy, spring: SpringParameters) {
        self.parent = parent
        self.policy = policy
        self.spring = spring
    }

    /// The slot offset a release goes to.
    public func target(after release: Release) -> Double {
        let pageHeight = release.bounds.viewportHeight
        let step = policy.step(displacement: release.offset - pageHeight, velocity: release.velocity, pageHeight: pageHeight)
        return Double(1 + step) * pageHeight
    }

    public func ballisticSimulation(after release: Release) -> (any Simulation)? {
        let target = target(after: release)
        guard target.isFinite else { return parent.ballisticSimulation(after: release) }
        return parent.spring(
            from: release.offset, to: boundedTarget(target, in: release.bounds),
            velocity: release.velocity, parameters: spring)
    }
}
