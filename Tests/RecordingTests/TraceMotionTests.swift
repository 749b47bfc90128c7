import Testing
@testable import Recording

/// The trace tells what the content does (#28 item 6): while the coordinator eases the held
/// offset (into the lock, back after the refresh) `phase` is `animating` and `velocity` the
/// ease's; during a drag `velocity` is the finger's tracked velocity.
@MainActor
@Suite struct TraceMotionTests {
    @Test func theCoordinatorsEasesAreAnimatingWithTheirVelocity() async throws {
        let frames = try await ScenarioFiles.trace("refresh/pull-past-threshold.json")
        var eased = 0
        for (i, b) in frames.enumerated().dropLast() where ["refreshing", "completing"].contains(b.state) {
            let next = frames[i + 1]
            let ahead = next.offset - b.offset
            // The held offset moves on to the next frame and has not reached an end of its ease
            // (the lock at -80, the top at 0): an ease runs, in that direction.
            if ahead != 0, b.double("lockedOffset") == b.offset, b.offset != -80, b.offset != 0 {
                eased += 1
                #expect(b.string("phase") == "animating", "t = \(b.t): phase \(b.string("phase") ?? "-") while the held offset moves")
                let v = try #require(b.double("velocity"))
                #expect(v != 0 && (v > 0) == (ahead > 0), "t = \(b.t): velocity \(v) while the offset moves by \(ahead)")
            }
        }
        #expect(eased >= 10, "the lock and the return ran over \(eased) frames only")
        // At rest in the lock, nothing moves.
        let resting = try #require(frames.first { $0.state == "refreshing" && $0.offset == -80 && $0.string("phase") != "animating" })
        #expect(resting.double("velocity") == 0 && resting.string("phase") == "idle")
    }

    @Test func aDragReportsTheFingersVelocity() async throws {
        let frames = try await ScenarioFiles.trace("refresh/pull-past-threshold.json")
        let dragging = frames.filter { $0.string("phase") == "dragging" }
        #expect(dragging.count >= 5)
        // The finger moves down steadily: the offset velocity is negative and the same each frame
        // (a 1:1 finger, whatever the rubber band does to the offset) once the iOS estimator has
        // its three sample pairs (#30 item 8: a pair missing at the start of a drag counts 0, so
        // the frame after the first shows 0.35 + 0.05 of the speed; the first has no velocity).
        let moving = dragging.dropFirst(2).compactMap { $0.double("velocity") }.filter { $0 != 0 }
        #expect(moving.count >= 4)
        #expect(moving.allSatisfy { $0 < 0 })
        if let lo = moving.min(), let hi = moving.max() { #expect(hi - lo < 1e-6 * abs(lo)) }
    }
}
