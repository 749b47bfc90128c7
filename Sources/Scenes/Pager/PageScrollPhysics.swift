import ScrollEngine

/// The pager's physics (Flutter's `PageScrollPhysics`): everything as its parent physics, except
/// the release. The paging rule picks the slot (previous, current or next page of the three the
/// pager's scroll view holds, the current one resting at one viewport height) and the release
/// springs onto it, carrying the release velocity.
public struct PageScrollPhysics: ScrollPhysics {
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
        return parent.spring(from: release.offset, to: boundedTarget(target, in: release.bounds),
                             velocity: release.velocity, parameters: spring)
    }

    public var maximumFlingVelocity: Double { parent.maximumFlingVelocity }
    public var animationDuration: Double { parent.animationDuration }
    public func userOffset(forRaw raw: Double, in bounds: ScrollBounds) -> Double { parent.userOffset(forRaw: raw, in: bounds) }
    public func rawOffset(forShown offset: Double, in bounds: ScrollBounds) -> Double { parent.rawOffset(forShown: offset, in: bounds) }
    public func boundedTarget(_ target: Double, in bounds: ScrollBounds) -> Double { parent.boundedTarget(target, in: bounds) }
    public func animation(from: Double, to: Double, duration: Double) -> any Simulation {
        parent.animation(from: from, to: to, duration: duration)
    }
    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        parent.spring(from: from, to: to, velocity: velocity, parameters: parameters)
    }
}
