/// Turns pointer, wheel and keyboard input into scroll view motions.
///
/// The pointer is a finger (1:1 drag, tracked release velocity). Wheel input follows its source
/// (`WheelRules`): a touchpad gesture is a virtual finger (each event moves it by the delta; the
/// gesture's idle end is its release, with momentum); a mouse wheel's notches each ease the
/// content a fixed distance, clamped to the edges, unless the gesture began with a notch up while
/// the list rested at the top, when the notches pull (a virtual finger released with no
/// momentum); a wheel gesture that then receives a touchpad delta tracks from there on (a merged
/// pointer's first finger frame can look like a click). Keys scroll with animations. It owns no state beyond the gestures; the scroll view
/// owns the offset. Every entry point returns what happened (`InputOutcome`).
public final class ScrollInputController {
    public let scrollView: ScrollView
    /// Its numbers; `pointsPerNotch` and `lineStep` may change while it runs (a feel file saved).
    public var settings: InputSettings
    public var rules: WheelRules
    public private(set) var wheel: WheelGesture
    /// The rule of the active wheel gesture (nil when none is active).
    public private(set) var wheelMode: WheelMode?
    /// The last wheel event handled (the debug overlay shows it).
    public private(set) var lastWheel: WheelReading?
    private var wheelFinger: Double = 0
    /// Where the virtual finger was last shown: `wheelFinger` plus the coast of a pause (see
    /// `coast(to:)`).
    private var shownFinger: Double = 0
    public private(set) var pointerDown = false
    /// The last time a coast moved the content (input with no event: the coordinator counts it
    /// as a disturbance like a delta).
    public private(set) var lastCoast: Double?
    /// True while resting fingers hold a caught fling (`TouchpadSignal.hold` to `.release`).
    public private(set) var isHeld = false

    public init(scrollView: ScrollView, settings: InputSettings = InputSettings(), rules: WheelRules = WheelRules()) {
        self.scrollView = scrollView
        self.settings = settings
        self.rules = rules
        self.wheel = WheelGesture(idleTimeout: settings.wheelIdleTimeout, velocityWindow: settings.wheelVelocityWindow)
        scrollView.velocityWindow = settings.velocityWindow
    }

    /// True while a finger or an active wheel gesture moves the content directly.
    public var isDirectInputActive: Bool { scrollView.isDragging && (pointerDown || wheel.isActive) }

    /// Ends a wheel gesture whose idle timeout fell at or before `t`, at its exact end time;
    /// until then a tracking gesture whose deltas paused keeps moving (`coast(to:)`).
    @discardableResult
    public func processDeadlines(upTo t: Double) -> InputOutcome {
        if let end = wheel.endTime, end <= t { return endWheel(at: end) }
        coast(to: t)
        return []
    }

    /// Longest pause between deltas that still counts as the next delta on its way (s).
    public static let longestDeltaInterval = 0.05

    /// A tracking wheel gesture whose deltas paused (no end signal yet: the fingers may have
    /// lifted or only slowed) keeps the content moving at the gesture's velocity from one delta
    /// interval after the last delta, so it never stands still before the release; the release
    /// then goes on from there at the same velocity. The coast only moves forward: a delta that
    /// arrives after it adds to the fingers' own position, and the content waits for it there.
    private func coast(to t: Double) {
        guard wheel.isActive, wheelMode == .tracking, !pointerDown, scrollView.isDragging,
            let interval = wheel.interval
        else { return }
        let pause = t - wheel.lastEventTime - min(interval, Self.longestDeltaInterval)
        guard pause > 0 else { return }
        let fingerVelocity = -wheel.velocity
        let ahead = wheelFinger + fingerVelocity * pause
        guard (ahead - shownFinger) * fingerVelocity > 0 else { return }
        shownFinger = ahead
        lastCoast = t
        scrollView.drag(pointerY: shownFinger, at: t)
    }

    public var nextDeadline: Double? { wheel.endTime }

    /// The controller's one tick, before every event: input deadlines up to `t` (a wheel
    /// gesture's end, a coast), then the scroll view's motion evaluated at `t`. Everything the
    /// event then asks of the view (`restsAtTop`, `catchMotion`, `phase`, `step`) reads that state
    /// and moves no clock.
    private func advance(to t: Double) -> InputOutcome {
        let outcome = processDeadlines(upTo: t)
        scrollView.advance(to: t)
        return outcome
    }

    private func endWheel(at t: Double) -> InputOutcome {
        coast(to: t)
        let v = wheel.end()
        let mode = wheelMode
        wheelMode = nil
        if scrollView.isDragging && !pointerDown && mode != .steps {
            scrollView.endDrag(at: t, velocity: mode == .pulling ? 0 : v)
        }
        return .wheelGestureReleased
    }

    /// Handles scroll input at time `t`; `.consumed` is in the outcome if the event was scroll
    /// input, with the releases that happened on the way.
    @discardableResult
    public func handle(_ event: InputEvent, at t: Double) -> InputOutcome {
        var outcome = advance(to: t)
        switch event {
        case let .pointerDown(p):
            if wheel.isActive { outcome.formUnion(endWheel(at: t)) }
            pointerDown = true
            scrollView.catchMotion(at: t)
            scrollView.beginDrag(pointerY: p.y, at: t)
            outcome.insert(.consumed)
        case let .pointerMove(p):
            guard pointerDown else { return outcome }
            scrollView.drag(pointerY: p.y, at: t)
            outcome.insert(.consumed)
        case let .pointerUp(p):
            guard pointerDown else { return outcome }
            pointerDown = false
            scrollView.drag(pointerY: p.y, at: t)
            scrollView.endDrag(at: t)
            outcome.formUnion([.consumed, .pointerReleased])
        case let .wheel(dy, precise, source):
            outcome.insert(.consumed)
            guard !pointerDown else { return outcome }
            let points = settings.points(wheel: dy, precise: precise)
            var began = !wheel.isActive
            if began { wheelMode = mode(forFirst: points, source: source, precise: precise, at: t) }
            // A gesture taken for a wheel from its first delta turns out to be fingers (a merged
            // pointer's first finger frame can be a whole unit): it tracks from here on.
            // (From steps a drag begins; a pull already is one.)
            if !began && source == .touchpad, let m = wheelMode, m != .tracking {
                began = m == .steps
                wheelMode = .tracking
            }
            let mode = wheelMode ?? .tracking
            wheel.add(delta: -points, precise: precise, at: t)
            lastWheel = WheelReading(dy: dy, precise: precise, source: source, points: -points, mode: mode, at: t)
            if mode == .steps {
                step(by: -points, at: t)
            } else {
                track(points, began: began, at: t)
            }
        case let .touchpad(signal):
            outcome.insert(.consumed)
            outcome.formUnion(handle(signal, at: t))
        case let .key(key, mods):
            if handleKey(key, mods, at: t) { outcome.insert(.consumed) }
        default:
            break
        }
        return outcome
    }

    /// Fingers lifted: the wheel gesture ends now, with its release. Fingers resting: a fling
    /// stops where it is (a bounce past an edge goes on), and lifting them restarts nothing; an
    /// offset left past an edge goes back.
    private func handle(_ signal: TouchpadSignal, at t: Double) -> InputOutcome {
        switch signal {
        case .lift:
            return wheel.isActive ? endWheel(at: t) : []
        case .hold:
            guard !pointerDown, !wheel.isActive else { return [] }
            if scrollView.phase == .decelerating {
                scrollView.catchMotion(at: t)
                isHeld = true
            }
        case .release:
            guard isHeld else { return [] }
            isHeld = false
            scrollView.returnToBounds(at: t)
        }
        return []
    }

    /// The rule of a wheel gesture whose first delta is `points` (positive = towards the top).
    private func mode(forFirst points: Double, source: WheelSource, precise: Bool, at t: Double) -> WheelMode {
        guard rules.steps(source: source, precise: precise) else { return .tracking }
        return points > 0 && restsAtTop(at: t) ? .pulling : .steps
    }

    /// True when the list has rested at exactly the top for `rules.topRest` seconds.
    private func restsAtTop(at t: Double) -> Bool { scrollView.restsAtTop(for: rules.topRest, at: t) }

    /// The virtual finger: moves by `points` (positive = content towards the top).
    private func track(_ points: Double, began: Bool, at t: Double) {
        if began || !scrollView.isDragging {
            scrollView.catchMotion(at: t)
            isHeld = false
            wheelFinger = 0
            shownFinger = 0
            guard scrollView.beginDrag(pointerY: 0, at: t) else { return }
        }
        let lead = shownFinger - wheelFinger
        wheelFinger += points
        if lead * points > 0 {
            // A coast ahead in this delta's direction: the content waits there for the fingers.
            shownFinger = points > 0 ? max(shownFinger, wheelFinger) : min(shownFinger, wheelFinger)
        } else {
            // None, or one the fingers turned back from: they go on from where the content is.
            wheelFinger = shownFinger + points
            shownFinger = wheelFinger
        }
        scrollView.drag(pointerY: shownFinger, at: t)
    }

    /// One notch step (see `ScrollView.step(by:duration:at:)`).
    private func step(by delta: Double, at t: Double) {
        scrollView.step(by: delta, duration: rules.stepDuration, at: t)
    }

    /// Space pages down and Shift+Space up, as in browsers and GTK.
    private func handleKey(_ key: Key, _ mods: KeyModifiers, at t: Double) -> Bool {
        let sv = scrollView
        let step = settings.lineStep
        let page = max(step, sv.viewportHeight - step)
        let target: Double
        switch key {
        case .up: target = sv.targetOffset - step
        case .down: target = sv.targetOffset + step
        case .pageUp: target = sv.targetOffset - page
        case .space where mods.contains(.shift): target = sv.targetOffset - page
        case .pageDown, .space: target = sv.targetOffset + page
        case .home: target = sv.minOffset
        case .end: target = sv.maxOffset
        default: return false
        }
        // Keyboard scrolling is user scrolling: ignored while it is disabled (a refresh holds the offset).
        guard !sv.isDragging, sv.isScrollEnabled else { return true }
        sv.scroll(to: target, animated: true, at: t)
        return true
    }
}
