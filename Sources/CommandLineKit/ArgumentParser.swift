extension CommandSpec {
    /// Reads `arguments` (the words after the command name).
    ///
    /// `--name value`, `--name=value`, flags `--name`; a value that looks like a flag (`-x`,
    /// `--x`; not a negative number) must be given as `--name=value`; `--` makes every later word positional;
    /// `-` alone and negative numbers are positional; `--help` or `-h` anywhere before `--` asks
    /// for the help. A repeated option keeps its last value. Errors, in one line naming the
    /// flag: an unknown flag (with the nearest declared one), a missing value, a value given to a
    /// flag, a value the declaration refuses (number, range, choice), a required option left out,
    /// too few or too many positionals.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParseOutcome {
        var positionals: [String] = []
        var raw: [(spec: OptionSpec, text: String)] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                positionals += arguments[index...]
                break
            }
            if word == "-h" { return .help }
            if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let spec = option(named: name) else { throw unknownFlag(word: "--" + name, name: name) }
                if spec.name == Self.helpOption.name, inline == nil { return .help }
                if spec.takesValue {
                    if let inline {
                        raw.append((spec, inline))
                    } else {
                        guard index < arguments.count else {
                            throw CommandLineError("\(spec.flag) needs a value\(Self.oneOf(spec))")
                        }
                        let next = arguments[index]
                        // `--grep --artifacts x` is a forgotten value, not the text "--artifacts".
                        if next.hasPrefix("-"), next.count > 1, Double(next) == nil {
                            throw CommandLineError(
                                "\(spec.flag) needs a value\(Self.oneOf(spec)), got the flag \(Echo.word(next))"
                                    + " (write \(spec.flag)=\(Echo.word(next)) if that is the value)")
                        }
                        raw.append((spec, next))
                        index += 1
                    }
                } else {
                    guard inline == nil else { throw CommandLineError("\(spec.flag) takes no value") }
                    raw.append((spec, ""))
                }
                continue
            }
            if word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                throw unknownFlag(word: word, name: String(word.drop { $0 == "-" }))
            }
            positionals.append(word)
        }

        var texts: [String: String] = [:]
        var given: [String] = []
        for (spec, text) in raw {
            try spec.check(text)
            texts[spec.name] = text
            if !given.contains(spec.name) { given.append(spec.name) }
        }
        try checkPositionals(positionals)
        for spec in options where spec.required && texts[spec.name] == nil {
            throw CommandLineError("\(spec.synopsis) is required \(seeHelp)")
        }
        return .run(ParsedArguments(positionals: positionals, given: given, texts: texts))
    }

    /// " (missing, changed, all, none)" for an option of choices; "" for others.
    private static func oneOf(_ spec: OptionSpec) -> String {
        spec.choices.isEmpty ? "" : " (\(spec.choices.joined(separator: ", ")))"
    }

    private func unknownFlag(word: String, name: String) -> CommandLineError {
        // `--update-missing` for `--update=missing`: a declared option of choices and one of them.
        for spec in allOptions where !spec.hidden && spec.takesValue && name.hasPrefix(spec.name + "-") {
            let value = String(name.dropFirst(spec.name.count + 1))
            if spec.choices.contains(value) {
                return CommandLineError("unknown flag \(Echo.word(word)); did you mean \(spec.flag)=\(value)? \(seeHelp)")
            }
        }
        let names = allOptions.filter { !$0.hidden }.map(\.name)
        if let near = Suggestion.nearest(to: name, in: names) {
            return CommandLineError("unknown flag \(Echo.word(word)); did you mean --\(near)? \(seeHelp)")
        }
        return CommandLineError("unknown flag \(Echo.word(word)) \(seeHelp)")
    }

    private func checkPositionals(_ words: [String]) throws(CommandLineError) {
        try checkCount(words)
        for (i, word) in words.enumerated() {
            let p = positionals[min(i, positionals.count - 1)]
            guard !p.choices.isEmpty, !p.choices.contains(word) else { continue }
            var message = "\(p.name) '\(Echo.word(word))' is unknown (\(p.choices.joined(separator: ", ")))"
            if let near = Suggestion.nearest(to: word, in: p.choices) { message += "; did you mean '\(near)'?" }
            throw CommandLineError(message)
        }
    }

    private func checkCount(_ words: [String]) throws(CommandLineError) {
        let least = positionals.filter { !$0.optional }.count
        let most = positionals.last?.repeats == true ? Int.max : positionals.count
        if words.count >= least && words.count <= most { return }
        if most == 0 { throw CommandLineError("unexpected argument '\(Echo.word(words[0]))' \(seeHelp)") }
        let names = positionals.map(\.synopsis).joined(separator: " ")
        let wanted: String
        if least == most {
            wanted = "\(Self.count(least)) argument\(least == 1 ? "" : "s") \(names)"
        } else if most == Int.max {
            wanted = "at least \(Self.count(least)) \(names)"
        } else {
            wanted = names
        }
        var message = "expected \(wanted), got \(words.count)"
        if words.count > most { message += ": unexpected '\(Echo.word(words[most]))'" }
        throw CommandLineError("\(message) \(seeHelp)")
    }

    private static func count(_ n: Int) -> String {
        n < 5 ? ["no", "one", "two", "three", "four"][n] : String(n)
    }
}
