/// The `refreshable` scene: seed 001's RefreshableScrollView — a drop-in scroll view with a
/// refresh action that triggers at the threshold while still dragging, only when "ready".
///
/// Rules: after the content was scrolled into (offset > 0) the view is not ready until it has
/// rested at exactly the top for `readyRest` seconds, so a fling back to the top never refreshes.
/// A trigger pulses the indicator (the desktop's haptic tick), pushes the content down by the
/// threshold (the indicator sits in the gap) and disables scrolling; completion (action returns,
/// or `endRefreshing`) eases the content back in over 0.1 s and re-enables scrolling.
public final class RefreshableScene: Scene, ScrollViewDelegate {
    public let name = "refreshable"
    public private(set) var size: Size
    public let scrollView: ScrollView
    public let input: ScrollInputController
    public let config: RefreshableConfig
    public let theme: Theme
    public let behaviour: RefreshBehaviour
    public private(set) var rowCount: Int
    public let indicator: RefreshIndicator
    let runner: RefreshActionRunner

    public private(set) var state: RefreshState = .idle
    public private(set) var isReady = true
    public private(set) var refreshes = 0
    public private(set) var lastError: String?
    /// Time of the last trigger (the pulse).
    public private(set) var triggeredAt: Double?
    private var restStart: Double?
    private var now = 0.0
    private var token = 0
    private var triggerPull = 0.0
    private var completion: (start: Double, from: Double)?

    public init(context: SceneContext, config: RefreshableConfig = RefreshableConfig()) {
        let o = context.options
        size = o.size
        theme = o.theme
        behaviour = o.refresh
        self.config = config
        rowCount = o.rows
        indicator = o.indicator.makeIndicator(defaultColor: o.theme.title)
        let contentHeight = Double(o.rows) * (config.boxSize.height + config.boxSpacing)
        scrollView = ScrollView(viewportHeight: o.size.height, contentHeight: contentHeight, profile: o.profile)
        input = ScrollInputController(scrollView: scrollView)
        runner = context.runtime.makeRunner()
        scrollView.delegate = self
    }

    public var threshold: Double { config.threshold }

    /// Ends a running refresh from outside (the seed's `endRefreshing()`); Esc calls it.
    public func endRefreshing(at t: Double) {
        guard state == .refreshing else { return }
        runner.cancel(token: token)
        beginCompletion(at: t)
    }

    private func pump(_ t: Double) {
        now = max(now, t)
        for r in runner.drain() where r.token == token && state == .refreshing {
            if case let .failure(e) = r.outcome { lastError = e.message }
            if case let .success(n) = r.outcome { addRows(n) }
            beginCompletion(at: t)
        }
    }

    private func addRows(_ n: Int) {
        rowCount += n
        scrollView.setContentHeight(Double(rowCount) * (config.boxSize.height + config.boxSpacing))
    }

    public func handle(_ event: InputEvent, at t: Double) {
        pump(t)
        switch event {
        case let .resize(s):
            size = s
            scrollView.setViewportHeight(s.height)
        case .key(.f5, []), .key(.r, .control):
            trigger(at: t, byPull: false)
        case .key(.escape, _):
            endRefreshing(at: t)
        default:
            input.handle(event, at: t)
        }
    }

    public func advance(to t: Double) {
        pump(t)
        input.processDeadlines(upTo: t)
        scrollView.advance(to: t)
        if state == .refreshing && t >= (triggeredAt ?? t) + behaviour.timeout {
            runner.cancel(token: token)
            lastError = "timed out after \(RefreshCoordinator.seconds(behaviour.timeout))"
            beginCompletion(at: t)
        }
        if let c = completion {
            let p = min(1, max(0, (t - c.start) / config.completeDuration))
            scrollView.setContentOffset(c.from * (1 - Easing.easeInQuad(p)))
            if p >= 1 {
                completion = nil
                scrollView.setContentInsetTop(0)
                scrollView.isScrollEnabled = true
                state = .idle
            }
        }
        updateReadiness()
    }

    public nonisolated(nonsending) func settle() async { await runner.settle() }

    private func updateReadiness() {
        guard !isReady, let start = restStart, scrollView.contentOffset == 0, now - start >= config.readyRest - 1e-9 else { return }
        isReady = true
    }

    private func trigger(at t: Double, byPull: Bool) {
        guard state != .refreshing, state != .completing else { return }
        triggerPull = max(0, -scrollView.contentOffset)
        state = .refreshing
        refreshes += 1
        token += 1
        triggeredAt = t
        lastError = nil
        if scrollView.isDragging { scrollView.cancelDrag(at: t) }
        scrollView.stopMotion()
        scrollView.isScrollEnabled = false
        scrollView.setContentInsetTop(threshold)
        scrollView.settle(at: t)
        if !scrollView.isMoving { scrollView.scroll(to: -threshold, animated: true, at: t) }
        runner.start(token: token, behaviour: behaviour)
    }

    private func beginCompletion(at t: Double) {
        state = .completing
        scrollView.stopMotion()
        completion = (t, scrollView.contentOffset)
    }

    // MARK: delegate

    public func scrollViewDidScroll(_ sv: ScrollView) {
        let offset = sv.contentOffset
        if offset > 0 {
            isReady = false
            restStart = nil
        } else if offset == 0 {
            if restStart == nil { restStart = now }
        } else {
            restStart = nil
        }
        guard state == .idle || isPulling else { return }
        let pull = -offset
        if input.isDirectInputActive && pull > 0 {
            state = .pulling(min(pull / threshold, 1))
            if pull >= threshold && isReady { trigger(at: now, byPull: true) }
        } else if isPulling {
            state = .idle
        }
    }

    private var isPulling: Bool { if case .pulling = state { return true } else { return false } }

    public var progress: Double {
        switch state {
        case let .pulling(p): return p
        case .idle: return 0
        default: return 1
        }
    }

    public var isAnimating: Bool { scrollView.isMoving || state == .refreshing || state == .completing || (!isReady && restStart != nil) }

    public var nextDeadline: Double? {
        var d = [input.nextDeadline].compactMap { $0 }
        if !isReady, let r = restStart { d.append(r + config.readyRest) }
        if state == .refreshing, let t = triggeredAt { d.append(t + behaviour.timeout) }
        return d.min()
    }

    // MARK: frame

    public var indicatorPhase: IndicatorPhase {
        let pull = max(0, -scrollView.contentOffset)
        switch state {
        case .idle, .triggered: return .hidden
        case let .pulling(p): return .pulling(progress: p, pullDistance: pull, threshold: threshold)
        case .refreshing, .completing:
            let since = triggeredAt ?? now
            let loop = RefreshLoop.after(pull: min(triggerPull / threshold, 1), pullDistance: triggerPull, threshold: threshold, at: since)
            if state == .completing, let c = completion {
                return .completing(fraction: min(1, (now - c.start) / config.completeDuration), loop)
            }
            if now - since < indicator.config.pulseSeconds {
                return .triggered(since: since, progress: 1, pullDistance: triggerPull, threshold: threshold)
            }
            return .refreshing(loop)
        }
    }

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        var c: [DrawCommand] = []
        let step = config.boxSize.height + config.boxSpacing
        let first = max(0, Int((offset / step).rounded(.down)))
        let last = min(rowCount, Int(((offset + size.height) / step).rounded(.up)) + 1)
        let x = (size.width - config.boxSize.width) / 2
        if first < last {
            for i in first..<last {
                let y = Double(i) * step - offset
                let r = Rect(x: x, y: y, width: config.boxSize.width, height: config.boxSize.height)
                c.append(.fill(r, Color(hex: 0x007AFF), cornerRadius: 0))
                c.append(.text("\(i)", r, TextStyle(size: 17, weight: .semibold, color: .white, alignment: .center)))
            }
        }
        let gap = -offset
        if gap > 0 {
            let center = Point(size.width / 2, max(gap - threshold / 2, gap / 2))
            c.append(contentsOf: indicator.commands(indicatorPhase, center: center, at: now))
        }
        if let e = lastError, state == .completing {
            c.append(.text("새로고침 실패 · \(e)", Rect(x: 16, y: 8, width: size.width - 32, height: 20),
                           TextStyle(size: 13, weight: .semibold, color: Color(hex: 0xFF3B30), alignment: .center)))
        }
        return FrameModel(size: size, background: .white, commands: c)
    }

    public func trace() -> TraceFields {
        [
            ("state", .string(state.name)),
            ("progress", .double(progress)),
            ("ready", .bool(isReady)),
            ("threshold", .double(threshold)),
            ("refreshes", .int(refreshes)),
            ("error", lastError.map { .string($0) } ?? .null),
            ("rows", .int(rowCount)),
        ]
    }
}
