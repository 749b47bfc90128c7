/// The feels a user can choose by name (`run --physics`, the scenario field `physics`, their
/// help and "did you mean"): one line per `FeelProfile`. Adding a profile is its file and a line
/// here.
public enum PhysicsRegistry {
    /// The profiles, in the order `names` lists them; the first is the default.
    public static let registered: [FeelProfile] = [
        .iOS,
        .android,
        .gnome,
        .none
    ]

    /// The registered names (`ios`, `android`, `gnome`, `none`).
    public static var names: [String] { registered.map(\.name) }

    /// The default profile.
    public static var defaultProfile: FeelProfile { registered[0] }

    /// The default profile's name.
    public static var defaultName: String { defaultProfile.name }

    /// The profile registered under `name`, in any case.
    public static func profile(named name: String) -> FeelProfile? {
        let wanted = name.lowercased()
        return registered.first { $0.name == wanted }
    }

    /// The physics of the profile registered under `name`, in any case.
    public static func physics(named name: String) -> (any ScrollPhysics)? { profile(named: name)?.physics }

    /// The feel `physics` belongs to: the profile registered under its name with its numbers, or
    /// a plain one (offset overscroll, UIKit's refresh, least squares) for a physics no profile lists.
    public static func profile(for physics: any ScrollPhysics) -> FeelProfile {
        profile(named: physics.name)?.with(physics: physics) ?? FeelProfile(name: physics.name, physics: physics)
    }
}
