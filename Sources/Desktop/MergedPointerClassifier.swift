import ScrollEngine

/// Tells a wheel click from finger motion on a pointer that carries both a touchpad and a mouse
/// wheel with no per-event source: Xwayland's one `xwayland-pointer` (XI2 valuator changes in
/// increments) and SDL 2 on Wayland (deltas in SDL units, `axis_source` not forwarded). Pure.
///
/// Both servers post a click as exactly one whole unit (Xwayland: one increment; SDL on Wayland:
/// `axis_discrete` → 1.0), a finger as pixels / 10, which is whole only when the finger moved a
/// multiple of 10 px in one frame. So: a fractional delta is a touchpad; a whole one is a click,
/// unless a fractional delta came less than `gestureGap` before (a finger gesture in progress,
/// whose deltas happen to be whole). The decision follows the gesture, not its first value alone.
public struct MergedPointerClassifier: Sendable {
    /// How long after a finger delta a whole delta still belongs to the finger gesture (s): the
    /// wheel gesture's idle timeout (`InputSettings.wheelIdleTimeout`).
    public var gestureGap: Double
    /// Time of the last delta taken for a finger (nil before any).
    public private(set) var lastFinger: Double?

    public init(gestureGap: Double = InputSettings().wheelIdleTimeout) {
        self.gestureGap = gestureGap
    }

    /// True when `units` (whole-unit clicks of this pointer) at time `t` are whole: a click.
    public static func isWhole(_ units: Double) -> Bool {
        abs(units) >= 1 - 1e-9 && abs(units - units.rounded()) <= 1e-6
    }

    /// The source of a delta of `units` at time `t` (seconds, any monotonic clock).
    public mutating func classify(_ units: Double, at t: Double) -> WheelSource {
        let inFingerGesture = lastFinger.map { t >= $0 && t - $0 <= gestureGap + 1e-9 } ?? false
        if Self.isWhole(units) && !inFingerGesture { return .wheel }
        lastFinger = t
        return .touchpad
    }
}
