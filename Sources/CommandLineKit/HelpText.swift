extension CommandSpec {
    /// The help: the usage line, `about`, the positionals and every option that is not hidden
    /// with its value, help and annotation (range, choices, default), then the epilogue.
    public var help: String {
        var out = usageLine + "\n"
        if !about.isEmpty { out += "\n" + about + "\n" }
        let described = positionals.filter { !$0.help.isEmpty }
        let shown = allOptions.filter { !$0.hidden }
        var rows: [(String, String)] = described.map { ($0.synopsis, $0.help) }
        rows += shown.map { o in (o.synopsis, o.annotation.map { "\(o.help) (\($0))" } ?? o.help) }
        let column = min(rows.map(\.0.count).max() ?? 0, 24) + 4
        if !described.isEmpty {
            out += "\narguments:\n" + Self.table(Array(rows.prefix(described.count)), column: column)
        }
        out += "\noptions:\n" + Self.table(Array(rows.dropFirst(described.count)), column: column)
        if !epilogue.isEmpty { out += epilogue + "\n" }
        return out
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
