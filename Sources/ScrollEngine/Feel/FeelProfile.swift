/// A feel, as one value (Flutter's `ScrollBehavior` beside its `ScrollPhysics`): the profile a
/// user chooses by name (`PhysicsRegistry`). The physics answers only motion and the edge rules;
/// the rest of what makes the feel is here: how a pull past an edge shows (`overscroll`), how a
/// refresh scene refreshes (`refresh`) and how the finger's samples become its release velocity
/// (`velocityEstimator`). A new profile is a file with its physics and its `FeelProfile`, plus
/// one line in `PhysicsRegistry.registered`.
public struct FeelProfile: Sendable {
    /// The name the registry lists it under (`--physics`, the scenario field `physics`).
    public var name: String
    /// Motion and edge rules.
    public var physics: any ScrollPhysics
    /// How a pull past an edge shows: as an offset, or as a stretch the host draws.
    public var overscroll: OverscrollModel
    /// UIKit's refresh or Material's.
    public var refresh: RefreshStyle
    /// How the finger's samples become its velocity.
    public var velocityEstimator: VelocityEstimator

    public init(
        name: String, physics: any ScrollPhysics, overscroll: OverscrollModel = .offset, refresh: RefreshStyle = .uikit,
        velocityEstimator: VelocityEstimator = .leastSquares
    ) {
        self.name = name
        self.physics = physics
        self.overscroll = overscroll
        self.refresh = refresh
        self.velocityEstimator = velocityEstimator
    }

    /// This feel with its motion `physics` (other numbers, or a scene's own physics wrapping
    /// it); the name, refresh and estimator stay, the overscroll follows the physics' numbers.
    public func with(physics: any ScrollPhysics) -> FeelProfile {
        var p = self
        p.physics = physics
        p.overscroll = overscroll.retuned(for: physics)
        return p
    }
}
