/// A running refresh loop: when it started and what the indicator showed just before, so the loop
/// can continue from there. Scenes keep one from the start of refreshing through completing.
public struct RefreshLoop: Sendable, Equatable {
    /// Scene-clock time (seconds) at which the loop started.
    public var since: Double
    /// Pull progress (0…1) shown by the last pulling/triggered frame; 0 for a programmatic start.
    public var handoffProgress: Double
    /// Opacity (0…1) of that last frame; 0 for a programmatic start (the loop fades in).
    public var handoffOpacity: Double

    public init(since: Double, handoffProgress: Double = 1, handoffOpacity: Double = 1) {
        self.since = since
        self.handoffProgress = min(max(handoffProgress, 0), 1)
        self.handoffOpacity = min(max(handoffOpacity, 0), 1)
    }

    /// A loop continuing from a pull with `progress`, `pullDistance` and `threshold` (points).
    public static func after(pull progress: Double, pullDistance: Double, threshold: Double, at t: Double) -> RefreshLoop {
        RefreshLoop(
            since: t, handoffProgress: progress,
            handoffOpacity: PullOpacity.value(pullDistance: pullDistance, threshold: threshold))
    }
}
