import Synchronization

/// A manual clock for recordings and tests: time moves only when the driver calls `advance(to:)`.
///
/// It also counts tasks that are awake (started, or woken by an advance, and not yet suspended
/// again or finished), so the driver can `await quiescent()` after each advance and every async
/// step happens at a deterministic point of the timeline.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by d: Duration) -> Instant { Instant(offset: offset + d) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        /// The deadline in the driver's seconds, as given (`sleep(untilSeconds:)`), so the driver
        /// wakes it at exactly that time, not at its nanosecond rounding.
        let seconds: Double?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var awake = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Seconds since the clock started.
    public var seconds: Double {
        now.offset.inSeconds
    }

    public static func instant(seconds: Double) -> Instant {
        Instant(offset: .nanoseconds(Int64((seconds * 1e9).rounded())))
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, seconds: nil)
    }

    /// Sleeps until `seconds` of the driver's time; `nextWake` reports exactly that time.
    public func sleep(untilSeconds seconds: Double) async throws {
        try await sleep(until: Self.instant(seconds: seconds), seconds: seconds)
    }

    private func sleep(until deadline: Instant, seconds: Double?) async throws {
        let id = state.withLock { s -> Int in
            s.nextID += 1; return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { s in
                    if deadline <= s.now || Task.isCancelled { return true }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline, seconds: seconds, continuation: c))
                    s.awake -= 1
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { c.resume(throwing: CancellationError()) } else { c.resume() }
                } else {
                    notifyIfQuiet()
                }
            }
        } onCancel: {
            let c: CheckedContinuation<Void, any Error>? = state.withLock { s in
                guard let i = s.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                s.awake += 1
                return s.sleepers.remove(at: i).continuation
            }
            c?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward to `seconds` and wakes every sleeper whose deadline has come.
    public func advance(to seconds: Double) {
        let target = Self.instant(seconds: seconds)
        let due: [Sleeper] = state.withLock { s in
            guard s.now < target else { return [] }
            s.now = target
            let due = s.sleepers.filter { $0.deadline <= target }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            s.sleepers.removeAll { $0.deadline <= target }
            s.awake += due.count
            return due
        }
        for d in due { d.continuation.resume() }
    }

    /// The earliest deadline a task sleeps until, in seconds, if it is no later than `limit`:
    /// the next instant at which the clock would wake someone on its way to `limit`.
    public func nextWake(notAfter limit: Double) -> Double? {
        let end = Self.instant(seconds: limit)
        let earliest: Sleeper? = state.withLock { s in s.sleepers.min { ($0.deadline, $0.id) < ($1.deadline, $1.id) } }
        guard let earliest, earliest.deadline <= end else { return nil }
        if let seconds = earliest.seconds { return min(seconds, limit) }
        return min(limit, earliest.deadline.offset.inSeconds)
    }

    /// Marks a task as started (awake) before it is scheduled.
    public func taskStarted() { state.withLock { $0.awake += 1 } }

    /// Marks a task as finished.
    public func taskFinished() {
        state.withLock { $0.awake -= 1 }
        notifyIfQuiet()
    }

    private func notifyIfQuiet() {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { s in
            guard s.awake <= 0 else { return [] }
            let w = s.waiters
            s.waiters.removeAll()
            return w
        }
        for w in waiters { w.resume() }
    }

    /// Returns once no task is awake: each has finished or is sleeping on this clock.
    public func quiescent() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withLock { s in
                if s.awake <= 0 { return true }
                s.waiters.append(c)
                return false
            }
            if ready { c.resume() }
        }
    }
}
