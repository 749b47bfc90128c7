import Foundation
import Support

/// Writes a set of golden files into a folder all-or-nothing: the new set is assembled in a
/// staging folder beside the goldens (unchanged and untouched goldens carried over as hard links,
/// so their bytes and dates stay), then swapped in with a journalled rename (`ResultFolder`).
/// A failure or a kill at any moment leaves the folder fully old or fully new, and the next run
/// removes what an interrupted one left. Goldens that this update does not name are kept.
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
    /// a time so a long recording is never held in memory. Goldens named in `dropping` (those
    /// `--prune` deletes) leave in the same swap.
    public static func write(_ files: [(name: String, source: URL)], into directory: URL, flag: String = "--goldens",
                             dropping: Set<String> = []) throws(Failure) -> Summary {
        let folder: ResultFolder
        do {
            folder = try ResultFolder(replacing: directory.path, flag: flag, ownership: .keepUnreplaced)
            try folder.preflight(willWrite: files.map(\.name))
        } catch {
            throw Failure(message: error.description)
        }
        var summary = Summary()
        for file in files {
            guard let bytes = FileTree.read(file.source.path) else {
                throw Failure(message: "\(file.source.path): cannot read the recorded frame")
            }
            let target = directory.appendingPathComponent(file.name).path
            if FileTree.isRegularFile(target) {
                if case .success(let old) = FileTree.readOwned(target), old == bytes {
                    summary.unchanged.append(file.name)
                    continue
                }
                summary.changed.append(file.name)
            } else {
                summary.created.append(file.name)
            }
            guard FileTree.write(bytes, to: folder.path(file.name)) else {
                throw Failure(message: "\(flag) \(directory.path): cannot write \(file.name): \(String(cString: strerror(errno)))")
            }
        }
        do { try folder.commit(dropping: dropping) } catch { throw Failure(message: error.description) }
        return summary
    }
}
