/// A value in a trace line (`trace.jsonl`, written by Recording's `TraceLine` through the one JSON
/// writer) and in the debug overlay (`display`).
public enum TraceValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case null

    /// Human-readable text (debug overlay).
    public var display: String {
        switch self {
        case let .double(v): return v.isFinite ? String(format2: v) : "nan"
        case let .string(s): return s
        case let .int(v): return String(v)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// An ordered list of trace fields: one frame's line in `trace.jsonl`.
public typealias TraceFields = [(String, TraceValue)]

extension String {
    /// Fixed two-decimal formatting without Foundation.
    init(format2 v: Double) {
        let scaled = (v * 100).rounded()
        let sign = scaled < 0 ? "-" : ""
        let a = abs(Int(scaled))
        let frac = a % 100
        self = "\(sign)\(a / 100).\(frac < 10 ? "0" : "")\(frac)"
    }
}
