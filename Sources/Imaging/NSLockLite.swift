import Synchronization

/// A minimal lock guarding results written by concurrent workers.
final class NSLockLite: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` while holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}
