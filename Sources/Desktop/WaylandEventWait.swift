import CSDL2
import CWayland

/// The window's wait for its next event on Wayland with the `wl_shm` presenter: one `poll` on SDL's
/// Wayland socket and the wake pipe of `X11EventWait`, so the loop sleeps until input, a
/// cross-thread wake or the compositor's frame callback arrives (CWayland's private queue is
/// dispatched here), and not at all while nothing happens: no timer, nothing while the window is
/// hidden (the compositor sends no callback then). Events are taken with `SDL_PollEvent`, which
/// pumps SDL's own queue of the same connection.
final class WaylandEventWait {
    private let connection: OpaquePointer

    init?(connection: WaylandPointerConnection) {
        guard X11EventWait.wakeFD >= 0 else { return nil }
        self.connection = connection.handle
    }

    /// Like `SDL_WaitEventTimeout` (`timeout` in milliseconds, nil: no limit): 1 with `event`
    /// filled, 0 when the time ran out, another thread woke the wait, or the private queue got
    /// something (a frame callback, pointer events).
    func wait(_ event: inout SDL_Event, timeout: Int32?) -> Int32 {
        let start = SDL_GetTicks64()
        while true {
            if SDL_PollEvent(&event) != 0 { return 1 }
            var remaining: Int32 = -1
            if let timeout {
                let elapsed = SDL_GetTicks64() - start
                guard elapsed < UInt64(max(0, timeout)) else { return 0 }
                remaining = timeout - Int32(elapsed)
            }
            let woke = overscroll_wl_wait(connection, X11EventWait.wakeFD, remaining)
            if woke & Int32(OVERSCROLL_WL_WOKE_PIPE) != 0 {
                X11EventWait.drainWakes()
                return SDL_PollEvent(&event)
            }
            if woke & Int32(OVERSCROLL_WL_WOKE_QUEUE) != 0 || woke & Int32(OVERSCROLL_WL_WOKE_ERROR) != 0 {
                return SDL_PollEvent(&event)
            }
            if woke == 0 && timeout != nil { return SDL_PollEvent(&event) }
        }
    }
}
