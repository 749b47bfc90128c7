/// What the window loop knows when it asks its display backend to wait or to draw, in real seconds
/// (frames are paced on the real clock; slow motion scales only the session's time).
struct FramePlan: Equatable {
    /// The real time now.
    var now: Double
    /// When the last frame was drawn.
    var frameStart: Double
    /// Seconds per display refresh (the display mode's; 60 Hz when unknown).
    var frameInterval: Double
    /// Something moves (an animation or a drag): one update per frame interval.
    var paced: Bool
    /// Real seconds until the session's next deadline (a wheel gesture's end; nil: none).
    var deadlineDelay: Double?

    /// The wait of a loop paced by the frame interval. Paced (or with a frame still to present,
    /// `framePending`): the rest of the frame interval, so the loop never spins when a frame is not
    /// presented or vsync does not block. Idle: until the next deadline (at most a second), else no limit.
    func limit(framePending: Bool = false) -> WaitLimit {
        if paced || framePending {
            let remaining = frameInterval - (now - frameStart)
            return remaining > 0.001 ? .milliseconds(Int32((remaining * 1000).rounded(.down))) : .poll
        }
        if let deadlineDelay { return .milliseconds(Int32(max(0, min(1000, deadlineDelay * 1000)).rounded(.up))) }
        return .forever
    }

    /// Whether a frame may be drawn on the frame interval's clock: at once when nothing moves
    /// (input is shown at once), else once the interval since the last frame has passed.
    var intervalPassed: Bool { !paced || now - frameStart >= frameInterval - 0.001 }
}
