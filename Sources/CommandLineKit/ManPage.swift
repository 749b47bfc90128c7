/// Manual pages in roff (`man 7 man`), made from the declarations: `overscroll(1)` for the
/// program and `overscroll-record(1)` … for each listed command, with every option that is not
/// hidden, its value, help and annotation, so a page says what `--help` says.
public enum ManPage {
    /// What every page's title line carries.
    public struct Header: Sendable {
        /// `overscroll 0.3.0`.
        public var source: String
        /// `2026-12-01`.
        public var date: String
        public var manual: String
        public init(source: String, date: String, manual: String) {
            self.source = source
            self.date = date
            self.manual = manual
        }
    }

    /// A titled section of the program page (ENVIRONMENT, FILES, …): plain text, then terms
    /// each with its description.
    public struct Section: Sendable {
        public var title: String
        public var text: String
        public var items: [(term: String, text: String)]
        public init(_ title: String, _ text: String = "", items: [(term: String, text: String)] = []) {
            self.title = title
            self.text = text
            self.items = items
        }
    }

    /// `overscroll-record` for `overscroll record`.
    public static func pageName(_ spec: CommandSpec) -> String { spec.name.split(separator: " ").joined(separator: "-") }

    /// Every page: `(file name, roff text)`, the program's first.
    public static func pages(_ list: CommandList, description: String, sections: [Section] = [], header: Header) -> [(
        file: String, text: String
    )] {
        var out = [(list.program + ".1", program(list, description: description, sections: sections, header: header))]
        for entry in list.shown {
            guard let spec = entry.spec else { continue }
            out.append((pageName(spec) + ".1", command(spec, summary: entry.summary, list: list, header: header)))
        }
        return out
    }

    /// The program's page: synopsis, description, the commands, the program options, `sections`.
    public static func program(_ list: CommandList, description: String, sections: [Section] = [], header: Header) -> String {
        var out = title(list.program, header) + ".SH NAME\n" + escape(list.program) + " \\- " + escape(list.summary) + "\n"
        out += ".SH SYNOPSIS\n.B \(escape(list.program))\n.I COMMAND\n[\\fIoptions\\fR]\n"
        out +=
            ".br\n.B \(escape(list.program))\n" + CommandList.programOptions.map { "[\\fB\(escape($0.flag))\\fR]" }.joined(separator: "\n")
            + "\n"
        out += ".SH DESCRIPTION\n" + block(description)
        out += ".SH COMMANDS\n"
        for entry in list.shown {
            out += ".TP\n.B \(escape(entry.name))\n" + escape(entry.summary)
            if let spec = entry.spec { out += "; see \\fB\(escape(pageName(spec)))\\fR(1)" }
            out += ".\n"
        }
        out += ".SH OPTIONS\n" + CommandList.programOptions.map(optionItem).joined()
        for s in sections {
            out += ".SH \(escape(s.title.uppercased()))\n" + block(s.text)
            for item in s.items { out += ".TP\n.B \(escape(item.term))\n" + escape(item.text, code: true) + "\n" }
        }
        let pages = list.shown.compactMap(\.spec).map { "\\fB\(escape(pageName($0)))\\fR(1)" }
        out += ".SH SEE ALSO\n" + pages.joined(separator: ",\n") + "\n"
        return out
    }

    /// One command's page: synopsis (the usage line), description (`about`), arguments, options
    /// (each with its annotation), notes (the epilogue).
    public static func command(_ spec: CommandSpec, summary: String, list: CommandList, header: Header) -> String {
        let name = pageName(spec)
        var out = title(name, header) + ".SH NAME\n" + escape(name) + " \\- " + escape(summary) + "\n"
        out += ".SH SYNOPSIS\n.B \(escape(spec.name))\n"
        var words = spec.positionals.map { "\\fI\(escape($0.synopsis))\\fR" }
        words += spec.options.filter { $0.required && !$0.hidden }.map(synopsis)
        if spec.options.contains(where: { !$0.required && !$0.hidden }) { words.append("[\\fIoptions\\fR]") }
        out += words.joined(separator: "\n") + "\n"
        if !spec.about.isEmpty { out += ".SH DESCRIPTION\n" + block(spec.about) }
        let described = spec.positionals.filter { !$0.help.isEmpty || !$0.choices.isEmpty }
        if !described.isEmpty {
            out += ".SH ARGUMENTS\n"
            for p in described {
                var text = p.help
                if !p.choices.isEmpty { text += (text.isEmpty ? "" : " ") + "(" + p.choices.joined(separator: ", ") + ")" }
                out += ".TP\n.I \(escape(p.synopsis))\n" + escape(text) + "\n"
            }
        }
        out += ".SH OPTIONS\n" + spec.allOptions.filter { !$0.hidden }.map(optionItem).joined()
        if !spec.epilogue.isEmpty { out += ".SH NOTES\n" + block(spec.epilogue) }
        out += ".SH SEE ALSO\n\\fB\(escape(list.program))\\fR(1)\n"
        return out
    }

    static func title(_ name: String, _ h: Header) -> String {
        ".\\\" Made by `\(h.source.split(separator: " ").first.map(String.init) ?? "") __generate` from the command declarations; do"
            + " not edit.\n"
            + ".TH \(quoted(name.uppercased())) 1 \(quoted(h.date)) \(quoted(h.source)) \(quoted(h.manual))\n"
    }

    static func synopsis(_ o: OptionSpec) -> String {
        "\\fB\(escape(o.flag))\\fR" + (o.valueName.map { " \\fI\(escape($0))\\fR" } ?? "")
    }

    static func optionItem(_ o: OptionSpec) -> String {
        var text = o.help.split(separator: "\n").map(String.init).joined(separator: " ")
        if let note = o.annotation { text += " (" + note + ")" }
        return ".TP\n" + synopsis(o) + "\n" + escape(text) + "\n"
    }

    /// Text with blank lines between paragraphs; lines indented by two spaces or more are kept
    /// as they are (tables), other lines are filled. `code` spans are set in bold.
    static func block(_ text: String) -> String {
        var out = ""
        var inTable = false
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.allSatisfy({ $0 == " " }) {
                if inTable { out += ".fi\n"; inTable = false }
                if !first { out += ".PP\n" }
                continue
            }
            let table = line.hasPrefix("  ")
            if table && !inTable { out += ".nf\n"; inTable = true }
            if !table && inTable { out += ".fi\n"; inTable = false }
            out += escape(line, code: true) + "\n"
            first = false
        }
        if inTable { out += ".fi\n" }
        return out
    }

    static func quoted(_ text: String) -> String { "\"" + escape(text).replacingAll("\"", with: "\\(dq") + "\"" }

    /// Text safe on a roff text line: backslashes and hyphens escaped, a leading `.` or `'`
    /// guarded, control characters dropped; `code` spans in bold when `code` is set.
    static func escape(_ text: String, code: Bool = false) -> String {
        var out = ""
        var bold = false
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "`" where code:
                out += bold ? "\\fR" : "\\fB"
                bold.toggle()
            default:
                if c == "\t" { out += "\\(rst"; continue }
                if c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) || c == "\t" { out.append(c) }
            }
        }
        if bold { out += "\\fR" }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}

extension String {
    /// Every `target` replaced (the library uses no Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
