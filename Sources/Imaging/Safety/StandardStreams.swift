#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard output and standard error that never trap: a closed descriptor, a full
/// disk (`/dev/full`) or a closed pipe loses the text, never the process or its exit status.
public enum StandardStreams {
    /// Writes all of `text` to standard output (errors ignored).
    public static func output(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes all of `text` to standard error (errors ignored).
    /// Silent while an interruption is being cleaned up (see `SignalCleanup`).
    public static func error(_ text: String) {
        if SignalCleanup.isInterrupted { return }
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to `fd`, retrying interrupted and partial writes; gives up silently
    /// on any other failure.
    public static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
