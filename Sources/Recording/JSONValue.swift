import Scenes
import ScrollEngine
import Support

/// A parsed JSON value that keeps object key order (for stable output and precise errors).
public indirect enum JSONValue: Equatable, Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(x), .array(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// A short name of the value's type for error messages.
    public var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// JSON text, `{"a": 1, "b": [1, 2]}`.
    public var text: String { JSONWriter.spaced.text(written) }

    /// The value as `JSONWriter` writes it.
    var written: JSONWriter.Value {
        switch self {
        case let .object(kv): return .object(kv.map { ($0.0, $0.1.written) })
        case let .array(a): return .array(a.map(\.written))
        case let .string(s): return .string(s)
        case let .number(n): return .number(n)
        case let .bool(b): return .bool(b)
        case .null: return .null
        }
    }
}
