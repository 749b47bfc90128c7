/// What the scroll view is doing in a frame (trace field `phase`).
public enum ScrollPhase: String, Sendable, Equatable {
    case idle, dragging, decelerating, bouncing
    /// A programmatic or keyboard scroll animation.
    case animating
}
