/// What a touchpad says besides its deltas, where the platform tells it (Wayland's `wl_pointer`
/// and `zwp_pointer_gestures_v1`; X11 and SDL's own events say none of it).
public enum TouchpadSignal: String, Sendable, Equatable, CaseIterable, Codable {
    /// The fingers lifted (`wl_pointer.axis_stop`): the touchpad gesture ends here, with its
    /// release, not after the idle timeout.
    case lift
    /// Fingers came to rest on the touchpad without moving (a hold gesture begins): a fling stops
    /// where it is, as a finger catches it on a touch screen.
    case hold
    /// The resting fingers lifted or began to move (the hold gesture ended): nothing restarts.
    case release
}
