/// Android's Material pull-to-refresh (`SwipeRefreshLayout`; docs/BEHAVIOUR.md, "Android
/// physics"), as a value: events in, effects out. The list never moves for it: a pull past the
/// top (the finger's distance the scroll view could not follow, `EdgeStretch.pull`) slides a
/// circle with an arrow down over the still content; released past the trigger it moves onto
/// its resting place and spins while the action runs, and shrinks away when it ends; released
/// short of it, it slides back up. The list stays scrollable while it refreshes. A refresh
/// scene under a feel with a Material refresh (`FeelProfile.refresh`) owns one.
public struct MaterialRefreshMachine: Sendable {
    public enum Event: Equatable, Sendable {
        /// The finger is `distance` points past the top (0 when it is not); `direct`: a finger or
        /// an active wheel gesture moves the list.
        case pull(distance: Double, direct: Bool)
        /// The finger that pulled let go `distance` points past the top.
        case release(distance: Double)
        /// Start a refresh with no pull (F5); ignored while one runs.
        case trigger
        /// End the running refresh from outside (Esc).
        case endRefreshing
        case deliver(RefreshResult)
        /// A frame: the timeout, and the ends of the slide-back and the shrink.
        case frame
    }

    public enum Effect: Equatable, Sendable {
        case startAction(token: Int)
        case cancelAction(token: Int)
        /// The refresh ended (rows, or the failure: an error, `.cancelled`, the timeout). Once per
        /// refresh, and the only report of its end (the machine keeps no error text).
        case finished(Result<Int, RefreshFailure>)
    }

    public enum Mode: Equatable, Sendable {
        case idle
        case pulling(distance: Double)
        /// Released short of the trigger: the circle slides back up from `from` since `start`.
        case returning(from: MaterialRefreshLook, start: Double)
        /// Released past the trigger (`from`: the look at the release; nil for F5, which grows
        /// in place) at `start`: the circle moves onto its place, then spins.
        case refreshing(from: MaterialRefreshLook?, start: Double)
        /// The refresh ended at `start`: the circle shrinks away.
        case completing(start: Double, loopStart: Double)
    }

    public let config: MaterialRefreshConfig
    public private(set) var mode: Mode = .idle
    public private(set) var statistics = RefreshStatistics()
    public private(set) var ticket: RefreshTicket

    public init(config: MaterialRefreshConfig = MaterialRefreshConfig(), timeout: Double) {
        self.config = config
        ticket = RefreshTicket(timeout: timeout)
    }

    public var refreshes: Int { statistics.refreshes }

    /// The state as the other refresh machines name it (a slide back is idle).
    public var state: RefreshState {
        switch mode {
        case .idle, .returning: return .idle
        case let .pulling(d): return .pulling(min(d / config.target, 1))
        case .refreshing: return .refreshing
        case .completing: return .completing
        }
    }

    /// Whether the machine takes a pull past the top now (otherwise the list shows it as its
    /// own overscroll, a stretch): idle or pulling, as `SwipeRefreshLayout` takes nested scrolls
    /// only then.
    public var takesPull: Bool {
        switch mode {
        case .idle, .pulling: return true
        case .returning, .refreshing, .completing: return false
        }
    }

    /// Whether the indicator still changes with time with no input.
    public var isAnimating: Bool {
        switch mode {
        case .idle, .pulling: return false
        case .returning, .refreshing, .completing: return true
        }
    }

    public mutating func handle(_ event: Event, at t: Double) -> [Effect] {
        var out: [Effect] = []
        switch event {
        case let .pull(distance, direct):
            guard takesPull else { break }
            mode = direct && distance > 0 ? .pulling(distance: distance) : .idle
        case let .release(distance):
            guard takesPull else { break }
            if distance > config.target {
                start(from: .pull(distance, config), at: t, &out)
            } else if distance > 0 {
                mode = .returning(from: .pull(distance, config), start: t)
            } else {
                mode = .idle
            }
        case .trigger:
            guard takesPull else { break }
            start(from: nil, at: t, &out)
        case .endRefreshing:
            guard case .refreshing = mode else { break }
            out.append(.cancelAction(token: ticket.token))
            complete(.failure(.cancelled), at: t, &out)
        case let .deliver(result):
            guard ticket.accepts(result), case .refreshing = mode else { break }
            complete(result.outcome, at: t, &out)
        case .frame:
            if case let .returning(_, start) = mode, t - start >= config.returnDuration - 1e-9 { mode = .idle }
            if case let .completing(start, _) = mode, t - start >= config.scaleDownDuration - 1e-9 { mode = .idle }
            if case .refreshing = mode, ticket.hasTimedOut(at: t) {
                out.append(.cancelAction(token: ticket.token))
                complete(.failure(ticket.timeoutFailure), at: t, &out)
            }
        }
        return out
    }

    private mutating func start(from look: MaterialRefreshLook?, at t: Double, _ out: inout [Effect]) {
        mode = .refreshing(from: look, start: t)
        statistics.refreshes += 1
        out.append(.startAction(token: ticket.start(at: t)))
    }

    private mutating func complete(_ outcome: Result<Int, RefreshFailure>, at t: Double, _ out: inout [Effect]) {
        guard case let .refreshing(from, start) = mode else { return }
        out.append(.finished(outcome))
        ticket.end()
        mode = .completing(start: t, loopStart: loopStart(from: from, refreshStart: start))
    }

    /// When the spinner's loop starts: once the circle is in place (at once for F5).
    private func loopStart(from: MaterialRefreshLook?, refreshStart start: Double) -> Double {
        from == nil ? start : start + config.slideDuration
    }

    /// AOSP's `DecelerateInterpolator(2)`.
    static func decelerate(_ p: Double) -> Double {
        let q = 1 - min(max(p, 0), 1)
        return 1 - q * q * q * q
    }

    /// The indicator at `t` (nil when nothing shows); `loop` is the spinner's arc `elapsed` s into
    /// its loop.
    public func look(at t: Double, loop: (Double) -> ArcSpan) -> MaterialRefreshLook? {
        let c = config
        switch mode {
        case .idle:
            return nil
        case let .pulling(d):
            return .pull(d, c)
        case let .returning(from, start):
            let p = Self.decelerate((t - start) / c.returnDuration)
            guard p < 1 else { return nil }
            // The arc is trimmed away at once; the circle moves back up.
            return MaterialRefreshLook(
                top: from.top + (c.hiddenTop - from.top) * p, scale: 1,
                arc: ArcSpan(start: from.arc.start, end: from.arc.start), arrowScale: 0, ringAlpha: from.ringAlpha)
        case let .refreshing(from, start):
            return refreshingLook(from: from, start: start, at: t, loop: loop)
        case let .completing(start, loopStart):
            var l = spinning(since: loopStart, at: t, loop: loop)
            l.scale = 1 - (t - start) / c.scaleDownDuration
            return l.scale > 1e-9 ? l : nil
        }
    }

    private func refreshingLook(from: MaterialRefreshLook?, start: Double, at t: Double, loop: (Double) -> ArcSpan) -> MaterialRefreshLook {
        let c = config
        guard let from else {
            // F5: the circle grows in place, spinning.
            var l = spinning(since: start, at: t, loop: loop)
            l.scale = min(1, max(0, (t - start) / c.scaleUpDuration))
            return l
        }
        let p = (t - start) / c.slideDuration
        guard p < 1 else { return spinning(since: loopStart(from: from, refreshStart: start), at: t, loop: loop) }
        // Moving onto its place: the arc as released, the arrow gone, the ring at full opacity.
        return MaterialRefreshLook(
            top: from.top + (c.restTop - from.top) * Self.decelerate(p), scale: 1,
            arc: from.arc, arrowScale: 0, ringAlpha: 1)
    }

    private func spinning(since: Double, at t: Double, loop: (Double) -> ArcSpan) -> MaterialRefreshLook {
        MaterialRefreshLook(top: config.restTop, scale: 1, arc: loop(max(0, t - since)), arrowScale: 0, ringAlpha: 1)
    }
}
