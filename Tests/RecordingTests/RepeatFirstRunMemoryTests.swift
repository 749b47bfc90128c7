import Foundation
import Imaging
import Rendering
import Testing
@testable import Suite

/// Issue #43 item 6: `--repeat-each N` kept the first run's pixels of every snapshot of a
/// scenario until its last run (2.4 GB for 450 snapshots at 390×844 @2). The first run now keeps
/// a digest per snapshot in memory and its PNG on disk; a flaky snapshot's artifacts read it back.
@MainActor
@Suite struct RepeatFirstRunMemoryTests {
    static func frame(_ fill: UInt8) -> PixelBuffer {
        let (w, h) = (780, 1688)
        return PixelBuffer(width: w, height: h, stride: w * 4, bytes: [UInt8](repeating: fill, count: w * 4 * h), knownOpaque: true)
    }

    @Test func theFirstRunKeepsADigestPerSnapshotNotItsPixels() throws {
        let first = RepeatedRuns.FirstRun()
        let count = 12
        for i in 0..<count { try first.keep("s\(i)", Self.frame(UInt8(i))) }
        // 64 hex digits a snapshot, where the pixels were 5.3 MB each.
        #expect(first.retainedBytes == count * 64)
        #expect(first.retainedBytes < Self.frame(0).bytes.count / 1000)
        #expect(first.digests["s3"] == RepeatedRuns.digest(Self.frame(3)))
        #expect(first.digests["s3"] != RepeatedRuns.digest(Self.frame(4)))
        // The first run's image is still there for a flaky snapshot's run-1.png.
        let png = try first.png("s3")
        let image = try PNGDecoder.decode(png)
        #expect(image.width == 780 && image.height == 1688)
    }

    /// The digest covers the size: the same bytes in another shape differ.
    @Test func theDigestCoversTheSize() {
        let a = PixelBuffer(width: 4, height: 2, stride: 16, bytes: [UInt8](repeating: 9, count: 32))
        let b = PixelBuffer(width: 2, height: 4, stride: 8, bytes: [UInt8](repeating: 9, count: 32))
        #expect(RepeatedRuns.digest(a) != RepeatedRuns.digest(b))
        #expect(RepeatedRuns.digest(a) == RepeatedRuns.digest(a))
    }
}
