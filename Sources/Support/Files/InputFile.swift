#if canImport(Glibc)
import Glibc
#endif

/// Reads an input file (a scenario, a Lottie file, a results folder's files): only a regular
/// file, and only up to a size limit. A FIFO would block the read forever, a device such as
/// /dev/zero never ends: anything but a regular file is refused, named, before it is read.
public enum InputFile {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missing(path: String)
        /// `kind`: "a FIFO", "a character device", "a folder", …
        case notRegular(path: String, kind: String)
        case tooLarge(path: String, bytes: Int, limit: Int)
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .missing(p): "\(p): no such file"
            case let .notRegular(p, kind): "\(p): is \(kind), not a regular file"
            case let .tooLarge(p, bytes, limit): "\(p): \(InputFile.megabytes(bytes)) is over the limit of \(InputFile.megabytes(limit))"
            case let .unreadable(p, reason): "\(p): cannot read (\(reason))"
            }
        }
    }

    /// The whole content of the regular file at `path`, refusing it when it is larger than
    /// `maxBytes`. Links are followed unless `followLinks` is false (a link is then refused).
    public static func read(_ path: String, maxBytes: Int = Int.max, followLinks: Bool = true) throws(Failure) -> [UInt8] {
        var info = stat()
        guard (followLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { throw failure(path, errno, followLinks: followLinks) }
        try check(path, info, maxBytes: maxBytes)
        // O_NONBLOCK: if the file is swapped for a FIFO after the check, opening it does not wait
        // for a writer; fstat below refuses it.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw failure(path, errno, followLinks: followLinks) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw failure(path, errno, followLinks: followLinks) }
        try check(path, info, maxBytes: maxBytes)
        // Read to the end, but never more than one byte past the limit (a file that grew past
        // it is refused too).
        let cap = maxBytes == Int.max ? Int.max : maxBytes + 1
        var bytes = [UInt8](repeating: 0, count: min(cap, max(Int(info.st_size) + 1, 4096)))
        var count = 0
        while count < cap {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(cap - count, max(count, 4096))) }
            let n = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(path, errno, followLinks: followLinks) }
            if n == 0 { break }
            count += n
        }
        if count > maxBytes { throw .tooLarge(path: path, bytes: count, limit: maxBytes) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// "a FIFO", "a folder", … for a `stat` mode that is not a regular file; nil for a regular file.
    public static func kind(ofMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// "1.5 MB", "32 MB", "812 bytes".
    public static func megabytes(_ bytes: Int) -> String {
        if bytes < 1 << 20 { return bytes < 1024 ? "\(bytes) bytes" : "\(bytes / 1024) kB" }
        let mb = (Double(bytes) / Double(1 << 20) * 10).rounded() / 10
        return mb == mb.rounded() ? "\(Int(mb)) MB" : "\(mb) MB"
    }

    private static func check(_ path: String, _ info: stat, maxBytes: Int) throws(Failure) {
        if let kind = kind(ofMode: info.st_mode) { throw .notRegular(path: path, kind: kind) }
        if Int(info.st_size) > maxBytes { throw .tooLarge(path: path, bytes: Int(info.st_size), limit: maxBytes) }
    }

    private static func failure(_ path: String, _ code: Int32, followLinks: Bool) -> Failure {
        switch code {
        case ENOENT: .missing(path: path)
        case ELOOP where !followLinks: .notRegular(path: path, kind: "a symbolic link")
        default: .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
