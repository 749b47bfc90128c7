import Dispatch
import Foundation
import Testing
@testable import Desktop

/// The thread that wakes the window's event wait when the XI2 connection's socket is readable.
@Suite struct SocketWaiterTests {
    @Test func wakesOncePerReadableSpellAndStops() throws {
        var p: [Int32] = [-1, -1]
        #expect(pipe(&p) == 0)
        defer { close(p[0]); close(p[1]) }
        let woken = DispatchSemaphore(value: 0)
        let waiter = SocketWaiter(fd: p[0], wake: { woken.signal() })
        waiter.start()
        var byte: UInt8 = 7
        for _ in 0..<2 {
            #expect(write(p[1], &byte, 1) == 1)
            #expect(woken.wait(timeout: .now() + 30) == .success)  // a hang bound, not a speed check
            #expect(read(p[0], &byte, 1) == 1)
            waiter.rearm()
        }
        waiter.rearm()  // nothing waiting: a no-op
        waiter.stop()  // returns once the thread has ended
        #expect(woken.wait(timeout: .now()) == .timedOut)
    }

    /// `stop` while the socket has just become readable (the thread between its poll and marking
    /// itself waiting, as when the window quits with X input pending) ends the thread: a quit under
    /// Xvfb hung here with the thread waiting to be re-armed and `stop` waiting for the thread.
    @Test func stopEndsTheThreadWhateverItIsDoing() throws {
        for round in 0..<300 {
            var p: [Int32] = [-1, -1]
            #expect(pipe(&p) == 0)
            defer { close(p[0]); close(p[1]) }
            let waiter = SocketWaiter(fd: p[0], wake: {})
            waiter.start()
            var byte: UInt8 = 7
            #expect(write(p[1], &byte, 1) == 1)
            if round % 3 == 1 { usleep(UInt32(round % 7) * 50) }
            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                waiter.stop()
                stopped.signal()
            }
            let ended = stopped.wait(timeout: .now() + 30) == .success  // a hang bound, not a speed check
            #expect(ended, "round \(round): stop did not return")
            if !ended { return }
        }
    }
}
