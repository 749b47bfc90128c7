import Rendering
import Scenes
import ScrollEngine

/// Resolves the refresh indicator before a session starts: loads `--lottie`/`indicator.lottie`
/// (or, for the coordinator scene with no spinner chosen, the bundled `Assets/refresh.json`) and
/// registers it with the renderer. In the live window a file that fails to load is reported in
/// one line (file and reason) and the vector spinner takes over; where goldens are made
/// (`resolveStrict`) it is an error.
public enum IndicatorSetup {
    @MainActor
    public static func resolve(_ options: inout SceneOptions, scene: String, renderer: CairoRenderer,
                               report: @escaping (String) -> Void) {
        let source: LottieIndicatorSource?
        do {
            source = try load(options, scene: scene)
        } catch {
            report("\(error.message); using the vector spinner")
            source = nil
        }
        install(source, into: &options, renderer: renderer, report: report)
    }

    /// The strict form for recordings: a file that fails to load throws (naming the file), and
    /// every Lottie frame is waited for up to `lottieTimeout` seconds — a frame that does not
    /// come in time ends the run (`LottieIndicatorRenderer.strictFailure`) instead of reusing
    /// an older image.
    @MainActor
    public static func resolveStrict(_ options: inout SceneOptions, scene: String, renderer: CairoRenderer,
                                     lottieTimeout: Double, report: @escaping (String) -> Void) throws(LottieLoadError) {
        let source = try load(options, scene: scene)
        install(source, into: &options, renderer: renderer, report: report)
        renderer.lottie?.makeStrict(frameDeadline: lottieTimeout)
    }

    static func load(_ options: SceneOptions, scene: String) throws(LottieLoadError) -> LottieIndicatorSource? {
        if let path = options.indicator.lottiePath { return try LottieIndicatorSource.load(path: path) }
        if options.indicator.style == nil && SceneCatalog.descriptor(named: scene)?.prefersLottie == true { return try LottieIndicatorSource.loadBundled() }
        return nil
    }

    @MainActor
    static func install(_ source: LottieIndicatorSource?, into options: inout SceneOptions, renderer: CairoRenderer,
                        report: @escaping (String) -> Void) {
        guard let source else { options.indicator.lottie = nil; return }
        let drawer = renderer.lottie ?? LottieIndicatorRenderer()
        drawer.report = { line in report(line) }
        drawer.add(source)
        renderer.lottie = drawer
        options.indicator.lottie = source.info
    }
}
