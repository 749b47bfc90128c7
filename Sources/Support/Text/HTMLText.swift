/// Text put into HTML: the one escaper of both HTML reports (`compare --report`, the suite's
/// report), for element content and attribute values in either quote.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
