import CommandLineKit
import Scenes
import ScrollEngine

/// A feel file that cannot be used: one line naming the file, the line and column, and the field.
public struct FeelError: Error, CustomStringConvertible, Equatable, Sendable {
    public let file: String
    public let line: Int?
    public let column: Int?
    public let field: String
    public let reason: String
    public init(file: String, line: Int? = nil, column: Int? = nil, field: String, reason: String) {
        self.file = file; self.line = line; self.column = column; self.field = field; self.reason = reason
    }
    /// `feel.json:4:5: field 'physics.rubberBand': 7 is out of range (from 0.01…2)`.
    public var description: String {
        let place = [line, column].compactMap { $0 }.map(String.init).map { ":" + $0 }.joined()
        return "\(file)\(place): \(field.isEmpty ? "" : "field '\(field)': ")\(reason)"
    }
}

/// Reads a feel file's text into a `Feel` (pure: the file is read by `FeelFile`). Every field is
/// one of `FeelFields.all`; a field left out keeps its default; the first unknown field or bad
/// value is the error, with its line and column.
public enum FeelParser {
    public static func parse(_ text: String, file: String) throws(FeelError) -> Feel {
        let root: JSONValue
        let locations: [String: JSONParser.Location]
        do { (root, locations) = try JSONParser.parseLocating(text) } catch {
            throw FeelError(file: file, line: error.line, column: error.column, field: "", reason: "not valid JSON: \(error.reason)")
        }
        func fail(_ path: String, _ reason: String) -> FeelError {
            let at = locations[path]
            return FeelError(file: file, line: at?.line, column: at?.column, field: path, reason: reason)
        }
        guard case let .object(top) = root else {
            throw FeelError(file: file, line: 1, column: 1, field: "", reason: "expected an object of feel fields, got \(root.typeName)")
        }
        // Flatten to dotted names: a section is an object of fields.
        var given: [(name: String, value: JSONValue)] = []
        let sections = Set(FeelFields.all.filter { $0.path.count > 1 }.map { $0.path[0] })
        for (key, value) in top {
            if sections.contains(key) {
                guard case let .object(inner) = value else { throw fail(key, "expected an object, got \(value.typeName)") }
                for (k, v) in inner { given.append(("\(key).\(k)", v)) }
            } else {
                given.append((key, value))
            }
        }
        var feel = Feel()
        let names = FeelFields.all.map(\.name)
        // The profile first: it decides which physics numbers belong.
        if let (_, v) = given.first(where: { $0.name == "physics.profile" }) {
            try set(FeelFields.field(named: "physics.profile")!, v, in: &feel, fail: fail)
        }
        for (name, value) in given {
            guard let field = FeelFields.field(named: name) else {
                let hint = Suggestion.nearest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(name, "unknown field\(hint)")
            }
            guard field.applies(to: feel.physicsName) else {
                throw fail(name, "belongs to the \((field.profiles ?? []).joined(separator: ", ")) physics, not '\(feel.physicsName)'")
            }
            try set(field, value, in: &feel, fail: fail)
        }
        return feel
    }

    private static func set(
        _ field: FeelField, _ json: JSONValue, in feel: inout Feel,
        fail: (String, String) -> FeelError
    ) throws(FeelError) {
        let value: FeelValue
        switch json {
        case let .number(x): value = .number(x)
        case let .string(s): value = .text(s)
        default:
            let wanted = if case .number = field.kind { "a number" } else { "a string" }
            throw fail(field.name, "expected \(wanted), got \(json.typeName)")
        }
        if let why = field.problem(with: value) { throw fail(field.name, why) }
        field.set(&feel, value)
    }
}
