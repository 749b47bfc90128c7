/// One screen of the app. A scene turns input and time into state, and state into a display list.
/// Both drivers (the SDL window and the headless recorder) call the same three entry points.
public protocol Scene: AnyObject {
    /// The scene's name as used by `--scene` and scenarios.
    var name: String { get }
    /// Viewport size in points.
    var size: Size { get }
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
    /// The scroll view, for the common trace fields (offset, velocity, phase).
    var scrollView: ScrollView { get }
    /// Waits for asynchronous work the clock woke (see `Session.waitForActions`).
    nonisolated(nonsending) func waitForActions() async
}

public extension Scene {
    nonisolated(nonsending) func waitForActions() async {}
}

/// What a scene is built from: the options and the services it may use.
public struct SceneContext {
    public var options: SceneOptions
    public var textMeasurer: any TextMeasurer
    /// Clock and wake-up for async refresh actions.
    public var runtime: RefreshRuntime
    public init(options: SceneOptions, textMeasurer: any TextMeasurer = ApproximateTextMeasurer(),
                runtime: RefreshRuntime = .virtual()) {
        self.options = options
        self.textMeasurer = textMeasurer
        self.runtime = runtime
    }
}
