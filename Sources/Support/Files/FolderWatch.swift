#if canImport(Glibc)
import Glibc
#endif

/// Watches folders recursively for changed files with Linux inotify (`overscroll test --watch`;
/// `onSaves(of:)` watches one file's folder on a thread, for `run --feel`'s live reload):
/// a file written and closed, created, deleted or moved in or out, and folders made or moved in
/// (watched from then on). Folders `skip` refuses — and everything in them — are not watched;
/// symlinked folders are never followed, but a root that is a link is watched where it leads
/// (its paths keep the name given). `next()` blocks until something changes, then gathers
/// what else changes until the folders are quiet for a moment, and returns the paths (a path
/// the kernel could not name, after an event queue overflow, is the root itself).
public final class FolderWatch {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let skip: (_ path: String, _ name: String) -> Bool
    private let roots: [String]

    private static let mask =
        UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
        | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    /// Watches `roots` (folders) and their sub-folders but those `skip(path, name)` refuses;
    /// nil when inotify is unavailable or a root cannot be watched (`errno` says why).
    public init?(roots: [String], skip: @escaping (_ path: String, _ name: String) -> Bool) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.skip = skip
        self.roots = roots
        // The descriptor is closed once, by deinit (which runs for an instance that fails here
        // too): closing it here as well closed it twice, another thread's descriptor by then or
        // EBADF in `errno` ("cannot watch LINK (Bad file descriptor)").
        for root in roots {
            guard add(root, isRoot: true) else { return nil }
        }
    }

    deinit { close(fd) }

    /// The folders being watched (for tests and messages).
    public var watchedFolders: [String] { folders.values.sorted() }

    /// Watches `folder` and its sub-folders; false when `folder` itself cannot be watched.
    @discardableResult
    private func add(_ folder: String, isRoot: Bool = false) -> Bool {
        // A root the user named is watched where it leads; a link found inside never is.
        let wd = inotify_add_watch(fd, folder, isRoot ? Self.mask & ~UInt32(IN_DONT_FOLLOW) : Self.mask)
        guard wd >= 0 else { return false }
        folders[wd] = folder
        for name in FileTree.listing(of: folder, followingLink: isRoot)?.names ?? [] {
            let child = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if FileTree.isRealFolder(child) && !skip(child, name) { add(child) }
        }
        return true
    }

    /// Blocks until a change, then returns every path changed until none changed for `quiet`
    /// seconds (an editor's save is several events), without duplicates, in order of first
    /// change. Returns [] when the descriptor fails.
    public func next(quiet: Double = 0.2) -> [String] {
        changes(within: nil, quiet: quiet) ?? []
    }

    /// As `next`, but waits at most `timeout` seconds (nil: for ever) for the first change, so a
    /// thread that watches can look at a stop flag in between: [] when nothing changed in time,
    /// nil when the descriptor fails.
    public func changes(within timeout: Double?, quiet: Double = 0.2) -> [String]? {
        var first = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let wait = timeout.map { Int32(max(0, $0) * 1000) } ?? -1
        var ready: Int32
        repeat { ready = poll(&first, 1, wait) } while ready < 0 && errno == EINTR
        if ready == 0 { return [] }
        guard ready > 0, first.revents & Int16(POLLIN) != 0 else { return nil }
        var changed: [String] = []
        var seen = Set<String>()
        guard read(into: &changed, seen: &seen) else { return nil }
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, Int32(quiet * 1000))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            guard read(into: &changed, seen: &seen) else { break }
        }
        return changed
    }

    /// Reads one batch of events; false when the descriptor fails.
    private func read(into changed: inout [String], seen: inout Set<String>) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var n = 0
        repeat { n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } } while n < 0 && errno == EINTR
        guard n > 0 else { return false }
        func note(_ path: String) { if seen.insert(path).inserted { changed.append(path) } }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= n {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)].prefix { $0 != 0 }
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { for r in roots { note(r) }; continue }
            if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil; continue }
            guard let folder = folders[wd] else { continue }
            if mask & UInt32(IN_DELETE_SELF) != 0 { note(folder); continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard !name.isEmpty else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if skip(path, name) { continue }
                if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0, FileTree.isRealFolder(path) { add(path) }
            }
            note(path)
        }
        return true
    }
}
