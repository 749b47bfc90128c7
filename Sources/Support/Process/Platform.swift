import CPlatform
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The one place for process-level side effects of the app's code: the environment (read and
/// written), the machine's name, broken pipes, standard streams, exit. (`StandardStreams` and
/// `SignalCleanup`, beside it in `Support/Process`, own the descriptors and the signal handlers.)
public enum Platform {
    public static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Sets a variable of this process's environment. Not safe while other threads read the
    /// environment: call it once, before they start (fontconfig's `FONTCONFIG_FILE`).
    public static func setEnvironment(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }

    /// A write to a pipe whose reader died fails with EPIPE instead of killing the process.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// This machine's name (JUnit `hostname`), without a name lookup; "localhost" if unknown.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    public static func printError(_ line: String) {
        StandardStreams.error(line + "\n")
    }

    /// Ends the process; during an interruption, waits for the cleanup to end it with the signal.
    /// While a call that cannot be interrupted is still under way (a Lottie render that never
    /// returns), the process ends at once with `_exit`: `exit` would run the library's static
    /// destructors, which join the thread doing that work (`UninterruptibleCalls`). Standard
    /// streams are written unbuffered (`StandardStreams`); C's are flushed first all the same.
    public static func exit(_ code: Int32) -> Never {
        SignalCleanup.waitIfInterrupted()
        SignalCleanup.endIfDeferred()
        if UninterruptibleCalls.shared.closeForExit() > 0 {
            fflush(nil)
            Glibc._exit(code)
        }
        Glibc.exit(code)
    }

    /// Frame-sized buffers (4–6 MB) are allocated and freed for every recorded frame; by default
    /// glibc serves each with a fresh mmap and returns it with munmap, so every frame pays
    /// thousands of page faults. Raising the mmap and trim thresholds keeps them in the heap.
    public static func keepLargeAllocations() {
        overscroll_keep_large_allocations(64 << 20)
    }
}
