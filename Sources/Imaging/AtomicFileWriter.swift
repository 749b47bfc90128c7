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

    /// Writes raw bytes to `path` atomically, creating missing parent directories.
    public static func write(raw: UnsafeRawBufferPointer, toPath path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ImagingError.io(file: path, detail: "cannot create directory \(directory)")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(raw)) else {
            throw ImagingError.io(file: path, detail: "cannot write (temporary file \(temporary))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImagingError.io(file: path, detail: "cannot replace file: \(reason)")
        }
    }
}
