/// A declared positional argument: `SCENARIO.json`, `EXPECTED`, `PATH…`, `KIND`.
public struct Positional: Sendable {
    /// Shown in the usage line and in errors.
    public let name: String
    public let help: String
    /// May be left out (shown as `[NAME]`).
    public let optional: Bool
    /// Takes every remaining argument (shown as `NAME…`); only the last positional repeats.
    public let repeats: Bool
    /// The words it accepts (checked by the parser); empty: any word.
    public let choices: [String]

    public init(_ name: String, help: String = "", optional: Bool = false, repeats: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.optional = optional
        self.repeats = repeats
        self.choices = choices
    }

    var synopsis: String {
        let n = repeats ? name + "…" : name
        return optional ? "[\(n)]" : n
    }

    /// What a shell offers here: the choices, a `*.json` file for `SCENARIO.json`, a folder for
    /// `DIR`, else any path.
    public var valueKind: ValueKind {
        if !choices.isEmpty { return .choices(choices) }
        switch ValueKind(valueName: name, choices: []) {
        case .directory: return .directory
        case .file(let ext): return .file(extension: ext)
        default: return .path
        }
    }
}
