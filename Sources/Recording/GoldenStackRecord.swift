import Foundation
import Rendering
import Support

/// `__snapshots__/stack.json`: the rendering stack each golden of a golden tree was made with,
/// written by `overscroll test` when it writes goldens (and read by every run, so a failing
/// snapshot whose golden was made on another stack says so, naming what differs).
///
/// One entry per stack, each listing its goldens as paths inside the tree
/// (`<scenario>/<snapshot>.png`). A run that writes goldens moves the goldens it created or
/// changed to its own stack's entry, adds the goldens it found pixel-identical and that no entry
/// lists yet (this stack makes them), and forgets the goldens it pruned. A golden no entry lists
/// (goldens older than the file, or made by a build without it) has no known stack: nothing is
/// said about it. The file is absent until a run writes goldens: that is not an error.
public struct GoldenStackRecord: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var libraries: [RenderingStack.Library]
        public var fonts: [RenderingStack.Font]
        /// Sorted paths inside the tree.
        public var goldens: [String]

        public var stack: RenderingStack { RenderingStack(libraries: libraries, fonts: fonts) }
    }

    /// What a file that cannot be used is: one line naming it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let message: String
        /// A record of a later format (a newer overscroll's): never replaced by this one.
        public var laterFormat = false
        public var description: String { message }
    }

    public var about =
        "The rendering stack that made each golden in this folder (or reproduced it byte for byte), written by overscroll test when"
        + " it writes goldens."
    public var format = 1
    public var stacks: [Entry] = []

    public init() {}

    private enum CodingKeys: String, CodingKey { case about, format, stacks }

    /// `about` may be missing; `format` and `stacks` may not.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        about = try c.decodeIfPresent(String.self, forKey: .about) ?? about
        format = try c.decode(Int.self, forKey: .format)
        stacks = try c.decode([Entry].self, forKey: .stacks)
    }

    public static let fileName = "stack.json"
    /// A file larger than this is not one of ours.
    static let maxBytes = 4 << 20

    /// `<tree>/stack.json`.
    public static func path(inTree tree: String) -> String { tree + "/" + fileName }

    /// The record of the golden tree `tree` (`<dir>/__snapshots__`): nil when the file is absent;
    /// a link, something other than a regular file or a file that is not a record is a failure
    /// (one line). Never follows a link.
    public static func read(tree: String) throws(Failure) -> GoldenStackRecord? {
        let path = path(inTree: tree)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, maxBytes: maxBytes, followLinks: false)
        } catch {
            if case .missing = error { return nil }
            throw Failure(message: "\(OutputPaths.printable(error.description)) (the goldens' rendering stack is not known)")
        }
        do {
            // The format first: a later format's record is named as such, not as garbage.
            let format = try JSONDecoder().decode(FormatOnly.self, from: Data(bytes)).format
            guard format == 1 else {
                throw Failure(
                    message:
                        "\(OutputPaths.printable(path)): format \(format) is not one this overscroll reads (1); ignored, and not replaced",
                    laterFormat: format > 1)
            }
            return try JSONDecoder().decode(GoldenStackRecord.self, from: Data(bytes))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(
                message: "\(OutputPaths.printable(path)): not a golden stack record (\(why(error))); ignored, the next --update rewrites it"
            )
        }
    }

    private struct FormatOnly: Decodable { var format: Int }

    /// A short reason for a decoding error.
    static func why(_ error: any Error) -> String {
        guard let e = error as? DecodingError else { return "unreadable" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "the top level"
                : path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }.description
        }
        switch e {
        case .dataCorrupted(let c): return c.codingPath.isEmpty ? "not valid JSON" : "\(at(c.codingPath)) is not valid"
        case .keyNotFound(let key, let c): return "no \"\(key.stringValue)\" in \(at(c.codingPath))"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "\(at(c.codingPath)) has the wrong type"
        @unknown default: return "unreadable"
        }
    }

    /// The stack the golden `relative` (`<scenario>/<snapshot>.png`) was made with, if known.
    public func stack(ofGolden relative: String) -> RenderingStack? {
        stacks.first { $0.goldens.contains(relative) }?.stack
    }

    /// Records that `stack` made `written` (moved from any other entry) and `reproduced` (added
    /// only where no entry lists them), and forgets `forgotten`. Entries left empty go.
    public mutating func record(_ stack: RenderingStack, written: Set<String>, reproduced: Set<String>, forgotten: Set<String>) {
        let known = Set(stacks.flatMap(\.goldens))
        let mine = written.union(reproduced.subtracting(known))
        let gone = forgotten.union(written)
        for i in stacks.indices { stacks[i].goldens.removeAll { gone.contains($0) } }
        if !mine.isEmpty {
            if let i = stacks.firstIndex(where: { $0.stack == stack }) {
                stacks[i].goldens = Array(Set(stacks[i].goldens).union(mine)).sorted()
            } else {
                stacks.append(Entry(libraries: stack.libraries, fonts: stack.fonts, goldens: mine.sorted()))
            }
        }
        stacks.removeAll { $0.goldens.isEmpty }
    }

    /// The file's text (sorted keys, one golden a line).
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes the record into `tree` atomically (a temporary file renamed over it; never through
    /// a link, and no folder between `suiteFolder` and the file may be one).
    public func write(tree: String, suiteFolder: String) throws {
        try AtomicFileWriter.write(text: text, toPath: Self.path(inTree: tree), within: suiteFolder)
    }
}
