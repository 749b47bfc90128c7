import Dispatch
import Glibc
import Synchronization

extension FolderWatch {
    /// A file watched on a thread of its own (`onSaves(of:)`); `stop` ends the watch.
    public final class FileWatch: Sendable {
        /// What the watching thread shares with `stop`.
        fileprivate final class State: Sendable {
            let stopped = Atomic<Bool>(false)
            let started = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let failure = Mutex<String?>(nil)
        }
        fileprivate let state = State()
        fileprivate init() {}

        /// Stops watching; returns once the thread has closed its descriptor.
        public func stop() {
            guard !state.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            state.done.wait()
        }

        /// A watch dropped without `stop` ends its thread within a poll interval.
        deinit { state.stopped.store(true, ordering: .releasing) }
    }

    /// Watches the file `path` for saves (`run --feel`): its folder, not recursively, so a save
    /// that replaces the file by a rename (vim, VS Code: write a temporary file, rename it over)
    /// is seen as well as one that rewrites it in place; a folder that is a link is watched where it leads. `onChange`
    /// runs on the watch's thread once per burst of changes to the file's name (written, created, renamed onto or away,
    /// deleted), after `quiet` seconds without another, so a save of several steps is read once it is whole;
    /// it never reads the file. Nil when the folder cannot be watched (`reason` says why). The
    /// folder replaced or recreated is watched again (and counts as a change); `notice` gets, on
    /// the watch's thread, each line the watch says about what it could not keep.
    public static func onSaves(
        of path: String, quiet: Double = 0.05, _ onChange: @escaping @Sendable () -> Void,
        reason: (String) -> Void = { _ in }, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) -> FileWatch? {
        let slash = path.lastIndex(of: "/")
        let given = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // The folder as the kernel names it (a folder that is a link is watched where it leads:
        // watching writes nothing).
        let folder =
            realpath(given, nil).map { p in
                defer { free(p) }; return String(cString: p)
            } ?? given
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let target = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        let watch = FileWatch()
        // Made on the thread that reads it: a `FolderWatch` belongs to one thread.
        DispatchQueue(label: "overscroll.folder-watch").async { [state = watch.state] in
            guard let folders = FolderWatch(roots: [folder], skip: { _, _ in true }) else {
                state.failure.withLock { $0 = "cannot watch \(folder): \(String(cString: strerror(errno)))" }
                state.started.signal()
                state.done.signal()
                return
            }
            state.started.signal()
            while !state.stopped.load(ordering: .acquiring) {
                guard let changed = folders.changes(within: 0.1, quiet: quiet) else {
                    notice("the watch of \(TerminalText.escaped(folder)) stopped working (\(String(cString: strerror(errno))))")
                    break
                }
                for line in folders.takeNotices() { notice(line) }
                // The folder itself: an overflowed queue or the folder gone; the file may have changed.
                if changed.contains(target) || changed.contains(folder) { onChange() }
            }
            state.done.signal()
        }
        watch.state.started.wait()
        if let why = watch.state.failure.withLock({ $0 }) {
            reason(why)
            return nil
        }
        return watch
    }
}
