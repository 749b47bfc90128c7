/// When a batch of input is handled. The window stamps a batch with the time it pumped it; but
/// when the loop comes back late — it was drawing a slow frame, or the machine was busy — a wheel
/// gesture's 90 ms idle deadline may have passed while nobody listened, and the gesture would end
/// (and fling) between two deltas the fingers sent without a pause. The app's own slowness never
/// ends a gesture: if the deadline fell while the loop was busy, a batch with wheel input is
/// handled just before it. The capture records the same time, so the replay agrees. Pure.
public enum LateInput {
    /// How long before the deadline such a batch is handled (s).
    public static let margin = 0.001

    /// The time to handle a batch pumped at `pump` that holds wheel input, when the loop stopped
    /// listening at `busySince` (its last advance) and the active gesture ends at `deadline`.
    public static func handlingTime(pump: Double, busySince: Double, deadline: Double?) -> Double {
        guard let deadline, deadline > busySince, deadline <= pump else { return pump }
        return max(busySince, deadline - margin)
    }
}
