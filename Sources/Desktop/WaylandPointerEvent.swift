import ScrollEngine

/// The `wl_pointer` and hold-gesture events the Wayland translator needs, decoded by
/// `WaylandPointerConnection` (which makes every libwayland call). Plain values, so recorded
/// protocol sequences test the logic (`WAYLAND_DEBUG=client` prints them in this order).
/// Times are the compositor's milliseconds; axis 0 is vertical, 1 horizontal; values are
/// surface pixels, > 0 scrolling down.
public enum WaylandPointerEvent: Sendable, Equatable {
    case enter, leave
    case axis(time: UInt32, axis: Int, value: Double)
    /// `wl_pointer.axis_source`: 0 wheel, 1 finger, 2 continuous, 3 wheel tilt.
    case axisSource(Int)
    case axisStop(time: UInt32, axis: Int)
    /// Whole wheel steps (`axis_discrete`, seat versions 5–7).
    case axisDiscrete(axis: Int, steps: Int)
    /// Wheel steps in 120ths (`axis_value120`, seat version 8: a high-resolution wheel's quarter
    /// step is 30).
    case axisValue120(axis: Int, value: Int)
    case frame
    /// `zwp_pointer_gesture_hold_v1.begin` / `.end`.
    case holdBegin(time: UInt32, fingers: Int)
    case holdEnd(time: UInt32, cancelled: Bool)
}
