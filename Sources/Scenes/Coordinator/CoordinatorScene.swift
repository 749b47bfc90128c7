import ScrollEngine

/// The `coordinator` scene: the list with the refresh coordinator attached at run time
/// (docs/BEHAVIOUR.md, "Pull to refresh: the coordinator").
///
/// Delegate chain: ScrollView → RefreshCoordinator → ContentSync (the list's own observer).
/// The header of height `threshold` sits above the content; the indicator tracks the pull and
/// loops while the action runs; a failure or a cancel leaves one message (`RefreshMessageBanner`)
/// and keeps the rows. The list sits under a navigation bar with a large title (`NavigationBar`).
public final class CoordinatorScene: Scene {
    public static let descriptor = SceneDescriptor(name: "coordinator", key: 1, prefersLottie: true, refreshes: true) {
        CoordinatorScene(context: $0, config: $0.options.coordinator)
    }
    public let host: ScrollHost
    public let coordinator: RefreshCoordinator
    public let contentSync = ContentSync()
    public let rows: SampleRows
    public let layout = ListLayout()
    public var theme: Theme
    public private(set) var behaviour: RefreshBehaviour
    public private(set) var indicator: RefreshIndicator
    let runner: RefreshActionRunner
    public let bar = NavigationBar(title: "Inbox · 받은편지함")
    let measurer: any TextMeasurer
    /// The rows' growth, the message a failure or a cancel leaves, and its timing.
    public private(set) var presentation: RefreshPresentation
    private var now: Double { host.now }
    /// The message of the last refresh that failed or was cancelled, while it shows.
    public var banner: RefreshMessageBanner? { presentation.banner }
    /// The refresh of the feel's style: the coordinator, or under a physics with a Material
    /// refresh (Android) the Material circle, which then takes the pull, F5, Esc and the results
    /// (docs/BEHAVIOUR.md, "Android physics"). A retune to another style swaps it when idle.
    let refresh: RefreshSlot
    /// The Material refresh, when it is the one in use (tests).
    var material: MaterialRefresh? { refresh.current as? MaterialRefresh }

    public init(context: SceneContext, config: RefreshCoordinatorConfig = RefreshCoordinatorConfig()) {
        let o = context.options
        theme = o.theme
        behaviour = o.refresh
        indicator = o.indicator.makeIndicator(defaultColor: o.theme.spinner)
        rows = SampleRows(count: o.rows)
        measurer = context.textMeasurer
        host = ScrollHost(
            size: o.size, topInset: NavigationBar.barHeight,
            contentHeight: NavigationBar.largeTitleHeight + layout.contentHeight(rows: o.rows), feel: o.profile, input: o.input)
        runner = context.runtime.makeRunner()
        presentation = RefreshPresentation(messageSeconds: o.refresh.messageSeconds, showsCancel: true)
        let tuned = Self.tuned(config, o.refresh, viewportHeight: host.viewportHeight)
        coordinator = RefreshCoordinator(config: tuned, actions: runner, behaviour: behaviour, physics: host.scrollView.physics)
        host.scrollView.delegate = contentSync
        coordinator.attach(to: host.scrollView)
        coordinator.isDirectInput = { [unowned host] in host.input.isDirectInputActive }
        refresh = RefreshSlot(uikit: coordinator)
        refresh.makeMaterial = { [unowned self] in RefreshSlot.material($0, host: host, runner: runner, behaviour: behaviour, theme: theme)
        }
        refresh.onStart = { [unowned self] in self.presentation.started() }
        refresh.onFinish = { [unowned self] outcome in self.finished(outcome) }
        refresh.want(o.profile.refresh)
    }

    private func finished(_ outcome: Result<Int, RefreshFailure>) {
        let n = presentation.finished(outcome)
        guard case .success = outcome else { return }
        rows.prepend(n)
        scrollView.setContentHeight(NavigationBar.largeTitleHeight + layout.contentHeight(rows: rows.count))
        contentSync.layout(scrollView)
    }

    /// The indicator that hides is the refresh's own (the Material circle), else the coordinator's.
    private func updateBanner() {
        let hidden = refresh.current.indicatorGone(at: now) ?? (indicatorPhase == .hidden)
        presentation.update(indicatorHidden: hidden, state: refresh.current.state, at: now)
    }

    /// Delivers finished actions; called at every event and frame.
    private func pump(_ t: Double) {
        host.note(t)
        for r in runner.drain() { refresh.current.deliver(r, at: t) }
        updateBanner()
        refresh.switchIfIdle()
    }

    public func handle(_ event: InputEvent, at t: Double) {
        pump(t)
        switch event {
        case .key(.f5, []), .key(.r, .control): refresh.current.trigger(at: t)
        case .key(.escape, _): refresh.current.cancel(at: t)
        default:
            // The host takes a resize and the scroll input; the trigger and the layout follow a
            // resize; the input's release and pull go to the refresh.
            let released = host.handle(event, at: t).released
            if case .resize = event {
                if let f = behaviour.triggerFraction { coordinator.setThreshold(f * host.viewportHeight) }
                contentSync.layout(scrollView)
            } else {
                if released { refresh.current.inputReleased(at: t) }
                refresh.current.inputApplied(at: t)
            }
        }
    }

    public func advance(to t: Double) {
        pump(t)
        let r = refresh.current
        host.advance(to: t) { r.inputReleased(at: t) }
        r.frame(at: t)
        updateBanner()
    }

    public nonisolated(nonsending) func waitForActions() async { await runner.waitForActions() }

    public var isAnimating: Bool {
        host.isMoving || coordinator.isLocked || presentation.isAnimating(at: now) || refresh.current.isAnimating
    }

    public var nextDeadline: Double? {
        [host.nextDeadline, coordinator.deadline, refresh.current.deadline, presentation.nextDeadline(after: now)].compactMap { $0 }.min()
    }

    // MARK: frame

    /// New numbers of the feel: physics, input, the coordinator's numbers, the indicator and
    /// the theme. The offset and a refresh in progress stay.
    public func retune(_ options: SceneOptions) {
        host.retune(feel: options.profile, input: options.input)
        theme = options.theme
        behaviour = options.refresh
        indicator = options.indicator.makeIndicator(defaultColor: options.theme.spinner)
        coordinator.retune(
            config: Self.tuned(options.coordinator, options.refresh, viewportHeight: host.viewportHeight),
            behaviour: options.refresh, physics: host.scrollView.physics)
        refresh.want(options.profile.refresh)
    }

    /// `config` with the refresh behaviour's done time and viewport-relative trigger distance, when set.
    static func tuned(_ config: RefreshCoordinatorConfig, _ refresh: RefreshBehaviour, viewportHeight: Double) -> RefreshCoordinatorConfig {
        var tuned = config
        if refresh.doneSeconds > 0 { tuned.doneSeconds = refresh.doneSeconds }
        if let f = refresh.triggerFraction { tuned.threshold = f * viewportHeight }
        return tuned
    }

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        // The header is the gap the content is held at while refreshing.
        let threshold = coordinator.config.effectiveLockHeight
        let width = size.width
        let viewport = Size(width, host.viewportHeight)
        // The scrolling area, in content-relative coordinates: y 0 is the top of the large title.
        var content = bar.largeTitle(width: width, y: -offset, theme: theme)
        content += layout.rowCommands(rows: rows, offset: offset, viewport: viewport, top: NavigationBar.largeTitleHeight, theme: theme)
        let headerY = -threshold - offset
        if headerY + threshold > 0 {
            // Centre of the header, or of the revealed gap while the header is partly hidden.
            let center = Point(width / 2, max(headerY + threshold / 2, -offset / 2))
            content.append(contentsOf: indicatorCommands(center: center))
        }
        var drawn = host.stretched(content)
        drawn += refresh.current.overlay(at: now, width: width)
        let c = bar.screen(content: drawn, offset: offset, size: size, banner: banner, at: now, theme: theme, measurer: measurer)
        return FrameModel(size: size, background: theme.rowBackground, commands: c)
    }

    /// The loop of the current refresh, continuous with the pull that started it.
    private var loop: RefreshLoop {
        let threshold = coordinator.config.threshold
        guard coordinator.startedByGesture else {
            return RefreshLoop(since: coordinator.refreshStart, handoffProgress: 0, handoffOpacity: 0)
        }
        return .after(
            pull: min(coordinator.startPull / threshold, 1), pullDistance: coordinator.startPull,
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
        case .done: return .done(since: coordinator.doneSince ?? now, fraction: 0)
        case .completing:
            if let since = coordinator.doneSince { return .done(since: since, fraction: completingFraction) }
            return .completing(fraction: completingFraction, loop)
        }
    }

    private var completingFraction: Double {
        guard let held = coordinator.heldOffset(at: now) else { return 1 }
        let from = coordinator.lockedOffset, to = -coordinator.config.safeTop
        return from == to ? 1 : min(1, max(0, (held - from) / (to - from)))
    }

    func indicatorCommands(center: Point) -> [DrawCommand] {
        indicator.commands(indicatorPhase, center: center, at: now)
    }

    /// While the coordinator eases the held offset (into the lock, back after a refresh), the
    /// content is animating at the ease's velocity, whatever the scroll view itself is doing.
    public var motion: (phase: ScrollPhase, velocity: Double) {
        if let v = coordinator.heldVelocity(at: now) { return (.animating, v) }
        return (scrollView.phase, scrollView.velocity)
    }

    public func trace() -> TraceFields {
        [
            ("state", .string(refresh.current.state.name)),
            ("progress", .double(coordinator.progress)),
            ("locked", .bool(coordinator.isLocked)),
            ("lockedOffset", coordinator.heldOffset(at: now).map { .double($0) } ?? .null),
            ("corrections", .int(coordinator.corrections)),
            ("forwarded", .int(coordinator.forwarded)),
            ("refreshes", .int(refresh.current.refreshes)),
            ("error", presentation.errorTrace),
            ("rows", .int(rows.count))
        ]
    }
}
