/// A command declared once: its name, what it does, its positionals and options. `parse` reads a
/// command line against it, `help` prints it, and the man page and shell completions are made
/// from it: all from the same declarations.
public struct CommandSpec: Sendable {
    /// As typed: `overscroll record`, `overscroll-bench`.
    public let name: String
    /// Paragraphs between the usage line and the options.
    public let about: String
    public let positionals: [Positional]
    /// The command's options in help order; `--help` is added.
    public let options: [OptionSpec]
    /// Text after the options (notes, lists).
    public let epilogue: String

    /// The `--help` every command takes (also `-h`).
    public static let helpOption = Option<Bool>.flag("help", help: "this text")

    /// A command whose options are the declarations of `group`, in their order.
    public init(
        _ name: String, about: String = "", positionals: [Positional] = [], options group: some OptionGroup,
        epilogue: String = ""
    ) {
        self.init(name, about: about, positionals: positionals, specs: group.optionSpecs, epilogue: epilogue)
    }

    /// A command with no options but `--help`.
    public init(_ name: String, about: String = "", positionals: [Positional] = [], epilogue: String = "") {
        self.init(name, about: about, positionals: positionals, specs: [], epilogue: epilogue)
    }

    init(
        _ name: String, about: String = "", positionals: [Positional] = [], specs options: [OptionSpec],
        epilogue: String = ""
    ) {
        precondition(positionals.dropLast().allSatisfy { !$0.repeats }, "only the last positional repeats")
        // A nested loop rather than a Set: no hashing at start for a dozen names.
        for (i, o) in options.enumerated() {
            precondition(
                o.name != Self.helpOption.name && !options[..<i].contains { $0.name == o.name }, "option --\(o.name) declared twice")
        }
        self.name = name
        self.about = about
        self.positionals = positionals
        self.options = options
        self.epilogue = epilogue
    }

    /// Every option the command accepts, `--help` last.
    public var allOptions: [OptionSpec] { options + [Self.helpOption.spec] }

    func option(named name: String) -> OptionSpec? { allOptions.first { $0.name == name } }

    /// `usage: overscroll verify SCENARIO.json --goldens DIR [options]`.
    public var usageLine: String {
        var words = ["usage:", name]
        words += positionals.map(\.synopsis)
        words += options.filter { $0.required && !$0.hidden }.map(\.synopsis)
        if options.contains(where: { !$0.required && !$0.hidden }) { words.append("[options]") }
        return words.joined(separator: " ")
    }

    /// `(see `overscroll record --help`)`.
    var seeHelp: String { "(see `\(name) --help`)" }
}
