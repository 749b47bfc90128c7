/// The kind of device a wheel event came from. It decides the scroll rules (`WheelRules`).
public enum WheelSource: String, Sendable, Equatable, CaseIterable, Codable {
    /// Smooth, continuous deltas from fingers (a touchpad's two-finger scroll).
    case touchpad
    /// Discrete notches of a mouse wheel.
    case wheel
    /// Not known (SDL's core X11 events, Wayland): the rules follow `precise`.
    case unknown
}
