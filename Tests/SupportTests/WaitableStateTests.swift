import Foundation
import Testing
import Support

/// The state shared with blocking OS threads: a waiter sees every change, a deadline ends a wait.
@Suite struct WaitableStateTests {
    @Test func aWaitingThreadSeesEachChangeInTurn() {
        // A ping-pong between this thread and another: each side waits for the other's move,
        // so a lost wake-up would hang here rather than pass.
        let state = WaitableState(0)
        let thread = Thread {
            for expected in stride(from: 1, to: 200, by: 2) {
                state.wait(for: { $0 == expected }) { $0 += 1 }
            }
        }
        thread.start()
        for expected in stride(from: 0, to: 200, by: 2) {
            state.wait(for: { $0 == expected }) { $0 += 1 }
        }
        #expect(state.wait(for: { $0 == 200 }) { $0 } == 200)
    }

    @Test func aPassedDeadlineRunsTheBodyOnTheStateAsItIs() {
        let state = WaitableState<String?>(nil)
        let seen = state.wait(until: .now + .milliseconds(10), for: { $0 != nil }) { $0 ?? "none" }
        #expect(seen == "none")
        state.change { $0 = "ready" }
        #expect(state.wait(until: .now - .seconds(1), for: { $0 != nil }) { $0 } == "ready")
    }

    /// A change before the deadline ends a timed wait with that state (the timed wait's wake-up,
    /// not its timeout: the deadline is far away).
    @Test func aChangeBeforeTheDeadlineEndsATimedWait() {
        let state = WaitableState<String?>(nil)
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.005)
            state.change { $0 = "changed" }
        }
        thread.start()
        let seen = state.wait(until: .now + .seconds(600), for: { $0 != nil }) { $0 ?? "timed out" }
        #expect(seen == "changed")
    }
}
