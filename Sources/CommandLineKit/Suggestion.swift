/// "Did you mean": the declared name closest to a mistyped one, by edit distance.
public enum Suggestion {
    /// The candidate nearest to `word`, if it is near enough to be a typo: at most one edit in
    /// short words, at most a third of the word's length in longer ones, or `word` is the start of
    /// exactly one candidate (`--thresh`). Ties go to the first candidate declared.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        guard !w.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if d < (best?.distance ?? Int.max) { best = (c, d) }
        }
        if let best, best.distance <= max(1, w.count / 3) { return best.name }
        let prefixed = candidates.filter { w.count >= 3 && $0.lowercased().hasPrefix(word.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance (insertions, deletions, substitutions; a swap of neighbours is one edit).
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
