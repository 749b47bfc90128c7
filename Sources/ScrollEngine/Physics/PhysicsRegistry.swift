/// The physics a user can choose by name (`run --physics`, the scenario field `physics`, their
/// help and "did you mean"): one line per profile. Adding a profile is its file and a line here.
public enum PhysicsRegistry {
    /// The profiles, in the order `names` lists them; the first is the default.
    public static let registered: [any ScrollPhysics] = [
        PhysicsProfile.iOS,
        AndroidPhysics(),
        GnomePhysics(),
        NonePhysics()
    ]

    /// The registered names (`ios`, `android`, `gnome`, `none`).
    public static var names: [String] { registered.map(\.name) }

    /// The default profile's name.
    public static var defaultName: String { registered[0].name }

    /// The profile registered under `name`, in any case.
    public static func physics(named name: String) -> (any ScrollPhysics)? {
        let wanted = name.lowercased()
        return registered.first { $0.name == wanted }
    }
}
