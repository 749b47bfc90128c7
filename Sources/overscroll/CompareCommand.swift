#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Runs `overscroll compare` with the arguments that follow the subcommand word, printing
/// results to standard output and one-line errors to standard error. Returns the exit status:
/// 0 all frames match, 1 any mismatch, 2 error (bad flag, unreadable file, size mismatch,
/// missing frame).
func runCompareCommand(_ arguments: [String]) -> Int32 {
    CompareCommandLine.run(
        arguments,
        standardOutput: { writeAll($0, to: STDOUT_FILENO) },
        standardError: { writeAll($0, to: STDERR_FILENO) })
}

/// Writes all of `text` to a file descriptor.
func writeAll(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
