import Synchronization

/// Calls into a library that cannot be interrupted and may never return (rlottie: a malformed
/// file can keep its render, and the rasterizer threads it waits on, busy for minutes). While one
/// is under way the process must not end through `exit`: the library's static destructors join
/// its threads, so the process would outlive its error by as long as the call takes.
/// `Platform.exit` asks `closeForExit()` and, when a call is still running, ends the process at
/// once (`_exit`, after standard streams are flushed), leaving those threads behind.
///
/// Once closed, no new call starts (`enter` refuses), so the answer cannot go stale between the
/// question and the exit. The process's calls are counted by `shared`.
public final class UninterruptibleCalls: Sendable {
    /// The process's calls (rlottie's; `Platform.exit` closes it).
    public static let shared = UninterruptibleCalls()

    /// The number of calls under way, with `closedBit` set once the process is ending.
    private let state = Atomic<Int>(0)
    private static let closedBit = 1 << 62

    public init() {}

    /// Starts a call; false once the process is ending (the call must not be made).
    public func enter() -> Bool {
        var current = state.load(ordering: .acquiring)
        while current & Self.closedBit == 0 {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current + 1, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Ends a call that `enter` started.
    public func leave() {
        state.subtract(1, ordering: .releasing)
    }

    /// Runs `body` as one uninterruptible call; nil (without running it) once the process is ending.
    public func run<T>(_ body: () -> T) -> T? {
        guard enter() else { return nil }
        defer { leave() }
        return body()
    }

    /// Refuses every later call and returns how many are still under way.
    public func closeForExit() -> Int {
        state.bitwiseOr(Self.closedBit, ordering: .acquiringAndReleasing).oldValue & ~Self.closedBit
    }

    /// The calls under way now (tests).
    public var running: Int { state.load(ordering: .acquiring) & ~Self.closedBit }
}
