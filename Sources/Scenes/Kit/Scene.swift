import ScrollEngine

/// One screen of the app. A scene turns input and time into state, and state into a display list.
/// Both drivers (the SDL window and the headless recorder) call the same entry points. Every
/// scene is built from a `SceneContext` and listed once, by its `descriptor`, in `SceneCatalog`.
public protocol Scene: AnyObject {
    /// The scene's name, key and constructor.
    static var descriptor: SceneDescriptor { get }
    /// The window size, scroll view and input the scene is built around.
    var host: ScrollHost { get }
    /// Handles one input event at time `t` (seconds on the driver's clock).
    func handle(_ event: InputEvent, at t: Double)
    /// Brings time-driven state (simulations, timeouts, async completions) to time `t`.
    func advance(to t: Double)
    /// The display list of the current state.
    func frame() -> FrameModel
    /// True while something moves, so the driver must keep producing frames.
    var isAnimating: Bool { get }
    /// The next time something happens with no input (a wheel gesture ending, a timeout), if any.
    var nextDeadline: Double? { get }
    /// The scene's trace fields for the current frame, after the common ones.
    func trace() -> TraceFields
    /// What the content is doing for the trace's `phase` and `velocity` (points/s): the scroll
    /// view's own, unless the scene moves the offset itself (the coordinator's eases).
    var motion: (phase: ScrollPhase, velocity: Double) { get }
    /// Diagnostic lines produced since the last call, oldest first (the drivers print them to
    /// stderr with `--trace-title`); most scenes have none.
    func takeDiagnostics() -> [String]
    /// Waits for asynchronous work the clock woke (see `Session.waitForActions`).
    nonisolated(nonsending) func waitForActions() async
    /// Takes new numbers of the feel (a feel file saved while the window runs: physics, input,
    /// refresh numbers, indicator, theme) without losing the scroll position or a refresh in
    /// progress. The default changes the physics, the input's numbers and the theme.
    func retune(_ options: SceneOptions)
    /// The colours the scene draws with (`retune` changes them).
    var theme: Theme { get set }
}

public extension Scene {
    var name: String { Self.descriptor.name }
    /// Viewport size in points.
    var size: Size { host.size }
    /// The scroll view, for the common trace fields (offset, velocity, phase).
    var scrollView: ScrollView { host.scrollView }
    var input: ScrollInputController { host.input }
    var isAnimating: Bool { host.isMoving }
    var nextDeadline: Double? { host.nextDeadline }
    func trace() -> TraceFields { [] }
    var motion: (phase: ScrollPhase, velocity: Double) { (scrollView.phase, scrollView.velocity) }
    func takeDiagnostics() -> [String] { [] }
    nonisolated(nonsending) func waitForActions() async {}
    func retune(_ options: SceneOptions) {
        host.retune(feel: options.profile, input: options.input)
        theme = options.theme
    }
}

/// What a scene is built from: the options and the services it may use.
public struct SceneContext {
    public var options: SceneOptions
    public var textMeasurer: any TextMeasurer
    /// Clock and wake-up for async refresh actions.
    public var runtime: RefreshRuntime
    public init(
        options: SceneOptions, textMeasurer: any TextMeasurer = ApproximateTextMeasurer(),
        runtime: RefreshRuntime = .virtual()
    ) {
        self.options = options
        self.textMeasurer = textMeasurer
        self.runtime = runtime
    }
}
