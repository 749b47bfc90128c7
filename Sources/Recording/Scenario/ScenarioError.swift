/// A malformed scenario: the field path (e.g. `events[2].drag.duration`) and why.
public struct ScenarioError: Error, CustomStringConvertible, Equatable {
    public let field: String
    public let reason: String
    public init(field: String, reason: String) { self.field = field; self.reason = reason }
    public var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}
