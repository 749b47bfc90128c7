#if canImport(Glibc)
import Glibc
#endif

/// A folder opened without following a link at its last component; every operation is relative
/// to its descriptor and never follows a link either.
struct OpenFolder {
    let fd: Int32
    let path: String

    init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.path = path
    }

    private init(fd: Int32, path: String) { self.fd = fd; self.path = path }

    func close() { _ = Glibc.close(fd) }

    func display(_ entry: String) -> String { path == "/" ? "/" + entry : path + "/" + entry }

    /// The entry's own status (a link is not followed); nil when absent.
    func info(_ entry: String) -> stat? {
        var info = stat()
        return fstatat(fd, entry, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    func inode(_ entry: String) -> UInt64? { info(entry).map { UInt64($0.st_ino) } }

    func entries() -> [String] { FileTree.entries(ofDescriptor: fd) }

    /// The sub-folder `entry`, opened without following a link.
    func folder(_ entry: String) -> OpenFolder? {
        let child = openat(fd, entry, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return child >= 0 ? OpenFolder(fd: child, path: display(entry)) : nil
    }

    /// The bytes of the regular file `entry` (never through a link), at most `maxBytes`.
    func readFile(_ entry: String, maxBytes: Int) -> [UInt8]? {
        let file = openat(fd, entry, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { _ = Glibc.close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxBytes else { return nil }
        return FileTree.readAll(file)
    }

    func remove(_ entry: String) -> [String] { FileTree.remove(entry, in: fd, display: display(entry)) }
}
