/// A declared positional argument: `SCENARIO.json`, `EXPECTED`, `PATH…`.
public struct Positional: Sendable {
    /// Shown in the usage line and in errors.
    public let name: String
    public let help: String
    /// May be left out (shown as `[NAME]`).
    public let optional: Bool
    /// Takes every remaining argument (shown as `NAME…`); only the last positional repeats.
    public let repeats: Bool

    public init(_ name: String, help: String = "", optional: Bool = false, repeats: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
        self.repeats = repeats
    }

    var synopsis: String {
        let n = repeats ? name + "…" : name
        return optional ? "[\(n)]" : n
    }
}
