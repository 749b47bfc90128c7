/// A command line read against a `CommandSpec`: every value already checked and converted.
public struct ParsedArguments: Sendable {
    /// The positional arguments, in order (their count already checked).
    public let positionals: [String]
    /// Names of the options given, in the order first given (without dashes).
    public let given: [String]
    private let values: [String: any Sendable]

    init(positionals: [String], given: [String], values: [String: any Sendable]) {
        self.positionals = positionals
        self.given = given
        self.values = values
    }

    /// True when the option was on the command line.
    public func has<V>(_ option: Option<V>) -> Bool { values[option.name] != nil }

    /// The value given, else the declared default, else `nil`.
    public func value<V>(_ option: Option<V>) -> V? {
        if let v = values[option.name] { return v as? V }
        return option.defaultValue
    }

    /// Whether a flag was given.
    public subscript(_ flag: Option<Bool>) -> Bool { has(flag) }
}

/// What a command line asks for: run with these arguments, or print the help.
public enum ParseOutcome: Sendable {
    case run(ParsedArguments)
    case help
}
