extension CommandSpec {
    /// The help: the usage line, `about`, the positionals and every option that is not hidden
    /// with its value, help and annotation (range, choices, default), then the epilogue.
    public var help: String {
        var out = usageLine + "\n"
        if !about.isEmpty { out += "\n" + about + "\n" }
        let described = positionals.filter { !$0.help.isEmpty }
        let shown = allOptions.filter { !$0.hidden }
        var rows: [(String, String)] = described.map { ($0.synopsis, $0.help) }
        let column = min((described.map(\.synopsis) + shown.map(\.synopsis)).map(\.count).max() ?? 0, 24) + 4
        rows += shown.map { o in (o.synopsis, o.annotation.map { Self.annotate(o.help, $0, column: column) } ?? o.help) }
        if !described.isEmpty {
            out += "\narguments:\n" + Self.table(Array(rows.prefix(described.count)), column: column)
        }
        out += "\noptions:\n" + Self.table(Array(rows.dropFirst(described.count)), column: column)
        if !epilogue.isEmpty { out += epilogue + "\n" }
        return out
    }

    /// Help lines are written wrapped to `width`; the annotation goes after the last line when it
    /// fits there, on a line of its own when it does not.
    static let width = 100

    static func annotate(_ help: String, _ annotation: String, column: Int) -> String {
        let last = help.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let note = "(" + annotation + ")"
        if help.isEmpty { return note }
        return column + last.count + 1 + note.count <= width ? help + " " + note : help + "\n" + note
    }

    /// Two columns; a left cell too wide for the column puts its text on the next line.
    static func table(_ rows: [(String, String)], column: Int) -> String {
        var out = ""
        let indent = String(repeating: " ", count: column)
        for (left, text) in rows {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var first = "  " + left
            if first.count + 2 > column {
                out += first + "\n"
                first = indent
            } else {
                first += String(repeating: " ", count: column - first.count)
            }
            out += first + (lines.first.map(String.init) ?? "") + "\n"
            for line in lines.dropFirst() { out += indent + line + "\n" }
        }
        return out
    }
}
