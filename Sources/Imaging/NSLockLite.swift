import Foundation

/// A minimal lock wrapper used to guard results written by concurrent workers.
final class NSLockLite: @unchecked Sendable {
    private let lock = NSLock()

    /// Runs `body` while holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
