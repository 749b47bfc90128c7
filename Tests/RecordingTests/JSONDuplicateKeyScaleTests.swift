import Testing
@testable import Recording

/// The duplicate-key check is linear in the keys: an object of 80,000 keys (an 849 KB scenario
/// took about 70 s with the pairwise check, 3.2 billion comparisons) makes about one whole-key
/// comparison per key at most.
@Suite struct JSONDuplicateKeyScaleTests {
    static func object(keys: Int, duplicateLast: Bool = false) -> String {
        var text = "{"
        for k in 0..<keys { text += "\"k\(k)\": \(k)," }
        text += duplicateLast ? "\"k0\": 0}" : "\"last\": 0}"
        return text
    }

    @Test func eightyThousandKeysCostAboutOneComparisonEach() throws {
        let keys = 80_000
        let (value, comparisons) = try JSONParser.parseCounting(Self.object(keys: keys))
        guard case let .object(pairs) = value else { Issue.record("not an object"); return }
        #expect(pairs.count == keys + 1)
        // The pairwise check made keys²/2 ≈ 3.2e9 comparisons; a hash set makes ~0 (collisions only).
        #expect(comparisons <= keys, "\(comparisons) whole-key comparisons for \(keys) keys")
    }

    @Test func aDuplicateAfterEightyThousandKeysIsStillFound() {
        do {
            _ = try JSONParser.parse(Self.object(keys: 80_000, duplicateLast: true))
            Issue.record("the duplicate was not found")
        } catch {
            #expect(error.reason == "duplicate key \"k0\"")
        }
    }
}
