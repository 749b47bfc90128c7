/// The decisions of the pull-to-refresh coordinator, as a value: events in, effects out
/// (`Effect`), no scroll view, no clock, no callbacks. `RefreshCoordinator` feeds it the
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
        case frame
    }

    /// What the coordinator asks its owner (`RefreshCoordinator`) to do.
    public enum Effect: Equatable, Sendable {
        case scroll(ScrollEffect)
        case startAction(token: Int)
        case cancelAction(token: Int)
        /// The refresh ended — rows gained, or the failure: an error, a cancel (`.cancelled`) or
        /// the timeout. Exactly once per refresh.
        case finished(Result<Int, RefreshFailure>)
        /// One `didScroll` goes to the original delegate.
        case forwardDidScroll
        /// Keep the scroll view alive (strongly) until `releaseView`: the refresh owns its offset.
        case holdView
        case releaseView
    }

    /// An ease of the held offset: the physics' animation, started at `start`.
    public struct Ease: Sendable {
        public var start: Double
        public var motion: any Simulation
        public func value(at t: Double) -> Double { motion.position(at: t - start) }
    }

    /// The data of a refresh while it holds the offset (refreshing, then completing).
    public struct Hold: Sendable {
        /// Pull distance (pt) when the refresh started, and whether a gesture started it.
        public var startPull: Double
        public var startedByGesture: Bool
        /// The top inset before the refresh opened its header.
        public var insetBefore: Double
        /// The input that started the refresh has not been released yet (fixed while the offset is held).
        public var awaitingRelease: Bool
        /// The start ease while refreshing; the return ease (begun when completion began) while completing.
        public var ease: Ease
        /// When the done state began, if the refresh went through it (its finish fades out while completing).
        public var doneSince: Double? = nil
    }

    /// The state with its data.
    public enum Mode: Sendable {
        /// `awaitingRelease`: the pull that started the last refresh has not been released yet.
        case idle(awaitingRelease: Bool)
        case pulling(Double)
        case triggered
        case refreshing(Hold)
        /// The action succeeded; the offset stays held until `until` (`doneSeconds` after the result).
        case done(Hold, until: Double)
        case completing(Hold)

        public var state: RefreshState {
            switch self {
            case .idle: return .idle
            case let .pulling(p): return .pulling(p)
            case .triggered: return .triggered
            case .refreshing: return .refreshing
            case .done: return .done
            case .completing: return .completing
            }
        }
    }

    public private(set) var config: RefreshCoordinatorConfig
    /// Makes the held offset's eases (the scroll view's physics).
    public private(set) var physics: any ScrollPhysics
    public private(set) var mode: Mode = .idle(awaitingRelease: false)
    /// Every change of `mode` goes through `move(to:)`, which checks the transition.
    private mutating func move(to next: Mode) {
        state.checkMove(to: next.state, in: "refresh coordinator")
        mode = next
    }
    public private(set) var statistics = RefreshStatistics()
    public private(set) var ticket: RefreshTicket

    public init(
        config: RefreshCoordinatorConfig = RefreshCoordinatorConfig(), timeout: Double = RefreshBehaviour().timeout,
        physics: any ScrollPhysics = PhysicsProfile.iOS
    ) {
        self.config = config
        self.physics = physics
        ticket = RefreshTicket(timeout: timeout)
    }

    /// New numbers (a feel file saved while the window runs): the state and a refresh in
    /// progress stay; a held offset moves to the new lock at the next correction.
    public mutating func retune(config: RefreshCoordinatorConfig, timeout: Double, physics: any ScrollPhysics) {
        self.config = config
        self.physics = physics
        ticket.timeout = timeout
    }

    public var state: RefreshState { mode.state }

    public var isLocked: Bool { hold != nil }

    /// The running (or completing) refresh.
    public var hold: Hold? {
        switch mode {
        case let .refreshing(h), let .done(h, _), let .completing(h): return h
        case .idle, .pulling, .triggered: return nil
        }
    }

    /// Sets the trigger distance (a viewport-relative trigger after a resize); not while a refresh
    /// holds the offset (its locked offset is made of it), and a pull's progress follows at its
    /// next `didScroll`.
    public mutating func setThreshold(_ threshold: Double) {
        guard !isLocked, threshold > 0, threshold.isFinite else { return }
        config.threshold = threshold
    }

    /// When the done state ends (the return begins), while it shows.
    public var doneUntil: Double? { if case let .done(_, until) = mode { return until } else { return nil } }

    /// Time the current (or last) refresh started (scene seconds).
    public var refreshStart: Double { ticket.startedAt ?? 0 }

    /// The offset held at time `t` while locked (the easing value, then the rest value).
    public func heldOffset(at t: Double) -> Double? { hold?.ease.value(at: t) }

    /// The velocity (points/s) of the held offset's ease at `t`, while it still moves (the lock
    /// easing to its rest offset, the return after a refresh); nil when nothing is held or the
    /// ease has ended.
    public func heldVelocity(at t: Double) -> Double? {
        guard let ease = hold?.ease, !ease.motion.isDone(at: t - ease.start) else { return nil }
        return ease.motion.velocity(at: t - ease.start)
    }

    /// The locked rest offset.
    public var lockedOffset: Double { -(config.safeTop + config.effectiveLockHeight) }

    /// Pull progress 0…1.
    public var progress: Double {
        switch mode {
        case let .pulling(p): return p
        case .triggered, .refreshing, .done, .completing: return 1
        case .idle: return 0
        }
    }

    /// Handles one event at time `t` (times only move forward) and returns what to do, in order.
    /// The machine keeps no time of its own: `t` is its "now" (the scene's time, `ScrollHost.now`).
    public mutating func handle(_ event: Event, at t: Double, input: InputFacts) -> [Effect] {
        var out: [Effect] = []
        switch event {
        case .didScroll:
            didScroll(input, at: t, &out)
        case .didEndDragging:
            switch mode {
            case .triggered: begin(at: t, fromGesture: true, input, &out)
            case .pulling: move(to: .idle(awaitingRelease: false))
            case .idle: mode = .idle(awaitingRelease: false)
            case .refreshing, .done, .completing: break
            }
        case .inputReleased:
            if case .idle = mode { mode = .idle(awaitingRelease: false) }
        case let .begin(fromGesture):
            if !isLocked { begin(at: t, fromGesture: fromGesture, input, &out) }
        case .cancel:
            guard case .refreshing = mode else { break }
            out.append(.cancelAction(token: ticket.token))
            finish(.failure(.cancelled), at: t, input, &out)
        case let .deliver(result):
            guard ticket.accepts(result), case .refreshing = mode else { break }
            finish(result.outcome, at: t, input, &out)
        case .frame:
            frame(at: t, input, &out)
        }
        return out
    }

    private func ease(at t: Double, from: Double, to: Double, duration: Double) -> Ease {
        Ease(start: t, motion: physics.animation(from: from, to: to, duration: duration))
    }

    private mutating func frame(at t: Double, _ input: InputFacts, _ out: inout [Effect]) {
        if case .refreshing = mode, let deadline = ticket.deadline, t >= deadline {
            out.append(.cancelAction(token: ticket.token))
            finish(.failure(ticket.timeoutFailure), at: deadline, input, &out)
        }
        // The done state's minimum time has passed: the return begins, at its end.
        if case let .done(hold, until) = mode, t >= until { beginReturn(hold, at: until, input, &out) }
        // Completion lasts `completeDuration`, longer while the physics' return still runs (asked
        // at no less than `completeDuration` in: t − start can fall a last bit short of it).
        if case let .completing(hold) = mode, t >= hold.ease.start + config.completeDuration,
            hold.ease.motion.isDone(at: max(t - hold.ease.start, config.completeDuration))
        {
            endCompletion(hold, input, &out)
            return
        }
        // The easing of this frame (an animation, not a correction).
        if let held = heldOffset(at: t), input.offset != held { out.append(.scroll(.correctOffset(held))) }
    }

    private mutating func begin(at t: Double, fromGesture: Bool, _ input: InputFacts, _ out: inout [Effect]) {
        let hold = Hold(
            startPull: max(0, -(input.offset + input.insetTop)), startedByGesture: fromGesture,
            insetBefore: input.insetTop, awaitingRelease: fromGesture || input.directInput,
            ease: ease(at: t, from: input.offset, to: lockedOffset, duration: config.startDuration))
        move(to: .refreshing(hold))
        statistics.refreshes += 1
        let token = ticket.start(at: t)
        out.append(.holdView)
        out.append(.scroll(.setInsetTop(hold.insetBefore + config.effectiveLockHeight)))
        if input.isDragging { out.append(.scroll(.cancelDrag)) }
        out += [.scroll(.stopMotion), .scroll(.setScrollEnabled(false))]
        out.append(.startAction(token: token))
    }

    private mutating func finish(
        _ outcome: Result<Int, RefreshFailure>, at t: Double, _ input: InputFacts,
        _ out: inout [Effect]
    ) {
        guard var hold = hold else { return }
        ticket.end()
        if case .success = outcome, config.doneSeconds > 0 {
            // The result is delivered now (new rows); the offset stays held while the finish shows.
            hold.doneSince = t
            move(to: .done(hold, until: t + config.doneSeconds))
            out.append(.finished(outcome))
            return
        }
        beginReturn(hold, at: t, input, &out)
        out.append(.finished(outcome))
    }

    /// The return to rest after a refresh (at its end, or at the end of the done state).
    private mutating func beginReturn(_ held: Hold, at t: Double, _ input: InputFacts, _ out: inout [Effect]) {
        var hold = held
        let from = heldOffset(at: t) ?? input.offset
        hold.ease = ease(at: t, from: from, to: -config.safeTop, duration: config.completeDuration)
        move(to: .completing(hold))
        out += [.scroll(.setScrollEnabled(true)), .scroll(.setInsetTop(hold.insetBefore))]
    }

    private mutating func endCompletion(_ hold: Hold, _ input: InputFacts, _ out: inout [Effect]) {
        out.append(.scroll(.correctOffset(-config.safeTop)))
        move(to: .idle(awaitingRelease: hold.awaitingRelease && input.directInput))
        // One event downstream so the observers resynchronise with the real offset.
        statistics.forwarded += 1
        out += [.forwardDidScroll, .releaseView]
    }

    private mutating func didScroll(_ input: InputFacts, at t: Double, _ out: inout [Effect]) {
        if isLocked {
            if let held = heldOffset(at: t), abs(input.offset - held) > config.lockTolerance {
                out += [.scroll(.stopMotion), .scroll(.correctOffset(held))]
                statistics.corrections += 1
            }
            return
        }
        updatePull(input)
        statistics.forwarded += 1
        out.append(.forwardDidScroll)
    }

    private mutating func updatePull(_ input: InputFacts) {
        let pull = -(input.offset + input.insetTop)
        let awaitingRelease = if case .idle(true) = mode { true } else { false }
        guard input.directInput, !awaitingRelease else {
            switch mode {
            case .pulling, .triggered: move(to: .idle(awaitingRelease: false))
            default: break
            }
            return
        }
        let progress = min(max(pull, 0) / config.threshold, 1)
        switch mode {
        case .triggered:
            if pull < config.hysteresis * config.threshold { move(to: progress > 0 ? .pulling(progress) : .idle(awaitingRelease: false)) }
        case .idle, .pulling:
            if progress >= 1 {
                move(to: .triggered)
            } else if progress > 0 {
                move(to: .pulling(progress))
            } else if state != .idle {
                move(to: .idle(awaitingRelease: false))
            }
        case .refreshing, .done, .completing: break
        }
    }
}
