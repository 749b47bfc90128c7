/// The display backends, in the order they are tried: the first that opens presents the window.
/// A new backend is one file (its conformance to `DisplayBackend`) and one line here.
@MainActor
enum DisplayBackends {
    static let all: [any DisplayBackend.Type] = [
        WaylandShmBackend.self,
        X11Backend.self,
        SDLBackend.self
    ]

    /// The first backend that serves the window of `context` (nil: none can present).
    static func open(_ context: DisplayContext) -> (any DisplayBackend)? {
        for backend in all {
            if let opened = backend.open(context) { return opened }
        }
        return nil
    }
}
