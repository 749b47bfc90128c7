import Synchronization

/// Counts failures reported by concurrent workers against a limit (`--max-failures N`).
public final class FailureBudget: Sendable {
    /// The limit; nil never stops.
    public let limit: Int?
    private let count = Mutex(0)

    public init(limit: Int?) { self.limit = limit }

    /// Adds `n` failures; true once the total has reached the limit.
    public func add(_ n: Int) -> Bool {
        guard let limit else { return false }
        return count.withLock { total in
            total += n
            return total >= limit
        }
    }
}
