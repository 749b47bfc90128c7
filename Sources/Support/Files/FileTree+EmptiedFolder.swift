#if canImport(Glibc)
import Glibc
#endif

extension FileTree {
    /// Removes the folder at `path` when, opened without following a link, it holds nothing but
    /// regular files named in `only` (a folder a command emptied but for its own record, such as
    /// `ResultFolder.manifestName`): those files, then the folder. A link at `path`, a link or
    /// sub-folder inside it, or any other name leaves everything in place. Returns true when
    /// the folder is gone.
    @discardableResult
    public static func removeEmptiedFolder(_ path: String, only: Set<String>) -> Bool {
        guard !path.isEmpty, !SafeName.hasParentComponent(path) else { return false }
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard SafeName.isSafe(name) else { return false }
        let parentfd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentfd >= 0 else { return false }
        defer { close(parentfd) }
        let fd = openat(parentfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let names = entries(ofDescriptor: fd)
        for entry in names {
            var info = stat()
            guard only.contains(entry), fstatat(fd, entry, &info, AT_SYMLINK_NOFOLLOW) == 0,
                info.st_mode & S_IFMT == S_IFREG
            else { return false }
        }
        for entry in names where unlinkat(fd, entry, 0) != 0 && errno != ENOENT { return false }
        return unlinkat(parentfd, name, AT_REMOVEDIR) == 0
    }
}
