/// Text taken from a file (chunk types, file names) made safe to print on a terminal: control
/// characters are shown as escapes, so an escape sequence inside a file never reaches the
/// terminal raw.
public enum TerminalText {
    /// `text` with C0 controls, DEL and C1 controls written as `\xNN` (tab, newline and carriage
    /// return as `\t`, `\n`, `\r`); everything else, backslashes included, as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += escape(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Raw bytes (a PNG chunk type) as text: printable ASCII as is, every other byte as `\xNN`.
    public static func escaped(bytes: some Sequence<UInt8>) -> String {
        var out = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += hex(UInt32(byte))
            }
        }
        return out
    }

    /// True when `escaped(text)` differs from `text`: a line printed for pasting (`accept:`, `git mv`)
    /// would not give the program `text` back, so such a name is refused where it is found.
    public static func needsEscape(_ text: String) -> Bool { text.unicodeScalars.contains(where: isControl) }

    /// C0 and C1 controls, DEL, and the bidirectional formatting marks (a right-to-left
    /// override in a file name would reorder the rest of the line).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x061C || v == 0x200E || v == 0x200F
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    private static func escape(_ value: UInt32) -> String {
        switch value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        default: return hex(value)
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        if value > 0xFF {
            return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
        return "\\x" + String(digits[Int(value >> 4) & 15]) + String(digits[Int(value) & 15])
    }
}
