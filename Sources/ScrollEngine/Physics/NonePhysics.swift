/// No physics (registry name `none`; docs/BEHAVIOUR.md, "No physics"): the baseline a designer
/// compares the others against. The content follows the finger and stops at the edges, a release
/// stops where it is, and every programmatic move (keys, wheel steps, a refresh's eases) lands at
/// once.
public struct NonePhysics: ScrollPhysics, Equatable {
    public var maximumFlingVelocity: Double = 8000
    public var animationDuration: Double = 0

    public init() {}

    public var name: String { "none" }

    public func userOffset(forRaw raw: Double, in b: ScrollBounds) -> Double { min(max(raw, b.minOffset), b.maxOffset) }
    public func rawOffset(forShown offset: Double, in b: ScrollBounds) -> Double { offset }
    public func boundedTarget(_ target: Double, in b: ScrollBounds) -> Double { min(max(target, b.minOffset), b.maxOffset) }
    public func restingOffset(_ offset: Double, in b: ScrollBounds) -> Double { offset > b.maxOffset ? b.maxOffset : offset }

    /// No momentum; an offset left past an edge goes to the edge at once.
    public func ballisticSimulation(after r: Release) -> (any Simulation)? {
        guard !r.bounds.contains(r.offset) else { return nil }
        return jump(from: r.offset, to: min(max(r.offset, r.bounds.minOffset), r.bounds.maxOffset))
    }

    public func animation(from: Double, to: Double, duration: Double) -> any Simulation { jump(from: from, to: to) }

    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        jump(from: from, to: to)
    }

    /// A move done as soon as it starts.
    func jump(from: Double, to: Double) -> any Simulation { EasingSimulation(from: from, to: to, duration: 0, curve: .easeOutCubic) }
}
