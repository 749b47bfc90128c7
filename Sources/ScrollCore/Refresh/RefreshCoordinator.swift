/// Custom pull-to-refresh coordinator (seed 000), attached to an existing scroll view at run time.
///
/// It takes the scroll view's delegate slot, keeps the original delegate and forwards every
/// callback to it, except `didScroll` while `refreshing` and `completing`. From the start of a
/// refresh it owns the offset: it eases from the release position to the locked offset
/// −(safeTop + threshold) and holds it. The lock is event-based: a `didScroll` that moved the
/// offset away from the held value is corrected at once (re-entry guarded and counted); with no
/// disturbance it does nothing per frame. After completion the downstream observers get one
/// resync `didScroll`.
public final class RefreshCoordinator: ScrollViewDelegate {
    public let config: RefreshCoordinatorConfig
    public private(set) var state: RefreshState = .idle
    /// Lock corrections made so far.
    public private(set) var corrections = 0
    /// `didScroll` events delivered downstream so far.
    public private(set) var forwarded = 0
    /// Actions started so far.
    public private(set) var refreshes = 0
    /// Last error text, if the last refresh failed.
    public private(set) var lastError: String?
    /// Time the current refresh started (scene seconds).
    public private(set) var refreshStart = 0.0
    /// Pull distance (pt) when the current refresh started, and whether a gesture started it.
    public private(set) var startPull = 0.0
    public private(set) var startedByGesture = false
    /// Illegal transitions attempted (always 0; a test asserts it).
    public private(set) var illegalTransitions = 0

    /// The original delegate (weak, as UIKit's slot).
    public private(set) weak var originalDelegate: (any ScrollViewDelegate)?
    private weak var attachedView: ScrollView?
    /// Strong while locked, so a rebuilt view tree cannot free the view mid-refresh.
    public private(set) var lockedView: ScrollView?

    /// Whether direct input (finger, active wheel gesture) moves the content now.
    public var isDirectInput: () -> Bool = { false }
    /// Starts the async action for a refresh token.
    public var startAction: (Int) -> Void = { _ in }
    /// Cancels the action of a refresh token.
    public var cancelAction: (Int) -> Void = { _ in }
    /// Called when a refresh ended: rows gained, or the failure.
    public var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in }

    private var now = 0.0
    private var correcting = false
    /// The pull that started the last refresh has not been released yet.
    private var awaitingRelease = false
    private var token = 0
    private var ease: (start: Double, from: Double, to: Double, duration: Double)?
    private var insetBefore = 0.0
    private var completeStart = 0.0

    public init(config: RefreshCoordinatorConfig = RefreshCoordinatorConfig()) { self.config = config }

    /// Takes the delegate slot of `scrollView`, keeping the original delegate to forward to.
    public func attach(to scrollView: ScrollView) {
        guard attachedView !== scrollView else { return }
        originalDelegate = scrollView.delegate
        attachedView = scrollView
        scrollView.delegate = self
    }

    public var isLocked: Bool { state == .refreshing || state == .completing }

    /// The offset the coordinator holds at time `t` (the easing value, then the rest value).
    public func heldOffset(at t: Double) -> Double? {
        guard isLocked, let e = ease else { return nil }
        let p = e.duration > 0 ? min(1, max(0, (t - e.start) / e.duration)) : 1
        return e.from + (e.to - e.from) * Easing.easeOutCubic(p)
    }

    /// The locked rest offset.
    public var lockedOffset: Double { -(config.safeTop + config.threshold) }

    /// Pull progress 0…1.
    public var progress: Double {
        switch state {
        case let .pulling(p): return p
        case .triggered, .refreshing: return 1
        case .completing: return 1
        case .idle: return 0
        }
    }

    private func move(to next: RefreshState) {
        if state != next && !state.canMove(to: next) { illegalTransitions += 1 }
        state = next
    }

    // MARK: time

    /// Sets the current time; call before handling an event or a frame.
    public func setTime(_ t: Double) { now = max(now, t) }

    /// Drives the easing (start and completion animations), the timeout and the end of completion.
    public func advance(to t: Double, timeout: Double) {
        setTime(t)
        if state == .refreshing && t >= refreshStart + timeout {
            cancelAction(token)
            finish(.failure(RefreshFailure("timed out after \(Self.seconds(timeout))")), at: refreshStart + timeout)
        }
        if state == .completing && t >= completeStart + config.completeDuration {
            endCompletion()
            return
        }
        drive()
    }

    static func seconds(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v)) s" : "\(v) s"
    }

    /// Moves the locked view to the held value of this frame (animation, not a correction).
    private func drive() {
        guard let sv = lockedView, let held = heldOffset(at: now), sv.contentOffset != held else { return }
        correcting = true
        sv.setContentOffset(held)
        correcting = false
    }

    // MARK: refresh lifecycle

    /// Starts a refresh: from a release in `triggered`, or programmatically (F5).
    public func beginRefresh(at t: Double, fromGesture: Bool) {
        guard let sv = attachedView, state != .refreshing, state != .completing else { return }
        setTime(t)
        move(to: .refreshing)
        refreshes += 1
        token += 1
        refreshStart = t
        startPull = max(0, -(sv.contentOffset + sv.contentInsetTop))
        startedByGesture = fromGesture
        lastError = nil
        awaitingRelease = fromGesture || isDirectInput()
        lockedView = sv
        insetBefore = sv.contentInsetTop
        sv.setContentInsetTop(insetBefore + config.threshold)
        if sv.isDragging { sv.cancelDrag(at: t) }
        sv.stopMotion()
        sv.isScrollEnabled = false
        ease = (t, sv.contentOffset, lockedOffset, config.startDuration)
        startAction(token)
    }

    /// Cancels a running refresh (Esc).
    public func cancel(at t: Double) {
        guard state == .refreshing else { return }
        setTime(t)
        cancelAction(token)
        finish(.failure(RefreshFailure("cancelled")), at: t)
    }

    /// Delivers an action's result. Results of older refreshes are ignored.
    public func deliver(_ result: RefreshResult, at t: Double) {
        guard result.token == token, state == .refreshing else { return }
        setTime(t)
        finish(result.outcome, at: t)
    }

    private func finish(_ outcome: Result<Int, RefreshFailure>, at t: Double) {
        guard state == .refreshing, let sv = lockedView else { return }
        if case let .failure(e) = outcome { lastError = e.message }
        let from = heldOffset(at: t) ?? sv.contentOffset
        move(to: .completing)
        completeStart = t
        sv.isScrollEnabled = true
        sv.setContentInsetTop(insetBefore)
        ease = (t, from, -config.safeTop, config.completeDuration)
        onFinish(outcome)
    }

    private func endCompletion() {
        guard let sv = lockedView else { return }
        correcting = true
        sv.setContentOffset(-config.safeTop)
        correcting = false
        ease = nil
        lockedView = nil
        move(to: .idle)
        if !isDirectInput() { awaitingRelease = false }
        // One event downstream so the observers resynchronise with the real offset.
        forwardScroll(sv)
    }

    private func forwardScroll(_ sv: ScrollView) {
        forwarded += 1
        originalDelegate?.scrollViewDidScroll(sv)
    }

    // MARK: delegate

    public func scrollViewDidScroll(_ sv: ScrollView) {
        if correcting { return }
        if isLocked {
            if let held = heldOffset(at: now), abs(sv.contentOffset - held) > config.lockTolerance {
                correcting = true
                sv.stopMotion()
                sv.setContentOffset(held)
                correcting = false
                corrections += 1
            }
            return
        }
        updatePull(sv)
        forwardScroll(sv)
    }

    private func updatePull(_ sv: ScrollView) {
        let pull = -(sv.contentOffset + sv.contentInsetTop)
        guard isDirectInput(), !awaitingRelease else {
            if case .pulling = state { move(to: .idle) } else if state == .triggered { move(to: .idle) }
            return
        }
        let progress = min(max(pull, 0) / config.threshold, 1)
        switch state {
        case .triggered:
            if pull < config.hysteresis * config.threshold { move(to: progress > 0 ? .pulling(progress) : .idle) }
        case .idle, .pulling:
            if progress >= 1 { move(to: .triggered) } else if progress > 0 { move(to: .pulling(progress)) } else if state != .idle { move(to: .idle) }
        default: break
        }
    }

    public func scrollViewWillBeginDragging(_ sv: ScrollView) {
        originalDelegate?.scrollViewWillBeginDragging(sv)
    }

    public func scrollViewWillEndDragging(_ sv: ScrollView, velocity: Double) {
        originalDelegate?.scrollViewWillEndDragging(sv, velocity: velocity)
    }

    public func scrollViewDidEndDragging(_ sv: ScrollView, willDecelerate: Bool) {
        switch state {
        case .triggered:
            beginRefresh(at: now, fromGesture: true)
        case .pulling:
            move(to: .idle)
        default: break
        }
        if !isLocked { awaitingRelease = false }
        originalDelegate?.scrollViewDidEndDragging(sv, willDecelerate: willDecelerate)
    }

    public func scrollViewDidEndDecelerating(_ sv: ScrollView) {
        originalDelegate?.scrollViewDidEndDecelerating(sv)
    }

    /// The input that started the last pull was released (pointer up, wheel gesture end).
    public func inputReleased() {
        if !isLocked { awaitingRelease = false }
    }
}
