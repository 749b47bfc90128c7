/// The subcommands of a program, declared once: the program's help, its "unknown command" error
/// (with the nearest name), the dispatch, the man pages and the shell completions are made from
/// the list.
public struct CommandList: Sendable {
    /// What a command does when chosen: the words after its name in, the exit status out.
    public typealias Run = @MainActor @Sendable ([String]) async throws -> Int32

    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        public let example: String
        /// The command's declaration (`nil` for `help`).
        public let spec: CommandSpec?
        /// Internal commands (worker processes, generators): dispatched, never listed.
        public let hidden: Bool
        public let run: Run

        public init(
            _ name: String, _ summary: String, example: String = "", spec: CommandSpec? = nil, hidden: Bool = false,
            run: @escaping Run
        ) {
            self.name = name
            self.summary = summary
            self.example = example
            self.spec = spec
            self.hidden = hidden
            self.run = run
        }
    }

    /// As typed (`overscroll`).
    public let program: String
    /// One line: what the program is (the man page's NAME line).
    public let summary: String
    public let entries: [Entry]
    public let epilogue: String

    public init(program: String, summary: String = "", entries: [Entry], epilogue: String = "") {
        self.program = program
        self.summary = summary
        self.entries = entries
        self.epilogue = epilogue
    }

    /// The listed commands.
    public var shown: [Entry] { entries.filter { !$0.hidden } }
    public var names: [String] { shown.map(\.name) }

    /// The command called `name`, listed or hidden.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The options the program takes before any command.
    public static let programOptions = [
        Option<Bool>.flag("help", help: "list the commands").spec,
        Option<Bool>.flag("version", help: "print the version and the commit it was built from").spec
    ]

    public var help: String {
        let rows = shown
        let nameWidth = (rows.map(\.name.count).max() ?? 0) + 2
        let summaryWidth = (rows.map(\.summary.count).max() ?? 0) + 2
        var out = "usage: \(program) COMMAND [options]\n\ncommands:\n"
        for e in rows {
            var line =
                "  " + e.name.padded(to: nameWidth) + (e.example.isEmpty ? e.summary : e.summary.padded(to: summaryWidth) + e.example)
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        if !epilogue.isEmpty { out += "\n" + epilogue + "\n" }
        return out
    }

    /// What `help [COMMAND]` prints: the program's help, or the named command's; an unknown
    /// name is the "unknown command" error (`nil` text).
    public func help(for words: [String]) -> (text: String?, error: String?) {
        guard let name = words.first else { return (help, nil) }
        if let e = entry(named: name), !e.hidden {
            return (e.spec?.help ?? help, nil)
        }
        return (nil, unknown(name))
    }

    /// `unknown command 'recrod'; did you mean 'record'? (run, record, …)`.
    public func unknown(_ word: String) -> String {
        var message = "unknown command '\(Echo.word(word))'"
        if let near = Suggestion.nearest(to: word, in: names) { message += "; did you mean '\(near)'?" }
        return message + " (\(names.joined(separator: ", ")))"
    }
}

extension String {
    func padded(to width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
