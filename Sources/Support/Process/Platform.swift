import CPlatform
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The one place for process-level side effects: environment, standard streams, exit.
public enum Platform {
    public static var environment: [String: String] { ProcessInfo.processInfo.environment }

    public static func printError(_ line: String) {
        StandardStreams.error(line + "\n")
    }

    /// Ends the process; during an interruption, waits for the cleanup to end it with the signal.
    public static func exit(_ code: Int32) -> Never {
        SignalCleanup.waitIfInterrupted()
        SignalCleanup.endIfDeferred()
        Glibc.exit(code)
    }

    /// Frame-sized buffers (4–6 MB) are allocated and freed for every recorded frame; by default
    /// glibc serves each with a fresh mmap and returns it with munmap, so every frame pays
    /// thousands of page faults. Raising the mmap and trim thresholds keeps them in the heap.
    public static func keepLargeAllocations() {
        overscroll_keep_large_allocations(64 << 20)
    }
}
