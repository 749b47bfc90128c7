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
/// Esc, timeout) eases the content back in over `completeDuration` and enables scrolling again;
/// if the finger still holds the content then, the refresh just ends under it.
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
        /// A frame, after the scroll view advanced: timeout, completion easing, readiness.
        case frame
    }

    public let config: RefreshableConfig
    /// Seconds after which a running action is cancelled.
    public let timeout: Double
    public private(set) var state: RefreshState = .idle
    public private(set) var isReady = true
    public private(set) var refreshes = 0
    public private(set) var lastError: String?
    public private(set) var ticket = RefreshTicket()
    /// When the current rest at exactly the top began.
    public private(set) var restStart: Double?
    /// Pull distance (pt) when the current refresh triggered.
    public private(set) var triggerPull = 0.0
    /// The completion easing: its start time and starting offset.
    public private(set) var completion: (start: Double, from: Double)?
    /// The refresh was triggered by a pull whose finger is still down: it keeps control of the
    /// content until it lets go.
    public private(set) var fingerHolds = false
    /// A refresh ended under the finger that triggered it: no new pull arms until it lets go.
    public private(set) var awaitsRelease = false
    private var now = 0.0

    public init(config: RefreshableConfig, timeout: Double) {
        self.config = config
        self.timeout = timeout
    }

    public var threshold: Double { config.threshold }
    /// Time of the last trigger (the pulse).
    public var triggeredAt: Double? { ticket.startedAt }
    public var isPulling: Bool { if case .pulling = state { return true } else { return false } }

    public mutating func handle(_ event: Event, at t: Double, input: InputFacts) -> [RefreshEffect] {
        now = max(now, t)
        var out: [RefreshEffect] = []
        switch event {
        case .didScroll:
            didScroll(input, &out)
        case .didEndDragging:
            awaitsRelease = false
            if fingerHolds {
                fingerHolds = false
                if state == .refreshing { out += pushDown() }
            }
        case .trigger:
            if state != .refreshing && state != .completing { trigger(at: t, input, &out) }
        case .endRefreshing:
            guard state == .refreshing else { break }
            out.append(.cancelAction(token: ticket.token))
            beginCompletion(at: t, input, &out)
        case let .deliver(result):
            guard ticket.accepts(result), state == .refreshing else { break }
            if case let .failure(e) = result.outcome { lastError = e.message }
            out.append(.finished(result.outcome))
            beginCompletion(at: t, input, &out)
        case .frame:
            frame(at: t, input, &out)
        }
        return out
    }

    private mutating func move(to next: RefreshState) {
        precondition(state == next || state.canMove(to: next), "refreshable view: \(state.name) → \(next.name)")
        state = next
    }

    private mutating func didScroll(_ input: InputFacts, _ out: inout [RefreshEffect]) {
        let offset = input.offset
        if offset > 0 {
            isReady = false
            restStart = nil
        } else if offset == 0 {
            if restStart == nil { restStart = now }
        } else {
            restStart = nil
        }
        if state == .refreshing, fingerHolds, offset > -threshold {
            // The finger may pull further, but not push the content above the refresh position.
            out.append(.correctOffset(-threshold))
        }
        guard state == .idle || isPulling, !awaitsRelease else { return }
        let pull = -offset
        if input.directInput && pull > 0 {
            move(to: .pulling(min(pull / threshold, 1)))
            if pull >= threshold && isReady { trigger(at: now, input, &out, keepFinger: true) }
        } else if isPulling {
            move(to: .idle)
        }
    }

    /// `keepFinger`: a pull's trigger, which leaves the dragging finger in control.
    private mutating func trigger(at t: Double, _ input: InputFacts, _ out: inout [RefreshEffect], keepFinger: Bool = false) {
        triggerPull = max(0, -input.offset)
        move(to: .refreshing)
        refreshes += 1
        let token = ticket.start(at: t)
        lastError = nil
        if keepFinger && input.isDragging {
            fingerHolds = true
            out.append(.startAction(token: token))
            return
        }
        if input.isDragging { out.append(.cancelDrag) }
        out += pushDown() + [.startAction(token: token)]
    }

    /// Pushes the content down by the threshold (the indicator sits in the gap) and disables scrolling.
    private func pushDown() -> [RefreshEffect] {
        [.stopMotion, .setScrollEnabled(false), .setInsetTop(threshold), .moveIntoGap(-threshold)]
    }

    private mutating func beginCompletion(at t: Double, _ input: InputFacts, _ out: inout [RefreshEffect]) {
        move(to: .completing)
        ticket.end()
        if fingerHolds {
            // The content was never pushed down: the refresh ends under the finger.
            fingerHolds = false
            awaitsRelease = true
            move(to: .idle)
            return
        }
        out.append(.stopMotion)
        completion = (t, input.offset)
    }

    private mutating func frame(at t: Double, _ input: InputFacts, _ out: inout [RefreshEffect]) {
        if state == .refreshing, ticket.hasTimedOut(at: t, timeout: timeout) {
            out.append(.cancelAction(token: ticket.token))
            lastError = RefreshTicket.timeoutMessage(timeout)
            beginCompletion(at: t, input, &out)
        }
        var offset = input.offset
        if let c = completion {
            let p = min(1, max(0, (t - c.start) / config.completeDuration))
            offset = c.from * (1 - Easing.easeInQuad(p))
            out.append(.setOffset(offset))
            if p >= 1 {
                completion = nil
                out += [.setInsetTop(0), .setScrollEnabled(true)]
                move(to: .idle)
            }
        }
        // Ready again after resting at exactly the top long enough (the offset this frame ends at).
        if !isReady, let start = restStart, offset == 0, now - start >= config.readyRest - 1e-9 { isReady = true }
    }
}
