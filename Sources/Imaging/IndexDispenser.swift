/// Hands out the indices `0..<limit` once each to concurrent workers.
final class IndexDispenser: @unchecked Sendable {
    private var next = 0
    private let limit: Int
    private let lock = NSLockLite()

    init(limit: Int) { self.limit = limit }

    func take() -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
