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

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
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
        return "\\x" + String(digits[Int(value >> 4) & 15]) + String(digits[Int(value) & 15])
    }
}
