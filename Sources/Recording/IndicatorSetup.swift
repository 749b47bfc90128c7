import Rendering
import ScrollCore

/// Resolves the refresh indicator before a session starts: loads `--lottie`/`indicator.lottie`
/// (or, for the coordinator scene with no spinner chosen, the bundled `Assets/refresh.json`) and
/// registers it with the renderer. A file that fails to load is reported in one line (file and
/// reason) and the vector spinner takes over.
public enum IndicatorSetup {
    /// Scenes that show the bundled Lottie animation by default.
    public static let lottieByDefault: Set<String> = ["coordinator"]

    @MainActor
    public static func resolve(_ options: inout SceneOptions, scene: String, renderer: CairoRenderer,
                               report: @escaping (String) -> Void) {
        let source: LottieIndicatorSource?
        do {
            if let path = options.indicator.lottiePath {
                source = try LottieIndicatorSource.load(path: path)
            } else if options.indicator.style == nil && lottieByDefault.contains(scene) {
                source = try LottieIndicatorSource.loadBundled()
            } else {
                source = nil
            }
        } catch {
            report("\(error.message); using the vector spinner")
            source = nil
        }
        guard let source else { options.indicator.lottie = nil; return }
        let drawer = (renderer.lottie as? LottieIndicatorRenderer) ?? LottieIndicatorRenderer()
        drawer.report = { line in report(line) }
        drawer.add(source)
        renderer.lottie = drawer
        options.indicator.lottie = source.info
    }
}
