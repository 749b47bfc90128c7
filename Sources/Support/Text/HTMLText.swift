/// Text put into HTML: the one escaper of both HTML reports (`compare --report`, the suite's
/// report), for element content and attribute values in either quote, and for JSON in a
/// `<script>` data block.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        // By code point, not by character: `"` followed by a combining mark is one Character
        // that is not equal to `"`, yet the browser sees the quote.
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text made safe as the content of a `<script type="application/json">` data block:
    /// `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026`. They can only occur inside JSON
    /// strings, where those escapes mean the same characters, so `JSON.parse` reads the same value;
    /// and no `</script`, `<!--` or `<script` can end the block or change how it is parsed.
    public static func scriptData(json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative file path as a URL path: every byte but letters, digits, `-._~` and `/`
    /// percent-encoded (`#`, `?`, `%`, spaces and quotes in a scenario's name stay part of it).
    public static func urlPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
