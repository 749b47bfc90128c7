import CSDL2
import ScrollEngine

/// One way of putting the window on a display: how the loop waits for events, which input it
/// reads beside SDL's, when a frame may be drawn, and how frames are presented (it is the
/// `FramePresenter` the window's `DirtyPresenter` draws through). Conformers: `X11Backend`,
/// `WaylandShmBackend`, `SDLBackend` (the fallback); `DisplayBackends.all` lists them in the order
/// they are tried. The window loop asks, never branches on which one it has.
@MainActor
protocol DisplayBackend: FramePresenter {
    /// The backend for the window of `context`, or nil when it does not serve that display.
    static func open(_ context: DisplayContext) -> Self?
    /// The presenter frames go through.
    var presenter: any FramePresenter { get }
    /// The wait on the display's own connection (nil: SDL's wait). With one, other threads wake
    /// the loop through its pipe (`WindowApp.wakeEventLoop`).
    var eventWait: EventWait? { get }
    /// How long the next wait may block.
    func waitLimit(for plan: FramePlan) -> WaitLimit
    /// Input of its own since the last pass (`pump`: the batch's session time; timed events never
    /// go before `notBefore`).
    func drain(pump: Double, notBefore: Double) -> DrainedInput
    /// False for an SDL event its own input already reported.
    func keeps(_ event: InputEvent, at t: Double) -> Bool
    /// Window units per point, for its own input.
    func setUnitsPerPoint(_ u: Double)
    /// Whether a frame may be drawn now (after the pass's input was handled).
    func mayDraw(_ plan: FramePlan) -> Bool
    /// The session time the frame drawn at real time `drawnAt` shows (`session`: the clock's
    /// now; `scale`: the time scale; never before `notBefore`, the last input handled).
    func frameTime(drawnAt: Double, session: Double, scale: Double, notBefore: Double) -> Double
    /// After a frame was drawn (presented or unchanged).
    func drew()
    /// Seconds since the compositor showed the last frame presented (nil: it does not say).
    var presentedAge: Double? { get }
    /// How it presents, for the log line of `run`.
    func describe() -> String
    /// Closes its connections and frees the presenter (before the window is destroyed).
    func close()
}

extension DisplayBackend {
    /// Waits for the next SDL event as `plan` allows: 1 with `event` filled, 0 when the time ran
    /// out or the wait was woken.
    func wait(_ event: inout SDL_Event, until plan: FramePlan) -> Int32 {
        waitLimit(for: plan).wait(&event, with: eventWait)
    }

    func present(_ rects: [PixelRect]) { presenter.present(rects) }
    func describe(driver: String?) -> String { presenter.describe(driver: driver) }
    var width: Int { presenter.width }
    var height: Int { presenter.height }
    var context: OpaquePointer? { presenter.context }
    var pixels: UnsafeMutableRawPointer? { presenter.pixels }
    var stride: Int { presenter.stride }
    func resize() -> Bool { presenter.resize() }
    func destroy() { presenter.destroy() }

    // A backend paced by the frame interval alone (no frame clock of the display's).
    func waitLimit(for plan: FramePlan) -> WaitLimit { plan.limit() }
    func mayDraw(_ plan: FramePlan) -> Bool { plan.intervalPassed }
    func frameTime(drawnAt: Double, session: Double, scale: Double, notBefore: Double) -> Double { session }
    func drew() {}
    var presentedAge: Double? { nil }
}
