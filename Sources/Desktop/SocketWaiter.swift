import Foundation
import Support

/// Waits on a socket on its own thread and calls `wake` when it becomes readable, then waits to
/// be re-armed (after the owner read everything) before polling again. `stop` ends the thread
/// through a pipe, so it never spins and never outlives its owner's socket.
final class SocketWaiter: Sendable {
    private let fd: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let wake: @Sendable () -> Void
    private struct State {
        /// True while the thread waits to be re-armed (so a re-arm with nothing waiting is a no-op).
        var waiting = false
        /// Set by a re-arm, taken by the thread when it polls again.
        var armed = false
        /// The thread has ended.
        var finished = false
        /// `stop` was called: the thread ends instead of waiting to be re-armed. (A re-arm alone
        /// could come before the thread marks itself waiting, and the thread would wait forever.)
        var stopping = false
    }
    private let state = WaitableState(State())

    init(fd: Int32, wake: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.wake = wake
        var p: [Int32] = [-1, -1]
        if pipe(&p) != 0 { p = [-1, -1] }
        stopPipe = (p[0], p[1])
    }

    func start() {
        let thread = Thread { [self] in
            let stopFD = stopPipe.read
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
            while true {
                fds[0].revents = 0; fds[1].revents = 0
                let n = poll(&fds, 2, -1)
                if n < 0 && errno == EINTR { continue }
                if n < 0 || fds[1].revents != 0 || fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { break }
                state.change { $0.waiting = true }
                wake()
                let stopping = state.wait(for: { $0.armed || $0.stopping }) { s -> Bool in
                    s.armed = false
                    return s.stopping
                }
                if stopping { break }
            }
            state.change { $0.finished = true }
        }
        thread.name = "xinput2-socket"
        thread.start()
    }

    /// The owner read everything that was pending: poll again.
    func rearm() {
        state.change { s in
            if s.waiting { s.waiting = false; s.armed = true }
        }
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        state.change { $0.stopping = true }
        state.wait(for: { $0.finished }) { _ in }
        Glibc.close(stopPipe.read)
        Glibc.close(stopPipe.write)
    }
}
