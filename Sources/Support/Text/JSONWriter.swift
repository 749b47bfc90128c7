/// Writes JSON text. Every JSON file and line the program writes by hand goes through here, so
/// strings are escaped and numbers formatted the same way everywhere: objects keep their keys in
/// the order given, doubles print in Swift's shortest round-trip form (byte-stable across runs).
public struct JSONWriter: Sendable {
    /// A value to write.
    public indirect enum Value: Sendable {
        /// Members in the order given.
        case object([(String, Value)])
        case array([Value])
        case string(String)
        case int(Int)
        /// Shortest round-trip form; a whole number below 1e15 in magnitude without a fraction
        /// (`2`, not `2.0`); non-finite → `null`.
        case number(Double)
        /// Shortest round-trip form, always with a fraction or an exponent (`0.0`, `0.25`,
        /// `1e-07`), for fields that are fractions by nature; non-finite → `null`.
        case fraction(Double)
        case bool(Bool)
        case null
    }

    /// `compact`: `{"a":1,"b":[1,2]}`; `spaced`: `{"a": 1, "b": [1, 2]}`.
    public enum Spacing: Sendable { case compact, spaced }

    public let spacing: Spacing

    public static let compact = JSONWriter(spacing: .compact)
    public static let spaced = JSONWriter(spacing: .spaced)

    public init(spacing: Spacing) { self.spacing = spacing }

    /// The text of `value`.
    public func text(_ value: Value) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    /// One object member, `"key": value`, for callers that lay out an object themselves.
    public func member(_ key: String, _ value: Value) -> String {
        var out = ""
        writeMember(key, value, to: &out)
        return out
    }

    /// Appends the text of `value` to `out`.
    public func write(_ value: Value, to out: inout String) {
        switch value {
        case let .object(members):
            out += "{"
            for (i, (key, member)) in members.enumerated() {
                if i > 0 { out += separator }
                writeMember(key, member, to: &out)
            }
            out += "}"
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += separator }
                write(item, to: &out)
            }
            out += "]"
        case let .string(s): Self.appendQuoted(s, to: &out)
        case let .int(n): out += String(n)
        case let .number(n): out += Self.number(n)
        case let .fraction(n): out += n.isFinite ? String(n) : "null"
        case let .bool(b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    private var separator: String { spacing == .compact ? "," : ", " }

    private func writeMember(_ key: String, _ value: Value, to out: inout String) {
        Self.appendQuoted(key, to: &out)
        out += spacing == .compact ? ":" : ": "
        write(value, to: &out)
    }

    /// A double as `.number` writes it.
    public static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// `s` as a JSON string literal: `"` and `\` escaped, newline, return and tab as `\n`, `\r`,
    /// `\t`, other control characters below U+0020 as `\u00XX`; everything else as it is (UTF-8).
    public static func quoted(_ s: String) -> String {
        var out = ""
        appendQuoted(s, to: &out)
        return out
    }

    private static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
