#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one place for standard input, output and error. Writes never trap: a closed descriptor, a
/// full disk (`/dev/full`) or a closed pipe loses the text, never the process. A failed write of
/// standard output is remembered (`outputFailure`): a command whose output was lost exits
/// non-zero (`finish`), and a long run stops early (`test`).
public enum StandardStreams {
    /// errno of the first failed write to standard output (0: none).
    private static let failure = Atomic<Int32>(0)

    /// Call first thing in `main`, before anything opens a descriptor: descriptors 0–2 that are
    /// closed are opened on /dev/null (otherwise the next file or pipe opened would become
    /// "standard error", and error text would land in it), and SIGPIPE is ignored (a closed
    /// pipe is a write error, handled like any other, instead of killing the process before it
    /// removes its staging folder and lock).
    public static func prepare() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            // open returns the lowest free descriptor: `fd` itself, as the lower ones are open.
            if opened >= 0 && opened != fd { _ = dup2(opened, fd); close(opened) }
        }
        Platform.ignoreBrokenPipe()
    }

    /// Writes all of `text` to standard output; a failure is remembered (see `outputFailure`).
    /// Returns false when the text was not written (now or by an earlier call).
    @discardableResult
    public static func output(_ text: String) -> Bool {
        guard failure.load(ordering: .relaxed) == 0 else { return false }
        let code = write(text, to: STDOUT_FILENO)
        if code != 0 { _ = failure.compareExchange(expected: 0, desired: code, ordering: .relaxed) }
        return code == 0
    }

    /// Writes all of `text` to standard error (errors ignored).
    /// Silent while an interruption is being cleaned up (see `SignalCleanup`).
    public static func error(_ text: String) {
        if SignalCleanup.isInterrupted { return }
        _ = write(text, to: STDERR_FILENO)
    }

    /// Why standard output could not be written ("No space left on device"), nil while it could.
    public static var outputFailure: String? {
        let code = failure.load(ordering: .relaxed)
        return code == 0 ? nil : String(cString: strerror(code))
    }

    /// The exit status of a command that would return `code`: when its standard output was lost,
    /// says so on standard error and makes the status 2 (an error), so `cmd >/dev/full` or a
    /// closed output never passes for success.
    /// `detail` ends the message ("stopped after 3 of 40 scenarios"); the message is printed once.
    public static func finish(_ code: Int32, command: String, detail: String? = nil) -> Int32 {
        guard let why = outputFailure else { return code }
        if !reported.exchange(true, ordering: .relaxed) {
            error("\(command): cannot write standard output (\(why))\(detail.map { "; " + $0 } ?? "")\n")
        }
        return code >= 2 ? code : 2
    }
    private static let reported = Atomic<Bool>(false)

    /// Writes all of `text` to `fd`, retrying interrupted and partial writes. Returns 0, or the
    /// errno of the failure (EIO when nothing could be written).
    @discardableResult
    public static func write(_ text: String, to fd: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return errno }
                if n == 0 { return EIO }
                offset += n
            }
            return 0
        }
    }
}
