/// Why the bytes of a scenario file are not UTF-8 text: the encoding it seems to be in (UTF-16
/// with or without a byte-order mark), or the line and column of the first byte that is not
/// UTF-8. A scenario that cannot be read is an error naming this, never skipped.
package enum ScenarioEncoding {
    /// The phrase for `bytes`, or nil when they are UTF-8.
    /// (A NUL byte is UTF-8 but never part of JSON text: UTF-16 without a byte-order mark is
    /// found by them.)
    package static func problem(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 text (little-endian, byte-order mark FF FE), not UTF-8; save it as UTF-8" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 text (big-endian, byte-order mark FE FF), not UTF-8; save it as UTF-8" }
        let nul = bytes.firstIndex(of: 0)
        if nul != nil && bytes.count >= 2 && bytes.filter({ $0 == 0 }).count * 4 >= bytes.count {
            return "UTF-16 text (every other byte is NUL), not UTF-8; save it as UTF-8"
        }
        guard let bad = firstInvalid(bytes) ?? nul else { return nil }
        let before = bytes[..<bad]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Columns count characters: continuation bytes do not start one.
        let column = bytes[lineStart..<bad].filter { $0 & 0xC0 != 0x80 }.count + 1
        let hex = String(bytes[bad], radix: 16, uppercase: true)
        return "not UTF-8 text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(line), column \(column)); save it as UTF-8 JSON"
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or nil.
    package static func firstInvalid(_ b: [UInt8]) -> Int? {
        var i = 0
        while i < b.count {
            let c = b[i]
            var length = 0, low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch c {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= b.count else { return i }
            for k in 1..<length {
                let x = b[i + k]
                if x < (k == 1 ? low : 0x80) || x > (k == 1 ? high : 0xBF) { return i }
            }
            i += length
        }
        return nil
    }
}
