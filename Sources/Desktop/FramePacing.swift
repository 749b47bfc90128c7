/// When the next frame is drawn on a compositor's frame clock (Wayland with `wl_shm`), and the
/// time it is drawn for. Pure: the window loop passes the times in (real seconds).
///
/// A frame callback normally comes at the refresh after a commit, about a period after the frame
/// was drawn. A compositor whose output was idle (headless sway: nothing to show, so no refresh
/// scheduled) shows a commit at once and answers its callback a few milliseconds later; drawing
/// then would send two frames within one refresh and leave the next refresh empty. Such an early
/// callback is held until about one period after the last draw: never two frames within half a
/// period, one per refresh.
struct FramePacing: Equatable {
    /// Seconds per refresh.
    var period: Double
    /// A callback sooner than this share of a period after the last draw is early.
    static let earlyShare = 0.75
    /// How much before a full period after the last commit an early callback's frame is drawn
    /// (seconds): the drawing and the wait's millisecond rounding take about this long (with
    /// 1 ms the commits of a fling came 17.7 ms apart at 60 Hz under sway 1.10).
    static let lead = 0.002

    init(period: Double) { self.period = period > 0 ? period : 1.0 / 60 }

    /// The period to pace with: the compositor's (`wp_presentation` feedback's refresh, 0 when it
    /// says none) over the display mode's.
    static func period(presented: Double?, mode: Double) -> Double {
        if let presented, presented > 0.001, presented < 1 { return presented }
        return mode
    }

    /// The earliest time to draw after a frame callback seen at `now`, the last frame drawn (or
    /// committed, when that was later: a slow draw) at `lastDraw` (nil: none yet): `now`, or for
    /// an early callback a period after `lastDraw` less `lead`.
    func drawTime(now: Double, lastDraw: Double?) -> Double {
        guard let lastDraw, now - lastDraw >= 0, now - lastDraw < Self.earlyShare * period else { return now }
        return max(now, lastDraw + period - Self.lead)
    }

    /// The animation time of a frame drawn at `t`, from when the compositor showed the last frame
    /// (`presented`, `wp_presentation` feedback, on the same clock): the latest refresh at or
    /// before `t` on the grid of `presented` and the period. Each frame is shown one period after
    /// that refresh, so the steps between frames' animation times are the intervals between their
    /// presentations, and the time is never ahead of the clock (input is never handled before the
    /// frame it follows). Nil without a presentation within the last second.
    func animationTime(drawnAt t: Double, presented: Double?) -> Double? {
        guard let presented, t - presented >= 0, t - presented < 1 else { return nil }
        return presented + ((t - presented) / period).rounded(.down) * period
    }
}
