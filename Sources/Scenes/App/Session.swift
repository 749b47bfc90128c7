import ScrollEngine

/// The app around the scenes: which scene is shown, the debug overlay, scene switching, quit.
/// The window and the recorder both drive a session; it is the one engine.
public final class Session {
    public private(set) var scene: any Scene
    public var options: SceneOptions
    public private(set) var overlayVisible: Bool
    public private(set) var quitRequested = false
    /// Asks the session to end (the comparison's quit key ends the window).
    func quit() { quitRequested = true }
    /// The last wheel events (the overlay shows their source and deltas).
    public private(set) var wheelHistory = WheelHistory()

    /// Measures text for scenes whose layout depends on it.
    public let textMeasurer: any TextMeasurer

    /// Clock and wake-up for refresh actions.
    public let runtime: RefreshRuntime
    /// With `options.compare`: the right-hand pane, the same scene under the second physics
    /// (this session's scene is the left-hand pane; `Session+Compare.swift`).
    public private(set) var comparison: Session?
    /// With a comparison: the whole window's size (each pane is half its width).
    var windowSize: Size

    public init(
        scene name: String, options: SceneOptions,
        textMeasurer: any TextMeasurer = ApproximateTextMeasurer(),
        runtime: RefreshRuntime = .virtual()
    ) throws(SessionError) {
        self.textMeasurer = textMeasurer
        self.runtime = runtime
        windowSize = options.size
        var own = options
        if let other = options.compare {
            own.compare = nil
            own.size = Self.paneSize(of: options.size)
            var right = own
            right.physics = other
            comparison = try Session(scene: name, options: right, textMeasurer: textMeasurer, runtime: runtime)
        }
        guard let s = SceneCatalog.make(name, context: SceneContext(options: own, textMeasurer: textMeasurer, runtime: runtime)) else {
            throw .unknownScene(name)
        }
        scene = s
        self.options = own
        overlayVisible = options.overlay
    }

    /// Waits until asynchronous work woken by the clock (refresh actions) has reached its next
    /// suspension, so a virtual-clock run is deterministic. Returns at once in a live session.
    public nonisolated(nonsending) func waitForActions() async {
        await scene.waitForActions()
        if let c = comparison { await c.scene.waitForActions() }
    }

    public func handle(_ event: InputEvent, at t: Double) {
        guard event.isSane else { return }
        if let c = comparison { return handleCompared(event, at: t, c) }
        handleOwn(event, at: t)
    }

    /// One pane's handling of `event` (the whole session's without a comparison).
    func handleOwn(_ event: InputEvent, at t: Double) {
        wheelHistory.record(event, at: t, settings: options.input)
        switch event {
        case .quit:
            quitRequested = true
            return
        case .key(.q, _):
            quitRequested = true
            return
        case let .key(.d, mods) where mods.isEmpty:
            overlayVisible.toggle()
            return
        case let .key(k, mods) where mods.isEmpty:
            if let n = Int(k.rawValue), let name = SceneCatalog.name(forKey: n), name != scene.name {
                switchScene(to: name, at: t)
                return
            }
        case let .resize(s):
            options.size = s
        default: break
        }
        scene.handle(event, at: t)
    }

    private func switchScene(to name: String, at t: Double) {
        var o = options
        o.size = scene.size
        if let s = SceneCatalog.make(name, context: SceneContext(options: o, textMeasurer: textMeasurer, runtime: runtime)) {
            scene = s
            scene.advance(to: t)
        }
    }

    /// Takes new options of the feel while running (a feel file saved, the tuning panel): the
    /// window's size, the overlay and the scene stay, and so do the scroll position and a
    /// refresh in progress (`Scene.retune`); a scene switched to later is made with them. With a
    /// comparison (`run --compare`), both panes take them, each keeping its own physics: the
    /// left the one `new` names, the right the comparison's (`new.compare` when given).
    public func retune(_ new: SceneOptions) {
        var o = new
        let right = o.compare
        o.compare = nil
        o.size = scene.size
        o.rows = options.rows
        o.overlay = options.overlay
        options = o
        scene.retune(o)
        if let c = comparison {
            var r = o
            if let right { r.physics = right } else { r.profile = c.options.profile }
            c.retune(r)
        }
    }

    public func advance(to t: Double) {
        runtime.advanceClock(to: t)
        advanceScenes(to: t)
    }

    /// The scene (and the comparison's) at `t`.
    private func advanceScenes(to t: Double) {
        scene.advance(to: t)
        comparison?.scene.advance(to: t)
    }

    /// Moves a virtual-clock session to `t` so that every refresh action's part in it is fixed
    /// by the timeline alone, whatever the machine's load. The scene looks at actions' results
    /// only while every action is at rest (asleep on the clock or finished), and the clock moves
    /// only between two such looks. An action that wakes before `t` (a refresh's end) is woken
    /// at its own deadline, and the scene takes its result then, not at the next frame: what a
    /// recording shows does not depend on which frames or snapshots it asks for. The one way the
    /// recorder and the tests drive a session (the window uses `advance(to:)` on a real clock).
    public nonisolated(nonsending) func settle(to t: Double) async {
        await waitForActions()
        while let wake = runtime.nextWake(notAfter: t) {
            await step(to: wake)
        }
        await step(to: t)
    }

    /// One look at `t`: the scene's own work at `t`; the clock to `t` (waking the actions due);
    /// a wait until they have posted; the scene again at `t`, taking their results; a wait for
    /// what that started.
    private nonisolated(nonsending) func step(to t: Double) async {
        advanceScenes(to: t)
        runtime.advanceClock(to: t)
        await waitForActions()
        advanceScenes(to: t)
        await waitForActions()
    }

    /// A line the window shows over the scene until it is cleared (a feel file that cannot be used).
    public var notice: String?
    /// Commands drawn over everything else (the tuning panel), nil when none.
    public var panel: ((Size, Theme) -> [DrawCommand])?

    /// The frame to draw now, with the overlay if visible (with a comparison: both panes), the
    /// panel and the notice.
    public func frame() -> FrameModel {
        if let c = comparison { return comparedFrame(c) }
        return paneFrame()
    }

    /// This pane's frame, with its overlay if visible.
    func paneFrame() -> FrameModel {
        var f = scene.frame()
        if overlayVisible {
            f.commands.append(
                contentsOf: DebugOverlay.commands(
                    fields: paneTraceFields(),
                    extra: ["physics: \(options.profile.name)"] + wheelHistory.lines(mode: scene.input.lastWheel?.mode),
                    scene: scene.name, size: f.size, theme: options.theme))
        }
        if let panel { f.commands.append(contentsOf: panel(f.size, options.theme)) }
        if let notice { f.commands.append(contentsOf: FeelNotice.commands(notice, size: f.size)) }
        return f
    }

    /// The scene's diagnostic lines since the last call, oldest first (the title scene's
    /// `navTitleTrace` lines). The drivers print them with `--trace-title`.
    public func takeDiagnostics() -> [String] {
        scene.takeDiagnostics()
    }

    public var isAnimating: Bool { scene.isAnimating || comparison?.isAnimating == true }
    /// A finger or a wheel gesture holds the content (the window keeps its frame pace while it does).
    public var isDragging: Bool { scene.scrollView.isDragging || comparison?.isDragging == true }
    public var nextDeadline: Double? {
        guard let c = comparison?.nextDeadline else { return scene.nextDeadline }
        return min(scene.nextDeadline ?? c, c)
    }
    /// The next time input does something with no event (a wheel gesture's end), in either pane:
    /// what a late batch of wheel input must not pass (`LateInput`). The window asks this, never
    /// the scene's parts.
    public var inputDeadline: Double? {
        let own = scene.host.nextDeadline
        guard let c = comparison?.inputDeadline else { return own }
        return min(own ?? c, c)
    }
    /// The size of what `frame()` draws: the scene's, or with a comparison the whole window.
    public var size: Size { comparison == nil ? scene.size : windowSize }

    /// The common trace fields followed by the scene's (with a comparison, then the right pane's).
    public func traceFields() -> TraceFields {
        var f = paneTraceFields()
        if let c = comparison { f.append(contentsOf: comparedTraceFields(c)) }
        return f
    }

    /// This pane's fields: the common ones, then the scene's (what its overlay shows).
    func paneTraceFields() -> TraceFields {
        let sv = scene.scrollView
        let motion = scene.motion
        var f: TraceFields = [
            ("scene", .string(scene.name)),
            ("offset", .double(sv.contentOffset)),
            ("velocity", .double(motion.velocity)),
            ("phase", .string(motion.phase.rawValue))
        ]
        f.append(contentsOf: scene.trace())
        return f
    }
}

public enum SessionError: Error, Equatable, CustomStringConvertible {
    case unknownScene(String)
    public var description: String {
        switch self {
        case let .unknownScene(n): return "unknown scene '\(n)' (scenes: \(SceneCatalog.names.joined(separator: ", ")))"
        }
    }
}
