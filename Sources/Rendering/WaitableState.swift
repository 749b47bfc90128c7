import Foundation
import Synchronization

/// State shared with an OS thread that blocks until the state changes (the rlottie render and
/// probe threads, the X input socket thread). The state lives in a `Mutex`, so its owner is
/// checkably `Sendable`; an `NSCondition` wakes the waiters. A waiter tests the state while it
/// holds the condition's lock and a change broadcasts under that lock, so no wake-up is lost
/// between a test and a wait.
package final class WaitableState<State>: Sendable {
    private let state: Mutex<State>
    private let changed = NSCondition()

    package init(_ initial: sending State) { state = Mutex(initial) }

    /// Changes the state and wakes every waiter; returns what `body` returns.
    @discardableResult
    package func change<R>(_ body: (inout sending State) -> sending R) -> sending R {
        let result = state.withLock(body)
        changed.lock()
        changed.broadcast()
        changed.unlock()
        return result
    }

    /// Blocks until `ready` holds (or `deadline` passes), then runs `body` on the state under the
    /// same lock as the last test, wakes every waiter and returns what `body` returns. On a
    /// timeout `body` runs on the state as it is.
    package func wait<R>(until deadline: Date? = nil, for ready: (State) -> Bool,
                         then body: (inout sending State) -> sending R) -> sending R {
        changed.lock()
        defer { changed.unlock() }
        while true {
            let done: R? = state.withLock { s in ready(s) ? Optional(body(&s)) : nil }
            if let done {
                changed.broadcast()
                return done
            }
            if let deadline {
                if !changed.wait(until: deadline) { break }
            } else {
                changed.wait()
            }
        }
        let result = state.withLock(body)
        changed.broadcast()
        return result
    }
}
