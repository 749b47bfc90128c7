import Foundation
import Support

/// A program started in the background (Xvfb, the window under test) with extra environment
/// variables, its output discarded; stopped with SIGTERM (then SIGKILL) and reaped.
final class BackgroundProcess {
    private let child: ChildProcess
    var pid: pid_t { child.pid }

    init(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        do {
            child = try ChildProcess(executable, arguments, environment: extra, stdin: .discard, stdout: .discard, stderr: .discard)
        } catch {
            throw BenchError("cannot start \(executable)")
        }
    }

    /// True while the process has not exited.
    var isRunning: Bool { child.poll() == nil }

    /// User + system CPU time of the process (all its threads) in clock ticks, from /proc/PID/stat.
    func cpuTicks() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after "(comm)": state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let u = Int(fields[11]), let s = Int(fields[12]) else { return nil }
        return u + s
    }

    func stop() { child.stop() }

    deinit { stop() }
}
