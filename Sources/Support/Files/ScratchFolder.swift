#if canImport(Glibc)
import Glibc
#endif

/// A private temporary folder (`$TMPDIR/overscroll-KIND-PID-N`), removed when released, on
/// SIGINT/SIGTERM, and — after a SIGKILL or crash — by the next run, which removes scratch
/// folders whose process is gone.
public final class ScratchFolder {
    public let path: String
    private var token: Int?

    public init(kind: String) throws(OutputPaths.Refusal) {
        let base = Self.temporaryBase()
        let prefix = "overscroll-\(kind)-"
        for entry in FileTree.entries(of: base) where entry.hasPrefix(prefix) {
            if let pid = Int32(entry.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid(), !FileTree.processIsAlive(pid) {
                FileTree.remove(base + "/" + entry)
            }
        }
        path = base + "/" + prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(path, 0o700) == 0 else {
            throw OutputPaths.Refusal(
                "cannot create a temporary folder in \(OutputPaths.quoted(base)): \(String(cString: strerror(errno)))")
        }
        token = SignalCleanup.register(path)
    }

    deinit { release() }

    /// Removes the folder now.
    public func release() {
        guard let token else { return }
        FileTree.remove(path)
        SignalCleanup.remove(token)
        self.token = nil
    }

    private static func temporaryBase() -> String {
        if let text = Platform.environment["TMPDIR"], !text.isEmpty {
            return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        return "/tmp"
    }
}
