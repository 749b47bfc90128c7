#if canImport(Glibc)
import Glibc
#endif

/// Small file-tree operations on paths, without following symlinks.
public enum FileTree {
    /// Removes `path` and, for a folder, everything under it. Symlinks are removed, never followed.
    public static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in entries(of: path) { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Names in a folder (without `.` and `..`), sorted; empty when it cannot be read.
    public static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
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

    /// Creates `path` and missing parents as folders.
    public static func makeFolders(_ path: String) -> Bool {
        if OutputPaths.kind(of: path) == .folder { return true }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makeFolders(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o755) == 0 || (errno == EEXIST && OutputPaths.kind(of: path) == .folder)
    }

    /// Reads a whole (small) file; nil when it cannot be read or is not a regular file (a FIFO
    /// would block, a device never end).
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// Writes a small file (not atomically; callers rename it into place). False on failure.
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// True when a process with this id is running.
    public static func processIsAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
