import Foundation
import Imaging
import Testing
@testable import Suite
import Support

/// Issue #43 item 7: the likely-rename search decoded two PNGs per (gone folder × scenario) pair
/// (80 renames: 39 s; 1,000 would take hours). Each image is now decoded once, to a digest, and
/// pairs compare digests.
@Suite struct RenameDigestTests {
    final class Count: @unchecked Sendable {
        var decodes = 0
    }

    static func png(_ seed: Int, width: Int = 8) throws -> [UInt8] {
        let pixels = (0..<(width * 6 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 97) | ($0 % 4 == 3 ? 255 : 0) }
        return try PNGEncoder.fast.encode(RGBAImage(width: width, height: 6, pixels: pixels))
    }

    @Test func eachGoldenAndEachActualImageIsDecodedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-rename-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let n = 6
        var folders: [ObsoleteFolder] = []
        var results: [ScenarioResult] = []
        for k in 0..<n {
            let gone = root + "/old/__snapshots__/g\(k)"
            try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/results/r\(k)", withIntermediateDirectories: true)
            var snapshots: [SnapshotResult] = []
            for name in ["a", "b"] {
                // The golden written by another encoder (compact) than the actual (fast): same pixels.
                let seed = k * 2 + (name == "a" ? 0 : 1)
                let image = try PNGDecoder.decode(try Self.png(seed))
                try Data(try PNGEncoder.compact.encode(image)).write(to: URL(fileURLWithPath: gone + "/\(name).png"))
                try Data(try Self.png(seed)).write(to: URL(fileURLWithPath: root + "/results/r\(k)/\(name).png"))
                var s = SnapshotResult(
                    snapshot: name, at: 0, status: .missing, golden: "new/__snapshots__/n\(k)/\(name).png", threshold: 0.1)
                s.actual = "r\(k)/\(name).png"
                snapshots.append(s)
            }
            folders.append(ObsoleteFolder(folder: gone, files: ["a.png", "b.png"]))
            results.append(ScenarioResult(scenario: "new/n\(k).json", goldens: root + "/new/__snapshots__/n\(k)", snapshots: snapshots))
        }
        let count = Count()
        let found = LikelyRename.find(folders, results: results, root: root + "/results") { bytes in
            count.decodes += 1
            return LikelyRename.pixelDigest(bytes)
        }
        #expect(found.count == n)
        #expect(found.allSatisfy { r in r.scenario == "new/n\(r.from.last!).json" }, "\(found)")
        // One decode per image: n folders × 2 goldens and n scenarios × 2 actual images (before:
        // two per checked pair, over every folder × scenario pair).
        #expect(count.decodes == 4 * n, "\(count.decodes) decodes")
    }

    @Test func aGoldenOfOtherPixelsIsNoRename() throws {
        let same = try Self.png(1), other = try Self.png(2), wide = try Self.png(1, width: 12)
        #expect(LikelyRename.pixelDigest(same) == LikelyRename.pixelDigest(try PNGEncoder.compact.encode(PNGDecoder.decode(same))))
        #expect(LikelyRename.pixelDigest(same) != LikelyRename.pixelDigest(other))
        #expect(LikelyRename.pixelDigest(same) != LikelyRename.pixelDigest(wide))
        // Bytes that are not a PNG match only the same bytes.
        #expect(LikelyRename.pixelDigest([1, 2, 3]) == LikelyRename.pixelDigest([1, 2, 3]))
        #expect(LikelyRename.pixelDigest([1, 2, 3]) != LikelyRename.pixelDigest([1, 2, 4]))
    }
}
