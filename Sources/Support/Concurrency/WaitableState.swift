import Glibc
import Synchronization

/// State shared with an OS thread that blocks until the state changes (the rlottie render and
/// probe threads, the X input socket thread). The state lives in a `Mutex`, so its owner is
/// checkably `Sendable`; a `ChangeSignal` (a POSIX condition variable) wakes the waiters. A waiter
/// tests the state while it holds the signal's lock and a change is made and broadcast under that
/// lock, so no wake-up is lost between a test and a wait.
///
/// Deadlines are `ContinuousClock` instants; only the time left until one is used, as a deadline
/// on `CLOCK_MONOTONIC`, so a wall-clock step never makes a wait end early or late (a system
/// suspend during a wait lengthens it by the suspend). Foundation is not needed, so the small
/// `overscroll` front can link this module statically.
package final class WaitableState<State>: Sendable {
    private let state: Mutex<State>
    private let changed = ChangeSignal()

    package init(_ initial: sending State) { state = Mutex(initial) }

    /// Changes the state and wakes every waiter; returns what `body` returns. The change is made
    /// under the signal's lock too, as every waiter's test is: each access to the state is then
    /// ordered by a POSIX mutex, which ThreadSanitizer sees (a contended `Mutex` hands over
    /// through the kernel, which it does not).
    @discardableResult
    package func change<R>(_ body: (inout sending State) -> sending R) -> sending R {
        changed.lock()
        defer { changed.unlock() }
        let result = state.withLock(body)
        changed.broadcast()
        return result
    }

    /// Blocks until `ready` holds (or `deadline` passes), then runs `body` on the state under the
    /// same lock as the last test, wakes every waiter and returns what `body` returns. On a
    /// timeout `body` runs on the state as it is.
    package func wait<R>(
        until deadline: ContinuousClock.Instant? = nil, for ready: (State) -> Bool,
        then body: (inout sending State) -> sending R
    ) -> sending R {
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

/// A POSIX mutex and condition variable (on `CLOCK_MONOTONIC`) at fixed heap addresses.
/// `@unchecked Sendable`: the two objects are only ever touched through pthread calls, which are
/// thread-safe by contract, and they live until `deinit`, when no thread can hold a reference.
final class ChangeSignal: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
    func wait() { pthread_cond_wait(condition, mutex) }

    private static let nanosecondsPerSecond = 1_000_000_000
    private static let attosecondsPerNanosecond: Int64 = 1_000_000_000

    /// Waits for a broadcast until `deadline`; false once the deadline has passed.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = ContinuousClock.now.duration(to: deadline)
        if remaining <= .zero { return false }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / Self.attosecondsPerNanosecond)
        var target = timespec(
            tv_sec: now.tv_sec + Int(seconds) + nanoseconds / Self.nanosecondsPerSecond,
            tv_nsec: nanoseconds % Self.nanosecondsPerSecond)
        return pthread_cond_timedwait(condition, mutex, &target) != ETIMEDOUT
    }
}
