import Foundation

/// Writes a set of golden files into a folder as one step, as far as a file system allows:
/// every new file is first written completely to a temporary name beside its target, and only
/// when all of them are written are they renamed over the targets. A failure before the renames
/// removes the temporaries and leaves every golden as it was; each rename is atomic, so no golden
/// is ever a partial file. Files whose bytes are unchanged are not rewritten.
public enum GoldenWriter {
    /// What an update did: names written (new or changed) and names left as they were.
    public struct Summary: Sendable, Equatable {
        public var created: [String] = []
        public var changed: [String] = []
        public var unchanged: [String] = []
    }

    /// A golden folder that cannot be written: one line naming the folder or file.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Copies `files` (golden name → recorded PNG file) into `directory`, reading one file at
    /// a time so a long recording is never held in memory.
    public static func write(_ files: [(name: String, source: URL)], into directory: URL) throws(Failure) -> Summary {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDir), !isDir.boolValue {
            throw Failure(message: "--goldens \(directory.path): exists and is not a folder")
        }
        do { try fm.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw Failure(message: "--goldens \(directory.path): cannot create the folder")
        }
        var summary = Summary()
        var pending: [(temp: String, target: String)] = []
        func discard() { for p in pending { unlink(p.temp) } }
        for file in files {
            guard let bytes = fm.contents(atPath: file.source.path) else {
                discard()
                throw Failure(message: "\(file.source.path): cannot read the recorded frame")
            }
            let target = directory.appendingPathComponent(file.name).path
            if fm.fileExists(atPath: target, isDirectory: &isDir) {
                if isDir.boolValue { discard(); throw Failure(message: "\(target): is a folder, not a golden image") }
                if let old = fm.contents(atPath: target), old == bytes {
                    summary.unchanged.append(file.name)
                    continue
                }
                summary.changed.append(file.name)
            } else {
                summary.created.append(file.name)
            }
            let temp = directory.appendingPathComponent(".\(file.name).golden-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            guard fm.createFile(atPath: temp, contents: bytes) else {
                discard()
                throw Failure(message: "\(target): cannot write (temporary file in \(directory.path))")
            }
            pending.append((temp, target))
        }
        for (i, p) in pending.enumerated() where rename(p.temp, p.target) != 0 {
            let reason = String(cString: strerror(errno))
            for q in pending[i...] { unlink(q.temp) }
            throw Failure(message: "\(p.target): cannot replace: \(reason)")
        }
        return summary
    }
}
