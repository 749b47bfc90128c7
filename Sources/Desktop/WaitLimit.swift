import CSDL2

/// How long the window loop's next wait for an event may block.
enum WaitLimit: Equatable {
    /// Takes what is queued without blocking (`SDL_PollEvent`).
    case poll
    case milliseconds(Int32)
    /// Until an event comes or another thread wakes the wait.
    case forever

    /// The next event within the limit: 1 with `event` filled, 0 when the time ran out or the wait
    /// was woken. Through `own` (the backend's wait on its connection) when there is one, else
    /// `SDL_WaitEvent(Timeout)`.
    func wait(_ event: inout SDL_Event, with own: EventWait?) -> Int32 {
        switch self {
        case .poll: return SDL_PollEvent(&event)
        case let .milliseconds(ms): return own?.wait(&event, timeout: ms) ?? SDL_WaitEventTimeout(&event, ms)
        case .forever: return own?.wait(&event, timeout: nil) ?? SDL_WaitEvent(&event)
        }
    }
}
