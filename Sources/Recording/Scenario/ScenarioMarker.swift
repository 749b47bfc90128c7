/// What a folder run of `overscroll test` takes as a scenario: a `*.json` file whose top-level
/// object has a `"scene"` or `"events"` key. The keys are found by a lenient scan (strings,
/// nesting and `key:` pairs only), so a typo elsewhere in the file — a trailing comma, a missing
/// bracket — does not hide them: such a file is a scenario, and its parse error is an error.
/// A JSON file without those keys (a Lottie file, a config) is skipped with a note.
public enum ScenarioMarker {
    /// The keys that mark a scenario.
    public static let keys: Set<String> = ["scene", "events"]

    /// True when the text's outermost object has one of `keys` as a key.
    public static func marks(_ text: String) -> Bool {
        !topLevelKeys(text).isDisjoint(with: keys)
    }

    /// Keys of the outermost object (strings at depth 1 followed by `:`), read leniently.
    public static func topLevelKeys(_ text: String) -> Set<String> {
        let b = Array(text.utf8)
        var keys = Set<String>()
        var depth = 0, i = 0
        var outerIsObject = false
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { outerIsObject = c == UInt8(ascii: "{") }
                depth += 1; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1); i += 1
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < b.count, b[j] != UInt8(ascii: "\"") { j += b[j] == UInt8(ascii: "\\") ? 2 : 1 }
                let end = min(j, b.count)
                var k = end + 1
                while k < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[k]) { k += 1 }
                if depth == 1, outerIsObject, k < b.count, b[k] == UInt8(ascii: ":") {
                    keys.insert(String(decoding: b[(i + 1)..<end], as: UTF8.self))
                }
                i = end + 1
            default:
                i += 1
            }
        }
        return keys
    }
}
