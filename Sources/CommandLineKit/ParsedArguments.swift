/// A command line read against a `CommandSpec`: every value already checked.
public struct ParsedArguments: Sendable {
    /// The positional arguments, in order (their count and choices already checked).
    public let positionals: [String]
    /// Names of the options given, in the order first given (without dashes).
    public let given: [String]
    /// The text given for each option (the last one when repeated; `""` for a flag).
    private let texts: [String: String]

    init(positionals: [String], given: [String], texts: [String: String]) {
        self.positionals = positionals
        self.given = given
        self.texts = texts
    }

    /// True when the option was on the command line.
    public func has<V>(_ option: Option<V>) -> Bool { texts[option.name] != nil }

    /// The value given (read by the option's own declaration, which already accepted the text),
    /// else the declared default, else `nil`.
    public func value<V>(_ option: Option<V>) -> V? {
        guard let text = texts[option.name], let v = try? option.read(text) else { return option.defaultValue }
        return v
    }

    /// Whether a flag was given.
    public subscript(_ flag: Option<Bool>) -> Bool { has(flag) }
}

/// What a command line asks for: run with these arguments, or print the help.
public enum ParseOutcome: Sendable {
    case run(ParsedArguments)
    case help
}
