/// The source-aware wheel rules (touchpads track, wheels step) and their numbers.
public struct WheelRules: Sendable, Equatable {
    /// Duration of the ease of one notch step (s), ease-out cubic.
    public var stepDuration = 0.15
    /// How long the list must have rested at exactly the top before a wheel gesture begins for
    /// its notches up to pull (s): the refreshable scene's "ready" rest, applied to wheels.
    public var topRest = 0.1

    public init() {}

    /// Whether deltas of this kind move the content in discrete steps (wheel) or track (touchpad).
    /// An unknown source follows the backend's precision: notches step, precise deltas track.
    public func steps(source: WheelSource, precise: Bool) -> Bool {
        switch source {
        case .wheel: return true
        case .touchpad: return false
        case .unknown: return !precise
        }
    }
}
