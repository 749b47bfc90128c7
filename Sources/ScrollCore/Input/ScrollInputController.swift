/// Turns pointer, wheel and keyboard input into scroll view motions.
///
/// The pointer is a finger (1:1 drag, tracked release velocity). A wheel gesture is a virtual
/// finger: each event moves it by the delta; the gesture's idle end is its release. Keys scroll
/// with animations. It owns no state beyond the gestures; the scroll view owns the offset.
public final class ScrollInputController {
    public let scrollView: ScrollView
    public private(set) var wheel: WheelGesture
    private var wheelFinger: Double = 0
    public private(set) var pointerDown = false
    /// Number of wheel gestures that ended (released).
    public private(set) var wheelReleases = 0

    public init(scrollView: ScrollView) {
        self.scrollView = scrollView
        self.wheel = WheelGesture(idleTimeout: scrollView.profile.wheelIdleTimeout,
                                  velocityWindow: scrollView.profile.wheelVelocityWindow)
    }

    /// True while a finger or an active wheel gesture moves the content directly.
    public var isDirectInputActive: Bool { scrollView.isDragging && (pointerDown || wheel.isActive) }

    /// Ends a wheel gesture whose idle timeout fell at or before `t`, at its exact end time.
    public func processDeadlines(upTo t: Double) {
        if let end = wheel.endTime, end <= t { endWheel(at: end) }
    }

    public var nextDeadline: Double? { wheel.endTime }

    private func endWheel(at t: Double) {
        let v = wheel.end()
        wheelReleases += 1
        if scrollView.isDragging && !pointerDown {
            scrollView.endDrag(at: t, velocity: v)
        }
    }

    /// Handles scroll input; returns true if the event was consumed.
    @discardableResult
    public func handle(_ event: InputEvent, at t: Double) -> Bool {
        processDeadlines(upTo: t)
        switch event {
        case let .pointerDown(p):
            if wheel.isActive { endWheel(at: t) }
            pointerDown = true
            scrollView.advance(to: t)
            scrollView.stopMotion()
            scrollView.beginDrag(pointerY: p.y, at: t)
            return true
        case let .pointerMove(p):
            guard pointerDown else { return false }
            scrollView.drag(pointerY: p.y, at: t)
            return true
        case let .pointerUp(p):
            guard pointerDown else { return false }
            pointerDown = false
            scrollView.drag(pointerY: p.y, at: t)
            scrollView.endDrag(at: t)
            return true
        case let .wheel(dy, precise):
            guard !pointerDown else { return true }
            let profile = scrollView.profile
            let points = dy * (precise ? profile.pointsPerPreciseUnit : profile.pointsPerNotch)
            let began = wheel.add(delta: -points, precise: precise, at: t)
            if began || !scrollView.isDragging {
                scrollView.advance(to: t)
                scrollView.stopMotion()
                wheelFinger = 0
                guard scrollView.beginDrag(pointerY: 0, at: t) else { return true }
            }
            wheelFinger += points
            scrollView.drag(pointerY: wheelFinger, at: t)
            return true
        case let .key(key, _):
            return handleKey(key, at: t)
        default:
            return false
        }
    }

    private func handleKey(_ key: Key, at t: Double) -> Bool {
        let sv = scrollView
        let step = sv.profile.lineStep
        let page = max(step, sv.viewportHeight - step)
        let target: Double
        switch key {
        case .up: target = sv.targetOffset - step
        case .down: target = sv.targetOffset + step
        case .pageUp: target = sv.targetOffset - page
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
