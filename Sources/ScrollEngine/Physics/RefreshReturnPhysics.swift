/// The refresh-only part of a physics: how the refreshable view's content returns when a refresh
/// has ended and its gap closes. Kept out of `ScrollPhysics`, which every scroll view uses; a
/// physics answers it by conforming here (the iOS `PhysicsProfile` does), and a parented physics
/// (`ParentedScrollPhysics`) that does not is asked through its parent.
public protocol RefreshReturnPhysics: ScrollPhysics {
    /// The return from `from` to `to`, planned to take `duration`; the refresh completes when the
    /// motion ends.
    func refreshReturn(from: Double, to: Double, duration: Double) -> any Simulation
}

public enum RefreshReturn {
    /// The return a physics with none of its own makes: ease-in quad (the content leaves slowly
    /// and meets its rest at speed, as UIRefreshControl's return does).
    public static func standard(from: Double, to: Double, duration: Double) -> any Simulation {
        EasingSimulation(from: from, to: to, duration: duration, curve: .easeInQuad)
    }

    /// The return `physics` makes: its own, the nearest parent's, or `standard`.
    public static func simulation(of physics: any ScrollPhysics, from: Double, to: Double, duration: Double) -> any Simulation {
        physics.nearest((any RefreshReturnPhysics).self)?.refreshReturn(from: from, to: to, duration: duration)
            ?? standard(from: from, to: to, duration: duration)
    }
}
