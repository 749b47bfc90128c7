import ScrollEngine
import Synchronization

/// The window's session clock: real time (the monotonic clock) through a `TimeScale`, shared by
/// the event loop (input and frame times) and the refresh actions (`ScaledClock`), so slow
/// motion slows the whole engine alike.
public final class SessionClock: Sendable {
    private struct State {
        var start = ContinuousClock.now
        var scale: TimeScale
        func real(_ instant: ContinuousClock.Instant) -> Double {
            let d = instant - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
    }
    private let state: Mutex<State>

    public init(scale: Double = 1) { state = Mutex(State(scale: TimeScale(scale))) }

    /// Starts both clocks again at 0 (the window calls it as it opens), keeping the scale chosen.
    public func restart() {
        state.withLock { $0 = State(scale: TimeScale($0.scale.chosen)) }
    }

    /// Real seconds since the clock (re)started.
    public func realNow() -> Double {
        let instant = ContinuousClock.now
        return state.withLock { $0.real(instant) }
    }

    /// Session seconds now.
    public func now() -> Double {
        let instant = ContinuousClock.now
        return state.withLock { $0.scale.session(atReal: $0.real(instant)) }
    }

    /// Session seconds per real second.
    public var scale: Double { state.withLock { $0.scale.scale } }

    /// Real seconds until session time `s`.
    public func realDelay(untilSession s: Double) -> Double {
        let instant = ContinuousClock.now
        return state.withLock { $0.scale.realDelay(untilSession: s, fromReal: $0.real(instant)) }
    }

    /// Ctrl+T: toggles 0.25×; returns the new scale.
    @discardableResult
    public func toggleSlowMotion() -> Double {
        let instant = ContinuousClock.now
        return state.withLock { s in
            s.scale.toggleSlowMotion(atReal: s.real(instant))
            return s.scale.scale
        }
    }

    /// This clock as a `Clock` for the refresh actions.
    public var asClock: ScaledClock { ScaledClock(session: self) }
}

/// A `Clock` on the session time of a `SessionClock`: refresh actions sleep on it, so a refresh
/// at 0.25× takes four times as long in real time. Sleeping re-reads the scale at least every
/// 50 ms of real time, so toggling slow motion reaches a sleeper.
public struct ScaledClock: Clock {
    public struct Instant: InstantProtocol {
        public var seconds: Double
        public func advanced(by d: Duration) -> Instant {
            Instant(seconds: seconds + Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        public func duration(to other: Instant) -> Duration { .nanoseconds(Int64(((other.seconds - seconds) * 1e9).rounded())) }
        public static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }
    }

    let session: SessionClock
    public var now: Instant { Instant(seconds: session.now()) }
    public var minimumResolution: Duration { .milliseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        while true {
            let wait = session.realDelay(untilSession: deadline.seconds)
            if wait <= 0 { return }
            try await Task.sleep(nanoseconds: UInt64(min(wait, 0.05) * 1e9) + 1)
        }
    }
}
