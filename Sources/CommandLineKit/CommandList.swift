/// The subcommands of a program, declared once: the program's help and its "unknown command"
/// error (with the nearest name) are made from the list.
public struct CommandList: Sendable {
    public struct Entry: Sendable {
        public let name: String
        public let summary: String
        public let example: String
        public init(_ name: String, _ summary: String, example: String = "") {
            self.name = name
            self.summary = summary
            self.example = example
        }
    }

    /// As typed (`overscroll`).
    public let program: String
    public let entries: [Entry]
    public let epilogue: String

    public init(program: String, entries: [Entry], epilogue: String = "") {
        self.program = program
        self.entries = entries
        self.epilogue = epilogue
    }

    public var names: [String] { entries.map(\.name) }

    public var help: String {
        let nameWidth = (entries.map(\.name.count).max() ?? 0) + 2
        let summaryWidth = (entries.map(\.summary.count).max() ?? 0) + 2
        var out = "usage: \(program) COMMAND [options]\n\ncommands:\n"
        for e in entries {
            var line = "  " + e.name.padded(to: nameWidth) + (e.example.isEmpty ? e.summary : e.summary.padded(to: summaryWidth) + e.example)
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        if !epilogue.isEmpty { out += "\n" + epilogue + "\n" }
        return out
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
