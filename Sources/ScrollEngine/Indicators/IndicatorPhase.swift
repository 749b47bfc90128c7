/// What the refresh indicator shows. Distances in points, times in seconds on the scene clock.
public enum IndicatorPhase: Sendable, Equatable {
    /// Nothing drawn.
    case hidden
    /// The pull arc through `progress` (0…1) of the circle; opacity from the pull distance.
    case pulling(progress: Double, pullDistance: Double, threshold: Double)
    /// A pull that will not refresh when it reaches the threshold or is let go (not ready, or a
    /// refresh ended under the finger): drawn open and thin, never like an armed pull.
    case disarmed(progress: Double, pullDistance: Double, threshold: Double)
    /// Like `pulling`, plus a short scale pulse starting at `since` (the trigger tick).
    case triggered(since: Double, progress: Double, pullDistance: Double, threshold: Double)
    /// The loop.
    case refreshing(RefreshLoop)
    /// The loop fading and shrinking out; `fraction` 0…1 of the completion animation.
    case completing(fraction: Double, RefreshLoop)
    /// The finish after a successful refresh (a check mark drawn in from `since`; a Lottie's finish
    /// segment), held while the done state lasts (`fraction` 0), then fading and shrinking out
    /// with the completion (`fraction` 0…1), as `completing` does.
    case done(since: Double, fraction: Double)
}
