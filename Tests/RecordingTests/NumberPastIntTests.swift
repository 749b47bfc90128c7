import Testing
@testable import Recording
@testable import ScrollEngine

/// Issue #43 item 4: a number past `Int`'s range in a field that becomes an `Int` is a one-line
/// error naming the field, never a trap (`Int(1e300)` is SIGILL and took the whole `test` run down).
@Suite struct NumberPastIntTests {
    @Test(arguments: [
        (#"{"pull": [1e300, 2]}"#, "indicator.segments.pull"),
        (#"{"loop": [0, 1e300]}"#, "indicator.segments.loop"),
        (#"{"finish": [-1e300, 2]}"#, "indicator.segments.finish"),
        (#"{"pull": [9.3e18, 9.4e18]}"#, "indicator.segments.pull"),
        (#"{"pull": [2, 1e7]}"#, "indicator.segments.pull"),
        (#"{"pull": [1.5, 2]}"#, "indicator.segments.pull")
    ])
    func aSegmentPastTheFrameRangeIsAnErrorNamingTheField(segments: String, field: String) {
        let json = #"{"indicator": {"segments": \#(segments)}}"#
        let e = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(json) }
        #expect(e?.field == field, "\(String(describing: e))")
        #expect(e?.description.contains("whole frames 0…1000000") == true, "\(String(describing: e))")
        #expect(e?.description.contains("\n") == false)
    }

    @Test func segmentsInRangeStillParseAndBackwardsOnesAreNamed() throws {
        let s = try ScenarioParser.parse(#"{"indicator": {"segments": {"pull": [0, 1000000], "loop": "spin"}}}"#)
        #expect(s.options.indicator.lottieSegments.pull == .frames(from: 0, to: 1_000_000))
        #expect(s.options.indicator.lottieSegments.loop == .marker("spin"))
        let e = #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"indicator": {"segments": {"pull": [9, 2]}}}"#) }
        #expect(e?.description.contains("frames [9, 2] run backwards") == true, "\(String(describing: e))")
    }

    /// The fuzzer's corpus holds the case (Fuzz/corpus/fuzz-scenario/segments-past-int.json).
    @Test func theFuzzCorpusCaseIsAnError() {
        let text = #"{"scene": "refreshable", "indicator": {"segments": {"pull": [1e300, 2], "loop": [-1e300, 3], "finish": [2, 9.3e18]}}}"#
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(text) }
    }

    /// A Lottie file whose frame count or markers reach `Int.max` (rlottie's size_t, clamped) resolves
    /// without an overflow trap.
    @Test func segmentsOfAFileAsLongAsIntAllowsResolveWithoutOverflow() throws {
        let markers = [LottieMarker(name: "far", start: Int.max - 1, end: Int.max)]
        let r = try LottieSegments.resolve(
            LottieSegmentChoices(pull: .marker("far"), loop: .frames(from: 5, to: 9)), markers: markers, inPoint: 3, frameCount: Int.max)
        #expect(r.loop == 2...6)
        #expect(r.pull == (Int.max - 4)...(Int.max - 4))
    }
}
