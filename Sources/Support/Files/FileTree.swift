#if canImport(Glibc)
import Glibc
#endif

/// Small file-tree operations on paths that never follow a symlink they did not make: deletes
/// work on descriptors (`unlinkat` under a folder opened with `O_NOFOLLOW`), reads of things a
/// command owns refuse links and anything but a regular file, and writes create their file
/// exclusively.
public enum FileTree {
    /// Removes `path` and, for a folder, everything under it. Symlinks are removed, never
    /// followed; a path with a `..` component is never removed. Returns what could not be
    /// removed (empty when everything went).
    @discardableResult
    public static func remove(_ path: String) -> [String] {
        guard !path.isEmpty, !SafeName.hasParentComponent(path) else { return path.isEmpty ? [] : [path] }
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard SafeName.isSafe(name) else { return [] }
        let dirfd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirfd >= 0 else { return exists(path) ? [path] : [] }
        defer { close(dirfd) }
        var leftovers: [String] = []
        removeEntry(in: dirfd, name, display: trimmed, leftovers: &leftovers)
        return leftovers
    }

    /// Removes the entry `name` of the folder open at `dirfd` (never following a link);
    /// `display` names it in what is returned: what could not be removed.
    static func remove(_ name: String, in dirfd: Int32, display: String) -> [String] {
        guard SafeName.isSafe(name) else { return [] }
        var leftovers: [String] = []
        removeEntry(in: dirfd, name, display: display, leftovers: &leftovers)
        return leftovers
    }

    private static func removeEntry(in dirfd: Int32, _ name: String, display: String, leftovers: inout [String]) {
        var info = stat()
        guard fstatat(dirfd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            let before = leftovers.count
            let fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                for child in entries(ofDescriptor: fd) { removeEntry(in: fd, child, display: display + "/" + child, leftovers: &leftovers) }
                close(fd)
            }
            if unlinkat(dirfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT && leftovers.count == before {
                leftovers.append(display)
            }
        } else if unlinkat(dirfd, name, 0) != 0 && errno != ENOENT {
            leftovers.append(display)
        }
    }

    /// Names in a folder (without `.` and `..`), sorted; empty when it cannot be read. A
    /// symlink at `folder` is not followed.
    public static func entries(of folder: String) -> [String] {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return entries(ofDescriptor: fd)
    }

    /// Names in the folder open at `fd` (without `.` and `..`), sorted.
    static func entries(ofDescriptor fd: Int32) -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { if copy >= 0 { close(copy) }; return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // d_name is declared as 256 bytes but the record may be shorter: read only up to the NUL.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The names in a folder (without `.` and `..`), sorted: those that are UTF-8, and those that
    /// are not, shown with `\xNN` for each byte that is not (a walk reports them, never skips
    /// them silently). Nil when the folder cannot be listed. A symlink at `folder` itself is
    /// followed only with `followingLink` (a folder the user named).
    public static func listing(of folder: String, followingLink: Bool = false) -> (names: [String], notUTF8: [String])? {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        guard let dir = fdopendir(fd) else { close(fd); return nil }
        defer { closedir(dir) }
        var names: [String] = [], bad: [String] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                    Array(UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
                }
            }
            if let name = String(validating: bytes, as: UTF8.self) {
                if name != "." && name != ".." { names.append(name) }
            } else {
                bad.append(TerminalText.escaped(bytes: bytes))
            }
        }
        return (names.sorted(), bad.sorted())
    }

    /// True when something (of any kind, even a dangling link) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// True when `path` is a regular file (not a link).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// True when `path` is a symlink.
    public static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// True when `path` is a folder (not a link to one).
    public static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates `path` and missing parents as folders.
    public static func makeFolders(_ path: String) -> Bool {
        if OutputPaths.kind(of: path) == .folder { return true }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makeFolders(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o755) == 0 || (errno == EEXIST && OutputPaths.kind(of: path) == .folder)
    }

    /// Reads a whole (small) file, following links; nil when it cannot be read. For files the
    /// user named as inputs; what a command owns is read with `readOwned`.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return readAll(fd)
    }

    /// Why an owned file cannot be read.
    public enum ReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path, or a folder on it below the root, is a symlink.
        case link(String)
        /// Not a regular file (a folder, FIFO, device or socket).
        case notRegular(String)
        case missing(String)
        case failed(String, String)

        public var description: String {
            switch self {
            case .link(let p): return "\(OutputPaths.quoted(p)): a symlink (never followed)"
            case .notRegular(let p): return "\(OutputPaths.quoted(p)): not a regular file"
            case .missing(let p): return "\(OutputPaths.quoted(p)): missing"
            case .failed(let p, let why): return "\(OutputPaths.quoted(p)): \(why)"
            }
        }
    }

    /// Reads `relative` under `root` without following any symlink below `root` (each folder is
    /// opened with `O_NOFOLLOW`), and only when it is a regular file. `relative` must pass
    /// `SafeName.relativePathProblem`.
    public static func readOwned(_ relative: String, under root: String) -> Result<[UInt8], ReadFailure> {
        let display = root + "/" + relative
        if SafeName.relativePathProblem(relative) != nil { return .failure(.failed(display, "not a plain relative path")) }
        var dirfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirfd >= 0 else { return .failure(.failed(root, String(cString: strerror(errno)))) }
        let parts = relative.split(separator: "/").map(String.init)
        var walked = root
        for part in parts.dropLast() {
            walked += "/" + part
            let next = openat(dirfd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let saved = errno
            close(dirfd)
            guard next >= 0 else { return .failure(failure(saved, walked)) }
            dirfd = next
        }
        defer { close(dirfd) }
        let fd = openat(dirfd, parts.last ?? "", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure(errno, display)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.failed(display, String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(display)) }
        guard let bytes = readAll(fd) else { return .failure(.failed(display, String(cString: strerror(errno)))) }
        return .success(bytes)
    }

    /// Reads a file the command owns (a golden, a results file) at `path`: a symlink at the
    /// last component or anything but a regular file is refused.
    public static func readOwned(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure(errno, path)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.failed(path, String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(path)) }
        guard let bytes = readAll(fd) else { return .failure(.failed(path, String(cString: strerror(errno)))) }
        return .success(bytes)
    }

    private static func failure(_ code: Int32, _ path: String) -> ReadFailure {
        switch code {
        case ELOOP: return .link(path)
        case ENOTDIR: return isLink(path) ? .link(path) : .notRegular(path)
        case ENOENT: return .missing(path)
        default: return .failed(path, String(cString: strerror(code)))
        }
    }

    static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// Writes a new small file at a path the command owns (staging, a journal): whatever is at
    /// `path` is unlinked first (a link or a hard link is dropped, never written through) and the
    /// file is created exclusively. False on failure.
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        if unlink(path) != 0 && errno != ENOENT { return false }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let ok = writeAll(bytes, to: fd)
        let saved = errno
        close(fd)
        errno = saved
        return ok
    }

    /// Writes all of `bytes` to `fd`; false on failure (errno set).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { errno = ENOSPC; return false }
            offset += n
        }
        return true
    }

    /// True when a process with this id is running.
    public static func processIsAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
