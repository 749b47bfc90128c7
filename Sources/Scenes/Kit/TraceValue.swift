import ScrollEngine

/// A value in a trace line. Doubles print in Swift's shortest round-trip form, so equal values
/// print equally and a trace is byte-stable across runs.
public enum TraceValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case null

    /// JSON text of the value.
    public var json: String {
        switch self {
        case let .int(v): return String(v)
        case let .double(v): return v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)) : "null"
        case let .string(s): return Self.quote(s)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Human-readable text (debug overlay).
    public var display: String {
        switch self {
        case let .double(v): return v.isFinite ? String(format2: v) : "nan"
        case let .string(s): return s
        default: return json
        }
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16) }
                else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
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
