/// GNOME's scroll physics (registry name `gnome`; docs/BEHAVIOUR.md, "GNOME physics"): GTK 4's
/// kinetic scrolling (`GnomeKineticSimulation`), a drag past an edge followed 1:1 up to
/// `MAX_OVERSHOOT_DISTANCE` (100 points), and programmatic scrolls as GtkAdjustment animates them
/// (ease-out cubic over 200 ms).
public struct GnomePhysics: ScrollPhysics, Equatable {
    /// gtkscrolledwindow.c `MAX_OVERSHOOT_DISTANCE`: how far a drag may pull past an edge (points).
    public var maximumOvershoot: Double = 100
    /// GTK sets no cap; this one keeps a burst of samples from crossing a huge list.
    public var maximumFlingVelocity: Double = 8000
    /// gtkscrolledwindow.c `ANIMATION_DURATION`: 200 ms.
    public var animationDuration: Double = 0.2

    public init() {}

    public var name: String { "gnome" }

    public func userOffset(forRaw raw: Double, in b: ScrollBounds) -> Double {
        min(max(raw, b.minOffset - maximumOvershoot), b.maxOffset + maximumOvershoot)
    }
    public func rawOffset(forShown offset: Double, in b: ScrollBounds) -> Double { offset }
    public func boundedTarget(_ target: Double, in b: ScrollBounds) -> Double { min(max(target, b.minOffset), b.maxOffset) }
    public func restingOffset(_ offset: Double, in b: ScrollBounds) -> Double { offset > b.maxOffset ? b.maxOffset : offset }

    public func ballisticSimulation(after r: Release) -> (any Simulation)? {
        let sim = GnomeKineticSimulation(x0: r.offset, v0: r.velocity, min: r.bounds.minOffset, max: r.bounds.maxOffset)
        return sim.isDone(at: 0) ? nil : sim
    }

    public func animation(from: Double, to: Double, duration: Double) -> any Simulation {
        EasingSimulation(from: from, to: to, duration: duration, curve: .easeOutCubic)
    }

    public func spring(from: Double, to: Double, velocity: Double, parameters: SpringParameters) -> any Simulation {
        SpringSimulation(parameters, from: from, to: to, v0: velocity)
    }
}
