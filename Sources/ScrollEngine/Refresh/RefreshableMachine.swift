/// The decisions of the refreshable scroll view (docs/BEHAVIOUR.md, "Pull to refresh: the
/// refreshable view"), as a value: events in, effects out. `RefreshableScene` owns it.
///
/// It triggers while the finger is still pulling, as soon as the pull reaches the threshold and
/// the view is ready (it never passes through `.triggered`): after the content was scrolled into
/// (offset > 0) the view is not ready until it has rested at exactly the top for `readyRest`
/// seconds, so a fling back to the top never refreshes. A trigger by the pull leaves the finger in
/// control (as UIRefreshControl does): the content keeps following it, but cannot be pushed above
/// the refresh position, until it lets go; then the content is pushed down by the threshold and
/// scrolling is disabled. A trigger with no finger (F5) does that at once. Completion (result,
/// Esc, timeout) returns the content with the scroll view's physics (`refreshReturn`, planned
/// for `completeDuration`), then closes the gap and enables scrolling again; if the finger still
/// holds the content then, the refresh just ends under it. Every end is one `.finished` effect:
/// rows, a failure, `.cancelled` (Esc) or the timeout's failure.
public struct RefreshableMachine: Sendable {
    public enum Event: Equatable, Sendable {
        /// The scroll view's offset changed.
        case didScroll
        /// The finger (or wheel gesture) that was dragging let go.
        case didEndDragging
        /// Start a refresh programmatically (F5); ignored while one runs.
        case trigger
        /// End the running refresh from outside (the source's `endRefreshing()`, Esc).
        case endRefreshing
        /// An action's result; results of older refreshes are ignored.
        case deliver(RefreshResult)
        /// A frame, after the scroll view advanced: timeout, the end of completion, readiness.
        case frame
    }

    /// What the refreshable view asks its owner (`RefreshableScene`) to do.
    public enum Effect: Equatable, Sendable {
        case scroll(ScrollEffect)
        case startAction(token: Int)
        case cancelAction(token: Int)
        /// The refresh ended — rows gained, or the failure: an error, a cancel (`.cancelled`) or
        /// the timeout. Exactly once per refresh.
        case finished(Result<Int, RefreshFailure>)
    }

    /// After scrolling into the content (offset > 0) the view is not ready until it has rested at
    /// exactly the top for `readyRest`: `waiting(restingSince:)` holds when that rest began (nil
    /// while not at the top).
    public enum Readiness: Equatable, Sendable {
        case ready
        case waiting(restingSince: Double?)
    }

    /// The state with its data.
    public enum Mode: Equatable, Sendable {
        /// `awaitsRelease`: a refresh ended under the finger that triggered it; no new pull arms
        /// until it lets go.
        case idle(awaitsRelease: Bool)
        case pulling(Double)
        /// `triggerPull`: the pull distance (pt) when it triggered. `fingerHolds`: the pull's finger
        /// is still down and keeps control of the content until it lets go.
        case refreshing(triggerPull: Double, fingerHolds: Bool)
        /// The action succeeded; the content stays in the gap while the finish shows, from `since`
        /// until `until` (`doneSeconds` later).
        case done(triggerPull: Double, since: Double, until: Double)
        /// The content returns (the scroll view runs the physics' refresh return) since `start`.
        case completing(triggerPull: Double, start: Double)

        public var state: RefreshState {
            switch self {
            case .idle: return .idle
            case let .pulling(p): return .pulling(p)
            case .refreshing: return .refreshing
            case .done: return .done
            case .completing: return .completing
            }
        }
    }

    public private(set) var config: RefreshableConfig
    public private(set) var mode: Mode = .idle(awaitsRelease: false)
    /// Every change of `mode` goes through `move(to:)`, which checks the transition.
    private mutating func move(to next: Mode) {
        state.checkMove(to: next.state, in: "refreshable view")
        mode = next
    }
    public private(set) var statistics = RefreshStatistics()
    public private(set) var ticket: RefreshTicket
    /// Whether a pull may trigger (one value: ready, or waiting with the time it began to rest).
    public private(set) var readiness = Readiness.ready

    public init(config: RefreshableConfig, timeout: Double) {
        self.config = config
        ticket = RefreshTicket(timeout: timeout)
    }

    /// New numbers (a feel file saved while the window runs): the state and the refresh in
    /// progress stay; the next decisions use them.
    public mutating func retune(config: RefreshableConfig, timeout: Double) {
        self.config = config
        ticket.timeout = timeout
    }

    public var state: RefreshState { mode.state }

    public var isReady: Bool { readiness == .ready }
    /// When the view becomes ready with no input (it rests at the top and waits), if it will.
    public var readyAt: Double? {
        if case let .waiting(since?) = readiness { return since + config.readyRest } else { return nil }
    }
    public var threshold: Double { config.threshold }
    public var refreshes: Int { statistics.refreshes }
    /// Time of the last trigger (the pulse).
    public var triggeredAt: Double? { ticket.startedAt }
    public var isPulling: Bool { if case .pulling = mode { return true } else { return false } }
    /// Pull distance (pt) when the running (or completing) refresh triggered.
    public var triggerPull: Double {
        switch mode {
        case let .refreshing(pull, _), let .done(pull, _, _), let .completing(pull, _): return pull
        case .idle, .pulling: return 0
        }
    }
    /// When the running completion began.
    public var completionStart: Double? {
        if case let .completing(_, start) = mode { return start } else { return nil }
    }
    /// Sets the base trigger distance (a viewport-relative trigger after a resize); only at rest
    /// (idle), since the refresh position is made of it.
    public mutating func setBaseThreshold(_ threshold: Double) {
        guard case .idle = mode, threshold > 0, threshold.isFinite else { return }
        config.defaultThreshold = threshold
        config.offsetThreshold = threshold
    }

    /// When the done state began, if the current (or completing) refresh went through it.
    public private(set) var doneSince: Double?
    /// When the done state ends (the return begins), while it shows.
    public var doneUntil: Double? { if case let .done(_, _, until) = mode { return until } else { return nil } }
    public var fingerHolds: Bool { if case .refreshing(_, true) = mode { return true } else { return false } }
    public var awaitsRelease: Bool { mode == .idle(awaitsRelease: true) }

    /// Handles one event at time `t` (times only move forward); the machine keeps no time of its
    /// own: `t` is its "now".
    public mutating func handle(_ event: Event, at t: Double, input: InputFacts) -> [Effect] {
        var out: [Effect] = []
        switch event {
        case .didScroll:
            didScroll(input, at: t, &out)
        case .didEndDragging:
            switch mode {
            case .idle: mode = .idle(awaitsRelease: false)
            case let .refreshing(pull, true):
                mode = .refreshing(triggerPull: pull, fingerHolds: false)
                out += pushDown()
            case .pulling, .refreshing, .done, .completing: break
            }
        case .trigger:
            switch mode {
            case .idle, .pulling: trigger(at: t, input, &out)
            case .refreshing, .done, .completing: break
            }
        case .endRefreshing:
            guard case .refreshing = mode else { break }
            out.append(.cancelAction(token: ticket.token))
            beginCompletion(.failure(.cancelled), at: t, input, &out)
        case let .deliver(result):
            guard ticket.accepts(result), case .refreshing = mode else { break }
            beginCompletion(result.outcome, at: t, input, &out)
        case .frame:
            frame(at: t, input, &out)
        }
        return out
    }

    private mutating func didScroll(_ input: InputFacts, at t: Double, _ out: inout [Effect]) {
        let offset = input.offset
        switch readiness {
        case _ where offset > 0: readiness = .waiting(restingSince: nil)
        case .waiting(nil) where offset == 0: readiness = .waiting(restingSince: t)
        case .waiting where offset < 0: readiness = .waiting(restingSince: nil)
        case .ready, .waiting: break
        }
        if fingerHolds, offset > -threshold {
            // The finger may pull further, but not push the content above the refresh position.
            out.append(.scroll(.correctOffset(-threshold)))
        }
        switch mode {
        case .idle(awaitsRelease: false), .pulling: break
        case .idle(awaitsRelease: true), .refreshing, .done, .completing: return
        }
        let pull = -offset
        if input.directInput && pull > 0 {
            move(to: .pulling(min(pull / threshold, 1)))
            if pull >= threshold && isReady { trigger(at: t, input, &out, keepFinger: true) }
        } else if isPulling {
            move(to: .idle(awaitsRelease: false))
        }
    }

    /// `keepFinger`: a pull's trigger, which leaves the dragging finger in control.
    private mutating func trigger(at t: Double, _ input: InputFacts, _ out: inout [Effect], keepFinger: Bool = false) {
        let holds = keepFinger && input.isDragging
        move(to: .refreshing(triggerPull: max(0, -input.offset), fingerHolds: holds))
        doneSince = nil
        statistics.refreshes += 1
        let token = ticket.start(at: t)
        if holds {
            out.append(.startAction(token: token))
            return
        }
        if input.isDragging { out.append(.scroll(.cancelDrag)) }
        out += pushDown() + [.startAction(token: token)]
    }

    /// Pushes the content down by the threshold (the indicator sits in the gap) and disables scrolling.
    private func pushDown() -> [Effect] {
        [.scroll(.stopMotion), .scroll(.setScrollEnabled(false)), .scroll(.setInsetTop(threshold)), .scroll(.moveIntoGap(-threshold))]
    }

    private mutating func beginCompletion(
        _ outcome: Result<Int, RefreshFailure>, at t: Double, _ input: InputFacts,
        _ out: inout [Effect]
    ) {
        guard case let .refreshing(pull, holds) = mode else { return }
        out.append(.finished(outcome))
        ticket.end()
        if holds {
            // The content was never pushed down: the refresh ends under the finger.
            move(to: .completing(triggerPull: pull, start: t))
            move(to: .idle(awaitsRelease: true))
            return
        }
        if case .success = outcome, config.doneSeconds > 0 {
            // The finish shows with the content still in the gap; the return waits for it.
            doneSince = t
            move(to: .done(triggerPull: pull, since: t, until: t + config.doneSeconds))
            return
        }
        beginReturn(pull, at: t, &out)
    }

    /// The return after a refresh (at its end, or at the end of the done state).
    private mutating func beginReturn(_ pull: Double, at t: Double, _ out: inout [Effect]) {
        move(to: .completing(triggerPull: pull, start: t))
        out += [.scroll(.stopMotion), .scroll(.returnAfterRefresh(to: 0, duration: config.completeDuration))]
    }

    private mutating func frame(at t: Double, _ input: InputFacts, _ out: inout [Effect]) {
        // The return has ended (the scroll view advanced it to its end, or a finger caught it):
        // the gap closes, anything left outside the bounds comes back, scrolling is enabled.
        // Checked before the timeout, so a completion begun in this frame waits for its motion.
        if case .completing = mode, !input.isMoving {
            out += [.scroll(.setInsetTop(0)), .scroll(.setScrollEnabled(true)), .scroll(.returnToBounds)]
            move(to: .idle(awaitsRelease: false))
        }
        if case .refreshing = mode, ticket.hasTimedOut(at: t) {
            out.append(.cancelAction(token: ticket.token))
            beginCompletion(.failure(ticket.timeoutFailure), at: t, input, &out)
        }
        // The done state's minimum time has passed: the content returns. From this frame, as the
        // scroll view starts the return motion at the time of the effect.
        if case let .done(pull, _, until) = mode, t >= until { beginReturn(pull, at: t, &out) }
        // Ready again after resting at exactly the top long enough (the offset this frame ends at).
        if case let .waiting(start?) = readiness, input.offset == 0, t - start >= config.readyRest - 1e-9 { readiness = .ready }
    }
}
