/// A word from the command line as an error shows it: control characters written as `\xNN`
/// (`\t`, `\n`, `\r` for those), so an error stays one line and no escape sequence reaches the
/// terminal. The same rule as the image code's `TerminalText`, kept here so this module needs
/// nothing but the standard library.
enum Echo {
    static func word(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar.value {
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            default:
                let digits = Array("0123456789ABCDEF")
                out += "\\x" + String(digits[Int(scalar.value >> 4) & 15]) + String(digits[Int(scalar.value) & 15])
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
