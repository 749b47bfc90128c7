import CSDL2
import CXInput2
import Glibc

/// The window's wait for its next event on X11, without SDL's cross-thread wakeup.
///
/// `SDL_WaitEvent` lets another thread wake it with `SDL_PushEvent`, which SDL does by sending a
/// ClientMessage to the window through a second X connection. The server orders requests only
/// within one connection, so a wakeup in flight when Q closes the window could be processed after
/// the window was destroyed on the first connection: BadWindow on X_SendEvent, reported when
/// SDL_Quit closes that connection, where Xlib's default handler exits with status 1 (1 to 5 of
/// 20 quits under Xvfb with XInput 2 on, whose socket thread wakes the loop as the key arrives).
///
/// Here the main thread polls SDL's X connection and a pipe itself and takes events with
/// `SDL_PollEvent` (which never arms SDL's wakeup); other threads wake it by writing to the pipe.
final class X11EventWait {
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

    /// The pipe's read end (the Wayland wait polls it too), -1 when it could not be made.
    static var wakeFD: Int32 { pipeEnds.read }

    /// Empties the pipe after it woke a wait.
    static func drainWakes() {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(pipeEnds.read, &sink, sink.count) > 0 {}
    }

    private let displayFD: Int32

    /// The wait for `sdlWindow`'s X connection; nil when it is not an X11 window.
    init?(sdlWindow: OpaquePointer) {
        guard Self.pipeEnds.read >= 0, let display = overscroll_sdl_x11_display(UnsafeMutableRawPointer(sdlWindow)) else { return nil }
        displayFD = overscroll_x_connection_number(display)
    }

    /// Like `SDL_WaitEventTimeout` (`timeout` in milliseconds, nil: no limit): 1 with `event`
    /// filled, 0 when the time ran out or another thread woke the wait.
    func wait(_ event: inout SDL_Event, timeout: Int32?) -> Int32 {
        let start = SDL_GetTicks64()
        while true {
            // Pumps every X event Xlib has read or can read now into SDL's queue.
            if SDL_PollEvent(&event) != 0 { return 1 }
            var remaining: Int32 = -1
            if let timeout {
                let elapsed = SDL_GetTicks64() - start
                guard elapsed < UInt64(max(0, timeout)) else { return 0 }
                remaining = timeout - Int32(elapsed)
            }
            var fds = [pollfd(fd: displayFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: Self.pipeEnds.read, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, remaining)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return 0 }
            if fds[1].revents != 0 {
                Self.drainWakes()
                return SDL_PollEvent(&event)
            }
            if n == 0 { return 0 }
        }
    }
}
