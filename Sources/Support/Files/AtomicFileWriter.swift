#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that readers see either the old content or the complete new content, never a
/// partial file: the bytes go to a temporary file in the same directory (created exclusively,
/// never through a link), which is then renamed over the destination (rename is atomic within
/// one file system, and replaces a name, never what a link points to).
public enum AtomicFileWriter {
    /// Writes `bytes` to `path` atomically, creating missing parent directories. With `root`
    /// (a folder the command owns, e.g. a report folder), no folder between `root` and the file
    /// may be a symlink: one found there is refused, named, never followed.
    public static func write(_ bytes: [UInt8], toPath path: String, within root: String? = nil) throws {
        try bytes.withUnsafeBytes { try write(raw: $0, toPath: path, within: root) }
    }

    /// Writes UTF-8 `text` to `path` atomically (see `write(_:toPath:within:)`).
    public static func write(text: String, toPath path: String, within root: String? = nil) throws {
        try write(Array(text.utf8), toPath: path, within: root)
    }

    /// Replaces the user's file at `path` (a feel file the tuning panel saves) atomically, the
    /// new file taking the old one's permission bits (a 0600 file stays 0600) and, where this
    /// user may give them, its owner and group; a new file is made 0644.
    public static func replace(text: String, atPath path: String) throws {
        var info = stat()
        let old = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info : nil
        let staged = try stage(Array(text.utf8), toPath: path)
        if let old {
            if old.st_uid != geteuid() || old.st_gid != getegid() {
                _ = lchown(staged.temporary, geteuid() == 0 ? old.st_uid : uid_t.max, old.st_gid)
            }
            guard chmod(staged.temporary, old.st_mode & 0o777) == 0 else {
                let reason = String(cString: strerror(errno))
                staged.abandon()
                throw FileWriteError(file: OutputPaths.quoted(path), detail: "cannot keep its mode: \(reason)")
            }
        }
        try staged.commit()
    }

    /// Refuses a symlink at any folder between `root` and `path` (`path` lies inside `root`).
    static func refuseLinks(in path: String, below root: String) throws {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard path.hasPrefix(base + "/") else { return }
        var walked = base
        for part in path.dropFirst(base.count + 1).split(separator: "/").dropLast() {
            walked += "/" + part
            guard FileTree.exists(walked) else { return }
            if FileTree.isLink(walked) {
                throw FileWriteError(
                    file: OutputPaths.quoted(walked),
                    detail: "is a symlink inside an output folder; an output is never written through one (remove it)")
            }
        }
    }

    /// Writes raw bytes to `path` atomically, creating missing parent directories. Only a
    /// regular file or a new path is ever replaced: a symlink (an output is never written
    /// through one), a folder, device, FIFO or socket at `path` is an error naming it.
    public static func write(raw: UnsafeRawBufferPointer, toPath path: String, within root: String? = nil) throws {
        try stage(raw: raw, toPath: path, within: root).commit()
    }

    /// Writes `bytes` beside `path` without replacing it yet: `commit()` renames them over it,
    /// `abandon()` removes them. A command that writes several outputs stages each, and replaces
    /// none until every one is written (`merge-reports --junit` on a full disk changes nothing).
    public static func stage(_ bytes: [UInt8], toPath path: String, within root: String? = nil) throws -> StagedFile {
        try bytes.withUnsafeBytes { try stage(raw: $0, toPath: path, within: root) }
    }

    /// `stage` for raw bytes (the checks of `write(raw:toPath:within:)`).
    public static func stage(raw: UnsafeRawBufferPointer, toPath path: String, within root: String? = nil) throws -> StagedFile {
        if SignalCleanup.isInterrupted { throw FileWriteError(file: OutputPaths.quoted(path), detail: "interrupted") }
        if let root { try refuseLinks(in: path, below: root) }
        try refuseNonRegular(path)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard FileTree.makeFolders(directory) else {
            throw FileWriteError(file: OutputPaths.quoted(path), detail: "cannot create the folder \(OutputPaths.quoted(directory))")
        }
        let temporary = directory + "/." + file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // Removed if the process is interrupted before the file is renamed or abandoned.
        let token = SignalCleanup.register(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            SignalCleanup.remove(token)
            throw FileWriteError(
                file: OutputPaths.quoted(path),
                detail: "cannot write into \(OutputPaths.quoted(directory)): \(String(cString: strerror(errno)))")
        }
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                let reason = n == 0 ? "no space left" : String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                SignalCleanup.remove(token)
                throw FileWriteError(file: OutputPaths.quoted(path), detail: "cannot write: \(reason)")
            }
            offset += n
        }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            SignalCleanup.remove(token)
            throw FileWriteError(file: OutputPaths.quoted(path), detail: "cannot write: \(reason)")
        }
        return StagedFile(path: path, temporary: temporary, token: token)
    }

    /// Removes what killed writers left beside `path`: `.NAME.tmp-PID-N` regular files of this
    /// user whose process is gone (a SIGKILL skips the signal cleanup). Nothing else is touched.
    public static func removeStaleTemporaries(of path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let prefix = "." + (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
        for entry in FileTree.entries(of: directory) where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid != getpid(), !FileTree.processIsAlive(pid)
            else { continue }
            var info = stat()
            let file = directory + "/" + entry
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            unlink(file)
        }
    }

    /// A symlink, folder, device, FIFO or socket at `path` is never replaced.
    static func refuseNonRegular(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK:
            throw FileWriteError(
                file: OutputPaths.quoted(path),
                detail: "is a symlink; an output is never written through one (remove it or choose another path)")
        case S_IFDIR:
            throw FileWriteError(file: OutputPaths.quoted(path), detail: "is a folder, not a file")
        default:
            throw FileWriteError(file: OutputPaths.quoted(path), detail: "not a regular file (never replaced)")
        }
    }
}

/// A file written beside its destination and not yet renamed over it (`AtomicFileWriter.stage`).
public struct StagedFile: Sendable {
    public let path: String
    let temporary: String
    /// Its registration with `SignalCleanup` (an interruption removes the staged bytes).
    let token: Int

    /// Renames the staged bytes over the destination (checked again: still no link or folder there).
    public func commit() throws {
        do { try AtomicFileWriter.refuseNonRegular(path) } catch { abandon(); throw error }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            abandon()
            throw FileWriteError(file: OutputPaths.quoted(path), detail: "cannot replace file: \(reason)")
        }
        SignalCleanup.remove(token)
    }

    /// Removes the staged bytes; the destination is untouched.
    public func abandon() {
        unlink(temporary)
        SignalCleanup.remove(token)
    }
}
