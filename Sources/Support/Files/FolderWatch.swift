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
///
/// A root deleted, moved away or replaced (`rm -rf && tar x`, `mv new root`, `git checkout` of
/// the folder) is watched again as soon as a folder is there under its name — it is checked
/// every `rewatchInterval` seconds while gone — and counts as changed then. What the watch
/// cannot keep (a root gone, a folder past the inotify watch limit) is said in `notices`, one line
/// each, for the caller to print: a watch never goes deaf silently.
public final class FolderWatch {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let skip: (_ path: String, _ name: String) -> Bool
    private let roots: [String]
    /// Each root's watch descriptor while it is watched.
    private var rootWatches: [String: Int32] = [:]
    /// Roots gone (deleted or moved away), checked for again until a folder is back.
    private var lostRoots: [String] = []
    /// The most folders to watch (tests; nil: as many as the kernel allows).
    private let limit: Int?
    /// Folders the watch limit kept from being watched since the last notice.
    private var overLimit: [String] = []
    private var pendingNotices: [String] = []

    /// How often a gone root is looked for (seconds).
    public static let rewatchInterval = 0.25

    private static let mask =
        UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
        | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    /// Watches `roots` (folders) and their sub-folders but those `skip(path, name)` refuses;
    /// nil when inotify is unavailable or a root cannot be watched (`errno` says why). `limit`:
    /// the most folders to watch, as if the kernel's watch limit were reached there (tests).
    public init?(roots: [String], limit: Int? = nil, skip: @escaping (_ path: String, _ name: String) -> Bool) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.skip = skip
        self.roots = roots
        self.limit = limit
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

    /// What the watch could not keep since the last call, one line each (a root gone or back, folders
    /// past the watch limit); the caller prints them.
    public func takeNotices() -> [String] {
        if !overLimit.isEmpty {
            let first = overLimit.min() ?? ""
            pendingNotices.append(
                "cannot watch \(overLimit.count) folder\(overLimit.count == 1 ? "" : "s") (\(TerminalText.escaped(first))"
                    + "\(overLimit.count > 1 ? " and others" : "")): the inotify watch limit is reached"
                    + " (fs.inotify.max_user_watches); changes in \(overLimit.count == 1 ? "it" : "them") are not seen")
            overLimit = []
        }
        defer { pendingNotices = [] }
        return pendingNotices
    }

    /// Watches `folder` and its sub-folders; false when `folder` itself cannot be watched.
    @discardableResult
    private func add(_ folder: String, isRoot: Bool = false) -> Bool {
        if let limit, folders.count >= limit {
            errno = ENOSPC
            if !isRoot { overLimit.append(folder) }
            return false
        }
        // A root the user named is watched where it leads; a link found inside never is.
        let wd = inotify_add_watch(fd, folder, isRoot ? Self.mask & ~UInt32(IN_DONT_FOLLOW) : Self.mask)
        guard wd >= 0 else {
            if !isRoot && errno == ENOSPC { overLimit.append(folder) }
            return false
        }
        folders[wd] = folder
        if isRoot { rootWatches[folder] = wd }
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
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int(max(0, $0) * 1000)) }
        var ready: Int32
        while true {
            // While a root is gone, wake up to look for it.
            var wait = deadline.map { d in Int32(max(0, min(Double(Int32.max), Self.milliseconds(until: d)))) } ?? -1
            if !lostRoots.isEmpty { wait = wait < 0 ? Int32(Self.rewatchInterval * 1000) : min(wait, Int32(Self.rewatchInterval * 1000)) }
            ready = poll(&first, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready != 0 { break }
            let back = rewatchLostRoots()
            if !back.isEmpty { return back }
            if let deadline, ContinuousClock.now >= deadline { return [] }
        }
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
        for root in rewatchLostRoots() where seen.insert(root).inserted { changed.append(root) }
        return changed
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Double {
        let left = ContinuousClock.now.duration(to: deadline).components
        return Double(left.seconds) * 1000 + Double(left.attoseconds) / 1e15
    }

    /// A root's watch ended (the folder deleted, moved away, or replaced by another): its watches
    /// go, and it is looked for again.
    private func lose(_ root: String) {
        guard let wd = rootWatches.removeValue(forKey: root) else { return }
        // The watches of the old tree (moved away, they would name paths that are not there).
        for (w, path) in folders where w == wd || path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            inotify_rm_watch(fd, w)
            folders[w] = nil
        }
        if !lostRoots.contains(root) { lostRoots.append(root) }
        if !rewatch(root) {
            pendingNotices.append("\(TerminalText.escaped(root)) is gone: watching for it to come back")
        }
    }

    /// Watches `root` again when a folder is there; true when it is watched.
    private func rewatch(_ root: String) -> Bool {
        guard FileTree.isRealFolder(root) || FileTree.isLink(root), add(root, isRoot: true) else { return false }
        lostRoots.removeAll { $0 == root }
        pendingNotices.append("\(TerminalText.escaped(root)) was replaced: watching it again")
        return true
    }

    /// The lost roots watched again now.
    private func rewatchLostRoots() -> [String] {
        lostRoots.filter { rewatch($0) }
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
            if let root = rootWatches.first(where: { $0.value == wd })?.key,
                mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0
            {
                note(root)
                lose(root)
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil; continue }
            guard let folder = folders[wd] else { continue }
            if mask & UInt32(IN_DELETE_SELF) != 0 { note(folder); continue }
            if mask & UInt32(IN_MOVE_SELF) != 0 { continue }
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
