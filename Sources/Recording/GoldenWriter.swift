import Foundation
import Support

/// Writes a set of golden files into a folder all-or-nothing (`GoldenSet`): the new set is
/// assembled in a staging folder beside the goldens (unchanged and untouched goldens carried
/// over as hard links, so their bytes and dates stay), then swapped in with a journalled rename
/// (`ResultFolder`). A failure or a kill at any moment leaves the folder fully old or fully new,
/// and the next run removes what an interrupted one left. Goldens that this update does not
/// name are kept. Each golden's bytes are written once: given in memory, or moved in from the
/// file the run staged them in.
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

    /// One golden to write.
    public struct Golden: Sendable {
        public enum Content: Sendable {
            /// The PNG bytes.
            case bytes([UInt8])
            /// A file this run staged the bytes in (inside its own results staging), moved in.
            case staged(String)
        }
        public var name: String
        public var content: Content
        public init(name: String, content: Content) { self.name = name; self.content = content }
    }

    /// Writes `goldens` into `directory` as one set; goldens named in `dropping` (those
    /// `--prune` deletes) leave in the same swap.
    public static func write(
        _ goldens: [Golden], into directory: URL, flag: String = "--goldens",
        dropping: Set<String> = []
    ) throws(Failure) -> Summary {
        let set = try GoldenSet(into: directory, flag: flag)
        try set.preflight(goldens.map(\.name))
        for golden in goldens {
            switch golden.content {
            case .bytes(let bytes): try set.add(golden.name, bytes: bytes)
            case .staged(let path): try set.add(golden.name, moving: path)
            }
        }
        return try set.commit(dropping: dropping)
    }
}
