import Testing
@testable import Scenes
import ScrollEngine

/// Slow motion: the session clock is the real clock scaled, without jumps; a fling made four
/// times slower in real time at 0.25× is, on the session clock, the fling made at 1×.
struct TimeScaleTests {
    @Test func changingTheScaleNeverMovesTheSessionTime() {
        var s = TimeScale(1)
        #expect(s.session(atReal: 2) == 2)
        s.toggleSlowMotion(atReal: 2)
        #expect(s.scale == 0.25)
        #expect(s.session(atReal: 2) == 2)
        #expect(s.session(atReal: 6) == 3)
        #expect(s.realDelay(untilSession: 4, fromReal: 6) == 4)
        s.toggleSlowMotion(atReal: 6)
        #expect(s.scale == 1 && s.session(atReal: 7) == 4)
        var chosen = TimeScale(0.5)
        chosen.toggleSlowMotion(atReal: 0)
        chosen.toggleSlowMotion(atReal: 1)
        #expect(chosen.scale == 0.5)
        var quarter = TimeScale(0.25)
        quarter.toggleSlowMotion(atReal: 0)
        #expect(quarter.scale == 1)
        #expect(TimeScale(0.01).scale == TimeScale.range.lowerBound)
        #expect(TimeScaleText.format(0.25) == "0.25×" && TimeScaleText.format(1) == "1×")
    }

    /// A drag of 150 pt in 0.1 s real time then release, driven at 60 frames per real second;
    /// returns (session time, offset) per frame.
    func fling(scale: Double, list: String = "list") throws -> [(t: Double, offset: Double)] {
        let clock = TimeScale(scale)
        let session = try Session(scene: list, options: SceneOptions())
        let realDrag = 0.1 / scale  // the user moves as slowly as the picture
        let frames = Int((1.5 / scale) * 60)
        var trace: [(Double, Double)] = []
        let moves = Int((realDrag * 240).rounded())  // a pointer sampled at 240 Hz real time
        var events: [(real: Double, event: InputEvent)] = [(0, .pointerDown(Point(200, 600)))]
        for i in 1...moves {
            events.append((realDrag * Double(i) / Double(moves), .pointerMove(Point(200, 600 - 150 * Double(i) / Double(moves)))))
        }
        events.append((realDrag + 1e-6, .pointerUp(Point(200, 450))))
        var next = 0
        for f in 0...frames {
            let real = Double(f) / 60
            while next < events.count, events[next].real <= real {
                session.handle(events[next].event, at: clock.session(atReal: events[next].real))
                next += 1
            }
            let t = clock.session(atReal: real)
            session.advance(to: t)
            trace.append((t, session.scene.scrollView.contentOffset))
        }
        return trace
    }

    @Test func aFlingAtAQuarterSpeedIsTheSameFlingScaledBackInTime() throws {
        let normal = try fling(scale: 1)
        let slow = try fling(scale: 0.25)
        // Every 1× frame's session time is a 0.25× frame's (four slow frames per normal one).
        // From the release on (during the drag the slow run has four times the pointer samples,
        // so a frame may show a sample the normal run has not had yet).
        var compared = 0
        let after = normal.filter { $0.t > 0.1 }
        for (t, offset) in after {
            guard let match = slow.first(where: { abs($0.t - t) < 1e-9 }) else { continue }
            #expect(abs(match.offset - offset) < 0.01, "at t=\(t): \(match.offset) at 0.25×, \(offset) at 1×")
            compared += 1
        }
        #expect(compared == after.count && compared > 60)
        // And it was a fling: the content kept moving well after the finger let go.
        let released = normal.first { $0.t > 0.11 }!.offset
        #expect(normal.last!.offset > released + 50)
    }
}
