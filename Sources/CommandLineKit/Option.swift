/// One declared option: its name, the value it takes, its help line and how a value is checked.
/// Declared once; the parser, the help text, the error messages, the man page and the shell
/// completions are all made from it.
public struct OptionSpec: Sendable {
    /// The name without dashes (`threshold` for `--threshold`).
    public let name: String
    /// The placeholder of the value in help (`DIR`, `T`); `nil` for a flag that takes no value.
    public let valueName: String?
    /// What the option does, one line (a `\n` starts a continuation line in the help).
    public let help: String
    /// Added to the help line in parentheses: the range, the choices, the default.
    public let annotation: String?
    /// Must be given (`--goldens DIR is required`); shown in the usage line.
    public let required: Bool
    /// Accepted but not listed in the help (internal switches).
    public let hidden: Bool
    /// The values a choice or list option accepts (empty for any other option).
    public let choices: [String]
    /// Checks a value; errors name the flag.
    let check: @Sendable (String) throws(CommandLineError) -> Void

    /// `--name`.
    public var flag: String { "--" + name }
    /// `--name VALUE`, or `--name` for a flag.
    public var synopsis: String { valueName.map { "\(flag) \($0)" } ?? flag }
    public var takesValue: Bool { valueName != nil }
    /// What a shell completes after the flag.
    public var valueKind: ValueKind { ValueKind(valueName: valueName, choices: choices) }
}

/// A declared option with the type of its value, used to read the parsed command line:
/// `parsed.value(flags.threshold)` is a `Double?` already checked against the declared range.
public struct Option<Value: Sendable>: Sendable, OptionDeclaration {
    public let spec: OptionSpec
    /// The value when the option is not given (`nil`: none).
    public let defaultValue: Value?
    /// Turns checked text into the value (the same code that checked it).
    let read: @Sendable (String) throws(CommandLineError) -> Value

    public var name: String { spec.name }
    public var flag: String { spec.flag }

    init(
        name: String, valueName: String?, help: String, annotation: String?, required: Bool = false, hidden: Bool = false,
        choices: [String] = [], default defaultValue: Value?, read: @escaping @Sendable (String) throws(CommandLineError) -> Value
    ) {
        spec = OptionSpec(
            name: name, valueName: valueName, help: help, annotation: annotation, required: required, hidden: hidden,
            choices: choices, check: { (text: String) throws(CommandLineError) in _ = try read(text) })
        self.defaultValue = defaultValue
        self.read = read
    }

    /// Any option read by `parse`, which returns `nil` for text it refuses, or throws an error
    /// whose description says why. The kit writes the message, escaped:
    /// `--size expects WxH in points (e.g. 390x844), got '12'` (`…: <reason>` after a throw).
    public static func custom(
        _ name: String, value: String, help: String, expects: String, default defaultValue: Value? = nil,
        annotation: String? = nil, required: Bool = false, hidden: Bool = false,
        parse: @escaping @Sendable (String) throws -> Value?
    ) -> Option {
        Option(
            name: name, valueName: value, help: help, annotation: annotation, required: required, hidden: hidden,
            default: defaultValue
        ) { (text: String) throws(CommandLineError) -> Value in
            let refused = "--\(name) expects \(expects), got '\(Echo.word(text))'"
            do {
                guard let v = try parse(text) else { throw CommandLineError(refused) }
                return v
            } catch let e as CommandLineError {
                throw e
            } catch {
                throw CommandLineError(refused + ": " + Echo.word("\(error)"))
            }
        }
    }
}

extension Option where Value == Bool {
    /// A switch that takes no value: `--include-aa`.
    public static func flag(_ name: String, help: String, hidden: Bool = false) -> Option {
        Option(name: name, valueName: nil, help: help, annotation: nil, hidden: hidden, default: false) { _ in true }
    }
}

extension Option where Value == String {
    /// Any text. `allowEmpty: false` refuses `''` (`--diff needs a non-empty path`).
    public static func string(
        _ name: String, value: String, help: String, default defaultValue: String? = nil,
        required: Bool = false, allowEmpty: Bool = true, hidden: Bool = false
    ) -> Option {
        Option(
            name: name, valueName: value, help: help, annotation: defaultValue.map { "default \($0)" }, required: required,
            hidden: hidden, default: defaultValue
        ) { (text: String) throws(CommandLineError) -> String in
            guard allowEmpty || !text.isEmpty else { throw CommandLineError("--\(name) needs a non-empty path") }
            return text
        }
    }

    /// One of `choices` (a list made at run time: scene names, themes):
    /// `--theme 'x' is unknown (light, dark)`, with a suggestion when one is close.
    /// With `ignoringCase` any case is accepted and the value is the choice as declared.
    public static func choice(
        _ name: String, value: String, _ choices: [String], help: String,
        default defaultValue: String? = nil, ignoringCase: Bool = false
    ) -> Option {
        Option(
            name: name, valueName: value, help: help, annotation: choiceNote(choices, defaultValue), choices: choices,
            default: defaultValue
        ) { (text: String) throws(CommandLineError) -> String in
            if choices.contains(text) { return text }
            if ignoringCase, let c = choices.first(where: { $0.lowercased() == text.lowercased() }) { return c }
            throw CommandLineError(unknownChoice(text, flag: "--\(name)", choices: choices))
        }
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One case of `Value`, by its raw value; the choices are `Value.allCases` in declaration order.
    public static func choice(_ name: String, value: String, help: String, default defaultValue: Value? = nil) -> Option {
        let choices = Value.allCases.map(\.rawValue)
        return Option(
            name: name, valueName: value, help: help, annotation: choiceNote(choices, defaultValue?.rawValue),
            choices: choices, default: defaultValue
        ) { (text: String) throws(CommandLineError) -> Value in
            guard let v = Value(rawValue: text) else { throw CommandLineError(unknownChoice(text, flag: "--\(name)", choices: choices)) }
            return v
        }
    }
}

extension Option where Value == [String] {
    /// A comma-separated list, each item one of `choices` (`--only frames,record`); empty items are skipped.
    public static func list(_ name: String, value: String, _ choices: [String], help: String) -> Option {
        Option(
            name: name, valueName: value, help: help, annotation: choices.joined(separator: ", "), choices: choices,
            default: nil
        ) { (text: String) throws(CommandLineError) -> [String] in
            let items = text.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            for item in items where !choices.contains(item) {
                throw CommandLineError(unknownChoice(item, flag: "--\(name)", choices: choices))
            }
            return items
        }
    }
}

extension Option where Value == Double {
    /// A finite number within `range`: `--threshold must be a number in 0…1, got '2'`.
    public static func number(
        _ name: String, value: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
        help: String, default defaultValue: Double? = nil, defaultText: String? = nil
    ) -> Option {
        let note = annotation(range: NumberText.range(range), defaultText: defaultText ?? defaultValue.map(NumberText.format))
        let wanted = "--\(name) must be a number\(NumberText.within(NumberText.range(range)))"
        return Option(name: name, valueName: value, help: help, annotation: note, default: defaultValue) {
            (text: String) throws(CommandLineError) -> Double in
            guard let v = Double(text), v.isFinite, range.contains(v) else { throw CommandLineError("\(wanted), got '\(Echo.word(text))'") }
            return v
        }
    }
}

extension Option where Value == Int {
    /// A whole number within `range`: `--max-pixels must be a whole number ≥ 1, got '0'`.
    public static func integer(
        _ name: String, value: String, in range: ClosedRange<Int> = Int.min...Int.max,
        help: String, default defaultValue: Int? = nil, defaultText: String? = nil
    ) -> Option {
        let note = annotation(range: NumberText.range(range), defaultText: defaultText ?? defaultValue.map { "\($0)" })
        let wanted = "--\(name) must be a whole number\(NumberText.within(NumberText.range(range)))"
        return Option(name: name, valueName: value, help: help, annotation: note, default: defaultValue) {
            (text: String) throws(CommandLineError) -> Int in
            guard let v = Int(text), range.contains(v) else { throw CommandLineError("\(wanted), got '\(Echo.word(text))'") }
            return v
        }
    }
}

extension Option where Value == [Double] {
    /// Finite numbers separated by commas (`--at 0.1,0.5`).
    public static func numbers(_ name: String, value: String, help: String) -> Option {
        Option(name: name, valueName: value, help: help, annotation: nil, default: nil) {
            (text: String) throws(CommandLineError) -> [Double] in
            var out: [Double] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let v = Double(String(part.filter { $0 != " " })), v.isFinite else {
                    throw CommandLineError("--\(name) expects numbers separated by commas, got '\(Echo.word(text))'")
                }
                out.append(v)
            }
            return out
        }
    }
}

/// `range, default X` for the help line, or `nil` when there is neither. (Plain concatenation:
/// this runs for every declared option at start, and the front's `compare` starts in ~3 ms.)
func annotation(range: String?, defaultText: String?) -> String? {
    switch (range, defaultText) {
    case let (range?, text?): return range + ", default " + text
    case let (range?, nil): return range
    case let (nil, text?): return "default " + text
    case (nil, nil): return nil
    }
}

/// `light, dark; default light`.
func choiceNote(_ choices: [String], _ defaultValue: String?) -> String {
    var note = choices.joined(separator: ", ")
    if let defaultValue { note += "; default " + defaultValue }
    return note
}

/// `--theme 'x' is unknown (light, dark)`, with `; did you mean 'dark'?` when one is close.
func unknownChoice(_ text: String, flag: String, choices: [String]) -> String {
    var message = "\(flag) '\(Echo.word(text))' is unknown (\(choices.joined(separator: ", ")))"
    if let near = Suggestion.nearest(to: text, in: choices) { message += "; did you mean '\(near)'?" }
    return message
}

extension String {
    /// Without leading and trailing spaces and tabs (the library uses no Foundation).
    var trimmedSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
