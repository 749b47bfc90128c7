import ScrollEngine

/// Resolves the refresh indicator before a session starts, for both drivers (the window's `run`
/// and the recorder): loads `--lottie`/`indicator.lottie` (or, for a scene that prefers Lottie —
/// `SceneDescriptor.prefersLottie`, the coordinator — with no spinner chosen, the bundled
/// `Assets/refresh.json`) and registers it with the renderer. In the live window a file that fails to load is reported in
/// one line (file and reason) and the vector spinner takes over; where goldens are made
/// (`resolveStrict`) it is an error.
public enum IndicatorSetup {
    @MainActor
    public static func resolve(
        _ options: inout IndicatorOptions, prefersLottie: Bool, renderer: CairoRenderer,
        report: @escaping (String) -> Void
    ) {
        let source: LottieIndicatorSource?
        do {
            source = try load(options, prefersLottie: prefersLottie)
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
    public static func resolveStrict(
        _ options: inout IndicatorOptions, prefersLottie: Bool, renderer: CairoRenderer,
        lottieTimeout: Double, report: @escaping (String) -> Void
    ) throws(LottieLoadError) {
        let source = try load(options, prefersLottie: prefersLottie)
        install(source, into: &options, renderer: renderer, report: report)
        renderer.lottie?.makeStrict(frameDeadline: lottieTimeout)
    }

    static func load(_ options: IndicatorOptions, prefersLottie: Bool) throws(LottieLoadError) -> LottieIndicatorSource? {
        if let path = options.lottiePath { return try LottieIndicatorSource.load(path: path, segments: options.lottieSegments) }
        if options.style == nil && prefersLottie { return try LottieIndicatorSource.loadBundled(segments: options.lottieSegments) }
        return nil
    }

    @MainActor
    static func install(
        _ source: LottieIndicatorSource?, into options: inout IndicatorOptions, renderer: CairoRenderer,
        report: @escaping (String) -> Void
    ) {
        guard let source else { options.lottie = nil; return }
        let drawer = renderer.lottie ?? LottieIndicatorRenderer()
        drawer.report = { line in report(line) }
        drawer.add(source)
        renderer.lottie = drawer
        options.lottie = source.info
    }
}
