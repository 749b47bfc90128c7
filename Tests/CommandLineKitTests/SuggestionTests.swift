import CommandLineKit
import Testing

@Suite struct SuggestionTests {
    @Test func distanceCountsEditsAndSwaps() {
        #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.distance(Array("json"), Array("jsno")) == 1)
        #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.distance(Array("same"), Array("same")) == 0)
    }

    @Test func nearestIsATypoOrAUniquePrefix() {
        let names = ["threshold", "include-aa", "diff", "diff-mask", "report"]
        #expect(Suggestion.nearest(to: "thresold", in: names) == "threshold")
        #expect(Suggestion.nearest(to: "THRESHOLD", in: names) == "threshold")
        #expect(Suggestion.nearest(to: "dif", in: names) == "diff")
        #expect(Suggestion.nearest(to: "inc", in: names) == "include-aa")
        #expect(Suggestion.nearest(to: "rep", in: names) == "report")
        #expect(Suggestion.nearest(to: "verbose", in: names) == nil)
        #expect(Suggestion.nearest(to: "", in: names) == nil)
    }
}
