import Synchronization
import Testing
@testable import ScrollEngine

/// A session that is dropped cancels its refresh work: nothing stays suspended on a virtual
/// clock that will never advance again (LeakSanitizer found thousands of such tasks).
@Suite struct RefreshRunnerLifetimeTests {
    final class Flag: Sendable {
        let value = Mutex(false)
    }

    @Test func droppingTheRunnerCancelsItsActions() async throws {
        let clock = VirtualClock()
        let cancelled = Flag()
        var runner: RefreshActionRunner? = RefreshActionRunner(
            clock: clock,
            action: { _, timer in
                do {
                    try await timer.sleep(untilElapsed: 3600)
                } catch {
                    cancelled.value.withLock { $0 = true }
                    throw error
                }
                return 0
            })
        runner?.start(token: 1, behaviour: RefreshBehaviour(), at: 0)
        await clock.quiescent()  // the action is asleep on the clock
        #expect(cancelled.value.withLock { $0 } == false)
        runner = nil
        await clock.quiescent()  // the cancelled task woke, finished and reported
        for _ in 0..<1000 where !cancelled.value.withLock({ $0 }) { await Task.yield() }
        #expect(cancelled.value.withLock { $0 })
    }
}
