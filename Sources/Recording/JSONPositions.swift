/// Where each value of a JSON text starts, by the field path `Reader` names it with (`mask`,
/// `mask[1]`, `physics.mass`): an object member at its key's opening quote, an array element
/// at its first character. For messages about a value that parsed but is not allowed
/// (`overscroll.json:4:20: maxDiffPixels: …`). The text must be valid JSON (parse it first).
package struct JSONPositions {
    private let bytes: [UInt8]
    private var i = 0
    private(set) var found: [String: Int] = [:]

    /// `(line, column)` of the value at `path` (1-based, columns in characters), or nil.
    package static func position(of path: String, in text: String) -> (line: Int, column: Int)? {
        var p = JSONPositions(bytes: Array(text.utf8))
        p.skip()
        p.value(path: "")
        guard let offset = p.found[path] else { return nil }
        var line = 1, col = 1
        for b in p.bytes[..<offset] {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skip() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(path: String) {
        guard i < bytes.count else { return }
        if found[path] == nil { found[path] = i }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1; skip()
            while i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                let start = i
                let key = string()
                let member = path.isEmpty ? key : path + "." + key
                if found[member] == nil { found[member] = start }
                skip(); i += 1; skip()  // the colon
                value(path: member)
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skip() }
            }
            i += 1
        case UInt8(ascii: "["):
            i += 1; skip()
            var n = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
                let element = "\(path)[\(n)]"
                found[element] = i
                value(path: element)
                skip()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skip() }
                n += 1
            }
            i += 1
        case UInt8(ascii: "\""):
            _ = string()
        default:
            while i < bytes.count, !",]} \t\r\n".utf8.contains(bytes[i]) { i += 1 }
        }
    }

    /// A string's text (escapes kept as written: keys with escapes are rare in a config, and
    /// a key only has to match the name `Reader` uses).
    private mutating func string() -> String {
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        let text = String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self)
        i += 1
        return text
    }
}
