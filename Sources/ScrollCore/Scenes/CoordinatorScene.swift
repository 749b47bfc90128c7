/// The `coordinator` scene: the list with the refresh coordinator attached at run time
/// (docs/BEHAVIOUR.md, "Pull to refresh: the coordinator").
///
/// Delegate chain: ScrollView → RefreshCoordinator → ContentSync (the list's own observer).
/// The header of height `threshold` sits above the content; the indicator tracks the pull and
/// loops while the action runs; a failure shows a brief error banner and keeps the rows.
public final class CoordinatorScene: Scene {
    public let name = "coordinator"
    public private(set) var size: Size
    public let scrollView: ScrollView
    public let input: ScrollInputController
    public let coordinator: RefreshCoordinator
    public let contentSync = ContentSync()
    public let rows: SampleRows
    public let layout = ListLayout()
    public let theme: Theme
    public let behaviour: RefreshBehaviour
    public let indicator: RefreshIndicator
    let runner: RefreshActionRunner
    private var now = 0.0
    private var errorShownAt: Double?

    public init(context: SceneContext, config: RefreshCoordinatorConfig = RefreshCoordinatorConfig()) {
        let o = context.options
        size = o.size
        theme = o.theme
        behaviour = o.refresh
        indicator = o.indicator.makeIndicator(defaultColor: o.theme.subtitle)
        rows = SampleRows(count: o.rows)
        scrollView = ScrollView(viewportHeight: o.size.height, contentHeight: layout.contentHeight(rows: o.rows), profile: o.profile)
        input = ScrollInputController(scrollView: scrollView)
        coordinator = RefreshCoordinator(config: config)
        runner = context.runtime.makeRunner()
        scrollView.delegate = contentSync
        coordinator.attach(to: scrollView)
        coordinator.isDirectInput = { [unowned input] in input.isDirectInputActive }
        coordinator.startAction = { [unowned runner, behaviour] token in runner.start(token: token, behaviour: behaviour) }
        coordinator.cancelAction = { [unowned runner] token in runner.cancel(token: token) }
        coordinator.onFinish = { [unowned self] outcome in self.finished(outcome) }
    }

    private func finished(_ outcome: Result<Int, RefreshFailure>) {
        switch outcome {
        case let .success(n):
            rows.prepend(n)
            scrollView.setContentHeight(layout.contentHeight(rows: rows.count))
            contentSync.layout(scrollView)
        case .failure:
            errorShownAt = now
        }
    }

    /// Delivers finished actions; called at every event and frame.
    private func pump(_ t: Double) {
        now = max(now, t)
        coordinator.setTime(t)
        for r in runner.drain() { coordinator.deliver(r, at: t) }
    }

    public func handle(_ event: InputEvent, at t: Double) {
        pump(t)
        switch event {
        case let .resize(s):
            size = s
            scrollView.setViewportHeight(s.height)
            contentSync.layout(scrollView)
        case .key(.f5, []), .key(.r, .control):
            coordinator.beginRefresh(at: t, fromGesture: false)
        case .key(.escape, _):
            coordinator.cancel(at: t)
        default:
            if input.handle(event, at: t).released { coordinator.inputReleased() }
        }
    }

    public func advance(to t: Double) {
        pump(t)
        if input.processDeadlines(upTo: t).released { coordinator.inputReleased() }
        scrollView.advance(to: t)
        coordinator.advance(to: t, timeout: behaviour.timeout)
    }

    public nonisolated(nonsending) func waitForActions() async { await runner.waitForActions() }

    public var isAnimating: Bool {
        scrollView.isMoving || coordinator.isLocked || errorVisible
    }

    private var errorVisible: Bool {
        guard let at = errorShownAt else { return false }
        return now < at + coordinator.config.errorDisplay
    }

    public var nextDeadline: Double? {
        let timeout = coordinator.state == .refreshing ? coordinator.refreshStart + behaviour.timeout : nil
        return [input.nextDeadline, timeout].compactMap { $0 }.min()
    }

    // MARK: frame

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        let threshold = coordinator.config.threshold
        var c = layout.commands(rows: rows, offset: offset, viewport: size, theme: theme)
        let headerY = -threshold - offset
        if headerY + threshold > 0 {
            // Centre of the header, or of the revealed gap while the header is partly hidden.
            let center = Point(size.width / 2, max(headerY + threshold / 2, -offset / 2))
            c.append(contentsOf: indicatorCommands(center: center))
        }
        if errorVisible, let e = coordinator.lastError {
            let banner = Rect(x: 12, y: 12, width: size.width - 24, height: 40)
            c.append(.fill(banner, Color(hex: 0xFF3B30), cornerRadius: 10))
            c.append(.text("Couldn't refresh · 새로고침 실패: \(e)", Rect(x: 24, y: 12, width: size.width - 48, height: 40),
                           TextStyle(size: 14, weight: .semibold, color: .white, alignment: .center)))
        }
        return FrameModel(size: size, background: theme.rowBackground, commands: c)
    }

    /// The loop of the current refresh, continuous with the pull that started it.
    private var loop: RefreshLoop {
        let threshold = coordinator.config.threshold
        guard coordinator.startedByGesture else { return RefreshLoop(since: coordinator.refreshStart, handoffProgress: 0, handoffOpacity: 0) }
        return .after(pull: min(coordinator.startPull / threshold, 1), pullDistance: coordinator.startPull,
                      threshold: threshold, at: coordinator.refreshStart)
    }

    /// The indicator's phase for this frame.
    public var indicatorPhase: IndicatorPhase {
        let threshold = coordinator.config.threshold
        let pull = max(0, -(scrollView.contentOffset + scrollView.contentInsetTop))
        switch coordinator.state {
        case .idle: return .hidden
        case let .pulling(p): return .pulling(progress: p, pullDistance: pull, threshold: threshold)
        case .triggered: return .pulling(progress: 1, pullDistance: pull, threshold: threshold)
        case .refreshing: return .refreshing(loop)
        case .completing: return .completing(fraction: completingFraction, loop)
        }
    }

    private var completingFraction: Double {
        guard let held = coordinator.heldOffset(at: now) else { return 1 }
        let from = coordinator.lockedOffset, to = -coordinator.config.safeTop
        return from == to ? 1 : min(1, max(0, (held - from) / (to - from)))
    }

    func indicatorCommands(center: Point) -> [DrawCommand] {
        if coordinator.state == .completing, coordinator.lastError != nil {
            return [.text("새로고침 실패 · \(coordinator.lastError ?? "")", Rect(x: 16, y: center.y - 12, width: size.width - 32, height: 24),
                          TextStyle(size: 13, weight: .semibold, color: Color(hex: 0xFF3B30), alignment: .center))]
        }
        return indicator.commands(indicatorPhase, center: center, at: now)
    }

    public func trace() -> TraceFields {
        [
            ("state", .string(coordinator.state.name)),
            ("progress", .double(coordinator.progress)),
            ("locked", .bool(coordinator.isLocked)),
            ("lockedOffset", coordinator.heldOffset(at: now).map { .double($0) } ?? .null),
            ("corrections", .int(coordinator.corrections)),
            ("forwarded", .int(coordinator.forwarded)),
            ("refreshes", .int(coordinator.refreshes)),
            ("error", coordinator.lastError.map { .string($0) } ?? .null),
            ("rows", .int(rows.count)),
        ]
    }
}

