import Recording
import Support

/// The range checks of a `results.json` read back (`merge-reports`, `--last-failed`): a file
/// from a shard or a CI cache is not trusted. Every number must be finite and in the range the
/// program itself writes, the date an ISO 8601 UTC time, shard labels `I/N` with N at most
/// `maxShards`; the first value out of range is named by its field path.
extension SuiteResults {
    /// The most shards a run may be split into (`--shard I/N` allows as many).
    public static let maxShards = 10_000
    /// Seconds a scenario or snapshot may last or take (100 days).
    static let maxSeconds = 8_640_000.0
    /// The widest or tallest frame (pixels).
    static let maxSide = 100_000
    /// Grid frames of a scenario.
    static let maxFrames = 1 << 32

    /// The first field out of range, as `scenarios[3].snapshots[0].seconds: 1e+300 is out of range (0 to 8640000)`.
    public func rangeProblem() -> String? {
        var c = RangeCheck()
        c.int("format", format, 1...2)
        c.date("date", date)
        c.number("threshold", threshold, 0...1)
        c.int("maxDiffPixels", maxDiffPixels, 0...Int(Int32.max))
        c.number("maxDiffRatio", maxDiffRatio, 0...1)
        for (k, shard) in shards.enumerated() { c.shard("shards[\(k)]", shard) }
        if let f = folder, !f.hasPrefix("/") { c.problem = c.problem ?? "folder: \(RangeCheck.shown(f)) is not an absolute path" }
        if let s = settings {
            c.number("settings.threshold", s.threshold, 0...1)
            c.int("settings.maxDiffPixels", s.maxDiffPixels, 0...Int(Int32.max))
            c.number("settings.maxDiffRatio", s.maxDiffRatio, 0...1)
        }
        for (i, s) in scenarios.enumerated() {
            let at = "scenarios[\(i)]"
            c.int(at + ".frames", s.frames, 0...Self.maxFrames)
            c.number(at + ".seconds", s.seconds, 0...Self.maxSeconds)
            for (j, snap) in s.snapshots.enumerated() {
                let p = at + ".snapshots[\(j)]"
                c.number(p + ".at", snap.at, 0...Self.maxSeconds)
                c.number(p + ".seconds", snap.seconds, 0...Self.maxSeconds)
                c.number(p + ".threshold", snap.threshold, 0...1)
                c.int(p + ".maxDiffPixels", snap.maxDiffPixels, 0...Int(Int32.max))
                c.number(p + ".maxDiffRatio", snap.maxDiffRatio, 0...1)
                c.number(p + ".ratio", snap.ratio, 0...1)
                c.int(p + ".width", snap.width, 1...Self.maxSide)
                c.int(p + ".height", snap.height, 1...Self.maxSide)
                c.int(p + ".expectedWidth", snap.expectedWidth, 1...Self.maxSide)
                c.int(p + ".expectedHeight", snap.expectedHeight, 1...Self.maxSide)
                c.int(p + ".differing", snap.differing, 0...Self.maxSide * Self.maxSide)
            }
            if c.problem != nil { break }
        }
        return c.problem
    }
}

/// Collects the first out-of-range field.
struct RangeCheck {
    var problem: String?

    mutating func number(_ field: String, _ value: Double?, _ range: ClosedRange<Double>) {
        guard problem == nil, let value else { return }
        if !value.isFinite || !range.contains(value) {
            problem = "\(field): \(value) is out of range (\(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)))"
        }
    }

    mutating func int(_ field: String, _ value: Int?, _ range: ClosedRange<Int>) {
        guard problem == nil, let value, !range.contains(value) else { return }
        problem = "\(field): \(value) is out of range (\(range.lowerBound) to \(range.upperBound))"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` (UTC, as `overscroll test` writes it).
    mutating func date(_ field: String, _ value: String) {
        guard problem == nil else { return }
        let u = Array(value.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.upperBound <= u.count && u[r].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        func at(_ k: Int, _ c: Character) -> Bool { k < u.count && u[k] == c.asciiValue! }
        var ok =
            digits(0..<4) && at(4, "-") && digits(5..<7) && at(7, "-") && digits(8..<10) && at(10, "T")
            && digits(11..<13) && at(13, ":") && digits(14..<16) && at(16, ":") && digits(17..<19)
        var k = 19
        if ok, at(k, ".") {
            k += 1
            let s = k
            while k < u.count, u[k] >= 0x30, u[k] <= 0x39, k - s < 9 { k += 1 }
            ok = k > s
        }
        if ok { ok = at(k, "Z"); k += 1 }
        if !ok || k != u.count {
            problem = "\(field): \(RangeCheck.shown(value)) is not an ISO 8601 UTC date and time (like 2026-12-01T09:16:17Z)"
        }
    }

    mutating func shard(_ field: String, _ value: String) {
        guard problem == nil else { return }
        let ab = value.split(separator: "/", omittingEmptySubsequences: false)
        guard ab.count == 2, ab.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let i = Int(ab[0]), let n = Int(ab[1]), n >= 1, n <= SuiteResults.maxShards, i >= 1, i <= n
        else {
            problem = "\(field): \(RangeCheck.shown(value)) is not a shard I/N with 1 ≤ I ≤ N ≤ \(SuiteResults.maxShards)"
            return
        }
    }

    /// A value for an error line: quoted, escaped, cut at 60 characters.
    static func shown(_ value: String) -> String {
        "'" + TerminalText.escaped(String(value.prefix(60))) + (value.count > 60 ? "…" : "") + "'"
    }

    static func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
