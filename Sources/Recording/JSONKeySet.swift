/// The keys of one JSON object seen so far, for the parser's duplicate-key check in linear time:
/// keys are bucketed by a hash of their UTF-8 bytes (Swift's per-process seeded `Hasher`, so a
/// file cannot be crafted to collide), and only keys in the same bucket are compared, by code
/// points as JSON defines them (`"é"` and `"e\u0301"` are different keys).
struct JSONKeySet {
    private var buckets: [Int: [String]] = [:]
    /// Whole-key comparisons made so far (the tests bound it: about one per key, not n²/2).
    private(set) var comparisons = 0

    /// Adds `key`; false when an equal key was already there.
    mutating func insert(_ key: String) -> Bool {
        var hasher = Hasher()
        for byte in key.utf8 { hasher.combine(byte) }
        let hash = hasher.finalize()
        if let same = buckets[hash] {
            for other in same {
                comparisons += 1
                if other.utf8.elementsEqual(key.utf8) { return false }
            }
        }
        buckets[hash, default: []].append(key)
        return true
    }
}
