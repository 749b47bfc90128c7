import Desktop
import Foundation
import Recording
import Rendering
import ScrollCore

/// `overscroll run`: the interactive window.
enum RunCommand {
    static let help = """
    usage: overscroll run [--scene NAME] [--size WxH] [--scale S] [flags]

    Opens the window. Drag with the mouse (or a finger), scroll with the wheel or touchpad,
    Up/Down/PageUp/PageDown/Space/Home/End scroll, F5 or Ctrl+R refreshes, Esc cancels a refresh,
    D toggles the debug overlay, 1–6 switch scenes, Q or Ctrl+Q quits.

      --scene NAME          scene to open (default coordinator; see the list below)
      --size WxH            window size in points (default 390x844)
      --scale S             pixels per point (default: the display's)
      --rows N              rows in list scenes (default 200)
      --theme NAME          light or dark
      --overlay             start with the debug overlay on
      --refresh-duration S  seconds the refresh action takes (default 1.5)
      --refresh-outcome O   success, failure or hang (default success)
      --refresh-timeout S   cancel a refresh after this long (default 30)
      --spinner STYLE       seed, material or ios vector spinner (default: the scene's; the coordinator shows a Lottie)
      --reduce-motion       slow, fixed-arc spinner (also OVERSCROLL_REDUCE_MOTION=1)
      --lottie FILE         Lottie file as the refresh indicator
      --indicator-color C   indicator colour, #RRGGBB
      --trace-title         print navTitleTrace lines of the title scene to standard error
      --capture FILE.json   save this session's input as a scenario for `overscroll record`
      --help                this text

    scenes: \(SceneCatalog.names.joined(separator: ", "))
    """

    static let valued: Set<String> = ["scene", "size", "scale", "rows", "theme", "refresh-duration", "refresh-outcome",
                                      "refresh-timeout", "spinner", "lottie", "indicator-color", "capture"]
    static let booleans: Set<String> = ["help", "overlay", "reduce-motion", "trace-title"]

    /// Reads the scene options shared by `run` (and the defaults `make run` uses).
    static func sceneOptions(_ a: Arguments) throws -> SceneOptions {
        var o = SceneOptions()
        if let s = try a.size("size") { o.size = s }
        if let n = try a.int("rows", min: 0, max: ScenarioParser.maxRows) { o.rows = n }
        if let t = a.string("theme") {
            guard let theme = Theme.named(t) else { throw UsageError(message: "run: --theme '\(t)' is unknown (light, dark)") }
            o.theme = theme
        }
        o.overlay = a.has("overlay")
        if let d = try a.double("refresh-duration", min: 0, max: 3600) { o.refresh.duration = d }
        if let s = a.string("refresh-outcome") {
            guard let out = RefreshBehaviour.Outcome(rawValue: s) else { throw UsageError(message: "run: --refresh-outcome '\(s)' is unknown (success, failure, hang)") }
            o.refresh.outcome = out
        }
        if let d = try a.double("refresh-timeout", min: 0.001, max: 3600) { o.refresh.timeout = d }
        if let s = a.string("spinner") {
            guard SpinnerStyle.names.contains(s) else { throw UsageError(message: "run: --spinner '\(s)' is unknown (seed, material, ios)") }
            o.indicator.style = s
        }
        o.indicator.reduceMotion = a.has("reduce-motion") || Platform.environment["OVERSCROLL_REDUCE_MOTION"] == "1"
        if let p = a.string("lottie") { o.indicator.lottiePath = p }
        if let c = a.string("indicator-color") {
            guard let color = Color(parsing: c) else { throw UsageError(message: "run: --indicator-color expects #RRGGBB, got '\(c)'") }
            o.indicator.color = color
        }
        return o
    }

    @MainActor
    static func run(_ argv: [String]) throws -> Int32 {
        let a = try Arguments(argv, command: "run", valued: valued, booleans: booleans)
        if a.has("help") { print(help); return 0 }
        guard a.positionals.isEmpty else { throw UsageError(message: "run: unexpected argument '\(a.positionals[0])'") }
        var w = WindowOptions()
        w.sceneOptions = try sceneOptions(a)
        w.scene = a.string("scene") ?? SceneCatalog.defaultScene
        w.scale = try a.double("scale", min: 0.25, max: 4)
        let renderer = CairoRenderer()
        IndicatorSetup.resolve(&w.sceneOptions, scene: w.scene, renderer: renderer) { Platform.printError("overscroll: \($0)") }
        let session: Session
        do {
            session = try Session(scene: w.scene, options: w.sceneOptions, textMeasurer: renderer.text,
                                  runtime: RefreshRuntime(clock: ContinuousClock(), wake: WindowApp.wakeEventLoop))
        } catch {
            throw UsageError(message: "run: --scene: \(error)")
        }
        let app = WindowApp(session: session, renderer: renderer, options: w)
        if a.has("trace-title") {
            app.onAdvance = { s in
                for line in s.takeTitleTraceLines() { Platform.printError(line) }
            }
        }
        var capture: LiveCapture?
        if let path = a.string("capture") {
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
        app.close()
        if let capture {
            do { try capture.write(endingAt: end) } catch {
                Platform.printError("overscroll run: --capture: \(error)")
                return 1
            }
            Platform.printError("captured \(capture.log.events.count) events (\(String(format: "%.2f", end)) s) to \(capture.path)")
        }
        return 0
    }
}
