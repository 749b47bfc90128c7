import Dispatch

/// Monotonic time in milliseconds.
enum Stopwatch {
    static func nowMs() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

    /// Runs `body` and returns its duration in milliseconds.
    @inline(__always)
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let t0 = nowMs()
        try body()
        return nowMs() - t0
    }
}
