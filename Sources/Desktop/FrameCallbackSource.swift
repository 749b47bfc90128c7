/// A compositor's frame clock as the `wl_shm` backend reads it: frame callbacks, commits and
/// `wp_presentation` feedback (`WaylandPointerConnection`; a fake in the tests).
protocol FrameCallbackSource: AnyObject {
    /// A commit's frame callback has not come yet.
    var frameOutstanding: Bool { get }
    /// Frame callbacks received.
    var framesDone: UInt64 { get }
    /// Commits a waiting frame if the compositor is ready; true while a frame still waits.
    func presentPending() -> Bool
    /// Seconds since the last presented frame was shown and the output's refresh (s, 0 unknown).
    var presentation: (age: Double, refresh: Double)? { get }
    /// Seconds since the last commit.
    var commitAge: Double? { get }
    /// Seconds since the last frame callback came.
    var frameCallbackAge: Double? { get }
}

extension WaylandPointerConnection: FrameCallbackSource {}
