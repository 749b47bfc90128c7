/// The `refreshable` scene: a drop-in scroll view with a refresh action that triggers at the
/// threshold while still dragging, only when "ready" (docs/BEHAVIOUR.md, "Pull to refresh: the
/// refreshable view"). The rules are `RefreshableMachine`'s; this scene owns it, feeds it the scroll
/// view's callbacks, key presses, results and frames, and performs the effects it returns.
/// A trigger pulses the indicator (the desktop's haptic tick).
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
    public private(set) var machine: RefreshableMachine
    /// The time of the event being handled: the scroll view's callbacks carry none.
    private var now = 0.0

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
        machine = RefreshableMachine(config: config, timeout: o.refresh.timeout)
        scrollView.delegate = self
    }

    public var threshold: Double { config.threshold }
    public var state: RefreshState { machine.state }
    public var isReady: Bool { machine.isReady }
    public var refreshes: Int { machine.refreshes }
    public var lastError: String? { machine.lastError }
    /// Time of the last trigger (the pulse).
    public var triggeredAt: Double? { machine.triggeredAt }

    /// Ends a running refresh from outside (the source's `endRefreshing()`); Esc calls it.
    public func endRefreshing(at t: Double) {
        send(.endRefreshing, at: t)
    }

    private func send(_ event: RefreshableMachine.Event, at t: Double) {
        let effects = machine.handle(event, at: t, input: InputFacts(scrollView, directInput: input.isDirectInputActive))
        for effect in effects where !scrollView.perform(effect, at: t) && !runner.perform(effect, behaviour: behaviour) {
            switch effect {
            case let .finished(.success(n)): addRows(n)
            case .finished(.failure): break
            default: preconditionFailure("unperformed refresh effect \(effect)")
            }
        }
    }

    private func pump(_ t: Double) {
        now = max(now, t)
        for r in runner.drain() { send(.deliver(r), at: t) }
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
            send(.trigger, at: t)
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
        send(.frame, at: t)
    }

    public nonisolated(nonsending) func waitForActions() async { await runner.waitForActions() }

    // MARK: delegate

    public func scrollViewDidScroll(_ sv: ScrollView) {
        send(.didScroll, at: now)
    }

    public var progress: Double {
        switch state {
        case let .pulling(p): return p
        case .idle: return 0
        default: return 1
        }
    }

    public var isAnimating: Bool {
        scrollView.isMoving || state == .refreshing || state == .completing || (!isReady && machine.restStart != nil)
    }

    public var nextDeadline: Double? {
        var d = [input.nextDeadline].compactMap { $0 }
        if !isReady, let r = machine.restStart { d.append(r + config.readyRest) }
        if let timeout = machine.ticket.deadline(timeout: behaviour.timeout) { d.append(timeout) }
        return d.min()
    }

    // MARK: frame

    public var indicatorPhase: IndicatorPhase {
        let pull = max(0, -scrollView.contentOffset)
        let triggerPull = machine.triggerPull
        switch state {
        case .idle, .triggered: return .hidden // this view never enters .triggered
        case let .pulling(p): return .pulling(progress: p, pullDistance: pull, threshold: threshold)
        case .refreshing, .completing:
            let since = triggeredAt ?? now
            let loop = RefreshLoop.after(pull: min(triggerPull / threshold, 1), pullDistance: triggerPull, threshold: threshold, at: since)
            if state == .completing, let c = machine.completion {
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
