import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// A child process, started with `posix_spawn` and reaped with `wait4`: the one way the code
/// starts a program (the suite's `__test-worker` processes, the bench's timed runs and its
/// background Xvfb and window). Not Foundation's `Process`: on Linux its `waitUntilExit` polls
/// its run loop in 50 ms steps, which would swamp the few milliseconds the bench measures and
/// slow every worker's end.
public final class ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// This process's own descriptor.
        case inherit
        /// /dev/null.
        case discard
        /// A file, created or truncated (standard output and error; standard input reads it).
        case file(String)
        /// A pipe to this process: `input` (its standard input) or `output` (its standard output).
        case pipe
    }

    /// How the child ended.
    public struct Exit: Sendable, Equatable {
        /// The status `wait4` gave.
        public var rawStatus: Int32
        /// Its peak resident memory, KiB (`ru_maxrss`).
        public var peakRSSKiB: Int

        /// The signal that ended it, if one did.
        public var signal: Int32? { rawStatus & 0x7F == 0 ? nil : rawStatus & 0x7F }
        /// Its exit code (0 when a signal ended it).
        public var code: Int32 { signal == nil ? (rawStatus >> 8) & 0xFF : 0 }
        /// The shell's `$?`: the exit code, or 128 + the signal.
        public var shellStatus: Int32 { signal.map { 128 + $0 } ?? code }
        /// "the worker died of signal 9" / "… exited with status 2"; nil for a clean exit.
        public func problem(_ who: String) -> String? {
            if let signal { return "\(who) died of signal \(signal)" }
            return code == 0 ? nil : "\(who) exited with status \(code)"
        }
    }

    /// The program could not be started (not found, not executable, no pipe).
    public struct SpawnError: Error, CustomStringConvertible {
        public var executable: String
        public var errorNumber: Int32
        public var description: String { "cannot start \(executable): \(String(cString: strerror(errorNumber)))" }
    }

    public let pid: pid_t
    /// The write end of the child's standard input (`.pipe`), else -1. Close it with `closeInput`.
    public private(set) var input: Int32 = -1
    /// The read end of the child's standard output (`.pipe`), else -1.
    public private(set) var output: Int32 = -1
    private var ended: Exit?

    /// Starts `executable` (a path; no PATH search) with `arguments` after its name, this
    /// process's environment plus `environment`, and the three streams as given. The pipes'
    /// ends kept here are close-on-exec, so no other child inherits them.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit
    ) throws(SpawnError) {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        func closeAll() { for fd in toChild + fromChild where fd >= 0 { close(fd) } }
        if stdin == .pipe && overscroll_pipe_cloexec(&toChild) != 0 { throw SpawnError(executable: executable, errorNumber: errno) }
        if stdout == .pipe && overscroll_pipe_cloexec(&fromChild) != 0 {
            let e = errno
            closeAll()
            throw SpawnError(executable: executable, errorNumber: e)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .file(path):
                posix_spawn_file_actions_addopen(&actions, fd, path, fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe:
                // dup2 clears close-on-exec on the child's copy only.
                posix_spawn_file_actions_adddup2(&actions, fd == 0 ? toChild[0] : fromChild[1], fd)
            }
        }
        // The child starts with no signal blocked and the interruption and pipe signals at their
        // defaults, whatever this thread blocks or this process ignores (SIGPIPE): `stop` works.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), reset = sigset_t()
        sigemptyset(&none)
        sigemptyset(&reset)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&reset, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &reset)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = []
        if !environment.isEmpty {
            var merged = Platform.environment
            for (name, value) in environment { merged[name] = value }
            envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let spawned =
            envp.isEmpty
            ? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
            : posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        // The child's ends are the child's now.
        if toChild[0] >= 0 { close(toChild[0]); toChild[0] = -1 }
        if fromChild[1] >= 0 { close(fromChild[1]); fromChild[1] = -1 }
        guard spawned == 0 else {
            closeAll()
            throw SpawnError(executable: executable, errorNumber: spawned)
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    /// Closes the child's standard input (a child reading it sees its end).
    public func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Closes the read end of the child's standard output.
    public func closeOutput() {
        if output >= 0 { close(output); output = -1 }
    }

    /// Sends `signal` to the child, unless it was reaped already.
    public func send(_ signal: Int32) {
        if ended == nil { kill(pid, signal) }
    }

    /// Waits for the child to end and reaps it (once; later calls return the same exit).
    @discardableResult
    public func wait() -> Exit {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exit = Exit(rawStatus: status, peakRSSKiB: usage.ru_maxrss)
        ended = exit
        return exit
    }

    /// How the child ended, reaping it, or nil while it runs.
    public func poll() -> Exit? {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, WNOHANG, &usage) == pid else { return nil }
        let exit = Exit(rawStatus: status, peakRSSKiB: usage.ru_maxrss)
        ended = exit
        return exit
    }

    /// Ends the child: SIGTERM, then SIGKILL if it has not ended within `graceSteps` checks 20 ms
    /// apart; reaps it.
    @discardableResult
    public func stop(graceSteps: Int = 50) -> Exit {
        if let ended { return ended }
        kill(pid, SIGTERM)
        for _ in 0..<graceSteps {
            if let exit = poll() { return exit }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        return wait()
    }

    deinit {
        closeInput()
        closeOutput()
    }
}
