import ScrollEngine

/// The fallback: SDL presents (the window surface or a streaming texture) and SDL waits
/// (`SDL_WaitEvent`); frames are paced by the frame interval. On Wayland without `wl_shm` (or with
/// `OVERSCROLL_PRESENTER` set) Wayland's own pointer still reports the pointer's input.
@MainActor
final class SDLBackend: DisplayBackend {
    let presenter: any FramePresenter
    var eventWait: EventWait? { nil }
    private var waylandPointer: WaylandPointerConnection?
    private let driver: String?

    init(presenter: any FramePresenter, waylandPointer: WaylandPointerConnection?, driver: String?) {
        self.presenter = presenter
        self.waylandPointer = waylandPointer
        self.driver = driver
    }

    static func open(_ context: DisplayContext) -> SDLBackend? {
        let pointer = context.waylandPointer
        guard let presenter = PresenterChoice.make(window: context.window, preference: context.preference) else { return nil }
        return SDLBackend(presenter: presenter, waylandPointer: pointer, driver: context.videoDriver)
    }

    func drain(pump: Double, notBefore: Double) -> DrainedInput {
        let timed = waylandPointer?.drain(pump: pump, notBefore: notBefore) ?? []
        // A scale change is for the wl_shm buffers only; SDL sizes its own.
        _ = waylandPointer?.takeScaleChange()
        return DrainedInput(timed: timed)
    }

    func keeps(_ event: InputEvent, at t: Double) -> Bool { waylandPointer?.keeps(event) ?? true }
    func setUnitsPerPoint(_ u: Double) { waylandPointer?.setUnitsPerPoint(u) }
    func describe() -> String { presenter.describe(driver: driver) }

    func close() {
        presenter.destroy()
        waylandPointer?.close()
        waylandPointer = nil
    }
}
