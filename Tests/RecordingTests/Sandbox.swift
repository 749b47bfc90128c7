import Foundation
import Testing
import Support

/// A temporary folder for hostile tests: `box/` is where commands run (it holds decoys: a `.git`,
/// a `.gitignore`, a README), `outside/` holds the files links point at (decoys carrying
/// `Sandbox.secret`). Nothing here ever points at a real system file.
final class Sandbox: Sendable {
    let root: String
    let box: String
    let outside: String
    /// Bytes every decoy outside the box holds: they must never appear in an output.
    static let secret = "DECOY-SECRET-7f3a9c"

    /// `shared`: a sandbox that lives as long as the test process (named with its id; the next
    /// run removes those of processes that are gone).
    init(shared: Bool = false) throws {
        let temp = FileManager.default.temporaryDirectory.path
        if shared {
            let prefix = "overscroll-sandbox-shared-"
            for entry in FileTree.entries(of: temp) where entry.hasPrefix(prefix) {
                if let pid = Int32(entry.dropFirst(prefix.count)), !FileTree.processIsAlive(pid) {
                    Self.shell("/usr/bin/chattr", ["-R", "-i", temp + "/" + entry])
                    FileTree.remove(temp + "/" + entry)
                }
            }
            root = temp + "/" + prefix + "\(getpid())"
            FileTree.remove(root)
        } else {
            root = temp + "/overscroll-sandbox-\(UUID().uuidString)"
        }
        box = root + "/box"
        outside = root + "/outside"
        for folder in [box + "/.git", outside + "/dir"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write(".gitignore", "test-results/\n")
        try write("README.md", "decoy readme\n")
        for (name, text) in [
            ("secret.txt", Self.secret), ("secret.png", Self.secret + " not a png"), ("dir/keep.png", Self.secret + " keep")
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: outside + "/" + name))
        }
    }

    /// A copy of `other`'s box (the outside decoys are made fresh).
    convenience init(copying other: Sandbox) throws {
        try self.init()
        try FileManager.default.removeItem(atPath: box)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/cp")
        p.arguments = ["-a", other.box, box]
        try p.run()
        p.waitUntilExit()
    }

    deinit {
        // Undo `chattr +i` of read-only setups before removing.
        Self.shell("/usr/bin/chattr", ["-R", "-i", root])
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { box + "/" + relative }

    /// Parent and last component of a path ("" as parent when there is no slash). NSString's
    /// path methods trap on some inputs in this Foundation.
    static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Replaces whatever is at `relative` with a symlink to `target`.
    func link(_ relative: String, to target: String) throws {
        let p = path(relative)
        FileTree.remove(p)
        try FileManager.default.createDirectory(atPath: Self.split(p).parent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: p, withDestinationPath: target)
    }

    @discardableResult
    static func shell(_ tool: String, _ args: [String]) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Every entry under `folder` (links not followed): relative path → kind, mode and content hash.
    static func tree(_ folder: String) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ dir: String, _ prefix: String) {
            for name in FileTree.entries(of: dir) {
                let full = dir + "/" + name, rel = prefix + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                let mode = String(info.st_mode & 0o7777, radix: 8)
                switch info.st_mode & S_IFMT {
                case S_IFDIR: out[rel] = "d \(mode)"; walk(full, rel + "/")
                case S_IFLNK: out[rel] = "l " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
                case S_IFREG: out[rel] = "f \(mode) " + hash(FileManager.default.contents(atPath: full) ?? Data())
                default: out[rel] = "s \(mode)"
                }
            }
        }
        walk(folder, "")
        return out
    }

    static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in data { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16) + "/\(data.count)"
    }

    /// Paths that differ between two trees.
    static func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// True when any regular file under `folder` holds the decoys' secret.
    static func leaksSecret(_ folder: String, among paths: [String]) -> [String] {
        paths.filter { rel in
            guard FileTree.isRegularFile(folder + "/" + rel), let data = FileManager.default.contents(atPath: folder + "/" + rel) else {
                return false
            }
            return data.range(of: Data(secret.utf8)) != nil
        }
    }

    struct Result { var status: Int32; var out: String; var err: String; var signalled: Bool }

    /// The `overscroll` the box runs: this build's, or with OVERSCROLL_TEST_BIN_DIR another build's
    /// (e.g. an older checkout's, to see the regression tests fail there).
    static func overscroll() throws -> URL {
        let other = ProcessInfo.processInfo.environment["OVERSCROLL_TEST_BIN_DIR"].map { URL(fileURLWithPath: $0 + "/overscroll") }
        return try #require(other ?? CommandLineRunner.binary("overscroll"), "overscroll not built")
    }

    /// Runs `overscroll args…` in the box. `redirect` (shell redirections such as `>&-`,
    /// `>/dev/full` or `2>&-`) runs it through `/bin/sh -c 'exec BIN "$@" REDIRECT'`: the
    /// standard streams the command gets, with nothing else changed.
    func run(_ args: [String], redirect: String? = nil) throws -> Result {
        let executable = try Self.overscroll()
        let p = Process()
        if let redirect {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", #"exec "$0" "$@" "# + redirect, executable.path] + args
        } else {
            p.executableURL = executable
            p.arguments = args
        }
        let out = Pipe()
        p.standardOutput = out
        let err = try start(p)
        let o = Self.readAll(out.fileHandleForReading.fileDescriptor)
        return finish(p, out: String(decoding: o, as: UTF8.self), err: err())
    }

    /// Starts `p` in the box with the tests' environment, its standard error read on another
    /// thread (both pipes at once, so neither fills up); the function returned waits for the end
    /// of it.
    private func start(_ p: Process) throws -> () -> Data {
        p.currentDirectoryURL = URL(fileURLWithPath: box)
        p.environment = CommandLineRunner.environment()
        let err = Pipe()
        p.standardError = err
        try p.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = Self.readAll(err.fileHandleForReading.fileDescriptor); group.leave()
        }
        return {
            group.wait()
            return errData
        }
    }

    private func finish(_ p: Process, out: String, err: Data) -> Result {
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, out: out, err: String(decoding: err, as: UTF8.self),
            signalled: p.terminationReason == .uncaughtSignal)
    }

    /// Reads `fd` to its end, retrying EINTR (FileHandle traps on it).
    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// Runs `overscroll args…` in the box and sends it `signal` once `ready()` says so (or it
    /// ended); returns how it ended.
    func run(_ args: [String], signal: Int32, when ready: () -> Bool) throws -> Result {
        let p = Process()
        p.executableURL = try Self.overscroll()
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        let err = try start(p)
        while p.isRunning && !ready() { usleep(1_000) }
        if p.isRunning { kill(p.processIdentifier, signal) }
        return finish(p, out: "", err: err())
    }

    /// Holds the lock file at `relative` as a concurrent run would (flock), until released.
    func holdLock(_ relative: String) -> Int32 {
        let fd = open(path(relative), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd >= 0 { _ = flock(fd, LOCK_EX | LOCK_NB); _ = "99999\n".withCString { Glibc.write(fd, $0, 6) } }
        return fd
    }

    /// True when this process may mount a tmpfs (root with CAP_SYS_ADMIN; CI runs as root).
    static let canMount: Bool = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-mount-probe-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { rmdir(dir) }
        guard shell("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]) == 0 else { return false }
        shell("/bin/umount", [dir])
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` at `relative` (unmounted by `unmount`).
    func mountTmpfs(_ relative: String, kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        #expect(Self.shell("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path(relative)]) == 0)
    }

    func unmount(_ relative: String) { Self.shell("/bin/umount", [path(relative)]) }

    /// Fills the file system of `relative` up to `leave` bytes free.
    func fill(_ relative: String, leaving leave: Int) throws {
        var info = statvfs()
        guard statvfs(path(relative), &info) == 0 else { return }
        let free = Int(info.f_bavail) * Int(info.f_bsize)
        let size = max(0, free - leave)
        try Data(count: size).write(to: URL(fileURLWithPath: path(relative) + "/.filler"))
    }
}
