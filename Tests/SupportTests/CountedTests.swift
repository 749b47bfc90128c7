import Support
import Testing

/// The counts in the summaries read as English: one of a thing, any other number of things.
@Suite struct CountedTests {
    @Test func oneIsSingularEveryOtherCountIsPlural() {
        #expect(counted(1, "scenario") == "1 scenario")
        #expect(counted(0, "missing golden") == "0 missing goldens")
        #expect(counted(2, "snapshot") == "2 snapshots")
        #expect(counted(11, "results folder") == "11 results folders")
    }
}
