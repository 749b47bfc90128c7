/// The part of a failing scenario's trace that `overscroll test` keeps as `trace.jsonl`: the
/// whole trace when it has at most `wholeUpTo` frames, otherwise the frames within
/// `framesAround` grid frames of each failing snapshot's instant (in order, each once), so the
/// file grows with what failed, not with the scenario's length.
enum TraceExcerpt {
    static let wholeUpTo = 1200
    static let framesAround = 120

    /// `lines[i]` is grid frame `i`; `instants` are the failing snapshots' times in seconds.
    static func lines(_ lines: [String], fps: Double, failingAt instants: [Double]) -> [String] {
        guard lines.count > wholeUpTo else { return lines }
        var keep: [ClosedRange<Int>] = []
        for t in instants {
            let centre = min(lines.count - 1, max(0, Int((t * fps).rounded())))
            keep.append(max(0, centre - framesAround)...min(lines.count - 1, centre + framesAround))
        }
        var out: [String] = []
        var next = 0
        for r in keep.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let from = max(next, r.lowerBound)
            if from <= r.upperBound { out += lines[from...r.upperBound] }
            next = max(next, r.upperBound + 1)
        }
        return out
    }
}
