/// How a finger's tracked samples become its velocity (the release velocity, and the velocity
/// shown while dragging). Each feel names the one its platform uses
/// (`FeelProfile.velocityEstimator`; docs/BEHAVIOUR.md, "Input").
public enum VelocityEstimator: Sendable, Equatable {
    /// The least-squares slope of the samples in the tracker's window (the default).
    case leastSquares
    /// A UIScrollView's release velocity: the weighted mean of the last three velocities from one
    /// sample to the next, the oldest weighing 0.6, the middle 0.35 and the newest 0.05 (a finger
    /// lifting often twitches, so its last move weighs least); 0 when the newest sample is more
    /// than `iOSStoppedAfter` old. The weights and the stop are those Flutter's
    /// `IOSScrollViewFlingVelocityTracker` fits to iOS.
    case iOSWeighted

    /// The weights of the last three sample-to-sample velocities, oldest first.
    public static let iOSWeights = [0.6, 0.35, 0.05]
    /// A finger whose newest sample is older than this (s) is taken as stopped (Flutter's
    /// `_assumePointerMoveStoppedMilliseconds`, 40 ms).
    public static let iOSStoppedAfter = 0.040
}
