/// The scroll view model: offset, insets, content and viewport size, the active motion and the
/// delegate seam. Vertical only. Offsets follow UIScrollView's `contentOffset.y`: 0 at the top,
/// positive when scrolled into the content, negative when pulled past the top.
///
/// Time is passed in (seconds on the driver's clock); the model never reads a clock. Every motion
/// is a `Simulation` its physics (`ScrollPhysics`) makes, evaluated in `advance(to:)`; the rubber
/// band and where motions may end are the physics' rules too. The part of a drag (or a fling)
/// past an edge that the offset does not show is reported through one call, to the
/// `overscrollObserver` (Flutter's `OverscrollNotification`), which shows it (a stretch) or not.
public final class ScrollView {
    /// The physics plug: rubber band, release motion, animations, springs.
    public var physics: any ScrollPhysics
    /// Pointer samples older than this (s) at release give no velocity (`InputSettings`).
    public var velocityWindow: Double = InputSettings().velocityWindow
    /// How the finger's samples become its release velocity (the feel's: `FeelProfile`).
    public var velocityEstimator: VelocityEstimator
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
    /// Who hears the part of a drag or fling past an edge the offset did not show (weak; the
    /// host's `EdgeStretch`). Without one, that part is dropped.
    public weak var overscrollObserver: (any OverscrollObserver)?

    private enum Activity {
        case idle
        case dragging(startPointer: Double, startRaw: Double)
        /// A release motion, a return inside the bounds or a spring (phase decelerating or bouncing).
        case ballistic(start: Double, simulation: any Simulation)
        /// A programmatic animation (phase animating).
        case animating(start: Double, simulation: any Simulation)
    }
    private var activity: Activity = .idle
    private var tracker: VelocityTracker
    /// The velocity of the motion the last `catchMotion` stopped, and when (a drag starting then
    /// may carry it: `MomentumCarry`).
    private var caught: (velocity: Double, at: Double)?
    /// The momentum the current drag may carry into its release.
    private var momentum: MomentumCarry?
    /// Offset velocity in the last evaluated frame (points/s): the motion's, or while dragging the
    /// finger's tracked velocity (offset points/s, what a release at that moment would fling with).
    public private(set) var velocity: Double = 0

    public init(
        viewportHeight: Double, contentHeight: Double, physics: any ScrollPhysics = PhysicsProfile.iOS,
        velocityEstimator: VelocityEstimator = .leastSquares
    ) {
        self.viewportHeight = viewportHeight
        self.contentHeight = contentHeight
        self.physics = physics
        self.velocityEstimator = velocityEstimator
        self.tracker = VelocityTracker(window: velocityWindow, estimator: velocityEstimator)
    }

    /// The one overscroll call (`OverscrollObserver`); with no observer, nothing is held and a
    /// release flings.
    private func report(_ overscroll: Overscroll) -> OverscrollReply {
        overscrollObserver?.scrollView(self, overscroll: overscroll) ?? OverscrollReply()
    }

    // MARK: bounds

    public var minOffset: Double { -contentInsetTop }
    public var maxOffset: Double { max(minOffset, contentHeight + contentInsetBottom - viewportHeight) }
    public var bounds: ScrollBounds { ScrollBounds(minOffset: minOffset, maxOffset: maxOffset, viewportHeight: viewportHeight) }

    public var phase: ScrollPhase {
        switch activity {
        case .idle: return .idle
        case .dragging: return .dragging
        case let .ballistic(start, sim): return sim.isBouncing(at: lastTime - start) ? .bouncing : .decelerating
        case .animating: return .animating
        }
    }

    public var isDragging: Bool { if case .dragging = activity { return true } else { return false } }
    /// True while a simulation or animation still has to be evaluated on coming frames.
    public var isMoving: Bool {
        switch activity {
        case .ballistic, .animating: return true
        case .idle, .dragging: return false
        }
    }
    private var lastTime: Double = 0 { didSet { eventTime = max(eventTime, lastTime) } }
    /// The time of the event being handled: the latest time the view was given (by its own
    /// calls, or `noteTime`). The delegate callbacks carry it.
    public private(set) var eventTime: Double = 0

    /// Tells the view the time of the event being handled, for the callbacks it may cause (a
    /// layout pass, an effect); evaluates no motion.
    public func noteTime(_ t: Double) { eventTime = max(eventTime, t) }
    /// Time of the last change of `contentOffset` (the view's clock; -inf if it never moved).
    public private(set) var offsetChangedAt = -Double.infinity

    // MARK: direct changes

    /// Sets the offset and reports `didScroll` if it changed. Stops no motion (like UIKit's setter
    /// during a deceleration, the next frame overrides it).
    public func setContentOffset(_ y: Double) {
        guard y.isFinite, y != contentOffset else { return }
        contentOffset = y
        offsetChangedAt = lastTime
        delegate?.scrollViewDidScroll(self, at: eventTime)
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

    /// The physics' edge rule for an offset at rest whose bounds changed.
    private func clampIfIdle() {
        guard case .idle = activity else { return }
        setContentOffset(physics.restingOffset(contentOffset, in: bounds))
    }

    /// Stops any motion where it is.
    public func stopMotion() {
        switch activity {
        case .ballistic, .animating:
            activity = .idle
            velocity = 0
        case .idle, .dragging: break
        }
    }

    // MARK: drag (pointer or wheel as a virtual finger)

    /// A finger (or a wheel gesture) lands at `t`: the running motion stops where it was last
    /// evaluated (UIKit's touch that catches a deceleration), also while scrolling is disabled.
    /// It evaluates nothing: the caller brings the view to `t` first (`advance(to:)`, the input
    /// controller's tick), so the velocity it keeps for `MomentumCarry` is the one at `t`.
    public func catchMotion(at t: Double) {
        if case .ballistic = activity { caught = (velocity, t) } else { caught = nil }
        stopMotion()
    }

    /// Whether, at `t`, the view is enabled and at rest at exactly its top and has been for `rest`
    /// seconds. A pure read of the state last evaluated (`advance(to:)`); it moves no clock.
    public func restsAtTop(for rest: Double, at t: Double) -> Bool {
        isScrollEnabled && !isDragging && !isMoving && contentOffset == minOffset && t - offsetChangedAt >= rest - 1e-9
    }

    /// Starts a drag with the finger at `pointerY` (window points). Returns false if scrolling is
    /// disabled.
    @discardableResult
    public func beginDrag(pointerY: Double, at t: Double) -> Bool {
        guard isScrollEnabled else { return false }
        lastTime = t
        let held = report(.grab(at: t)).held
        activity = .dragging(startPointer: pointerY, startRaw: physics.rawOffset(forShown: contentOffset, in: bounds) + held)
        velocity = 0
        tracker = VelocityTracker(window: velocityWindow, estimator: velocityEstimator)
        tracker.add(y: pointerY, at: t)
        let carried = caught.map { $0.at == t ? physics.carriedMomentum($0.velocity) : 0 } ?? 0
        momentum = MomentumCarry(carried: carried, pointer: pointerY, at: t)
        caught = nil
        delegate?.scrollViewWillBeginDragging(self, at: eventTime)
        return true
    }

    /// Moves the finger: content follows 1:1, rubber-banded past the edges (position-based); the
    /// part the offset does not show is reported (`Overscroll.drag`).
    public func drag(pointerY: Double, at t: Double) {
        guard case let .dragging(startPointer, startRaw) = activity else { return }
        lastTime = t
        tracker.add(y: pointerY, at: t)
        momentum?.note(pointer: pointerY, at: t)
        velocity = -tracker.velocity(at: t)
        let rawOffset = startRaw - (pointerY - startPointer)
        let shown = physics.userOffset(forRaw: rawOffset, in: bounds)
        _ = report(.drag(unshown: rawOffset - shown))
        setContentOffset(shown)
    }

    /// Releases the finger. `velocity` overrides the tracked release velocity (offset points/s),
    /// as wheel gestures do. The physics makes the release motion; `didEndDragging` then reports
    /// whether one runs, and `didEndDecelerating` follows only when it has ended (as in UIKit, a
    /// release that starts no motion sends no `didEndDecelerating`). A drag that caught a motion
    /// adds the momentum its physics carries (`MomentumCarry`) to a release the same way.
    public func endDrag(at t: Double, velocity override: Double? = nil) {
        guard case .dragging = activity else { return }
        lastTime = t
        let cap = physics.maximumFlingVelocity
        let tracked = min(cap, max(-cap, override ?? -tracker.velocity(at: t)))
        let v = momentum?.release(tracked, at: t) ?? tracked
        momentum = nil
        delegate?.scrollViewWillEndDragging(self, velocity: v, at: eventTime)
        let flings = report(.release(velocity: v, at: t)).flings
        let release = Release(offset: contentOffset, velocity: flings ? v : 0, bounds: bounds)
        let willDecelerate = start(physics.ballisticSimulation(after: release), as: .ballistic, velocity: v, at: t)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate, at: eventTime)
    }

    /// Cancels a drag (input lost, scrolling disabled mid-drag): ends it as a release with no velocity.
    public func cancelDrag(at t: Double) {
        endDrag(at: t, velocity: 0)
    }

    /// The phase a started motion shows: a release's (decelerating; it starts at the release
    /// velocity) or a programmatic animation's.
    private enum MotionKind { case ballistic, animating }

    /// Runs a motion from `t`; with none, stops (at `rest` if given); one already done puts the
    /// offset at its end at once. Returns whether one runs. Every motion of the view starts here.
    @discardableResult
    private func start(
        _ simulation: (any Simulation)?, as kind: MotionKind, velocity v0: Double = 0, rest: Double? = nil,
        at t: Double
    ) -> Bool {
        guard let simulation, !simulation.isDone(at: 0) else {
            activity = .idle
            velocity = 0
            if let end = simulation?.finalPosition ?? rest { setContentOffset(end) }
            return false
        }
        switch kind {
        case .ballistic:
            activity = .ballistic(start: t, simulation: simulation)
            velocity = v0
        case .animating:
            activity = .animating(start: t, simulation: simulation)
        }
        return true
    }

    /// Brings an out-of-bounds offset back inside the bounds with the physics' release motion at
    /// no velocity (after the bounds changed under it); does nothing in bounds or while moving.
    public func returnToBounds(at t: Double) {
        guard case .idle = activity, !bounds.contains(contentOffset) else { return }
        start(physics.ballisticSimulation(after: Release(offset: contentOffset, velocity: 0, bounds: bounds)), as: .ballistic, at: t)
    }

    // MARK: programmatic

    /// Scrolls to `y` (bounded by the physics) with the physics' animation (of `duration`, default
    /// the physics' animation duration), or at once.
    public func scroll(to y: Double, animated: Bool, duration: Double? = nil, at t: Double) {
        guard y.isFinite else { return }
        let target = physics.boundedTarget(y, in: bounds)
        if case .dragging = activity { return }
        lastTime = t
        let motion =
            animated && target != contentOffset
            ? physics.animation(from: contentOffset, to: target, duration: duration ?? physics.animationDuration) : nil
        start(motion, as: .animating, rest: target, at: t)
    }

    /// Returns the content to `y` (bounded by the physics) after a refresh, as its gap closes, with
    /// the physics' refresh return (`RefreshReturnPhysics`) planned for `duration` (phase animating; a finger landing
    /// catches it as any animation). Ignored while dragging.
    public func returnAfterRefresh(to y: Double, duration: Double, at t: Double) {
        guard y.isFinite, duration.isFinite else { return }
        if case .dragging = activity { return }
        lastTime = t
        start(
            RefreshReturn.simulation(of: physics, from: contentOffset, to: physics.boundedTarget(y, in: bounds), duration: duration),
            as: .animating, at: t)
    }

    /// A wheel notch at `t`: eases by `delta` (offset points) over `duration` from where the
    /// running animation is heading, bounded, so quick notches add up to exactly their distance.
    /// The caller has brought the view to `t` (`advance(to:)`). Ignored while dragging or disabled.
    public func step(by delta: Double, duration: Double, at t: Double) {
        guard isScrollEnabled, !isDragging else { return }
        let base = phase == .animating ? targetOffset : contentOffset
        let target = physics.boundedTarget(base + delta, in: bounds)
        if target == contentOffset && !isMoving { return }
        scroll(to: target, animated: true, duration: duration, at: t)
    }

    /// Springs to `y` (bounded by the physics) with the physics' spring that starts from the current offset
    /// with `velocity` (offset points/s), so a release flows into it without a jump: the snap of
    /// a paging or snapping policy. `t` defaults to the time of the last event the view handled,
    /// which inside a delegate callback is the time of the reported event. Ignored while dragging.
    public func spring(to y: Double, velocity v0: Double, parameters: SpringParameters, at t: Double? = nil) {
        guard y.isFinite, v0.isFinite else { return }
        if case .dragging = activity { return }
        startSpring(to: y, velocity: v0, parameters: parameters, at: t ?? lastTime)
    }

    /// Starts the spring; when it is already done the offset is set at once.
    private func startSpring(to y: Double, velocity v0: Double, parameters: SpringParameters, at t: Double) {
        lastTime = t
        let target = physics.boundedTarget(y, in: bounds)
        start(physics.spring(from: contentOffset, to: target, velocity: v0, parameters: parameters), as: .ballistic, velocity: v0, at: t)
    }

    /// Where the current motion will end (the offset itself when idle or dragging).
    public var targetOffset: Double {
        switch activity {
        case .idle, .dragging: return contentOffset
        case let .ballistic(_, sim), let .animating(_, sim): return sim.finalPosition
        }
    }

    // MARK: time

    /// Sets the offset from a simulation `elapsed` seconds in; ends the motion when it is done. A
    /// release motion that stops at an edge reports its velocity there (`Overscroll.edge`: a
    /// stretch absorbs it, from the time of the impact).
    private func apply(_ sim: some Simulation, elapsed: Double, start: Double) {
        let dt = max(0, elapsed)
        if sim.isDone(at: dt) {
            activity = .idle
            velocity = 0
            setContentOffset(sim.finalPosition)
            if let impact = (sim as? any EdgeImpactSimulation)?.edgeImpact {
                _ = report(.edge(velocity: impact.velocity, impact: start + impact.time, at: start + dt))
            }
            delegate?.scrollViewDidEndDecelerating(self, at: eventTime)
        } else {
            velocity = sim.velocity(at: dt)
            setContentOffset(sim.position(at: dt))
        }
    }

    /// Evaluates the active motion at time `t` and applies it.
    public func advance(to t: Double) {
        _ = report(.tick(at: t))
        lastTime = t
        switch activity {
        case .idle:
            return
        case .dragging:
            velocity = -tracker.velocity(at: t)
        case let .ballistic(start, sim), let .animating(start, sim):
            apply(sim, elapsed: t - start, start: start)
        }
    }
}
