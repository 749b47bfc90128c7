#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Writes files so that readers see either the old content or the complete new content, never a
/// partial file: the bytes go to a temporary file in the same directory, which is then renamed
/// over the destination (rename is atomic within one file system).
public enum AtomicFileWriter {
    /// Writes `bytes` to `path` atomically, creating missing parent directories.
    public static func write(_ bytes: [UInt8], toPath path: String) throws {
        try bytes.withUnsafeBytes { try write(raw: $0, toPath: path) }
    }

    /// Writes UTF-8 `text` to `path` atomically.
    public static func write(text: String, toPath path: String) throws {
        try write(Array(text.utf8), toPath: path)
    }

    /// Writes raw bytes to `path` atomically, creating missing parent directories. Only a
    /// regular file or a new path is ever replaced: a folder, device, FIFO or socket at `path`
    /// is an error, and a symlink to a regular file is written through (the link stays).
    public static func write(raw: UnsafeRawBufferPointer, toPath requested: String) throws {
        var path = requested
        switch OutputPaths.kind(of: requested) {
        case .missing: break
        case .regularFile:
            // Through a symlink, replace the file it points to rather than the link.
            path = OutputPaths.canonical(requested)
        case .folder:
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "is a folder, not a file")
        case .special:
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "not a regular file (never replaced)")
        case .brokenLink:
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "a symlink that loops or points nowhere")
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "cannot create the folder \(OutputPaths.quoted(directory))")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(raw)) else {
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "cannot write into \(OutputPaths.quoted(directory)): \(String(cString: strerror(errno)))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImagingError.io(file: OutputPaths.quoted(requested), detail: "cannot replace file: \(reason)")
        }
    }
}
