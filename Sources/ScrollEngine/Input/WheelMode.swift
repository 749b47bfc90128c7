/// How a wheel gesture moves the content, chosen when the gesture begins.
public enum WheelMode: String, Sendable, Equatable {
    /// A virtual finger: the content tracks the deltas 1:1, rubber-bands past the edges, and the
    /// gesture's idle end releases it with the gesture's velocity (momentum). Touchpads.
    case tracking
    /// Discrete steps: each notch eases the content a fixed distance, clamped to the edges; no
    /// rubber band, no momentum, no refresh. Mouse wheels.
    case steps
    /// A wheel gesture that began with a notch up while the list rested at the top: the notches
    /// pull the content down as a virtual finger (so a pull to refresh is possible), and the
    /// release has no momentum.
    case pulling
}
