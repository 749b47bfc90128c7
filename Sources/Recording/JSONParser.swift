/// A strict JSON parser (RFC 8259) with line:column errors and duplicate-key rejection (keys
/// compare by code points, as JSON defines them). At most `maxDepth` arrays and objects nest.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    private let bytes: [UInt8]
    private var i = 0
    /// When set, the byte offset of every object key, by its dotted path (`a.b`; array elements
    /// told apart as `a[2].b` only with `indexingArrays`), for errors that name a field's line and
    /// column (`parseLocating`).
    private var keyOffsets: [String: Int]?
    private var indexingArrays = false
    private var path: [String] = []
    /// Whole-key comparisons the duplicate-key checks made (linear in the keys: see `JSONKeySet`).
    private(set) var keyComparisons = 0

    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parseCounting(text).value
    }

    /// `parse`, and the whole-key comparisons its duplicate-key checks made.
    static func parseCounting(_ text: String) throws(Failure) -> (value: JSONValue, keyComparisons: Int) {
        var p = JSONParser(bytes: Array(text.utf8))
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.fail("unexpected text after the JSON value") }
        return (v, p.keyComparisons)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where a field starts: its key's line and column (1-based, columns in characters).
    public struct Location: Sendable, Equatable {
        public let line: Int
        public let column: Int
    }

    /// `parse`, and the location of every object key by its dotted path (`physics.profile`).
    /// With `indexingArrays`, keys inside arrays are told apart by their element's index
    /// (`events[0].key`, as scenario errors name fields). One pass over the text finds every
    /// location, however many keys there are.
    public static func parseLocating(
        _ text: String, indexingArrays: Bool = false
    ) throws(Failure) -> (value: JSONValue, locations: [String: Location]) {
        var p = JSONParser(bytes: Array(text.utf8))
        p.keyOffsets = [:]
        p.indexingArrays = indexingArrays
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.fail("unexpected text after the JSON value") }
        let byOffset = (p.keyOffsets ?? [:]).sorted { $0.value < $1.value }
        var locations: [String: Location] = [:]
        var line = 1, col = 1, at = 0
        for (key, offset) in byOffset {
            while at < min(offset, p.bytes.count) {
                let b = p.bytes[at]
                if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
                at += 1
            }
            locations[key] = Location(line: line, column: col)
        }
        return (v, locations)
    }

    /// `a.b[2].c` from `["a", "b", "[2]", "c"]`.
    private static func dotted(_ path: [String]) -> String {
        var out = ""
        for part in path {
            if !out.isEmpty && !part.hasPrefix("[") { out += "." }
            out += part
        }
        return out
    }

    private func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, col = 1
        for b in bytes[..<min(offset, bytes.count)] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    private func fail(_ reason: String) -> Failure {
        let (line, col) = location(of: i)
        return Failure(line: line, column: col, reason: reason)
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// A value inside `depth` enclosing arrays and objects.
    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("invalid literal") }
        i += w.count
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nesting too deep") }
        i += 1
        var out: [(String, JSONValue)] = []
        var keys = JSONKeySet()
        defer { keyComparisons += keys.comparisons }
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let keyStart = i
            let key = try string()
            guard keys.insert(key) else { throw fail("duplicate key \"\(key)\"") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
            i += 1
            skipSpace()
            if keyOffsets != nil {
                path.append(key)
                keyOffsets?[Self.dotted(path)] = keyStart
            }
            out.append((key, try value(depth: depth + 1)))
            if keyOffsets != nil { path.removeLast() }
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(out) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nesting too deep") }
        i += 1
        var out: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
        while true {
            skipSpace()
            let indexed = keyOffsets != nil && indexingArrays
            if indexed { path.append("[\(out.count)]") }
            out.append(try value(depth: depth + 1))
            if indexed { path.removeLast() }
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(out) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    /// Exactly four hexadecimal digits (no sign, no space).
    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("invalid \\u escape") }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | UInt32(digit)
        }
        i += 4
        return v
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; flush(); return String(scalars) }
            if b < 0x20 { throw fail("control character in a string") }
            if b == UInt8(ascii: "\\") {
                flush()
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if v >= 0xDC00 && v < 0xE000 { throw fail("unpaired surrogate") }
                    if v >= 0xD800 && v < 0xDC00 {
                        guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate")
                        }
                        i += 2
                        let lo = try hex4()
                        guard lo >= 0xDC00 && lo < 0xE000 else { throw fail("unpaired surrogate") }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(v) else { throw fail("invalid \\u escape") }
                    scalars.append(s)
                default: throw fail("invalid escape")
                }
                continue
            }
            raw.append(b)
            i += 1
        }
        throw fail("unterminated string")
    }

    private mutating func number() throws(Failure) -> Double {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int { let s = i; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }; return i - s }
        let intStart = i
        guard digits() > 0 else { throw fail("invalid value") }
        if bytes[intStart] == 0x30 && i - intStart > 1 { throw fail("leading zero in a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { throw fail("digits expected after '.'") } }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("digits expected in exponent") }
        }
        guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)), d.isFinite else { throw fail("number out of range") }
        return d
    }
}
