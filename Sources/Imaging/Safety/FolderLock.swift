#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock on a lock file: held until released or the process ends (even by SIGKILL).
/// The file holds the owner's process id, for the message a second run prints.
final class FolderLock {
    private var fd: Int32
    private let path: String

    init(path: String, flag: String, display: String) throws(OutputPaths.Refusal) {
        self.path = path
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(display)): cannot create a lock file beside it: \(String(cString: strerror(errno)))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let owner = FileTree.read(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                close(fd)
                let who = owner.isEmpty ? "" : " (process \(owner.trimmingNewline()))"
                throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(display)): another overscroll run is writing this folder\(who); wait for it or choose another folder")
            }
            // The previous owner may have removed the file between our open and our lock:
            // hold the lock only if it is still the file at `path`.
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                self.fd = fd
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(fd, 0)
                _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
                return
            }
            close(fd)
        }
    }

    deinit {
        unlink(path)
        close(fd)
    }
}

private extension String {
    func trimmingNewline() -> String { String(self.prefix { $0 != "\n" }) }
}
