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

/// The source-aware wheel rules (touchpads track, wheels step) and their numbers.
public struct WheelRules: Sendable, Equatable {
    /// Duration of the ease of one notch step (s), ease-out cubic.
    public var stepDuration = 0.15
    /// How long the list must have rested at exactly the top before a wheel gesture begins for
    /// its notches up to pull (s): the refreshable scene's "ready" rest, applied to wheels.
    public var topRest = 0.1
    /// When false every wheel gesture tracks (the pager turns a notch burst's release velocity
    /// into a page turn with its paging policy).
    public var notchesStep = true

    public init() {}

    /// Whether deltas of this kind move the content in discrete steps (wheel) or track (touchpad).
    /// An unknown source follows the backend's precision: notches step, precise deltas track.
    public func steps(source: WheelSource, precise: Bool) -> Bool {
        guard notchesStep else { return false }
        switch source {
        case .wheel: return true
        case .touchpad: return false
        case .unknown: return !precise
        }
    }
}

/// The last wheel event as the input controller saw it (the debug overlay shows it).
public struct WheelReading: Sendable, Equatable {
    public var dy: Double
    public var precise: Bool
    public var source: WheelSource
    /// The content offset change it asked for (points; positive = into the content).
    public var points: Double
    /// The rule of the gesture it belongs to.
    public var mode: WheelMode
    public var at: Double
}
