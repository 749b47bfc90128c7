import CSDL2
import Testing
@testable import Desktop
@testable import ScrollEngine

/// Issue 19: the same finger moves the content the same distance on X11 (Xwayland's XI2
/// valuators) and on Wayland (SDL's wheel events), one logical pixel per point; a wheel click is
/// 40 pt in steps on both; no end-of-gesture signal reaches the app, the idle timer ends it.
/// Each path gets what its server posts for the same Wayland axis events (sway 1.7, Xwayland
/// 22.1.9, SDL 2.26.5, as measured by `make check-touchpad`): a finger axis of v px is a valuator
/// change of v / 10 (increment 1.0) on X11 and an SDL precise delta of −v / 10 on Wayland; a click
/// (axis_discrete 1) is one increment on X11 and 1.0 on Wayland.
@Suite struct TouchpadUnitTests {
    static let pointer = XI2Device(
        id: 9, name: "xwayland-pointer:13", kind: .unknown,
        scroll: [XI2ScrollValuator(number: 3, orientation: .vertical, increment: 1, flags: 2)],
        pixelsPerValuatorUnit: 10)

    /// The two paths' events for Wayland axis values `axes` (px, > 0 scrolls down; nil: a click
    /// down), `ms` apart, the X11 path entering the window first.
    func paths(_ axes: [Double?], ms: Double) -> (x11: [(Double, InputEvent)], wayland: [(Double, InputEvent)]) {
        var x = XInput2ScrollTranslator()
        _ = x.translate(.devices([Self.pointer]), at: 0)
        _ = x.translate(.enter(device: 9), at: 0.5)
        _ = x.translate(.current(device: 9, values: [3: 42]), at: 0.5)
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        a.wheelPrecision = .forVideoDriver("wayland")
        var value = 42.0
        var x11: [(Double, InputEvent)] = [], wayland: [(Double, InputEvent)] = []
        for (k, axis) in axes.enumerated() {
            let t = 1 + Double(k) * ms / 1000
            value += axis.map { $0 / 10 } ?? 1
            x11 += x.translate(.motion(device: 9, valuators: [0: 100, 1: 100, 3: value], emulated: false), at: t).map { (t, $0) }
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.timestamp = UInt32((t * 1000).rounded())
            e.wheel.preciseY = Float(axis.map { -$0 / 10 } ?? -1)
            e.wheel.y = axis == nil ? -1 : 0
            wayland += a.translate(e).map { (t, $0) }
        }
        return (x11, wayland)
    }

    /// Drives a list resting at `offset` with `events`; returns the offset at `end` and the controller.
    func drive(_ events: [(Double, InputEvent)], offset: Double, to end: Double) -> (Double, ScrollInputController) {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        sv.setContentOffset(offset)
        let input = ScrollInputController(scrollView: sv)
        var t = 0.0
        var pending = events[...]
        while t < end {
            t += 1.0 / 60
            while let (et, e) = pending.first, et <= t { input.handle(e, at: et); pending = pending.dropFirst() }
            input.processDeadlines(upTo: t)
            sv.advance(to: t)
        }
        return (sv.contentOffset, input)
    }

    /// Items 1 and 2: 40 frames of 2.5 px (on the 1.25 px grid) and of 2.3 px move the content
    /// 100 pt and 92 pt on both paths, tracking, with the same events.
    @Test(arguments: [2.5, 2.3, -2.5])
    func aFingerMovesTheContentOnePointPerPixelOnBothPaths(px: Double) {
        let (x11, wayland) = paths(Array(repeating: px, count: 40), ms: 8)
        #expect(x11.count == 40 && wayland.count == 40)  // item 4: none lost after the enter
        for ((_, a), (_, b)) in zip(x11, wayland) {
            guard case let .wheel(dx, true, .touchpad) = a, case let .wheel(dw, true, .touchpad) = b else {
                Issue.record("not touchpad deltas: \(a), \(b)"); return
            }
            #expect(abs(dx - dw) < 1e-6)
        }
        // The fingers' distance, before the release's momentum (the gesture ends 90 ms after the last delta).
        let last = 1 + 39 * 0.008
        let (moved, input) = drive(x11, offset: 5000, to: last + 0.001)
        #expect(abs((moved - 5000) - 40 * px) < 1e-6)
        #expect(input.wheelMode == .tracking)
        let (movedW, _) = drive(wayland, offset: 5000, to: last + 0.001)
        #expect(abs(movedW - moved) < 1e-4)
    }

    /// Item 3: three clicks move the content 120 pt in steps, on both paths.
    @Test func aWheelClickIsFortyPointsInStepsOnBothPaths() {
        let (x11, wayland) = paths([nil, nil, nil], ms: 120)
        for events in [x11, wayland] {
            #expect(events.map(\.1) == Array(repeating: InputEvent.wheel(dy: -1, precise: false, source: .wheel), count: 3))
            let (moved, input) = drive(Array(events.prefix(1)), offset: 5000, to: 1.01)
            #expect(input.wheelMode == .steps)
            #expect(moved > 5000 && moved < 5040)  // easing, not a jump
            #expect(drive(events, offset: 5000, to: 3).0 == 5120)
        }
        #expect(InputSettings().pointsPerNotch == 40)
    }

    /// Item 4: after the pointer enters, the first delta counts on X11 (the valuator's current
    /// value comes from the server's class info).
    @Test func theFirstDeltaAfterEnterIsNotLost() {
        let (x11, _) = paths([-2.5], ms: 8)
        #expect(x11.count == 1)
    }

    /// Item 5: neither path delivers an end-of-gesture event (SDL 2.26 does not forward
    /// axis_stop; XI2 has none): the gesture ends 90 ms after its last delta, then flings.
    @Test func theGestureEndsOnTheIdleTimerNinetyMillisecondsAfterTheLastDelta() {
        let (x11, wayland) = paths(Array(repeating: 6, count: 20), ms: 8)
        for events in [x11, wayland] {
            let last = events.last!.0
            let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
            sv.setContentOffset(5000)
            let input = ScrollInputController(scrollView: sv)
            for (t, e) in events { input.handle(e, at: t) }
            #expect(input.nextDeadline == last + 0.090)
            #expect(input.processDeadlines(upTo: last + 0.089).isEmpty)
            #expect(input.processDeadlines(upTo: last + 0.090) == .wheelGestureReleased)
            #expect(sv.phase == .decelerating)
        }
    }
}

/// A slow frame (or a busy machine) does not end a wheel gesture between two deltas.
@Suite struct LateInputTests {
    @Test func aBatchFoundAfterTheDeadlinePassedWhileBusyIsHandledJustBeforeIt() {
        // Advanced at 1.00, drew until 1.15; the gesture's deadline was 1.09.
        #expect(LateInput.handlingTime(pump: 1.15, busySince: 1.0, deadline: 1.09) == 1.09 - LateInput.margin)
        // The deadline came while the loop waited (before the last advance): a real pause.
        #expect(LateInput.handlingTime(pump: 1.15, busySince: 1.1, deadline: 1.09) == 1.15)
        // Not yet due, or no gesture: the pump time.
        #expect(LateInput.handlingTime(pump: 1.05, busySince: 1.0, deadline: 1.09) == 1.05)
        #expect(LateInput.handlingTime(pump: 1.05, busySince: 1.0, deadline: nil) == 1.05)
        // Never before the last advance.
        #expect(LateInput.handlingTime(pump: 1.2, busySince: 1.0895, deadline: 1.09) == 1.0895)
    }

    /// The gesture handled at those times keeps tracking: no release, no fling between deltas.
    @Test func theGestureGoesOnThroughASlowFrame() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        sv.setContentOffset(5000)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.wheel(dy: -0.75, precise: true, source: .touchpad), at: 1.0)
        sv.advance(to: 1.0)
        let t = LateInput.handlingTime(pump: 1.15, busySince: 1.0, deadline: input.nextDeadline)
        #expect(input.handle(.wheel(dy: -0.75, precise: true, source: .touchpad), at: t) == .consumed)
        #expect(sv.phase == .dragging)
        #expect(sv.contentOffset == 5015)
    }
}
