import CPlatform
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Removes this process's staging folders and temporary files when it is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then ends the process with the same signal. A SIGKILL or crash cannot be
/// caught: `ResultFolder` removes such leftovers on the next run.
public enum SignalCleanup {
    private static let state = Mutex<State>(State())

    private struct State {
        var paths: [Int: String] = [:]
        var children: [Int: Int32] = [:]
        var nextID = 0
        var installed = false
        var interrupted = false
        /// Set by `deferInterruptions`: called with the first signal instead of ending the process.
        var deferredTo: (@Sendable (Int32) -> Void)?
        /// The deferred signal, raised by `endIfDeferred` once the program has finished.
        var pending: Int32?
    }

    /// Installs the handlers and unblocks the signals in the calling thread. Call it first thing
    /// on the main thread: a parent may have started the process with these signals blocked, and
    /// the mask is per thread. (`register` installs too, for programs that do not call this.)
    public static func install() {
        state.withLock { installIfNeeded(&$0) }
    }

    private static func installIfNeeded(_ state: inout State) {
        guard !state.installed else { return }
        state.installed = true
        let pipe = overscroll_install_signal_pipe()
        if pipe >= 0 {
            // One thread waits on the pipe for the rest of the process.
            DispatchQueue.global(qos: .userInitiated).async { waitForSignal(on: pipe) }
        }
    }

    /// Registers `path` (a file or folder) for removal on interruption; returns a token for `remove(_:)`.
    public static func register(_ path: String) -> Int {
        state.withLock { state in
            installIfNeeded(&state)
            state.nextID += 1
            state.paths[state.nextID] = path
            return state.nextID
        }
    }

    /// Registers a child process that writes into registered paths (a suite worker): on
    /// interruption it gets the same signal and is waited for before the paths are removed, so
    /// it cannot recreate them. Returns a token for `remove(_:)`, or nil when an interruption is
    /// already being handled (the caller then ends the child itself).
    public static func registerChild(_ pid: Int32) -> Int? {
        state.withLock { state in
            installIfNeeded(&state)
            if state.interrupted { return nil }
            state.nextID += 1
            state.children[state.nextID] = pid
            return state.nextID
        }
    }

    /// Forgets a registration (the path was committed or removed by its owner, the child reaped).
    public static func remove(_ token: Int) {
        state.withLock {
            _ = $0.paths.removeValue(forKey: token)
            _ = $0.children.removeValue(forKey: token)
        }
    }

    /// From now on the first SIGINT, SIGTERM or SIGHUP calls `handler` (on another thread)
    /// instead of ending the process: the program winds down as if asked to quit (the window
    /// saves `--capture`), and `Platform.exit` then ends it with that signal. A second signal
    /// ends it at once, as without this.
    public static func deferInterruptions(to handler: @escaping @Sendable (Int32) -> Void) {
        state.withLock { state in
            installIfNeeded(&state)
            state.deferredTo = handler
        }
    }

    /// Called by `Platform.exit`: when a signal was deferred, removes the registered paths and
    /// ends the process with it.
    public static func endIfDeferred() {
        guard let signal = state.withLock({ $0.pending }) else { return }
        interrupted(by: signal)
    }

    private static func waitForSignal(on pipe: Int32) {
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(pipe, &byte, 1)
            if n == 1 { received(Int32(byte)) }
            if n == 0 || (n < 0 && errno != EINTR) { return }
        }
    }

    /// Called instead of exiting while an interruption is being handled: waits for the cleanup,
    /// which ends the process with the signal.
    public static func waitIfInterrupted() {
        guard isInterrupted else { return }
        while true { pause() }
    }

    /// True once an interruption is being handled: other threads' failures (their files just
    /// vanished) are not reported.
    public static var isInterrupted: Bool { state.withLock { $0.interrupted } }

    private static func received(_ signal: Int32) {
        let handler: (@Sendable (Int32) -> Void)? = state.withLock { state in
            guard let handler = state.deferredTo, state.pending == nil else { return nil }
            state.pending = signal
            return handler
        }
        if let handler { handler(signal) } else { interrupted(by: signal) }
    }

    /// True when `pid` has exited and waits to be reaped (its lane reaps it).
    private static func isZombie(_ pid: Int32) -> Bool {
        guard let bytes = FileTree.read("/proc/\(pid)/stat") else { return true }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(after: close)...].hasPrefix(" Z")
    }

    private static func interrupted(by signal: Int32) {
        // One step: a child registered after this is refused (see `registerChild`).
        let children = state.withLock { state in
            state.interrupted = true
            return Array(state.children.values)
        }
        let paths = state.withLock { Array($0.paths.values) }
        // Children first: a worker still writing would refill a staging folder being removed.
        for pid in children { kill(pid, signal) }
        for pid in children {
            var waited = 0
            while FileTree.processIsAlive(pid) && !isZombie(pid) && waited < 300 { usleep(10_000); waited += 1 }
            if waited >= 300 { kill(pid, SIGKILL) }
        }
        for path in paths {
            // Move it out of the way first (writers still running then fail instead of
            // refilling it), then remove it, retrying while their last files land.
            let trash = path + ".removing"
            for _ in 0..<50 where FileTree.exists(path) || FileTree.exists(trash) {
                let target = rename(path, trash) == 0 ? trash : path
                FileTree.remove(target)
                FileTree.remove(trash)
                if FileTree.exists(path) || FileTree.exists(trash) { usleep(10_000) }
            }
        }
        Glibc.signal(signal, SIG_DFL)
        // To the process, not this thread: dispatch's worker threads block signals.
        kill(getpid(), signal)
    }
}
