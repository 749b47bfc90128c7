/// The scroll view model: offset, insets, content and viewport size, the active motion and the
/// delegate seam. Vertical only. Offsets follow UIScrollView's `contentOffset.y`: 0 at the top,
/// positive when scrolled into the content, negative when pulled past the top.
///
/// Time is passed in (seconds on the driver's clock); the model never reads a clock. Motions are
/// pure simulations evaluated in `advance(to:)`.
public final class ScrollView {
    public var profile: PhysicsProfile
    public private(set) var contentOffset: Double = 0
    /// Extra scrollable space above the content (points).
    public private(set) var contentInsetTop: Double = 0
    public var contentInsetBottom: Double = 0
    public private(set) var contentHeight: Double
    public private(set) var viewportHeight: Double
    /// When false, drags and wheel gestures do not start; programmatic scrolls still work.
    public var isScrollEnabled = true
    /// The single delegate slot (weak, as in UIKit).
    public weak var delegate: (any ScrollViewDelegate)?
    /// What a release turns into; nil decelerates (friction and edge bounce).
    public var releasePolicy: (any ReleasePolicy)?

    private enum Activity {
        case idle
        case dragging(startPointer: Double, startRaw: Double)
        case simulating(start: Double, simulation: BouncingSimulation)
        case animating(start: Double, from: Double, to: Double, duration: Double)
        case springing(start: Double, simulation: SpringSimulation)
    }
    private var activity: Activity = .idle
    private var tracker: VelocityTracker
    /// Offset velocity in the last evaluated frame (points/s).
    public private(set) var velocity: Double = 0

    public init(viewportHeight: Double, contentHeight: Double, profile: PhysicsProfile = .iOS) {
        self.viewportHeight = viewportHeight
        self.contentHeight = contentHeight
        self.profile = profile
        self.tracker = VelocityTracker(window: profile.velocityWindow)
    }

    // MARK: bounds

    public var minOffset: Double { -contentInsetTop }
    public var maxOffset: Double { max(minOffset, contentHeight + contentInsetBottom - viewportHeight) }

    public var phase: ScrollPhase {
        switch activity {
        case .idle: return .idle
        case .dragging: return .dragging
        case let .simulating(start, sim): return sim.isBouncing(at: lastTime - start) ? .bouncing : .decelerating
        case .animating: return .animating
        case .springing: return .decelerating
        }
    }

    public var isDragging: Bool { if case .dragging = activity { return true } else { return false } }
    /// True while a simulation or animation still has to be evaluated on coming frames.
    public var isMoving: Bool {
        switch activity {
        case .simulating, .animating, .springing: return true
        default: return false
        }
    }
    private var lastTime: Double = 0
    /// Time of the last change of `contentOffset` (the view's clock; -inf if it never moved).
    public private(set) var offsetChangedAt = -Double.infinity

    // MARK: direct changes

    /// Sets the offset and reports `didScroll` if it changed. Stops no motion (like UIKit's setter
    /// during a deceleration, the next frame overrides it).
    public func setContentOffset(_ y: Double) {
        guard y.isFinite, y != contentOffset else { return }
        contentOffset = y
        offsetChangedAt = lastTime
        delegate?.scrollViewDidScroll(self)
    }

    /// Sets the offset without telling the delegate (Flutter's `correctPixels`): for the owner of
    /// the offset (a refresh holding it) putting it where it must be; its own change must not come
    /// back to it as `didScroll`. Stops no motion.
    public func correctContentOffset(_ y: Double) {
        guard y.isFinite else { return }
        contentOffset = y
    }

    public func setContentInsetTop(_ inset: Double) {
        guard inset.isFinite else { return }
        contentInsetTop = inset
    }

    /// Changes the viewport height (window resize). An idle view past its new bottom is clamped.
    public func setViewportHeight(_ h: Double) {
        guard h.isFinite, h > 0, h != viewportHeight else { return }
        viewportHeight = h
        clampIfIdle()
    }

    public func setContentHeight(_ h: Double) {
        guard h.isFinite, h >= 0, h != contentHeight else { return }
        contentHeight = h
        clampIfIdle()
    }

    private func clampIfIdle() {
        guard case .idle = activity else { return }
        if contentOffset > maxOffset { setContentOffset(maxOffset) }
    }

    /// Stops any motion where it is.
    public func stopMotion() {
        switch activity {
        case .simulating, .animating, .springing:
            activity = .idle
            velocity = 0
        default: break
        }
    }

    // MARK: drag (pointer or wheel as a virtual finger)

    /// Raw (un-rubber-banded) position corresponding to the shown offset.
    private func raw(forShown y: Double) -> Double {
        let band = profile.rubberBand
        if y < minOffset { return minOffset - band.overshoot(forShown: minOffset - y, dimension: viewportHeight) }
        if y > maxOffset { return maxOffset + band.overshoot(forShown: y - maxOffset, dimension: viewportHeight) }
        return y
    }

    private func shown(forRaw x: Double) -> Double {
        let band = profile.rubberBand
        if x < minOffset { return minOffset - band.shown(minOffset - x, dimension: viewportHeight) }
        if x > maxOffset { return maxOffset + band.shown(x - maxOffset, dimension: viewportHeight) }
        return x
    }

    /// Starts a drag with the finger at `pointerY` (window points). Returns false if scrolling is
    /// disabled.
    @discardableResult
    public func beginDrag(pointerY: Double, at t: Double) -> Bool {
        guard isScrollEnabled else { return false }
        lastTime = t
        activity = .dragging(startPointer: pointerY, startRaw: raw(forShown: contentOffset))
        velocity = 0
        tracker = VelocityTracker(window: profile.velocityWindow)
        tracker.add(y: pointerY, at: t)
        delegate?.scrollViewWillBeginDragging(self)
        return true
    }

    /// Moves the finger: content follows 1:1, rubber-banded past the edges (position-based).
    public func drag(pointerY: Double, at t: Double) {
        guard case let .dragging(startPointer, startRaw) = activity else { return }
        lastTime = t
        tracker.add(y: pointerY, at: t)
        let rawOffset = startRaw - (pointerY - startPointer)
        setContentOffset(shown(forRaw: rawOffset))
    }

    /// Releases the finger. `velocity` overrides the tracked release velocity (offset points/s),
    /// as wheel gestures do. The release policy picks the motion; `didEndDragging` then reports
    /// whether one runs, and `didEndDecelerating` follows only when it has ended (as in UIKit, a
    /// release that starts no motion sends no `didEndDecelerating`).
    public func endDrag(at t: Double, velocity override: Double? = nil) {
        guard case .dragging = activity else { return }
        lastTime = t
        let cap = profile.maximumFlingVelocity
        let v = min(cap, max(-cap, override ?? -tracker.velocity(at: t)))
        delegate?.scrollViewWillEndDragging(self, velocity: v)
        let release = Release(offset: contentOffset, velocity: v, minOffset: minOffset, maxOffset: maxOffset,
                              viewportHeight: viewportHeight)
        let willDecelerate: Bool
        switch releasePolicy?.motion(after: release) ?? .decelerate {
        case let .spring(target, parameters) where target.isFinite:
            willDecelerate = startSpring(to: target, velocity: v, parameters: parameters, at: t)
        case .decelerate, .spring:
            let outOfBounds = contentOffset < minOffset || contentOffset > maxOffset
            willDecelerate = outOfBounds || abs(v) >= profile.minimumFlingVelocity
            if willDecelerate {
                startSimulation(from: contentOffset, velocity: v, at: t)
            } else {
                activity = .idle
                velocity = 0
            }
        }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
    }

    /// Cancels a drag (input lost, scrolling disabled mid-drag): ends it as a release with no velocity.
    public func cancelDrag(at t: Double) {
        endDrag(at: t, velocity: 0)
    }

    private func startSimulation(from x0: Double, velocity v0: Double, at t: Double) {
        let sim = BouncingSimulation(rate: profile.decelerationRate, x0: x0, v0: v0,
                                     min: minOffset, max: maxOffset, spring: profile.bounce)
        activity = .simulating(start: t, simulation: sim)
        velocity = v0
    }

    /// Springs an out-of-bounds offset back inside the bounds with the bounce spring (after the
    /// bounds changed under it); does nothing in bounds or while moving.
    public func returnToBounds(at t: Double) {
        guard case .idle = activity, contentOffset < minOffset || contentOffset > maxOffset else { return }
        startSimulation(from: contentOffset, velocity: 0, at: t)
    }

    // MARK: programmatic

    /// Scrolls to `y` (clamped to the bounds) with an ease-out animation (of `duration`, default
    /// the profile's programmatic duration), or at once.
    public func scroll(to y: Double, animated: Bool, duration: Double? = nil, at t: Double) {
        guard y.isFinite else { return }
        let target = min(max(y, minOffset), maxOffset)
        if case .dragging = activity { return }
        lastTime = t
        if animated && target != contentOffset {
            activity = .animating(start: t, from: contentOffset, to: target, duration: duration ?? profile.programmaticDuration)
        } else {
            activity = .idle
            velocity = 0
            setContentOffset(target)
        }
    }

    /// Springs to `y` (clamped to the bounds) with a spring that starts from the current offset
    /// with `velocity` (offset points/s), so a release flows into it without a jump: the snap of
    /// a paging or snapping policy. `t` defaults to the time of the last event the view handled,
    /// which inside a delegate callback is the time of the reported event. Ignored while dragging.
    public func spring(to y: Double, velocity v0: Double, parameters: SpringParameters, at t: Double? = nil) {
        guard y.isFinite, v0.isFinite else { return }
        if case .dragging = activity { return }
        startSpring(to: y, velocity: v0, parameters: parameters, at: t ?? lastTime)
    }

    /// Starts the spring; returns false when it is already done (the offset is then set at once).
    @discardableResult
    private func startSpring(to y: Double, velocity v0: Double, parameters: SpringParameters, at t: Double) -> Bool {
        lastTime = t
        let target = min(max(y, minOffset), maxOffset)
        let sim = SpringSimulation(parameters, from: contentOffset, to: target, v0: v0)
        if sim.isDone(at: 0) {
            activity = .idle
            velocity = 0
            setContentOffset(target)
            return false
        }
        activity = .springing(start: t, simulation: sim)
        velocity = v0
        return true
    }

    /// Where the current motion will end (the offset itself when idle or dragging).
    public var targetOffset: Double {
        switch activity {
        case .idle, .dragging: return contentOffset
        case let .simulating(_, sim): return sim.finalPosition
        case let .animating(_, _, to, _): return to
        case let .springing(_, sim): return sim.finalPosition
        }
    }

    // MARK: time

    /// Sets the offset from a simulation `elapsed` seconds in; ends the motion when it is done.
    private func apply(_ sim: some Simulation, elapsed: Double) {
        let dt = max(0, elapsed)
        if sim.isDone(at: dt) {
            activity = .idle
            velocity = 0
            setContentOffset(sim.finalPosition)
            delegate?.scrollViewDidEndDecelerating(self)
        } else {
            velocity = sim.velocity(at: dt)
            setContentOffset(sim.position(at: dt))
        }
    }

    /// Evaluates the active motion at time `t` and applies it.
    public func advance(to t: Double) {
        lastTime = t
        switch activity {
        case .idle, .dragging:
            return
        case let .simulating(start, sim):
            apply(sim, elapsed: t - start)
        case let .springing(start, sim):
            apply(sim, elapsed: t - start)
        case let .animating(start, from, to, duration):
            let p = duration > 0 ? min(1, max(0, (t - start) / duration)) : 1
            if p >= 1 {
                activity = .idle
                velocity = 0
                setContentOffset(to)
                delegate?.scrollViewDidEndDecelerating(self)
            } else {
                let e = Easing.easeOutCubic(p)
                velocity = (to - from) * Easing.easeOutCubicDerivative(p) / duration
                setContentOffset(from + (to - from) * e)
            }
        }
    }
}
