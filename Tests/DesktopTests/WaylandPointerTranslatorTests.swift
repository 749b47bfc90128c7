import Testing
@testable import Desktop
@testable import ScrollEngine

/// The Wayland translator against recorded protocol sequences (the order `WAYLAND_DEBUG=client`
/// shows from sway 1.7 and libinput): finger frames with axis_source 1 and a closing axis_stop,
/// wheel frames with axis_source 0 and axis_discrete or axis_value120, hold gestures.
@Suite struct WaylandPointerTranslatorTests {
    /// Feeds `events`, each read at `pump` (seconds), and returns what they made.
    func feed(_ x: inout WaylandPointerTranslator, _ events: [WaylandPointerEvent], pump: Double, notBefore: Double = 0) -> [(
        InputEvent, Double
    )] {
        events.flatMap { x.translate($0, pump: pump, notBefore: notBefore) }
    }

    static func finger(_ ms: UInt32, _ v: Double) -> [WaylandPointerEvent] { [.axisSource(1), .axis(time: ms, axis: 0, value: v), .frame] }
    static func lift(_ ms: UInt32) -> [WaylandPointerEvent] { [.axisSource(1), .axisStop(time: ms, axis: 0), .frame] }

    @Test func aFingersPixelIsAPointAndItsStopIsTheLift() {
        var x = WaylandPointerTranslator()
        let a = feed(&x, Self.finger(5000, 2.5), pump: 10.0)
        #expect(a.map(\.0) == [.wheel(dy: -0.25, precise: true, source: .touchpad)])
        #expect(InputSettings().points(wheel: 0.25, precise: true) == 2.5)
        let b = feed(&x, Self.lift(5010), pump: 10.012)
        #expect(b.map(\.0) == [.touchpad(.lift)])
        // At 2 pixels per point a pixel is half a point.
        x.unitsPerPoint = 2
        #expect(feed(&x, Self.finger(5020, 3), pump: 10.03).map(\.0) == [.wheel(dy: -0.15, precise: true, source: .touchpad)])
    }

    @Test func aWheelIsToldByItsSourceAndMovesByItsSteps() {
        var x = WaylandPointerTranslator()
        // sway 1.7 (seat 7): a click is axis_discrete 1 and axis 15 px: one notch, 40 pt.
        let click = feed(&x, [.axisSource(0), .axisDiscrete(axis: 0, steps: 1), .axis(time: 100, axis: 0, value: 15), .frame], pump: 1)
        #expect(click.map(\.0) == [.wheel(dy: -1, precise: false, source: .wheel)])
        #expect(InputSettings().points(wheel: 1, precise: false) == 40)
        // Seat 8, a high-resolution wheel: a quarter step (value120 30) is a quarter notch, 10 pt.
        let quarter = feed(
            &x, [.axisSource(0), .axisValue120(axis: 0, value: -30), .axis(time: 200, axis: 0, value: -3.75), .frame], pump: 2)
        #expect(quarter.map(\.0) == [.wheel(dy: 0.25, precise: false, source: .wheel)])
        #expect(InputSettings().points(wheel: 0.25, precise: false) == 10)
        // A whole 1.0 from a finger stays a finger's 10 px (no guessing by value).
        #expect(feed(&x, Self.finger(300, 10), pump: 3).map(\.0) == [.wheel(dy: -1, precise: true, source: .touchpad)])
        // Horizontal axes do not scroll.
        #expect(feed(&x, [.axisSource(1), .axis(time: 400, axis: 1, value: 5), .frame], pump: 4).isEmpty)
    }

    @Test func timesAreTheCompositorsKeptWithinTheBatch() {
        var x = WaylandPointerTranslator()
        // The first event fixes the offset (10.0 − 5.000); a later one read 6 ms late keeps its stamp.
        let a = feed(&x, Self.finger(5000, 1), pump: 10.0)
        let b = feed(&x, Self.finger(5008, 1) + Self.lift(5012), pump: 10.018)
        #expect(a.map(\.1) == [10.0])
        #expect(b.map(\.1).map { ($0 * 1000).rounded() } == [10008, 10012])
        // Never before what the session was advanced to, never after the pump, never backwards.
        let c = feed(&x, Self.finger(5020, 1), pump: 10.05, notBefore: 10.04)
        #expect(c.map(\.1) == [10.04])
        let d = feed(&x, Self.finger(5030, 1), pump: 10.045)
        #expect(d.map(\.1) == [10.04])
    }

    /// Item 4 through a recorded sequence: a swipe, its stop, a fling; two fingers come to rest
    /// (hold begin) and lift without moving (hold end): the fling stops and stays stopped.
    @Test func aRecordedHoldStopsTheFling() {
        var x = WaylandPointerTranslator()
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.setContentOffset(1000)
        var timeline: [(InputEvent, Double)] = []
        for i in 0..<20 { timeline += feed(&x, Self.finger(UInt32(1000 + 8 * i), 7.5), pump: 1 + Double(i) * 0.008) }
        timeline += feed(&x, Self.lift(1156), pump: 1.156)
        timeline += feed(&x, [.holdBegin(time: 1400, fingers: 2)], pump: 1.4)
        timeline += feed(&x, [.holdEnd(time: 1700, cancelled: false)], pump: 1.7)
        #expect(timeline.map(\.0).suffix(3) == [.touchpad(.lift), .touchpad(.hold), .touchpad(.release)])
        var held: Double?
        for (e, t) in timeline {
            sv.advance(to: t)
            input.handle(e, at: t)
            if e == .touchpad(.lift) { #expect(sv.phase == .decelerating) }
            if e == .touchpad(.hold) { held = sv.contentOffset; #expect(sv.phase == .idle) }
        }
        sv.advance(to: 3)
        #expect(held != nil && sv.contentOffset == held && sv.phase == .idle)
        // Without the hold the same fling would have gone on past 1.4 s.
        let sv2 = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        sv2.setContentOffset(1000)
        let replay = ScrollInputController(scrollView: sv2)
        for (e, t) in timeline where e != .touchpad(.hold) && e != .touchpad(.release) { sv2.advance(to: t); replay.handle(e, at: t) }
        sv2.advance(to: 3)
        #expect(sv2.contentOffset > held! + 50)
    }
}
