/// How a scene runs refresh actions: on a virtual clock (recordings, tests) or the real one
/// (the window), with a wake-up for an idle event loop. Part of `SceneContext`.
public struct RefreshRuntime: Sendable {
    public let clock: any Clock<Duration>
    public let wake: @Sendable () -> Void
    public let action: RefreshActionRunner.Action

    public init(
        clock: any Clock<Duration>, wake: @escaping @Sendable () -> Void = {},
        action: @escaping RefreshActionRunner.Action = RefreshActionRunner.simulated
    ) {
        self.clock = clock
        self.wake = wake
        self.action = action
    }

    /// A fresh virtual clock (the default for headless use).
    public static func virtual() -> RefreshRuntime { RefreshRuntime(clock: VirtualClock()) }

    /// Advances a virtual clock to `t` seconds; does nothing for a real clock.
    public func advanceClock(to t: Double) { (clock as? VirtualClock)?.advance(to: t) }

    /// The next time, no later than `t`, at which a virtual clock wakes a sleeping action; nil
    /// for a real clock or when none wakes by then.
    public func nextWake(notAfter t: Double) -> Double? { (clock as? VirtualClock)?.nextWake(notAfter: t) }

    public func makeRunner() -> RefreshActionRunner { RefreshActionRunner(clock: clock, wake: wake, action: action) }
}
