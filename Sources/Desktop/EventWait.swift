import CSDL2
import CWayland
import CXInput2
import Glibc

/// The window's own wait for its next event, where SDL's would misbehave: on X11 (SDL's wait is
/// woken by a ClientMessage sent to the window through a second X connection, which the server may
/// process after the window was destroyed on the first: BadWindow on X_SendEvent, reported when
/// SDL_Quit closes that connection, where Xlib's default handler exits with status 1) and on
/// Wayland with the `wl_shm` presenter (the compositor's frame callback, read on CWayland's
/// private queue, must wake the loop like input does).
///
/// The main thread polls SDL's connection and a wake pipe itself and takes events with
/// `SDL_PollEvent`, which pumps SDL's queue and never arms SDL's wakeup; other threads wake it by
/// writing to the pipe. Nothing runs while nothing happens: no timer, and on Wayland nothing while
/// the window is hidden (the compositor sends no callback then).
final class EventWait {
    /// The wake pipe (non-blocking, close-on-exec), made once per process.
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var p: [Int32] = [-1, -1]
        guard pipe(&p) == 0 else { return (-1, -1) }
        for fd in p {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (p[0], p[1])
    }()

    /// Wakes a thread waiting in `wait` (any thread; a signal handler may call it: one `write`).
    static func wake() {
        var byte: UInt8 = 1
        _ = write(pipeEnds.write, &byte, 1)
    }

    /// Empties the pipe after it woke a wait.
    private static func drainWakes() {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(pipeEnds.read, &sink, sink.count) > 0 {}
    }

    /// What one blocking step saw.
    struct Woke: OptionSet {
        let rawValue: Int32
        /// SDL's connection has something: pump SDL and wait again if it was not for us.
        static let connection = Woke(rawValue: 1)
        /// The wake pipe.
        static let pipe = Woke(rawValue: 2)
        /// Something the caller must look at: a frame callback or pointer events on CWayland's
        /// queue, or a failed connection.
        static let news = Woke(rawValue: 4)
        /// The time ran out.
        static let timeout = Woke(rawValue: 8)
    }

    /// One blocking step on the connection and the pipe, for up to `ms` milliseconds (-1: no limit).
    private let block: (_ ms: Int32) -> Woke

    /// The wait for `sdlWindow`'s X connection; nil when it is not an X11 window.
    init?(x11Window sdlWindow: OpaquePointer) {
        guard Self.pipeEnds.read >= 0, let display = overscroll_sdl_x11_display(UnsafeMutableRawPointer(sdlWindow)) else { return nil }
        let fd = overscroll_x_connection_number(display)
        block = { ms in
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: Self.pipeEnds.read, events: Int16(POLLIN), revents: 0)
            ]
            let n = poll(&fds, 2, ms)
            if n < 0 { return errno == EINTR ? [] : .news }
            if n == 0 { return .timeout }
            return fds[1].revents != 0 ? .pipe : .connection
        }
    }

    /// The wait on the Wayland connection the wl_shm presenter commits through (its private queue
    /// is dispatched here: `overscroll_wl_wait`).
    init?(wayland connection: WaylandPointerConnection) {
        guard Self.pipeEnds.read >= 0 else { return nil }
        let handle = connection.handle
        block = { ms in
            let woke = overscroll_wl_wait(handle, Self.pipeEnds.read, ms)
            var out: Woke = []
            if woke & Int32(OVERSCROLL_WL_WOKE_PIPE) != 0 { out.insert(.pipe) }
            if woke & Int32(OVERSCROLL_WL_WOKE_QUEUE | OVERSCROLL_WL_WOKE_ERROR) != 0 { out.insert(.news) }
            if woke & Int32(OVERSCROLL_WL_WOKE_DISPLAY) != 0 { out.insert(.connection) }
            if woke == 0 && ms >= 0 { out.insert(.timeout) }
            return out
        }
    }

    /// Like `SDL_WaitEventTimeout` (`timeout` in milliseconds, nil: no limit): 1 with `event`
    /// filled, 0 when the time ran out, another thread woke the wait, or (Wayland) the private
    /// queue got something.
    func wait(_ event: inout SDL_Event, timeout: Int32?) -> Int32 {
        let start = SDL_GetTicks64()
        while true {
            // Pumps everything the connection has read or can read now into SDL's queue.
            if SDL_PollEvent(&event) != 0 { return 1 }
            var remaining: Int32 = -1
            if let timeout {
                let elapsed = SDL_GetTicks64() - start
                guard elapsed < UInt64(max(0, timeout)) else { return 0 }
                remaining = timeout - Int32(elapsed)
            }
            let woke = block(remaining)
            if woke.contains(.pipe) { Self.drainWakes() }
            if !woke.isDisjoint(with: [.pipe, .news, .timeout]) { return SDL_PollEvent(&event) }
        }
    }
}
