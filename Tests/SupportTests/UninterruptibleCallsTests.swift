import Testing

@testable import Support

/// The count `Platform.exit` reads to decide between `exit` and `_exit`.
@Suite struct UninterruptibleCallsTests {
    @Test func countsCallsUnderWayAndRefusesNewOnesOnceClosed() {
        let calls = UninterruptibleCalls()
        #expect(calls.running == 0)
        #expect(calls.enter() && calls.enter())
        #expect(calls.running == 2)
        calls.leave()
        #expect(calls.closeForExit() == 1, "one call still under way when the process ends")
        #expect(!calls.enter(), "no call starts once the process is ending")
        #expect(calls.run { 7 } == nil, "a refused call is not made")
        calls.leave()
        #expect(calls.running == 0 && calls.closeForExit() == 0)
    }

    @Test func runCountsItsCallOnlyWhileItRuns() {
        let calls = UninterruptibleCalls()
        let inside = calls.run { calls.running }
        #expect(inside == 1 && calls.running == 0)
    }
}
