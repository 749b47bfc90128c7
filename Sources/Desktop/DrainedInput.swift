import ScrollEngine

/// The input a display backend reads beside SDL's events, drained once per loop pass.
struct DrainedInput {
    /// Smooth scrolling (XInput 2), handled at the batch's time.
    var smooth: [InputEvent] = []
    /// Events with their own (compositor) session times (Wayland's pointer).
    var timed: [(InputEvent, Double)] = []
    /// The display's scale changed: the window re-reads its geometry (fractional scale on Wayland).
    var rescaled = false
}
