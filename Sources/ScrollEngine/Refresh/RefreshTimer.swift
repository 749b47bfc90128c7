/// The clock a refresh action sleeps on, pinned to the instant its refresh started.
///
/// An action never reads "now": it sleeps until a number of seconds after its start, and the
/// start is the time of the event that began the refresh, fixed on the scene's thread when the
/// action is started. On a virtual clock every wake-up is therefore a function of the scenario
/// alone, however late the action's task gets to run (a busy machine can run it after the
/// driver has moved the clock on); on a real clock the start is the clock's reading when the
/// refresh began.
public struct RefreshTimer: Sendable {
    private let sleeper: @Sendable (Double) async throws -> Void

    /// A timer whose sleeps end at `start + seconds` on `sleep`'s own terms (tests).
    public init(sleeper: @escaping @Sendable (Double) async throws -> Void) {
        self.sleeper = sleeper
    }

    /// Sleeps until `seconds` after the refresh started (returns at once if that has passed).
    /// Throws `CancellationError` when the refresh is cancelled.
    public func sleep(untilElapsed seconds: Double) async throws {
        try await sleeper(seconds)
    }

    /// A timer on `clock` for a refresh started at `t` seconds of the driver's time. A virtual
    /// clock takes `t` itself as the start; another clock its own reading, taken now.
    public static func pinned(to clock: any Clock<Duration>, startedAt t: Double) -> RefreshTimer {
        if let virtual = clock as? VirtualClock {
            return RefreshTimer { s in
                try await virtual.sleep(untilSeconds: t + s)
            }
        }
        return pinnedToNow(clock)
    }

    private static func pinnedToNow<C: Clock>(_ clock: C) -> RefreshTimer where C.Duration == Duration {
        let start = clock.now
        return RefreshTimer { s in
            try await clock.sleep(until: start.advanced(by: .nanoseconds(Int64((s * 1e9).rounded()))), tolerance: nil)
        }
    }
}
