import ScrollEngine

/// What a display backend opens with: the SDL window and how the user configured it. The Wayland
/// pointer is opened once, on first use, so the backend tried after one that declined takes it.
@MainActor
final class DisplayContext {
    let window: OpaquePointer
    let environment: [String: String]
    /// SDL's video driver when the window was made.
    let videoDriver: String?
    let settings: InputSettings
    /// Wakes the window loop from any thread.
    let wake: @Sendable () -> Void
    /// `OVERSCROLL_PRESENTER`.
    var preference: PresenterPreference { PresenterPreference(environment: environment["OVERSCROLL_PRESENTER"]) }

    init(
        window: OpaquePointer, environment: [String: String], videoDriver: String?, settings: InputSettings,
        wake: @escaping @Sendable () -> Void
    ) {
        self.window = window
        self.environment = environment
        self.videoDriver = videoDriver
        self.settings = settings
        self.wake = wake
    }

    private var pointerOpened = false
    private var pointer: WaylandPointerConnection?

    /// Wayland's own pointer on SDL's connection (axis_stop, axis_source, value120, hold gestures,
    /// compositor times; the `wl_shm` buffers go through it too); nil off Wayland.
    var waylandPointer: WaylandPointerConnection? {
        if !pointerOpened {
            pointerOpened = true
            pointer = WaylandPointerConnection.open(for: window, videoDriver: videoDriver, environment: environment)
        }
        return pointer
    }
}
