/// The decisions of the pull-to-refresh coordinator, as a value: events in, effects out
/// (`RefreshEffect`), no scroll view, no clock, no callbacks. `RefreshCoordinator` feeds it the
/// scroll view's callbacks and performs what it returns.
///
/// States: idle → pulling → triggered (past the threshold; hysteresis keeps it until the pull falls
/// below `hysteresis × threshold`) → refreshing (release while triggered, or a key) → completing →
/// idle. Only direct input arms a pull, and not the input that pulled for the last refresh until
/// it is released. While refreshing and completing the offset is held: the machine eases it from
/// the release position to the locked offset −(safeTop + threshold), and corrects any `didScroll`
/// that moved it further than `lockTolerance` from the held value (one correction per disturbance,
/// nothing per quiet frame). The original delegate hears no `didScroll` while the offset is held,
/// and one afterwards to resynchronise.
public struct RefreshCoordinatorMachine: Sendable {
    public enum Event: Equatable, Sendable {
        /// The scroll view's offset changed.
        case didScroll
        /// The finger (or the wheel's virtual finger) let go of the content.
        case didEndDragging
        /// The input that started the last pull was released (pointer up, wheel gesture end).
        case inputReleased
        /// Start a refresh: from a release while triggered, or programmatically (F5); ignored while one runs.
        case begin(fromGesture: Bool)
        /// Cancel the running refresh (Esc).
        case cancel
        /// An action's result; results of older refreshes are ignored.
        case deliver(RefreshResult)
        /// A frame: drives the easing, the timeout and the end of completion.
        case frame(timeout: Double)
    }

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
    /// Pull distance (pt) when the current refresh started, and whether a gesture started it.
    public private(set) var startPull = 0.0
    public private(set) var startedByGesture = false
    public private(set) var ticket = RefreshTicket()

    private var now = 0.0
    /// The pull that started the last refresh has not been released yet.
    private var awaitingRelease = false
    private var ease: (start: Double, from: Double, to: Double, duration: Double)?
    private var insetBefore = 0.0
    private var completeStart = 0.0

    public init(config: RefreshCoordinatorConfig = RefreshCoordinatorConfig()) { self.config = config }

    public var isLocked: Bool { state == .refreshing || state == .completing }

    /// Time the current (or last) refresh started (scene seconds).
    public var refreshStart: Double { ticket.startedAt ?? 0 }

    /// The offset held at time `t` while locked (the easing value, then the rest value).
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
        case .triggered, .refreshing, .completing: return 1
        case .idle: return 0
        }
    }

    /// Handles one event at time `t` (times only move forward) and returns what to do, in order.
    public mutating func handle(_ event: Event, at t: Double, input: InputFacts) -> [RefreshEffect] {
        now = max(now, t)
        var out: [RefreshEffect] = []
        switch event {
        case .didScroll:
            didScroll(input, &out)
        case .didEndDragging:
            switch state {
            case .triggered: begin(at: now, fromGesture: true, input, &out)
            case .pulling: move(to: .idle)
            default: break
            }
            if !isLocked { awaitingRelease = false }
        case .inputReleased:
            if !isLocked { awaitingRelease = false }
        case let .begin(fromGesture):
            if !isLocked { begin(at: t, fromGesture: fromGesture, input, &out) }
        case .cancel:
            guard state == .refreshing else { break }
            out.append(.cancelAction(token: ticket.token))
            finish(.failure(.cancelled), at: t, input, &out)
        case let .deliver(result):
            guard ticket.accepts(result), state == .refreshing else { break }
            finish(result.outcome, at: t, input, &out)
        case let .frame(timeout):
            frame(at: t, timeout: timeout, input, &out)
        }
        return out
    }

    private mutating func move(to next: RefreshState) {
        precondition(state == next || state.canMove(to: next), "refresh coordinator: \(state.name) → \(next.name)")
        state = next
    }

    private mutating func frame(at t: Double, timeout: Double, _ input: InputFacts, _ out: inout [RefreshEffect]) {
        if state == .refreshing, ticket.hasTimedOut(at: t, timeout: timeout) {
            out.append(.cancelAction(token: ticket.token))
            finish(.failure(RefreshFailure(RefreshTicket.timeoutMessage(timeout))), at: refreshStart + timeout, input, &out)
        }
        if state == .completing && t >= completeStart + config.completeDuration {
            endCompletion(input, &out)
            return
        }
        // The easing of this frame (an animation, not a correction).
        if let held = heldOffset(at: now), input.offset != held { out.append(.correctOffset(held)) }
    }

    private mutating func begin(at t: Double, fromGesture: Bool, _ input: InputFacts, _ out: inout [RefreshEffect]) {
        move(to: .refreshing)
        refreshes += 1
        let token = ticket.start(at: t)
        startPull = max(0, -(input.offset + input.insetTop))
        startedByGesture = fromGesture
        lastError = nil
        awaitingRelease = fromGesture || input.directInput
        insetBefore = input.insetTop
        out.append(.holdView)
        out.append(.setInsetTop(insetBefore + config.threshold))
        if input.isDragging { out.append(.cancelDrag) }
        out += [.stopMotion, .setScrollEnabled(false)]
        ease = (t, input.offset, lockedOffset, config.startDuration)
        out.append(.startAction(token: token))
    }

    private mutating func finish(_ outcome: Result<Int, RefreshFailure>, at t: Double, _ input: InputFacts,
                                 _ out: inout [RefreshEffect]) {
        if case let .failure(e) = outcome { lastError = e.message }
        let from = heldOffset(at: t) ?? input.offset
        move(to: .completing)
        ticket.end()
        completeStart = t
        out += [.setScrollEnabled(true), .setInsetTop(insetBefore)]
        ease = (t, from, -config.safeTop, config.completeDuration)
        out.append(.finished(outcome))
    }

    private mutating func endCompletion(_ input: InputFacts, _ out: inout [RefreshEffect]) {
        out.append(.correctOffset(-config.safeTop))
        ease = nil
        move(to: .idle)
        if !input.directInput { awaitingRelease = false }
        // One event downstream so the observers resynchronise with the real offset.
        forwarded += 1
        out += [.forwardDidScroll, .releaseView]
    }

    private mutating func didScroll(_ input: InputFacts, _ out: inout [RefreshEffect]) {
        if isLocked {
            if let held = heldOffset(at: now), abs(input.offset - held) > config.lockTolerance {
                out += [.stopMotion, .correctOffset(held)]
                corrections += 1
            }
            return
        }
        updatePull(input)
        forwarded += 1
        out.append(.forwardDidScroll)
    }

    private mutating func updatePull(_ input: InputFacts) {
        let pull = -(input.offset + input.insetTop)
        guard input.directInput, !awaitingRelease else {
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
}
