import ScrollEngine

/// The texts made from the field table: the feel file of a `Feel` (`overscroll feel`, the tuning
/// panel's save) and the README's table of fields.
public enum FeelText {
    /// A number as a feel file writes it: an integer without a fraction, otherwise the shortest
    /// text that reads back to the same `Double`.
    public static func number(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    /// A JSON string literal.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func json(_ v: FeelValue) -> String {
        switch v {
        case let .number(x): return number(x)
        case let .text(s): return quoted(s)
        }
    }

    /// The whole feel file of `feel`: every field of its profile, grouped by section, in table order.
    public static func file(_ feel: Feel) -> String {
        let fields = FeelFields.fields(for: feel.physicsName)
        // Sections in the order their first field comes; top-level fields keep their place.
        var order: [String] = []
        var members: [String: [FeelField]] = [:]
        for f in fields {
            let key = f.path.count > 1 ? f.path[0] : f.name
            if members[key] == nil { order.append(key); members[key] = [] }
            members[key]?.append(f)
        }
        var lines: [String] = []
        for (i, key) in order.enumerated() {
            let comma = i + 1 < order.count ? "," : ""
            let group = members[key] ?? []
            if group.count == 1, group[0].path.count == 1 {
                lines.append("  \(quoted(key)): \(json(group[0].get(feel)))\(comma)")
                continue
            }
            lines.append("  \(quoted(key)): {")
            for (j, f) in group.enumerated() {
                lines.append(
                    "    \(quoted(f.path.dropFirst().joined(separator: "."))): \(json(f.get(feel)))\(j + 1 < group.count ? "," : "")")
            }
            lines.append("  }\(comma)")
        }
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    /// What a field accepts, as the README's table says it.
    public static func accepts(_ f: FeelField) -> String {
        switch f.kind {
        case let .number(range, exclusive, _):
            let ends = "\(number(range.lowerBound))…\(number(range.upperBound))"
            let shown = exclusive ? "\(ends), ends excluded" : ends
            return f.off.map { "`\(number($0))` (off) or \(shown)" } ?? shown
        case let .choice(names): return names.map { "`\($0)`" }.joined(separator: ", ")
        case .text: return "a path"
        case .segment: return "a marker name, or frames `A-B`"
        }
    }

    /// The README's table of fields (between its `feel-fields` markers): field, unit, range,
    /// default, profiles, meaning.
    public static func markdownTable() -> String {
        var lines = ["| field | unit | accepts | default | meaning |", "|---|---|---|---|---|"]
        let defaults = Feel()
        for f in FeelFields.all {
            // A profile's own numbers: the default under each profile the field belongs to.
            let shown = (f.profiles ?? [defaults.physicsName]).map { p in
                let text = "`\(json(f.get(Feel(physics: p))))`"
                return f.profiles.map { $0.count > 1 ? "\(text) (\(p))" : text } ?? text
            }.joined(separator: ", ")
            let profile = f.profiles.map { " (\($0.joined(separator: ", ")) physics only)" } ?? ""
            lines.append("| `\(f.name)` | \(f.unit.isEmpty ? "—" : f.unit) | \(accepts(f)) | \(shown) | \(f.help)\(profile) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
