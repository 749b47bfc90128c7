import Synchronization

/// Hands out the indices `0..<limit` once each to concurrent workers.
public final class IndexDispenser: Sendable {
    private let next = Mutex(0)
    private let limit: Int

    public init(limit: Int) { self.limit = limit }

    /// The next index, or nil when all are taken.
    public func take() -> Int? {
        next.withLock { next in
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Hands out nothing more (the run is stopping).
    public func stop() {
        next.withLock { $0 = limit }
    }
}
