import Testing
@testable import ScrollEngine
@testable import Scenes

/// The one presentation of a refresh's end both refresh scenes share (`RefreshPresentation`): it
/// hears of refreshes only through their machine's effects, and both scenes report an end the
/// same way in the trace (a cancel included), whatever message each leaves.
@Suite struct RefreshPresentationTests {
    static let network = RefreshFailure("network error (simulated)")

    @Test func aFailureWaitsForTheIndicatorThenShowsOnceAndAPullDismissesIt() {
        var p = RefreshPresentation(messageSeconds: 3, showsCancel: false)
        p.started()
        #expect(p.finished(.failure(Self.network)) == 0)
        #expect(p.lastError == "network error (simulated)" && p.errorTrace == .string("network error (simulated)"))
        p.update(indicatorHidden: false, state: .completing, at: 1)
        #expect(p.banner == nil && p.pendingFailure != nil && p.isAnimating(at: 1), "waits while the ring is drawn")
        p.update(indicatorHidden: true, state: .idle, at: 1.5)
        #expect(p.banner?.shownAt == 1.5 && p.pendingFailure == nil)
        #expect(p.nextDeadline(after: 1.5) == 4.5)
        p.update(indicatorHidden: true, state: .pulling(0.2), at: 2)
        #expect(p.banner?.dismissedAt == 2 && p.nextDeadline(after: 2) == nil)
        let gone = 2 + RefreshMessageBanner.slideSeconds
        p.update(indicatorHidden: true, state: .pulling(0.4), at: gone)
        #expect(p.banner == nil && !p.isAnimating(at: gone))
    }

    @Test func aNewRefreshDropsAWaitingMessageAndTheLastError() {
        var p = RefreshPresentation(messageSeconds: 3, showsCancel: true)
        _ = p.finished(.failure(Self.network))
        p.started()
        p.update(indicatorHidden: true, state: .idle, at: 0)
        #expect(p.banner == nil && p.lastError == nil && p.errorTrace == .null)
    }

    @Test(arguments: [true, false]) func aCancelIsReportedAlikeAndLeavesAMessageOnlyWhereAsked(_ showsCancel: Bool) {
        var p = RefreshPresentation(messageSeconds: 3, showsCancel: showsCancel)
        _ = p.finished(.failure(.cancelled))
        #expect(p.lastError == RefreshFailure.cancelled.message)
        p.update(indicatorHidden: true, state: .idle, at: 0)
        #expect((p.banner?.kind == .cancelled) == showsCancel)
    }

    @Test func aSuccessGivesItsRowsAndNoError() {
        var p = RefreshPresentation(messageSeconds: 3, showsCancel: true)
        #expect(p.finished(.success(3)) == 3)
        p.update(indicatorHidden: true, state: .idle, at: 0)
        #expect(p.lastError == nil && p.banner == nil)
    }

    /// Esc on a running refresh: both scenes' trace says "cancelled" (the refreshable view used to
    /// say nothing, as its machine kept an error text of its own).
    @Test(arguments: ["coordinator", "refreshable"]) func bothScenesTraceACancel(_ scene: String) async throws {
        let d = try SessionDriver(scene) { $0.refresh.duration = 5 }
        d.send(.key(.f5, []))
        await d.wait(0.3)
        d.send(.key(.escape, []))
        await d.wait(1)
        let trace = d.scene.trace()
        #expect(trace.first { $0.0 == "state" }?.1 == .string("idle"))
        #expect(trace.first { $0.0 == "error" }?.1 == .string("cancelled"))
    }
}
