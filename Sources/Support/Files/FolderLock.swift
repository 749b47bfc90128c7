#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock on a lock file: held until released or the process ends (even by SIGKILL).
/// The file holds the owner's process id, for the message a second run prints.
///
/// The lock file is opened without following a link: a symlink at the lock path (a cloned
/// repository can ship one) or anything but a plain file of its own (a hard link, a FIFO) is
/// refused, named, and never written; so is a lock file another user owns.
public final class FolderLock {
    private var fd: Int32
    private let path: String
    private var signalToken: Int?

    /// The lock of the folder `folder` (canonical): `.NAME.lock` beside it.
    public static func path(for folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "." + folder + ".lock" }
        let parent = slash == folder.startIndex ? "" : String(folder[..<slash])
        return parent + "/." + folder[folder.index(after: slash)...] + ".lock"
    }

    /// Takes the lock at `path` or fails at once; `flag` and `display` name the folder in messages.
    public init(path: String, flag: String, display: String) throws(OutputPaths.Refusal) {
        self.path = path
        let prefix = "\(flag) \(OutputPaths.quoted(display))"
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                if errno == ELOOP || FileTree.isLink(path) {
                    throw OutputPaths.Refusal(
                        "\(prefix): the lock file \(OutputPaths.quoted(path)) is a symlink; overscroll never follows one (remove it)")
                }
                throw OutputPaths.Refusal("\(prefix): cannot create a lock file beside it: \(String(cString: strerror(errno)))")
            }
            var held = stat()
            guard fstat(fd, &held) == 0, held.st_mode & S_IFMT == S_IFREG, held.st_nlink == 1 else {
                close(fd)
                throw OutputPaths.Refusal(
                    "\(prefix): the lock file \(OutputPaths.quoted(path)) is not a plain file of its own (a hard link, folder or"
                        + " device); remove it")
            }
            guard held.st_uid == geteuid() else {
                close(fd)
                throw OutputPaths.Refusal(
                    "\(prefix): the lock file \(OutputPaths.quoted(path)) belongs to another user; it is never written (remove it)")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                var owner = ""
                var buffer = [UInt8](repeating: 0, count: 32)
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
                if n > 0 { owner = String(decoding: buffer[..<n], as: UTF8.self).trimmingNewline() }
                close(fd)
                let who = owner.isEmpty || !owner.allSatisfy(\.isNumber) ? "" : " (process \(owner))"
                throw OutputPaths.Refusal(
                    "\(prefix): another overscroll run is writing this folder\(who); wait for it or choose another folder")
            }
            // The previous owner may have removed the file between our open and our lock:
            // hold the lock only if it is still the file at `path`.
            var current = stat()
            if lstat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                self.fd = fd
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(fd, 0)
                _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
                // Removed on SIGINT/SIGTERM/SIGHUP too; after a SIGKILL the next run reuses it.
                signalToken = SignalCleanup.register(path)
                return
            }
            close(fd)
        }
    }

    deinit {
        if let signalToken { SignalCleanup.remove(signalToken) }
        // Only our own file goes: whatever now sits at the path (a link planted meanwhile) stays.
        var current = stat(), held = stat()
        if fstat(fd, &held) == 0, lstat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
            unlink(path)
        }
        close(fd)
    }
}

private extension String {
    func trimmingNewline() -> String { String(self.prefix { $0 != "\n" }) }
}
