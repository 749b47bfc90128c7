import Dispatch
import Glibc

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

/// CPU time of the calling thread in milliseconds: what a piece of work costs, less sensitive
/// than wall time to other processes sharing the machine.
enum ThreadCPU {
    static func nowMs() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// Runs `body` and returns the thread CPU it took, ms.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let t0 = nowMs()
        try body()
        return nowMs() - t0
    }
}
