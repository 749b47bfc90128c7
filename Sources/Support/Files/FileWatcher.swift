import Dispatch
import Glibc
import Synchronization

/// Watches one file for saves (`run --feel`): inotify on the file's folder, so a save that
/// replaces the file by a rename (vim, VS Code: write a temporary file, rename it over) is seen
/// as well as one that rewrites it in place. `onChange` runs on the watcher's own thread after
/// each completed write (`IN_CLOSE_WRITE`) or rename onto the name (`IN_MOVED_TO`); it never
/// reads the file. Nothing is followed or opened but the folder's watch.
public final class FileWatcher: Sendable {
    /// What the watcher's thread shares with `stop`.
    private final class State: Sendable {
        let stopped = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
    }
    private let state = State()

    /// Starts watching `path`; nil when the folder cannot be watched (`reason` says why).
    public init?(file path: String, onChange: @escaping @Sendable () -> Void, reason: (String) -> Void = { _ in }) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { reason("inotify: \(String(cString: strerror(errno)))"); return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            reason("cannot watch \(folder): \(String(cString: strerror(errno)))")
            close(fd)
            return nil
        }
        let wanted = Array(name.utf8)
        DispatchQueue(label: "overscroll.file-watcher").async { [state] in
            var buffer = [UInt8](repeating: 0, count: 8192)
            while !state.stopped.load(ordering: .acquiring) {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 100) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { continue }
                if Self.names(in: buffer, count: n).contains(wanted) { onChange() }
            }
            close(fd)
            state.done.signal()
        }
    }

    /// The file names of the inotify events in the first `count` bytes of `buffer`.
    static func names(in buffer: [UInt8], count: Int) -> [[UInt8]] {
        var names: [[UInt8]] = []
        var offset = 0
        let header = 16  // wd, mask, cookie, len: four 32-bit fields
        while offset + header <= count {
            let len = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let start = offset + header
            guard start + len <= count else { break }
            names.append(Array(buffer[start..<start + len].prefix { $0 != 0 }))
            offset = start + len
        }
        return names
    }

    /// Stops watching; returns once the watcher's thread has closed its descriptor.
    public func stop() {
        guard !state.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        state.done.wait()
    }

    /// A watcher dropped without `stop` ends its thread within a poll interval.
    deinit { state.stopped.store(true, ordering: .releasing) }
}
