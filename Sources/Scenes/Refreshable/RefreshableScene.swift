import ScrollEngine

/// The `refreshable` scene: a drop-in scroll view with a refresh action that triggers at the
/// threshold while still dragging, only when "ready" (docs/BEHAVIOUR.md, "Pull to refresh: the
/// refreshable view"). The rules are `RefreshableMachine`'s; this scene owns it, feeds it the scroll
/// view's callbacks, key presses, results and frames, and performs the effects it returns.
/// A trigger pulses the indicator (the desktop's haptic tick). It looks like an iOS settings-style
/// screen: an inset grouped list under a navigation bar with a large title; a failed refresh
/// leaves one message (`RefreshMessageBanner`), a cancel none.
public final class RefreshableScene: Scene, ScrollViewDelegate {
    public static let descriptor = SceneDescriptor(name: "refreshable", key: 2, refreshes: true) {
        RefreshableScene(context: $0, config: $0.options.refreshable)
    }
    public let host: ScrollHost
    public private(set) var config: RefreshableConfig
    public var theme: Theme
    public private(set) var behaviour: RefreshBehaviour
    /// The messages, newest first; a successful refresh adds its rows at the top.
    public private(set) var rows: MessageRows
    public var rowCount: Int { rows.count }
    public private(set) var indicator: RefreshIndicator
    let runner: RefreshActionRunner
    /// The view's own refresh (its machine, fed the scroll view's callbacks).
    let owner: RefreshableRefresh
    /// The refresh of the feel's style: `owner`, or under a physics with a Material refresh
    /// (Android) the Material circle (docs/BEHAVIOUR.md, "Android physics"); a retune to another
    /// style swaps it when idle.
    let refresh: RefreshSlot
    public var machine: RefreshableMachine { owner.machine }
    /// The Material refresh, when it is the one in use (tests).
    var material: MaterialRefresh? { refresh.current as? MaterialRefresh }
    /// The rows' growth, the message a failure leaves (a cancel none), and its timing.
    public private(set) var presentation: RefreshPresentation
    /// The latest time seen, for drawing (`frame()` takes none) and the message.
    private var now: Double { host.now }
    public let bar = NavigationBar(title: "Refreshable")
    let measurer: any TextMeasurer
    /// The message of the last refresh that failed, while it shows.
    public var banner: RefreshMessageBanner? { presentation.banner }

    public init(context: SceneContext, config: RefreshableConfig = RefreshableConfig()) {
        let o = context.options
        theme = o.theme
        behaviour = o.refresh
        rows = MessageRows(initial: o.rows)
        indicator = o.indicator.makeIndicator(defaultColor: o.theme.spinner)
        measurer = context.textMeasurer
        host = ScrollHost(
            size: o.size, topInset: NavigationBar.barHeight,
            contentHeight: RefreshableScene.contentHeight(rows: o.rows, config), feel: o.profile, input: o.input)
        runner = context.runtime.makeRunner()
        presentation = RefreshPresentation(messageSeconds: o.refresh.messageSeconds, showsCancel: false)
        let tuned = Self.tuned(config, o.refresh, viewportHeight: host.viewportHeight)
        self.config = tuned
        owner = RefreshableRefresh(config: tuned, behaviour: o.refresh, scrollView: host.scrollView, input: host.input, runner: runner)
        refresh = RefreshSlot(uikit: owner)
        host.scrollView.delegate = self
        refresh.makeMaterial = { [unowned self] in RefreshSlot.material($0, host: host, runner: runner, behaviour: behaviour, theme: theme)
        }
        refresh.onStart = { [unowned self] in self.presentation.started() }
        refresh.onFinish = { [unowned self] outcome in self.finished(outcome) }
        refresh.onChange = { [unowned self] in self.updateBanner() }
        refresh.want(o.profile.refresh)
    }

    /// The large title, then one row per box pitch (the source's 40 pt boxes 8 pt apart), then
    /// a bottom margin as an inset grouped section has.
    public static func contentHeight(rows: Int, _ config: RefreshableConfig) -> Double {
        NavigationBar.largeTitleHeight + Double(rows) * (config.boxSize.height + config.boxSpacing) + sectionBottom
    }
    /// Space below the section (pt).
    static let sectionBottom = 24.0
    /// Side margin of the inset grouped section, and its corner radius (pt).
    static let sectionInset = 16.0
    static let sectionRadius = 10.0

    /// The trigger distance (the machine's: a viewport-relative one follows resizes).
    public var threshold: Double { machine.threshold }
    public var state: RefreshState { refresh.current.state }
    public var isReady: Bool { machine.isReady }
    public var refreshes: Int { refresh.current.refreshes }
    /// The failure text of the last refresh, if it ended with one (`RefreshPresentation.lastError`).
    public var lastError: String? { presentation.lastError }
    /// Time of the last trigger (the pulse).
    public var triggeredAt: Double? { machine.triggeredAt }

    /// Ends a running refresh from outside (the source's `endRefreshing()`); Esc calls it.
    public func endRefreshing(at t: Double) { refresh.current.cancel(at: t) }

    /// A refresh ended: rows, or a failure's message (a cancel leaves none).
    private func finished(_ outcome: Result<Int, RefreshFailure>) {
        let n = presentation.finished(outcome)
        if case .success = outcome { addRows(n) }
    }

    /// Tells the presentation whether the indicator has gone (the refresh's own, the Material
    /// circle, else the scene's ring) and the state (a pull dismisses the message).
    private func updateBanner() {
        let hidden = refresh.current.indicatorGone(at: now) ?? (indicatorPhase == .hidden)
        presentation.update(indicatorHidden: hidden, state: state, at: now)
    }

    private func pump(_ t: Double) {
        host.note(t)
        for r in runner.drain() { refresh.current.deliver(r, at: t) }
        refresh.switchIfIdle()
    }

    private func addRows(_ n: Int) {
        rows.prepend(n)
        scrollView.setContentHeight(Self.contentHeight(rows: rowCount, config))
    }

    public func handle(_ event: InputEvent, at t: Double) {
        pump(t)
        switch event {
        case .key(.f5, []), .key(.r, .control):
            refresh.current.trigger(at: t)
        case .key(.escape, _):
            endRefreshing(at: t)
        default:
            // The host takes a resize and the scroll input; a viewport-relative trigger follows a
            // resize; the refresh hears that the input was applied.
            host.handle(event, at: t)
            if case .resize = event {
                if let f = behaviour.triggerFraction { owner.setBaseThreshold(f * host.viewportHeight) }
            } else {
                refresh.current.inputApplied(at: t)
            }
        }
    }

    public func advance(to t: Double) {
        pump(t)
        host.advance(to: t)
        refresh.current.frame(at: t)
        // Once more after the frame (the Material circle changes with frames; for the view's own
        // machine, which reported the frame through `onChange`, this changes nothing).
        updateBanner()
    }

    public nonisolated(nonsending) func waitForActions() async { await runner.waitForActions() }

    // MARK: delegate

    public func scrollViewDidScroll(_ sv: ScrollView, at t: Double) { refresh.current.scrolled(at: t) }

    public func scrollViewDidEndDragging(_ sv: ScrollView, willDecelerate: Bool, at t: Double) {
        refresh.current.endedDragging(at: t)
    }

    public var progress: Double {
        switch state {
        case let .pulling(p): return p
        case .idle: return 0
        default: return 1
        }
    }

    public var isAnimating: Bool {
        scrollView.isMoving || refresh.current.isAnimating || presentation.isAnimating(at: now)
    }

    public var nextDeadline: Double? {
        [input.nextDeadline, refresh.current.deadline, presentation.nextDeadline(after: now)].compactMap { $0 }.min()
    }

    // MARK: frame

    public var indicatorPhase: IndicatorPhase {
        let pull = max(0, -scrollView.contentOffset)
        let triggerPull = machine.triggerPull
        switch state {
        case .idle, .triggered:  // this view never enters .triggered
            // A refresh that ended under the finger: the pull stays visible, disarmed, until the
            // finger lets go and the content is back.
            guard machine.awaitsRelease || owner.heldPull, pull > 0 else { return .hidden }
            return .disarmed(progress: min(pull / threshold, 1), pullDistance: pull, threshold: threshold)
        case let .pulling(p):
            // Not ready: this pull will not refresh, and its ring must not look armed.
            guard isReady else { return .disarmed(progress: p, pullDistance: pull, threshold: threshold) }
            return .pulling(progress: p, pullDistance: pull, threshold: threshold)
        case .done:
            return .done(since: machine.doneSince ?? now, fraction: 0)
        case .refreshing, .completing:
            let since = triggeredAt ?? now
            let loop = RefreshLoop.after(pull: min(triggerPull / threshold, 1), pullDistance: triggerPull, threshold: threshold, at: since)
            if state == .completing, let start = machine.completionStart, let doneSince = machine.doneSince {
                return .done(since: doneSince, fraction: min(1, (now - start) / config.completeDuration))
            }
            if state == .completing, let start = machine.completionStart {
                return .completing(fraction: min(1, (now - start) / config.completeDuration), loop)
            }
            if now - since < indicator.config.pulseSeconds {
                return .triggered(since: since, progress: 1, pullDistance: triggerPull, threshold: threshold)
            }
            return .refreshing(loop)
        }
    }

    /// New numbers of the feel: physics, input, the trigger distance, timeout, indicator and
    /// theme. The offset and a refresh in progress stay.
    public func retune(_ options: SceneOptions) {
        host.retune(feel: options.profile, input: options.input)
        theme = options.theme
        behaviour = options.refresh
        indicator = options.indicator.makeIndicator(defaultColor: options.theme.spinner)
        config = Self.tuned(options.refreshable, options.refresh, viewportHeight: host.viewportHeight)
        owner.retune(config: config, behaviour: options.refresh)
        refresh.want(options.profile.refresh)
    }

    /// `config` with the refresh behaviour's done time and viewport-relative trigger distance, when set.
    static func tuned(_ config: RefreshableConfig, _ refresh: RefreshBehaviour, viewportHeight: Double) -> RefreshableConfig {
        var tuned = config
        if refresh.doneSeconds > 0 { tuned.doneSeconds = refresh.doneSeconds }
        if let f = refresh.triggerFraction {
            tuned.defaultThreshold = f * viewportHeight
            tuned.offsetThreshold = tuned.defaultThreshold
        }
        return tuned
    }

    public func frame() -> FrameModel {
        let offset = scrollView.contentOffset
        let width = size.width
        let viewportHeight = host.viewportHeight
        // The scrolling area; y 0 is the top of the large title.
        var content = bar.largeTitle(width: width, y: -offset, theme: theme)
        let step = config.boxSize.height + config.boxSpacing
        let sectionTop = NavigationBar.largeTitleHeight
        let cellX = Self.sectionInset, cellWidth = max(1, width - 2 * Self.sectionInset)
        if rowCount > 0 {
            let section = Rect(x: cellX, y: sectionTop - offset, width: cellWidth, height: Double(rowCount) * step)
            if section.maxY > 0 && section.y < viewportHeight {
                // Only the visible part of the section is filled (rounded where its ends show).
                let y0 = max(section.y, -Self.sectionRadius), y1 = min(section.maxY, viewportHeight + Self.sectionRadius)
                content.append(
                    .fill(Rect(x: cellX, y: y0, width: cellWidth, height: y1 - y0), theme.cellBackground, cornerRadius: Self.sectionRadius))
            }
            let first = max(0, Int(((offset - sectionTop) / step).rounded(.down)))
            let last = min(rowCount, Int(((offset - sectionTop + viewportHeight) / step).rounded(.up)) + 1)
            if first < last {
                for i in first..<last {
                    let y = sectionTop + Double(i) * step - offset
                    let textRect = Rect(x: cellX + 16, y: y, width: cellWidth - 32, height: step)
                    content.append(.text("Message \(rows.number(at: i))", textRect, TextStyle(size: 17, color: theme.title)))
                    content.append(.text(rows.age(at: i), textRect, TextStyle(size: 17, color: theme.subtitle, alignment: .right)))
                    if i + 1 < rowCount {
                        content.append(
                            .fill(
                                Rect(x: cellX + 16, y: y + step - 0.5, width: cellWidth - 16, height: 0.5),
                                theme.separator, cornerRadius: 0))
                    }
                }
            }
        }
        let gap = -offset
        if gap > 0 {
            let center = Point(width / 2, max(gap - threshold / 2, gap / 2))
            content.append(contentsOf: indicator.commands(indicatorPhase, center: center, at: now))
        }
        var drawn = host.stretched(content)
        drawn += refresh.current.overlay(at: now, width: width)
        let c = bar.screen(content: drawn, offset: offset, size: size, banner: banner, at: now, theme: theme, measurer: measurer)
        return FrameModel(size: size, background: theme.groupedBackground, commands: c)
    }

    public func trace() -> TraceFields {
        [
            ("state", .string(state.name)),
            ("progress", .double(progress)),
            ("ready", .bool(isReady)),
            ("threshold", .double(threshold)),
            ("refreshes", .int(refreshes)),
            ("error", presentation.errorTrace),
            ("rows", .int(rowCount))
        ]
    }
}
