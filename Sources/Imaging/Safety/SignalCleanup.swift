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
        var nextID = 0
        var installed = false
        var sources: [DispatchSourceSignal] = []
    }

    /// Registers `path` (a file or folder) for removal on interruption; returns a token for `remove(_:)`.
    public static func register(_ path: String) -> Int {
        state.withLock { state in
            if !state.installed {
                state.installed = true
                for signal in [SIGINT, SIGTERM, SIGHUP] {
                    Glibc.signal(signal, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: signal, queue: .global(qos: .userInitiated))
                    source.setEventHandler { interrupted(by: signal) }
                    source.resume()
                    state.sources.append(source)
                }
            }
            state.nextID += 1
            state.paths[state.nextID] = path
            return state.nextID
        }
    }

    /// Forgets a registration (the path was committed or removed by its owner).
    public static func remove(_ token: Int) {
        state.withLock { _ = $0.paths.removeValue(forKey: token) }
    }

    private static func interrupted(by signal: Int32) {
        let paths = state.withLock { Array($0.paths.values) }
        for path in paths { FileTree.remove(path) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
