import CommandLineKit
import Desktop
import Foundation
import Recording
import Rendering
import Scenes
import ScrollEngine
import Support

/// `overscroll run`: the interactive window.
enum RunCommand {
    static let defaults = SceneOptions()

    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let scene = Option.choice(
            "scene", value: "NAME", SceneCatalog.names, help: "scene to open, in any case",
            default: SceneCatalog.defaultScene, ignoringCase: true)
        let size = Option<Size>.custom(
            "size", value: "WxH", help: "window size in points", expects: "WxH in points (e.g. 390x844)",
            annotation: "default \(NumberText.format(defaults.size.width))x\(NumberText.format(defaults.size.height))"
        ) { text in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192 else {
                return nil
            }
            return Size(w, h)
        }
        let scale = Option.number("scale", value: "S", in: 0.25...4, help: "pixels per point", defaultText: "the display's")
        let rows = Option.integer("rows", value: "N", in: 0...ScenarioParser.maxRows, help: "rows in list scenes", default: defaults.rows)
        let theme = Option.choice("theme", value: "NAME", Theme.all.map(\.name), help: "colours", default: defaults.theme.name)
        let physics = Option.choice(
            "physics", value: "NAME", PhysicsRegistry.names,
            help: "scroll physics: iOS's, Android's or GNOME's feel, or none", default: PhysicsRegistry.defaultName,
            ignoringCase: true)
        let compare = Option.choice(
            "compare", value: "NAME", PhysicsRegistry.names,
            help: """
                split the window: the same scene under --physics (left) and NAME (right),
                one input driving both; --size is each pane's
                """, ignoringCase: true)
        let overlay = Option.flag("overlay", help: "start with the debug overlay on")
        let refreshDuration = Option.number(
            "refresh-duration", value: "S", in: 0...3600, help: "seconds the refresh action takes",
            default: defaults.refresh.duration)
        let refreshOutcome = Option<RefreshBehaviour.Outcome>.choice(
            "refresh-outcome", value: "O", help: "how the refresh action ends",
            default: defaults.refresh.outcome)
        let refreshTimeout = Option.number(
            "refresh-timeout", value: "S", in: 0.001...3600, help: "cancel a refresh after this many seconds",
            default: defaults.refresh.timeout)
        let refreshDone = Option.number(
            "refresh-done", value: "S", in: 0...60,
            help: "seconds a refresh's finish (a check mark) shows before the return",
            default: defaults.refresh.doneSeconds)
        let triggerFraction = Option.number(
            "trigger-fraction", value: "F", in: 0.01...1,
            help: "trigger distance as this fraction of the scroll view's height",
            defaultText: "off")
        let spinner = Option.choice(
            "spinner", value: "STYLE", SpinnerStyle.names,
            help: "vector spinner; default: the scene's, a Lottie in the coordinator")
        let reduceMotion = Option.flag("reduce-motion", help: "slow, fixed-arc spinner (also OVERSCROLL_REDUCE_MOTION=1)")
        let lottie = Option.string("lottie", value: "FILE", help: "Lottie file as the refresh indicator")
        let lottiePull = Option<LottieSegmentChoice>.custom(
            "lottie-pull", value: "SEG", help: "Lottie segment scrubbed by the pull: a marker name or frames A-B",
            expects: "a marker name or frames A-B (A ≤ B)", annotation: "MARKER|A-B"
        ) { LottieSegmentChoice(parsing: $0) }
        let lottieLoop = Option<LottieSegmentChoice>.custom(
            "lottie-loop", value: "SEG", help: "Lottie segment repeated while refreshing: a marker name or frames A-B",
            expects: "a marker name or frames A-B (A ≤ B)", annotation: "MARKER|A-B"
        ) { LottieSegmentChoice(parsing: $0) }
        let lottieFinish = Option<LottieSegmentChoice>.custom(
            "lottie-finish", value: "SEG", help: "Lottie segment played once in the done state (--refresh-done)",
            expects: "a marker name or frames A-B (A ≤ B)", annotation: "MARKER|A-B"
        ) { LottieSegmentChoice(parsing: $0) }
        let indicatorColor = Option<Color>.custom(
            "indicator-color", value: "C", help: "indicator colour", expects: "#RRGGBB",
            annotation: "#RRGGBB"
        ) { Color(parsing: $0) }
        let traceTitle = Option.flag("trace-title", help: "print navTitleTrace lines of the title scene to standard error")
        let capture = Option.string("capture", value: "FILE.json", help: "save this session's input as a scenario for `overscroll record`")
        let trace = Option.string(
            "trace", value: "FILE.jsonl", help: "save the state at every frame, in the lines of `record`'s trace.jsonl")
        let feel = Option.string(
            "feel", value: "FILE.json",
            help: """
                every number of the feel from this file (`overscroll feel` prints the
                default one); flags win over it; saving it applies it to the open window
                """)
        let timeScale = Option.number(
            "time-scale", value: "F", in: TimeScale.range,
            help: """
                slow motion: the whole engine (input, motion, refresh) runs at F times
                real time; Ctrl+T toggles 0.25×
                """, default: 1)
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll run",
        about: """
            Opens the window. Drag with the mouse (or a finger), scroll with the wheel or touchpad;
            Up/Down/PageUp/PageDown/Space/Shift+Space/Home/End scroll, F5 or Ctrl+R refreshes,
            Esc cancels a refresh, D toggles the debug overlay, 1–6 switch scenes, Ctrl+T toggles slow
            motion (0.25×), T opens the tuning panel (Tab and ←/→ change the feel, S saves it, R reverts),
            Q or Ctrl+Q quits.
            """,
        options: flags)

    /// The value of `option` when the command line gives it (not its default).
    static func given<V>(_ a: ParsedArguments, _ option: Option<V>) -> V? { a.has(option) ? a.value(option) : nil }

    /// Reads the scene options of `run` from its parsed command line, over `feel` (a feel file's
    /// numbers; the flags given win over it).
    static func sceneOptions(_ a: ParsedArguments, feel: Feel = Feel()) -> SceneOptions {
        var o = SceneOptions()
        feel.apply(to: &o)
        applyFlags(a, to: &o)
        return o
    }

    /// Sets the options the flags of `a` name (a feel applied before is overridden only where a flag is given).
    static func applyFlags(_ a: ParsedArguments, to o: inout SceneOptions) {
        let f = flags
        if let s = a.value(f.size) { o.size = s }
        if let n = a.value(f.rows) { o.rows = n }
        if let t = given(a, f.theme).flatMap(Theme.named) { o.theme = t }
        if let p = given(a, f.physics).flatMap(PhysicsRegistry.physics(named:)) { o.physics = p }
        if let p = a.value(f.compare).flatMap(PhysicsRegistry.physics(named:)) {
            o.compare = p
            o.size = Size(o.size.width * 2, o.size.height)
        }
        o.overlay = a[f.overlay]
        if let d = a.value(f.refreshDuration) { o.refresh.duration = d }
        if let out = a.value(f.refreshOutcome) { o.refresh.outcome = out }
        if let d = given(a, f.refreshTimeout) { o.refresh.timeout = d }
        if let d = given(a, f.refreshDone) { o.refresh.doneSeconds = d }
        if let x = a.value(f.triggerFraction) { o.refresh.triggerFraction = x }
        if let s = a.value(f.spinner) { o.indicator.style = s }
        o.indicator.reduceMotion = a[f.reduceMotion] || SpinnerConfig.reduceMotionRequested(in: Platform.environment)
        if let p = a.value(f.lottie) { o.indicator.lottiePath = p }
        if let c = a.value(f.indicatorColor) { o.indicator.color = c }
        // Each segment flag given wins over the feel's segment of that role; the others stay.
        if let x = a.value(f.lottiePull) { o.indicator.lottieSegments.pull = x }
        if let x = a.value(f.lottieLoop) { o.indicator.lottieSegments.loop = x }
        if let x = a.value(f.lottieFinish) { o.indicator.lottieSegments.finish = x }
    }

    @MainActor
    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        try FontSetup.check()  // a fonts.conf that is not a regular file: exit 2, never a blocked read
        let f = flags
        var w = WindowOptions()
        var feel = Feel()
        let feelPath = a.value(f.feel)
        if let path = feelPath {
            do { feel = try FeelFile.load(path) } catch { throw UsageError(message: "run: --feel: \(error)") }
        }
        w.sceneOptions = sceneOptions(a, feel: feel)
        w.scene = a.value(f.scene) ?? SceneCatalog.defaultScene
        w.scale = a.value(f.scale)
        let renderer = CairoRenderer()
        IndicatorSetup.resolve(&w.sceneOptions.indicator, prefersLottie: SceneCatalog.prefersLottie(w.scene), renderer: renderer) {
            Platform.printError("overscroll: \($0)")
        }
        let session: Session
        let clock = SessionClock(scale: a.value(f.timeScale) ?? 1)
        do {
            session = try Session(
                scene: w.scene, options: w.sceneOptions, textMeasurer: renderer.text,
                runtime: RefreshRuntime(clock: clock.asClock, wake: WindowApp.wakeEventLoop))
        } catch {
            throw UsageError(message: "run: --scene: \(error)")
        }
        let app = WindowApp(session: session, renderer: renderer, options: w, clock: clock)
        let live = LiveFeel(path: feelPath, feel: feel, arguments: a, renderer: renderer)
        app.beforeAdvance = { live.beforeFrame($0) }
        app.tuning = live
        let tracePath = a.value(f.trace)
        if let tracePath {
            do { try OutputPaths.checkFile(tracePath, flag: "--trace") } catch { throw UsageError(message: "run: \(error)") }
            if let c = a.value(f.capture),
                URL(fileURLWithPath: c).standardizedFileURL == URL(fileURLWithPath: tracePath).standardizedFileURL
            {
                throw UsageError(message: "run: --trace \(tracePath): the same file as --capture")
            }
        }
        let frames = FrameTrace()
        let printTitle = a[f.traceTitle]
        if printTitle || tracePath != nil {
            app.onAdvance = { [unowned app] s in
                if printTitle { for line in s.takeDiagnostics() { Platform.printError(line) } }
                guard tracePath != nil else { return }
                var fields = s.traceFields()
                // On Wayland with wp_presentation: when the compositor showed the last frame presented.
                if let shown = app.lastPresentationTime { fields.append(("presented", .double(shown))) }
                frames.lines.append(TraceLine.json(frame: frames.lines.count, t: app.now(), fields: fields))
            }
        }
        var capture: LiveCapture?
        if a.has(f.capture) && a.has(f.compare) {
            throw UsageError(
                message: "run: --capture records one pane's input; not with --compare (record the capture with --compare instead)")
        }
        if let path = a.value(f.capture) {
            do { try LiveCapture.checkWritable(path) } catch { throw UsageError(message: "run: \(error)") }
            let c = LiveCapture(path: path, scene: w.scene, options: w.sceneOptions, feel: feelPath)
            app.onInput = { c.record($0, at: $1) }
            capture = c
        }
        do { try app.open() } catch {
            Platform.printError("overscroll run: \(error)")
            return 1
        }
        capture?.describeDisplay(scale: app.drawScale, fps: app.displayRefreshRate ?? 60)
        live.watch()
        app.run()
        live.stop()
        let end = app.now()
        // Saved while the window is still open: nothing that happens as it closes (an X error,
        // a signal) can lose them.
        var status: Int32 = 0
        if let tracePath {
            do { try AtomicFileWriter.write(text: frames.lines.map { $0 + "\n" }.joined(), toPath: tracePath) } catch {
                Platform.printError("overscroll run: --trace: \(error)")
                status = 1
            }
        }
        if let capture {
            do {
                try capture.write(endingAt: end)
                Platform.printError("captured \(capture.log.events.count) events (\(String(format: "%.2f", end)) s) to \(capture.path)")
            } catch {
                Platform.printError("overscroll run: --capture: \(error)")
                status = 1
            }
        }
        app.close()
        return status
    }
}

/// The trace lines of a live session (`run --trace`), one per loop pass that advanced the session.
final class FrameTrace {
    var lines: [String] = []
}
