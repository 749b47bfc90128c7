import Foundation
import Imaging
import Support

/// The image strategy: a rendered frame (straight RGBA, exactly what its PNG decodes to)
/// against its golden PNG, decoded and compared in memory with `overscroll compare`'s
/// comparison (`CompareRunner.compare`). Nothing is encoded or written to compare; a command
/// encodes a frame only for a file someone asked for (a golden, an artifact, `--out`).
public enum ImageSnapshot {
    /// What the comparison found: the golden's size when it differs from the frame's (nothing
    /// else is decoded then), or the golden as compared (decoded, painted like the frame), the
    /// counts and the diff image (when asked for and some pixel differs).
    public struct Evidence {
        public var otherSize: (width: Int, height: Int)?
        public var expected: RGBAImage?
        public var comparison: FrameComparison?
        public var diff: RGBAImage?
    }

    /// How goldens are read.
    public enum Reading: Sendable {
        /// A regular file only, never through a symlink (a suite's goldens: `overscroll test`).
        case owned
        /// Any path the file system opens, symlinks followed (`overscroll verify --goldens`,
        /// read as `overscroll compare` reads its inputs); errors name the file.
        case following
    }

    /// A golden that is there but cannot be read.
    public enum ReadFailure: Error {
        /// A symlink, with `Reading.owned`.
        case link
        /// Could not be read (`detail`: the reader's error, for `Reading.following`).
        case unreadable(detail: String?)
    }

    /// The strategy for one snapshot. `name` names the frame in its comparison, `names` the two
    /// sides in errors; `paint` paints the decoded golden as the frame was painted (masks);
    /// `threads` splits one comparison into row bands.
    public static func strategy(
        name: String, options: CompareOptions, makeDiff: Bool, reading: Reading,
        names: (expected: String, actual: String), threads: Int = 1,
        paint: ((inout RGBAImage) -> Void)? = nil
    ) -> SnapshotStrategy<RGBAImage, [UInt8], Evidence> {
        SnapshotStrategy(
            load: { path in try load(path, reading: reading) },
            compare: { actual, golden in
                let header = try PNGHeader(png: golden, file: names.expected)
                if header.width != actual.width || header.height != actual.height {
                    return SnapshotComparison(match: false, evidence: Evidence(otherSize: (header.width, header.height)))
                }
                var expected = try PNGDecoder.decode(golden, file: names.expected, maxPixels: options.maxPixels)
                paint?(&expected)
                let (frame, diff) = try CompareRunner.compare(
                    expected, actual, name: name, options: options, makeDiff: makeDiff,
                    threads: threads, names: names)
                return SnapshotComparison(match: frame.match, evidence: Evidence(expected: expected, comparison: frame, diff: diff))
            })
    }

    /// The golden's bytes; nil when there is none.
    static func load(_ path: String, reading: Reading) throws(ReadFailure) -> [UInt8]? {
        switch reading {
        case .owned:
            guard FileTree.exists(path) else { return nil }
            switch FileTree.readOwned(path) {
            case .success(let bytes): return bytes
            case .failure(.link): throw .link
            case .failure: throw .unreadable(detail: nil)
            }
        case .following:
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            do { return try PNGDecoder.readFile(atPath: path) } catch { throw .unreadable(detail: "\(error)") }
        }
    }
}
