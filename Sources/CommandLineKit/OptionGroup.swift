/// Anything that declares an option (every `Option<V>`).
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A command's options, declared once as the stored properties of a value:
///
///     struct Flags: OptionGroup {
///         let out = Option.string("out", value: "DIR", help: "output folder", required: true)
///         let shared = SharedFlags()      // a nested group adds its options in place
///     }
///
/// `CommandSpec(…, options: Flags())` lists them in declaration order, and the command reads
/// `parsed.value(flags.out)`: nothing is listed a second time.
public protocol OptionGroup: Sendable {
    /// The declared options in declaration order (by default the stored options, nested groups
    /// expanded where they stand).
    var optionSpecs: [OptionSpec] { get }
}

extension OptionGroup {
    /// The declared options in declaration order, nested groups expanded where they stand.
    public var optionSpecs: [OptionSpec] { reflectedOptionSpecs }

    /// The stored options found by reflection, in declaration order, nested groups expanded
    /// where they stand. Reflection is the costliest part of parsing a command line the first
    /// time in a process (the field types are looked up by name): a group on a path where
    /// start-up counts (`compare`) lists its options by hand and a test checks that list against
    /// this one.
    public var reflectedOptionSpecs: [OptionSpec] {
        Mirror(reflecting: self).children.flatMap { child -> [OptionSpec] in
            if let option = child.value as? any OptionDeclaration { return [option.spec] }
            if let group = child.value as? any OptionGroup { return group.optionSpecs }
            return []
        }
    }
}

/// Options made from a list at run time (one per result format), declared as one stored
/// property: they stand where the list is declared, in the list's order, and each is read as
/// usual (`parsed.value(list.options[i])`).
public struct OptionList<Value: Sendable>: OptionGroup {
    public let options: [Option<Value>]

    public init(_ options: [Option<Value>]) { self.options = options }

    public var optionSpecs: [OptionSpec] { options.map(\.spec) }
}

/// What a shell offers after a flag or for a positional, read from the declaration: the
/// choices, else the placeholder's words (`DIR` a folder, `FILE`/`FILE.json` a file,
/// `DIR|FILE` either, `SCENARIO.json` a JSON file), else free text.
public enum ValueKind: Sendable, Equatable {
    /// A flag: nothing follows.
    case none
    case choices([String])
    case directory
    /// A file, with the extension shells filter on (`json`), if any.
    case file(extension: String?)
    /// A file or a folder.
    case path
    /// Text or a number: nothing to offer.
    case text

    init(valueName: String?, choices: [String]) {
        guard let name = valueName else { self = .none; return }
        if !choices.isEmpty { self = .choices(choices); return }
        let dir = name.contains("DIR"), file = name.contains("FILE") || name.contains("PATH") || name.contains(".")
        switch (dir, file) {
        case (true, true): self = .path
        case (true, false): self = .directory
        case (false, true):
            if let dot = name.lastIndex(of: ".") {
                let ext = String(name[name.index(after: dot)...]).filter { $0.isLetter || $0.isNumber }
                self = .file(extension: ext.isEmpty ? nil : ext)
            } else {
                self = name.contains("PATH") ? .path : .file(extension: nil)
            }
        case (false, false): self = .text
        }
    }
}
