import Foundation
import Testing
@testable import Recording
import ScrollEngine

/// The refresh scenarios (docs/BEHAVIOUR.md, the two "Pull to refresh" sections), each asserted on its trace.
@MainActor
@Suite struct RefreshScenarioTests {
    /// States in order, repeats collapsed.
    func states(_ frames: [TraceFrame]) -> [String] {
        frames.map(\.state).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    /// Every refreshing frame shows exactly the coordinator's offset.
    func expectLockHolds(_ frames: [TraceFrame]) {
        for f in frames where f.state == "refreshing" || f.state == "completing" {
            #expect(
                f.offset == f.double("lockedOffset"),
                "frame at \(f.t) shows \(f.offset), lock holds \(String(describing: f.double("lockedOffset")))")
        }
        for f in frames { #expect(f.offset.isFinite) }
    }

    @Test func pullBelowThresholdAndReleaseDoesNotRefresh() async throws {
        let frames = try await ScenarioFiles.trace("refresh/pull-below-threshold.json")
        #expect(states(frames) == ["idle", "pulling", "idle"])
        #expect(frames.last!.int("refreshes") == 0)
        let deepest = frames.map(\.offset).min()!
        #expect(deepest < -40 && deepest > -80)
        #expect(frames.last!.offset == 0)
    }

    @Test func pullPastThresholdRunsAFullCycle() async throws {
        let frames = try await ScenarioFiles.trace("refresh/pull-past-threshold.json")
        #expect(states(frames) == ["idle", "pulling", "triggered", "refreshing", "completing", "idle"])
        #expect(frames.last!.int("refreshes") == 1)
        #expect(frames.last!.int("rows") == 203)
        expectLockHolds(frames)
        // No snap at the start: the offset moves no more per frame than the 0.25 s ease-out allows.
        let start = frames.firstIndex { $0.state == "refreshing" }!
        let released = frames[start - 1].offset
        let maxStep = abs(released - -80) * 3 * (1.0 / 60) / 0.25 + 1e-9
        for i in start..<(start + 20) { #expect(abs(frames[i].offset - frames[i - 1].offset) <= maxStep) }
        #expect(frames[start + 16].offset == -80)
        // Forwarding: frozen during refreshing and completing, one resync event after.
        let lastLocked = frames.lastIndex { $0.state == "completing" }!
        let firstLocked = frames.firstIndex { $0.state == "refreshing" }!
        let frozen = Set(frames[firstLocked...lastLocked].map { $0.int("forwarded") })
        #expect(frozen.count == 1)
        #expect(frames[lastLocked + 1].int("forwarded") == frames[lastLocked].int("forwarded") + 1)
        // No disturbance: the lock made no correction besides the content change at completion.
        #expect(frames[firstLocked...lastLocked].allSatisfy { $0.int("corrections") <= 1 })
        #expect(frames.last!.offset == 0 && frames.last!.isNull("lockedOffset"))
    }

    @Test func wheelNotchesPullAndTriggerAtGestureEnd() async throws {
        let frames = try await ScenarioFiles.trace("refresh/wheel-notch-pull.json")
        #expect(states(frames) == ["idle", "pulling", "triggered", "refreshing", "completing", "idle"])
        let firstRefreshing = frames.first { $0.state == "refreshing" }!
        // The gesture ends 90 ms after the last notch (0.32 s).
        #expect(firstRefreshing.t >= 0.41 && firstRefreshing.t < 0.41 + 1.0 / 60 + 1e-9)
        expectLockHolds(frames)
    }

    @Test(arguments: ["refresh/f5-refresh.json", "refresh/ctrl-r-refresh.json"])
    func keyboardStartsARefreshWithNoGesture(file: String) async throws {
        let frames = try await ScenarioFiles.trace(file)
        #expect(states(frames) == ["idle", "refreshing", "completing", "idle"])
        #expect(frames.first { $0.state == "refreshing" }!.t >= 0.5)
        #expect(frames.last!.int("refreshes") == 1)
        expectLockHolds(frames)
        // It eases in from the resting offset: the first refreshing frames are between 0 and −80.
        let firstIndex = frames.firstIndex { $0.state == "refreshing" }!
        #expect(frames[firstIndex + 1].offset < 0 && frames[firstIndex + 1].offset > -80)
    }

    @Test func wheelSpamDragsResizesAndKeysDuringARefreshNeverMoveTheContent() async throws {
        let frames = try await ScenarioFiles.trace("refresh/disturbances-during-refresh.json")
        #expect(states(frames) == ["idle", "pulling", "triggered", "refreshing", "completing", "idle"])
        expectLockHolds(frames)
        let during = frames.filter { $0.state == "refreshing" }
        let corrections = during.last!.int("corrections") - during.first!.int("corrections")
        // The two resizes disturb the offset (the list's layout pass restores its stale offset);
        // each costs one correction. Wheel, drag and keys are refused while scrolling is disabled.
        #expect(corrections == 2)
        // The lock does no work per frame: corrections change only at the disturbing events.
        let changes = zip(during, during.dropFirst()).filter { $0.int("corrections") != $1.int("corrections") }.map { $1.t }
        #expect(changes.count == 2)
        for t in changes { #expect([1.70, 2.20].contains { abs($0 - t) < 1.0 / 60 + 1e-9 }) }
        #expect(frames.last!.int("refreshes") == 1)
    }

    @Test func failureShowsAnErrorKeepsTheRowsAndReturnsToIdle() async throws {
        let frames = try await ScenarioFiles.trace("refresh/failure.json")
        #expect(states(frames) == ["idle", "pulling", "triggered", "refreshing", "completing", "idle"])
        #expect(frames.last!.string("error") == "network error (simulated)")
        #expect(frames.last!.int("rows") == 200)
        #expect(frames.first { $0.state == "refreshing" }!.isNull("error"))
    }

    @Test func hangEndsAtTheTimeout() async throws {
        let frames = try await ScenarioFiles.trace("refresh/hang-timeout.json")
        #expect(states(frames) == ["idle", "refreshing", "completing", "idle"])
        let firstCompleting = frames.first { $0.state == "completing" }!
        #expect(abs(firstCompleting.t - 2.5) < 1e-9)
        #expect(firstCompleting.string("error") == "timed out after 2 s")
    }

    @Test func escCancelsARunningRefresh() async throws {
        let frames = try await ScenarioFiles.trace("refresh/esc-cancel.json")
        #expect(states(frames) == ["idle", "refreshing", "completing", "idle"])
        #expect(abs(frames.first { $0.state == "completing" }!.t - 1.5) < 1e-9)
        #expect(frames.last!.string("error") == "cancelled")
    }

    @Test func aFastActionThatCompletesMidDragEndsCleanly() async throws {
        let frames = try await ScenarioFiles.trace("refresh/fast-action-mid-drag.json")
        let s = states(frames)
        #expect(Array(s.prefix(5)) == ["idle", "pulling", "refreshing", "completing", "idle"])
        expectLockHolds(frames)
        // The drag that was under way when the refresh started does not move the content after it.
        let backToIdle = frames.firstIndex { $0.t >= 0.5 && $0.state == "idle" }!
        for f in frames[backToIdle...] where f.t < 1.2 { #expect(f.offset == 0) }
        // A new pull after the release starts the second refresh.
        #expect(frames.last!.int("refreshes") == 2)
    }

    @Test func refreshableTriggersAtTheThresholdWhileStillDragging() async throws {
        let frames = try await ScenarioFiles.trace("refresh/refreshable-trigger.json")
        let first = frames.first { $0.state == "refreshing" }!
        #expect(first.t < 0.9)  // before the finger lifts
        #expect(first.double("threshold") == 75)
        #expect(frames.last!.int("refreshes") == 1)
        #expect(frames.last!.state == "idle")
        // The finger keeps control after the trigger: the content follows it down
        // until it lifts at 0.9 s, never above the refresh position, then springs back into the
        // gap of the threshold while refreshing.
        let refreshing = frames.filter { $0.state == "refreshing" }
        #expect(refreshing.allSatisfy { $0.offset <= -75 + 1e-9 })
        #expect(refreshing.contains { $0.t < 0.9 && $0.offset < -100 })
        let afterRelease = refreshing.filter { $0.t > 0.95 }
        #expect(zip(afterRelease, afterRelease.dropFirst()).allSatisfy { $1.offset >= $0.offset - 1e-9 })
        #expect(abs(refreshing.last!.offset - -75) < 5)
        #expect(frames.last!.offset == 0)
    }

    @Test func refreshableIsNotReadyUntilItRestsAtTheTop() async throws {
        let frames = try await ScenarioFiles.trace("refresh/refreshable-ready-rule.json")
        // The first drag scrolls into the content, then pulls far past the top: no trigger.
        #expect(frames.filter { $0.t < 2.5 }.allSatisfy { $0.int("refreshes") == 0 })
        #expect(frames.contains { $0.t < 1.2 && $0.bool("ready") == false && $0.offset < -75 })
        // After resting at the top for 0.1 s it is ready again and the second pull triggers.
        #expect(frames.contains { $0.t > 2.0 && $0.t < 3.0 && $0.bool("ready") == true })
        #expect(frames.last!.int("refreshes") == 1)
    }

    @Test func refreshableNeverTriggersFromAFlingBackToTheTop() async throws {
        let frames = try await ScenarioFiles.trace("refresh/refreshable-fling-to-top.json")
        #expect(frames.contains { $0.offset < -20 })  // the fling overshoots the top
        #expect(frames.allSatisfy { $0.int("refreshes") == 0 })
    }
}
