import ScrollEngine

/// X11: SDL's window surface (XShm) or a streaming texture, the loop's own wait on the X socket
/// (`EventWait`: SDL's wait would be woken through a second X connection) and XInput 2 smooth
/// scrolling. Frames are paced by the frame interval.
@MainActor
final class X11Backend: DisplayBackend {
    let presenter: any FramePresenter
    let eventWait: EventWait?
    /// XInput 2 smooth scrolling (nil: SDL's wheel events only).
    private var xinput: XInput2Connection?

    init(presenter: any FramePresenter, eventWait: EventWait?, xinput: XInput2Connection?) {
        self.presenter = presenter
        self.eventWait = eventWait
        self.xinput = xinput
    }

    static func open(_ context: DisplayContext) -> X11Backend? {
        guard context.videoDriver == "x11", let presenter = PresenterChoice.make(window: context.window, preference: context.preference)
        else { return nil }
        // After the presenter: creating a renderer may recreate the X11 window.
        let xinput = XInput2Connection.open(
            for: context.window, videoDriver: context.videoDriver, settings: context.settings,
            environment: context.environment, wake: context.wake)
        return X11Backend(presenter: presenter, eventWait: EventWait(x11Window: context.window), xinput: xinput)
    }

    func drain(pump: Double, notBefore: Double) -> DrainedInput { DrainedInput(smooth: xinput?.drain(at: pump) ?? []) }
    func keeps(_ event: InputEvent, at t: Double) -> Bool { xinput?.keeps(event, at: t) ?? true }
    func setUnitsPerPoint(_ u: Double) { xinput?.setUnitsPerPoint(u) }
    func describe() -> String { presenter.describe(driver: "x11") }

    func close() {
        xinput?.close()
        xinput = nil
        presenter.destroy()
    }
}
