import Scenes
import ScrollEngine
import Support

/// One line of `trace.jsonl`: frame number, time, then the session's fields in order.
public enum TraceLine {
    public static func json(frame: Int, t: Double, fields: TraceFields) -> String {
        JSONWriter.compact.text(.object([("frame", .int(frame)), ("t", .number(t))] + fields.map { ($0.0, value($0.1)) }))
    }

    package static func value(_ v: TraceValue) -> JSONWriter.Value {
        switch v {
        case let .int(n): return .int(n)
        case let .double(n): return .number(n)
        case let .string(s): return .string(s)
        case let .bool(b): return .bool(b)
        case .null: return .null
        }
    }
}
