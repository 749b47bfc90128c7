#if canImport(Glibc)
import Glibc
#endif

/// Rules every output path obeys before anything is written: it is named (not empty), it is a
/// regular file or a new path (never a device, a folder where a file is expected, or the reverse),
/// and it is not, does not contain and does not lie inside any input of the same command.
///
/// Pure path logic plus `lstat`/`realpath`: no Foundation, so the small `overscroll` front can use it.
public enum OutputPaths {
    /// An output path that must not be written: one line naming the flag and the path as typed.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// What a path names on disk right now (symlinks followed).
    public enum Kind: Sendable, Equatable {
        case missing
        case regularFile
        case folder
        /// A device, FIFO or socket: never replaced by an output.
        case special
        /// A symlink that loops or dangles.
        case brokenLink
    }

    /// The kind of `path`, following symlinks.
    public static func kind(of path: String) -> Kind {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .regularFile
            case S_IFDIR: return .folder
            default: return .special
            }
        }
        var link = stat()
        if lstat(path, &link) == 0 { return .brokenLink }
        return .missing
    }

    /// Checks a single-file output (`--diff FILE`, `--plot`, `--capture`, `--junit`). A symlink
    /// is refused (an output is never written through one), and so is a path inside a golden
    /// folder (`__snapshots__`).
    public static func checkFile(_ path: String, flag: String) throws(Refusal) {
        guard !path.isEmpty else { throw Refusal("\(flag) needs a non-empty path") }
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && kind(of: path) != .brokenLink {
            throw Refusal(
                "\(flag) \(quoted(path)): is a symlink; an output is never written through one (remove it or choose another path)")
        }
        try refuseGoldenTree(path, flag: flag)
        switch kind(of: path) {
        case .missing, .regularFile: break
        case .folder: throw Refusal("\(flag) \(quoted(path)): is a folder, expected a file")
        case .special: throw Refusal("\(flag) \(quoted(path)): not a regular file (a device, FIFO or socket is never replaced)")
        case .brokenLink: throw Refusal("\(flag) \(quoted(path)): a symlink that loops or points nowhere")
        }
        try checkParent(of: path, flag: flag)
    }

    /// Checks a folder output (`--out`, `--report`, `--artifacts`, `--diff DIR`); only a golden
    /// folder itself (`goldens: true`, `verify --goldens`) may lie inside `__snapshots__`.
    public static func checkFolder(_ path: String, flag: String, goldens: Bool = false) throws(Refusal) {
        guard !path.isEmpty else { throw Refusal("\(flag) needs a non-empty path") }
        if !goldens { try refuseGoldenTree(path, flag: flag) }
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && kind(of: path) == .folder {
            throw Refusal("\(flag) \(quoted(path)): is a symlink; an output folder is never reached through one (name the folder itself)")
        }
        switch kind(of: path) {
        case .missing, .folder: break
        case .regularFile: throw Refusal("\(flag) \(quoted(path)): is a file, expected a folder")
        case .special: throw Refusal("\(flag) \(quoted(path)): not a folder (a device, FIFO or socket)")
        case .brokenLink: throw Refusal("\(flag) \(quoted(path)): a symlink that loops or points nowhere")
        }
        try checkParent(of: path, flag: flag)
    }

    /// One output of a command, for `check`.
    public struct Output: Sendable {
        public var path: String
        public var flag: String
        public var isFolder: Bool
        public init(_ path: String, flag: String, folder: Bool) { self.path = path; self.flag = flag; isFolder = folder }
    }

    /// The output check every command makes before anything is produced: each output is the
    /// right kind (`checkFile`/`checkFolder`), is not, does not contain and does not lie inside
    /// any input, nor any other output of the same command (so `--junit` never lands inside
    /// `--artifacts`).
    public static func check(_ outputs: [Output], inputs: [(path: String, what: String)]) throws(Refusal) {
        var taken: [(path: String, what: String)] = []
        for o in outputs {
            if o.isFolder { try checkFolder(o.path, flag: o.flag) } else { try checkFile(o.path, flag: o.flag) }
            try refuseOverlap(output: o.path, flag: o.flag, inputs: inputs + taken)
            taken.append((o.path, "the \(o.flag) output"))
        }
    }

    /// The name of the golden folders (`<suite>/__snapshots__/<scenario>/`).
    public static let goldenTreeName = "__snapshots__"

    /// Refuses an output that is or lies inside a `__snapshots__` folder: only golden updates
    /// write there.
    public static func refuseGoldenTree(_ path: String, flag: String) throws(Refusal) {
        let parts = canonical(path).split(separator: "/")
        if parts.contains(Substring(goldenTreeName)) {
            throw Refusal("\(flag) \(quoted(path)): lies in a golden folder (\(goldenTreeName)); only golden updates write there")
        }
    }

    /// Refuses an output that is, contains or lies inside one of `inputs` (`what` names the
    /// input in the message, e.g. "EXPECTED", "the golden folder").
    public static func refuseOverlap(output: String, flag: String, inputs: [(path: String, what: String)]) throws(Refusal) {
        let out = canonical(output)
        for input in inputs where !input.path.isEmpty {
            let other = canonical(input.path)
            if out == other || sameFile(output, input.path) {
                throw Refusal("\(flag) \(quoted(output)): is \(input.what) (\(quoted(input.path))); an output never replaces an input")
            }
            if isInside(other, out) {
                throw Refusal(
                    "\(flag) \(quoted(output)): contains \(input.what) (\(quoted(input.path))); an output never replaces an input")
            }
            if isInside(out, other) {
                throw Refusal(
                    "\(flag) \(quoted(output)): lies inside \(input.what) (\(quoted(input.path))); an output never replaces an input")
            }
        }
    }

    /// True when `path` lies strictly inside `folder` (both canonical).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "/" { return path != "/" }
        return path.hasPrefix(folder + "/")
    }

    /// The absolute form of `path` with symlinks resolved as far as the path exists; components
    /// that do not exist yet are appended with `.` and `..` folded.
    public static func canonical(_ path: String) -> String {
        var components = absolute(path).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var tail: [String] = []
        while true {
            let prefix = "/" + components.joined(separator: "/")
            if let resolved = realPath(prefix) {
                return fold(resolved, tail)
            }
            guard let last = components.popLast() else { return fold("/", tail) }
            tail.insert(last, at: 0)
        }
    }

    /// Makes `text` safe to print on a terminal: control characters and invalid UTF-8 become
    /// escapes, so a hostile name cannot drive the terminal.
    public static func printable(_ text: String) -> String { TerminalText.escaped(text) }

    /// `path` escaped for one line of output; the empty path shown as "".
    public static func quoted(_ path: String) -> String { path.isEmpty ? "\"\"" : printable(path) }

    // MARK: - Helpers

    private static func checkParent(of path: String, flag: String) throws(Refusal) {
        let absolutePath = absolute(path)
        guard let slash = absolutePath.lastIndex(of: "/") else { return }
        var parent = String(absolutePath[..<slash])
        if parent.isEmpty { parent = "/" }
        // Walk up to the first ancestor that exists: it must be a folder.
        while true {
            switch kind(of: parent) {
            case .folder: return
            case .missing:
                guard let up = parent.lastIndex(of: "/"), parent != "/" else { return }
                parent = up == parent.startIndex ? "/" : String(parent[..<up])
            case .regularFile, .special:
                throw Refusal("\(flag) \(quoted(path)): \(quoted(parent)) is not a folder")
            case .brokenLink:
                throw Refusal("\(flag) \(quoted(path)): \(quoted(parent)) is a symlink that loops or points nowhere")
            }
        }
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = workingFolder() else { return "/" + path }
        return cwd == "/" ? "/" + path : cwd + "/" + path
    }

    /// The absolute working folder, or nil when it cannot be read.
    public static func workingFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func fold(_ base: String, _ tail: [String]) -> String {
        var parts = base.split(separator: "/").map(String.init)
        for part in tail {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension OutputPaths {
    /// Why an input path cannot be opened, in a few words: a symlink loop or dangling link is
    /// named as such, not as a missing file.
    public static func missingReason(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "cannot be read" }
        switch errno {
        case ELOOP: return "a symlink loop"
        case ENOENT: return kind(of: path) == .brokenLink ? "a symlink that points nowhere" : "no such file or directory"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        default: return String(cString: strerror(errno))
        }
    }
}
