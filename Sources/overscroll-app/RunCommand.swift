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
        let scene = Option.choice("scene", value: "NAME", SceneCatalog.names, help: "scene to open, in any case",
                                  default: SceneCatalog.defaultScene, ignoringCase: true)
        let size = Option<Size>.custom("size", value: "WxH", help: "window size in points", expects: "WxH in points (e.g. 390x844)",
                                       annotation: "default \(NumberText.format(defaults.size.width))x\(NumberText.format(defaults.size.height))") { text in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1, w <= 8192, h <= 8192 else { return nil }
            return Size(w, h)
        }
        let scale = Option.number("scale", value: "S", in: 0.25...4, help: "pixels per point", defaultText: "the display's")
        let rows = Option.integer("rows", value: "N", in: 0...ScenarioParser.maxRows, help: "rows in list scenes", default: defaults.rows)
        let theme = Option.choice("theme", value: "NAME", Theme.all.map(\.name), help: "colours", default: defaults.theme.name)
        let physics = Option.choice("physics", value: "NAME", PhysicsRegistry.names,
                                    help: "scroll physics: iOS's, Android's or GNOME's feel, or none", default: PhysicsRegistry.defaultName,
                                    ignoringCase: true)
        let overlay = Option.flag("overlay", help: "start with the debug overlay on")
        let refreshDuration = Option.number("refresh-duration", value: "S", in: 0...3600, help: "seconds the refresh action takes",
                                            default: defaults.refresh.duration)
        let refreshOutcome = Option<RefreshBehaviour.Outcome>.choice("refresh-outcome", value: "O", help: "how the refresh action ends",
                                                                    default: defaults.refresh.outcome)
        let refreshTimeout = Option.number("refresh-timeout", value: "S", in: 0.001...3600, help: "cancel a refresh after this many seconds",
                                           default: defaults.refresh.timeout)
        let spinner = Option.choice("spinner", value: "STYLE", SpinnerStyle.names,
                                    help: "vector spinner; default: the scene's, a Lottie in the coordinator")
        let reduceMotion = Option.flag("reduce-motion", help: "slow, fixed-arc spinner (also OVERSCROLL_REDUCE_MOTION=1)")
        let lottie = Option.string("lottie", value: "FILE", help: "Lottie file as the refresh indicator")
        let indicatorColor = Option<Color>.custom("indicator-color", value: "C", help: "indicator colour", expects: "#RRGGBB",
                                                  annotation: "#RRGGBB") { Color(parsing: $0) }
        let traceTitle = Option.flag("trace-title", help: "print navTitleTrace lines of the title scene to standard error")
        let capture = Option.string("capture", value: "FILE.json", help: "save this session's input as a scenario for `overscroll record`")
        let trace = Option.string("trace", value: "FILE.jsonl", help: "save the state at every frame, in the lines of `record`'s trace.jsonl")
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll run",
        about: """
        Opens the window. Drag with the mouse (or a finger), scroll with the wheel or touchpad;
        Up/Down/PageUp/PageDown/Space/Shift+Space/Home/End scroll, F5 or Ctrl+R refreshes,
        Esc cancels a refresh, D toggles the debug overlay, 1–6 switch scenes, Q or Ctrl+Q quits.
        """,
        options: flags)

    /// Reads the scene options of `run` from its parsed command line.
    static func sceneOptions(_ a: ParsedArguments) -> SceneOptions {
        let f = flags
        var o = SceneOptions()
        if let s = a.value(f.size) { o.size = s }
        if let n = a.value(f.rows) { o.rows = n }
        if let t = a.value(f.theme).flatMap(Theme.named) { o.theme = t }
        if let p = a.value(f.physics).flatMap(PhysicsRegistry.physics(named:)) { o.physics = p }
        o.overlay = a[f.overlay]
        if let d = a.value(f.refreshDuration) { o.refresh.duration = d }
        if let out = a.value(f.refreshOutcome) { o.refresh.outcome = out }
        if let d = a.value(f.refreshTimeout) { o.refresh.timeout = d }
        if let s = a.value(f.spinner) { o.indicator.style = s }
        o.indicator.reduceMotion = a[f.reduceMotion] || SpinnerConfig.reduceMotionRequested(in: Platform.environment)
        if let p = a.value(f.lottie) { o.indicator.lottiePath = p }
        if let c = a.value(f.indicatorColor) { o.indicator.color = c }
        return o
    }

    @MainActor
    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        try FontSetup.check()  // a fonts.conf that is not a regular file: exit 2, never a blocked read
        let f = flags
        var w = WindowOptions()
        w.sceneOptions = sceneOptions(a)
        w.scene = a.value(f.scene) ?? SceneCatalog.defaultScene
        w.scale = a.value(f.scale)
        let renderer = CairoRenderer()
        IndicatorSetup.resolve(&w.sceneOptions.indicator, prefersLottie: SceneCatalog.prefersLottie(w.scene), renderer: renderer) { Platform.printError("overscroll: \($0)") }
        let session: Session
        do {
            session = try Session(scene: w.scene, options: w.sceneOptions, textMeasurer: renderer.text,
                                  runtime: RefreshRuntime(clock: ContinuousClock(), wake: WindowApp.wakeEventLoop))
        } catch {
            throw UsageError(message: "run: --scene: \(error)")
        }
        let app = WindowApp(session: session, renderer: renderer, options: w)
        let tracePath = a.value(f.trace)
        if let tracePath {
            do { try OutputPaths.checkFile(tracePath, flag: "--trace") } catch { throw UsageError(message: "run: \(error)") }
            if let c = a.value(f.capture), URL(fileURLWithPath: c).standardizedFileURL == URL(fileURLWithPath: tracePath).standardizedFileURL {
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
        if let path = a.value(f.capture) {
            do { try LiveCapture.checkWritable(path) } catch { throw UsageError(message: "run: \(error)") }
            let c = LiveCapture(path: path, scene: w.scene, options: w.sceneOptions)
            app.onInput = { c.record($0, at: $1) }
            capture = c
        }
        do { try app.open() } catch {
            Platform.printError("overscroll run: \(error)")
            return 1
        }
        capture?.describeDisplay(scale: app.drawScale, fps: app.displayRefreshRate ?? 60)
        app.run()
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
