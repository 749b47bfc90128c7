/// Numbers as the help and the errors show them: `0.1`, `30` (not `30.0`), ranges `0…1`, `≥ 0`.
public enum NumberText {
    /// `30` for 30.0, `0.1` for 0.1.
    public static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    /// `lo…hi`, `≥ lo` or `≤ hi`; `nil` when the range is unbounded.
    static func range(_ r: ClosedRange<Double>) -> String? {
        let lo = r.lowerBound > -Double.greatestFiniteMagnitude ? format(r.lowerBound) : nil
        let hi = r.upperBound < Double.greatestFiniteMagnitude ? format(r.upperBound) : nil
        return join(lo, hi)
    }

    static func range(_ r: ClosedRange<Int>) -> String? {
        join(r.lowerBound > Int.min ? String(r.lowerBound) : nil, r.upperBound < Int.max ? String(r.upperBound) : nil)
    }

    /// ` in 0…1`, ` ≥ 0`, or nothing for an unbounded range: the end of "must be a number…".
    static func within(_ range: String?) -> String {
        guard let range else { return "" }
        return range.hasPrefix("≥") || range.hasPrefix("≤") ? " " + range : " in " + range
    }

    private static func join(_ lo: String?, _ hi: String?) -> String? {
        switch (lo, hi) {
        case let (lo?, hi?): return "\(lo)…\(hi)"
        case let (lo?, nil): return "≥ \(lo)"
        case let (nil, hi?): return "≤ \(hi)"
        case (nil, nil): return nil
        }
    }
}
