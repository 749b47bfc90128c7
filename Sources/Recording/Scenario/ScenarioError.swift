/// A scenario field that is wrong: its dotted path (`events[0].key`), why, and where its key
/// starts in the file when known (`located(in:)`).
public struct ScenarioError: Error, CustomStringConvertible, Equatable {
    public let field: String
    public let reason: String
    public private(set) var line: Int?
    public private(set) var column: Int?
    public init(field: String, reason: String) { self.field = field; self.reason = reason }
    public var description: String { field.isEmpty ? reason : "\(field): \(reason)" }

    /// One line naming the file, the field's line and column when known, the field and why:
    /// `s.json:3:14: events[0].kye: unknown field; did you mean 'key'? (known: …)`.
    public func message(file: String) -> String {
        let place = line.map { l in ":\(l)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(place): \(description)"
    }

    /// This error with the line and column of its field's key in `text` (the scenario's JSON),
    /// or of its nearest enclosing field that has a key (an array element has none).
    public func located(in text: String) -> ScenarioError {
        guard line == nil, !field.isEmpty, let (_, locations) = try? JSONParser.parseLocating(text, indexingArrays: true) else {
            return self
        }
        var path = field
        while !path.isEmpty {
            if let at = locations[path] {
                var out = self
                out.line = at.line
                out.column = at.column
                return out
            }
            // Up one level: `a.b[2].c` → `a.b[2]` → `a.b` → `a`.
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = String(path[..<cut])
        }
        return self
    }
}
