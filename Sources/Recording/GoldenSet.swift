import Foundation
import Imaging
import Support

/// A golden set being written: each golden goes straight into the staging folder beside the
/// golden folder as it is made — the bytes encoded once, written once — and `commit` swaps the
/// set in all-or-nothing (`ResultFolder`); goldens it does not name, and unchanged ones, are
/// carried over as hard links (their bytes and dates stay). Released without a commit, nothing
/// of it is left and the golden folder is as it was.
public final class GoldenSet {
    private let folder: ResultFolder
    private let directory: URL
    private let flag: String
    public private(set) var summary = GoldenWriter.Summary()

    /// Takes the golden folder (its lock, recovery of a swap a killed run left half done, a
    /// fresh staging folder).
    public init(into directory: URL, flag: String = "--goldens") throws(GoldenWriter.Failure) {
        do {
            folder = try ResultFolder(replacing: directory.path, flag: flag, ownership: .keepUnreplaced)
        } catch {
            throw GoldenWriter.Failure(message: error.description)
        }
        self.directory = directory
        self.flag = flag
    }

    /// Refuses, before anything is written, names whose place holds something that is not a
    /// golden file.
    public func preflight(_ names: [String]) throws(GoldenWriter.Failure) {
        do { try folder.preflight(willWrite: names) } catch { throw GoldenWriter.Failure(message: error.description) }
    }

    /// Adds golden `name` with `bytes`. `old` is the golden's current content when the caller
    /// already read it (`.some(nil)`: none); otherwise it is read to tell unchanged from changed.
    public func add(_ name: String, bytes: [UInt8], old: [UInt8]?? = nil) throws(GoldenWriter.Failure) {
        try preflight([name])
        let target = directory.appendingPathComponent(name).path
        let current: [UInt8]?
        if let old {
            current = old
        } else if FileTree.isRegularFile(target), case .success(let bytes) = FileTree.readOwned(target) {
            current = bytes
        } else {
            current = nil
        }
        // The same image stays as it is: the same bytes, or the same pixels in a file another
        // encoder (an earlier build's zlib) wrote.
        if let current, current == bytes || PNGDecoder.samePixels(current, bytes) {
            summary.unchanged.append(name)
            return
        }
        if FileTree.isRegularFile(target) { summary.changed.append(name) } else { summary.created.append(name) }
        guard FileTree.write(bytes, to: folder.path(name)) else { throw cannotWrite(name) }
    }

    /// Adds golden `name` from `staged`, a regular file this run wrote for it (never a link):
    /// moved in, not copied (a copy only across file systems). A golden whose bytes it already
    /// holds stays as it was.
    public func add(_ name: String, moving staged: String) throws(GoldenWriter.Failure) {
        try preflight([name])
        guard FileTree.isRegularFile(staged) else {
            throw GoldenWriter.Failure(message: "\(staged): not the staged golden (missing, or not a regular file)")
        }
        let target = directory.appendingPathComponent(name).path
        if FileTree.isRegularFile(target) {
            // Bytes are compared only when the sizes agree (a golden the run found changed
            // almost never has the size of the old one).
            if Self.size(staged) == Self.size(target), case .success(let new) = FileTree.readOwned(staged),
                case .success(let old) = FileTree.readOwned(target), new == old
            {
                summary.unchanged.append(name)
                return
            }
            summary.changed.append(name)
        } else {
            summary.created.append(name)
        }
        if rename(staged, folder.path(name)) == 0 { return }
        guard errno == EXDEV, case .success(let bytes) = FileTree.readOwned(staged), FileTree.write(bytes, to: folder.path(name)) else {
            throw cannotWrite(name)
        }
    }

    /// Swaps the set in; goldens named in `dropping` (those `--prune` deletes) leave in the same
    /// swap.
    @discardableResult
    public func commit(dropping: Set<String> = []) throws(GoldenWriter.Failure) -> GoldenWriter.Summary {
        do { try folder.commit(dropping: dropping) } catch { throw GoldenWriter.Failure(message: error.description) }
        return summary
    }

    /// Removes the staging folder: the golden folder stays as it was.
    public func abandon() { folder.abandon() }

    private func cannotWrite(_ name: String) -> GoldenWriter.Failure {
        GoldenWriter.Failure(message: "\(flag) \(directory.path): cannot write \(name): \(String(cString: strerror(errno)))")
    }

    private static func size(_ path: String) -> Int64? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
