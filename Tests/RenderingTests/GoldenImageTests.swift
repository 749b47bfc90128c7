import Foundation
import Imaging
import Rendering
import Support
import Testing

/// The rendering tests' goldens: compared in memory, written as `OVERSCROLL_RECORD` asks.
@Suite struct GoldenImageTests {
    /// A `width`×`height` cairo ARGB32 buffer (premultiplied, native-endian words) from a
    /// seeded generator; `alpha` gives every pixel's alpha (nil: varied, translucent too).
    static func pixels(width: Int = 7, height: Int = 5, seed: UInt64, alpha: UInt8? = nil, knownOpaque: Bool = false) -> PixelBuffer {
        var state = seed
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        let stride = width * 4 + 8
        var bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha ?? next()
                // Premultiplied: no colour above alpha (unless the alpha byte means nothing).
                let limit = knownOpaque ? 255 : Int(a)
                let o = y * stride + x * 4
                bytes[o] = UInt8(Int(next()) * limit / 255); bytes[o + 1] = UInt8(Int(next()) * limit / 255)
                bytes[o + 2] = UInt8(Int(next()) * limit / 255); bytes[o + 3] = a
            }
        }
        return PixelBuffer(width: width, height: height, stride: stride, bytes: bytes, knownOpaque: knownOpaque)
    }

    @Test func theImageComparedIsTheOneItsPNGDecodesTo() throws {
        for buffer in [Self.pixels(seed: 1, alpha: 255), Self.pixels(seed: 2), Self.pixels(seed: 3, alpha: 7, knownOpaque: true)] {
            #expect(buffer.rgbaImage() == (try PNGDecoder.decode(try buffer.pngBytes())))
        }
    }

    @Test func theModeComesFromOverscrollRecord() throws {
        #expect(try GoldenImage.mode([:]).get() == RecordMode.none)
        #expect(try GoldenImage.mode(["OVERSCROLL_RECORD": "changed"]).get() == .changed)
        #expect(try GoldenImage.mode(["OVERSCROLL_UPDATE_GOLDENS": "1"]).get() == RecordMode.none, "the old variable does nothing")
        #expect(throws: RecordMode.Invalid.self) { try GoldenImage.mode(["OVERSCROLL_RECORD": "1"]).get() }
    }

    @Test func eachModeWritesOnlyWhatItShould() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-golden-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("g.png")
        let image = Self.pixels(width: 40, height: 30, seed: 4, alpha: 255)

        // Missing: a failure unless the mode creates it.
        guard case .failed(let why, _) = GoldenImage.check(image, "g", mode: .none, golden: nil, writeTo: folder) else {
            Issue.record("a missing golden must fail"); return
        }
        #expect(why.contains("OVERSCROLL_RECORD=missing"))
        #expect(!FileManager.default.fileExists(atPath: golden.path))
        #expect(GoldenImage.check(image, "g", mode: .missing, golden: nil, writeTo: folder) == .created)
        #expect(FileTree.read(golden.path) == (try image.pngBytes()))

        // Matching: passes, writes nothing (all: finds it unchanged).
        #expect(GoldenImage.check(image, "g", mode: .none, golden: golden, writeTo: folder) == .passed)
        #expect(GoldenImage.check(image, "g", mode: .changed, golden: golden, writeTo: folder) == .passed)
        #expect(GoldenImage.check(image, "g", mode: .all, golden: golden, writeTo: folder) == .unchanged)

        // Changed: fails (keeping actual and diff) unless the mode rewrites it.
        let other = Self.pixels(width: 40, height: 30, seed: 5, alpha: 255)
        guard case .failed(_, let kept?) = GoldenImage.check(other, "g", mode: .missing, golden: golden, writeTo: folder) else {
            Issue.record("a changed image must fail and keep its files"); return
        }
        defer { try? FileManager.default.removeItem(atPath: kept) }
        #expect(FileManager.default.fileExists(atPath: kept + "/g.png") && FileManager.default.fileExists(atPath: kept + "/diff-g.png"))
        #expect(FileTree.read(golden.path) == (try image.pngBytes()), "missing does not rewrite a changed golden")
        #expect(GoldenImage.check(other, "g", mode: .changed, golden: golden, writeTo: folder) == .changed)
        #expect(FileTree.read(golden.path) == (try other.pngBytes()))
    }
}
