import Foundation
import Support

/// Whether the tuning panel's S may write over a feel file: only while the file still holds the
/// text the session last read or wrote, so an edit made outside the window is never lost. An
/// outside edit that parses is reloaded before the next frame (and then may be saved over); one
/// that does not parse keeps the file as the user left it until they fix it. A file that is gone
/// may be written again (nothing of the user's is lost).
public struct FeelSaveGuard: Sendable {
    /// The feel file's text as the session last read or wrote it (nil: not read yet).
    public private(set) var known: String?

    public init(known: String? = nil) { self.known = known }

    /// The session read `text` from the file and used it (at start, at a reload that parsed) or
    /// wrote it (a save). A text that did not parse is never noted: it is the user's to fix.
    public mutating func noteRead(_ text: String) { known = text }

    /// Nil when S may write over `path`; otherwise the one-line reason it may not.
    public func refusal(toOverwrite path: String) -> String? {
        let onDisk: String
        do { onDisk = try FeelFile.read(path) } catch {
            if !FileManager.default.fileExists(atPath: path) && !FileTree.isLink(path) { return nil }
            return "not saved: \(error)"
        }
        if onDisk == known { return nil }
        do {
            _ = try FeelFile.parse(onDisk, file: path)
            return "not saved: \(path) changed outside the window since it was read; it reloads now, then S saves over it"
        } catch {
            return "not saved: \(path) holds an edit that does not parse (\(error)); fix it, then S saves over it"
        }
    }
}
