import CDeflate
import CZlib
import Foundation
@testable import Imaging
import Support
import Testing

/// Overscroll's own deflate encoder (`RowDeflater`, CDeflate's `row_deflate.h`): every stream it
/// writes is inflated back by zlib and by libdeflate, byte for byte, on edge cases (empty, one
/// byte, runs and copies of 257–261 bytes, distances at the 32 KiB window's edge, blocks' symbol
/// limit) and on many seeded inputs built like filtered image rows; the bytes depend on the input
/// alone; and on the committed goldens it writes no more than zlib level 1 did.
@Suite struct RowDeflaterTests {
    /// Inflates `stream` with zlib's `uncompress` (which checks the Adler-32), expecting `size` bytes.
    static func zlibInflate(_ stream: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: size + 1)
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &length, s.baseAddress, uLong(s.count)) }
        }
        guard status == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// Inflates `stream` with libdeflate, which must consume all of it and produce exactly `size` bytes.
    static func libdeflateInflate(_ stream: [UInt8], size: Int) -> [UInt8]? {
        guard let d = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(d) }
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var consumed = 0, produced = 0
        let status = out.withUnsafeMutableBytes { o in
            stream.withUnsafeBytes { s in
                libdeflate_zlib_decompress_ex(d, s.baseAddress, s.count, o.baseAddress, size, &consumed, &produced)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, consumed == stream.count, produced == size else { return nil }
        return Array(out[0..<size])
    }

    static func deflate(_ input: [UInt8], row: Int = 0, with deflater: RowDeflater = RowDeflater()) -> [UInt8] {
        input.withUnsafeBytes { raw in deflater.deflate(raw, row: row) { Array($0) } }
    }

    /// Compresses `input` and checks both decoders give it back; returns the stream.
    @discardableResult
    static func roundTrip(
        _ input: [UInt8], row: Int = 0, with deflater: RowDeflater = RowDeflater(), _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [UInt8] {
        let stream = deflate(input, row: row, with: deflater)
        #expect(stream.count <= overscroll_row_deflate_bound(input.count), "\(label): within the bound", sourceLocation: sourceLocation)
        #expect(stream.prefix(2) == [0x78, 0x01], "\(label): zlib header", sourceLocation: sourceLocation)
        // Compared outside the expectation: a failure names the case, not megabytes of bytes.
        let byZlib = zlibInflate(stream, size: input.count) == input
        let byLibdeflate = libdeflateInflate(stream, size: input.count) == input
        #expect(byZlib, "\(label): zlib inflates it back", sourceLocation: sourceLocation)
        #expect(byLibdeflate, "\(label): libdeflate inflates it back", sourceLocation: sourceLocation)
        return stream
    }

    /// `count` bytes from SplitMix64 (its raw output, no standard-library sampling).
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() >> 29) }
    }

    /// An input built like filtered image rows: runs of one byte (mostly zero), copies from
    /// earlier at random distances (window edge and row distances included), noise, and rows of
    /// `row` bytes starting with a filter byte. Only SplitMix64's raw output decides.
    static func structured(seed: UInt64, count: Int, row: Int) -> [UInt8] {
        var random = SplitMix64(state: seed)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 700)
        while bytes.count < count {
            switch below(10) {
            case 0...3:
                bytes += [UInt8](repeating: below(4) == 0 ? UInt8(below(256)) : 0, count: 1 + below(below(2) == 0 ? 12 : 3000))
            case 4...6 where !bytes.isEmpty:
                let distances = [1, 2, 3, row, row + 1, 32767, 32768, 1 + below(32768), 1 + below(300)]
                let distance = min(bytes.count, max(1, distances[below(distances.count)]))
                let length = [3, 4, 257, 258, 259, 1 + below(40), 1 + below(600)][below(7)]
                for _ in 0..<length { bytes.append(bytes[bytes.count - distance]) }
            case 7 where row > 0 && bytes.count % row != 0:
                bytes += [UInt8](repeating: 0, count: row - bytes.count % row)
                bytes.append(2)
            default:
                for _ in 0..<(1 + below(below(3) == 0 ? 200 : 6)) { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            }
        }
        return Array(bytes.prefix(count))
    }

    @Test func emptyAndTinyInputs() {
        Self.roundTrip([], "empty")
        Self.roundTrip([0], "one zero")
        Self.roundTrip([0xFF], "one byte")
        Self.roundTrip([7, 7], "two equal bytes")
        Self.roundTrip([1, 2, 3], "three bytes")
        Self.roundTrip([1, 2, 3, 1, 2, 3, 1], "a copy at the end")
        Self.roundTrip([0, 0, 0, 0], "four zeros")
        Self.roundTrip([9, 9, 9, 9, 9], "a run of five")
        Self.roundTrip(Array("the quick brown fox jumps over the lazy dog".utf8), "text")
    }

    @Test func runsOfEveryLengthAroundTheLongestMatch() {
        for length in [1, 2, 3, 4, 5, 255, 256, 257, 258, 259, 260, 261, 262, 515, 516, 517, 518, 519, 774, 1000, 40_000, 1 << 20] {
            for first: UInt8 in [0, 1] {
                Self.roundTrip([first] + [UInt8](repeating: 0, count: length) + [5], "\(first) then \(length) zeros")
            }
            Self.roundTrip([UInt8](repeating: 0xAB, count: length), "\(length) × 0xAB")
        }
    }

    @Test func copiesAroundTheLongestMatch() {
        let noise = Self.randomBytes(2000, seed: 11)
        for length in [3, 4, 257, 258, 259, 260, 261, 516, 517, 1000] {
            // A copy of `length` bytes 700 back, then more noise.
            let input = Array(noise[0..<1000]) + Array(noise[300..<(300 + length)]) + Array(noise[1000..<1100])
            Self.roundTrip(input, "copy of \(length)")
            Self.roundTrip(input, row: 700, "copy of \(length), one row up")
        }
    }

    /// A copy exactly 32 768 bytes back (the window's far edge) is used; one byte further it
    /// cannot be, and both inflate back.
    @Test func copiesAtTheWindowEdge() {
        let pattern = Self.randomBytes(3000, seed: 21)
        var sizes: [Int: Int] = [:]
        for distance in [32767, 32768, 32769] {
            let filler = Self.randomBytes(distance - pattern.count, seed: 22)
            let input = pattern + filler + pattern
            sizes[distance] = Self.roundTrip(input, "pattern again \(distance) bytes on").count
            Self.roundTrip(input, row: distance, "pattern again \(distance) bytes on, as the row")
        }
        #expect(sizes[32767]! + 2000 < sizes[32769]!)
        #expect(sizes[32768]! + 2000 < sizes[32769]!)
    }

    @Test func rowsLongerThanTheWindowAreNotUsed() {
        let row = 40_001
        let first = Self.randomBytes(row, seed: 31)
        Self.roundTrip(first + first + first, row: row, "three equal rows of \(row) bytes")
        Self.roundTrip(first + first, row: 32768, "row distance at the window edge")
    }

    @Test func incompressibleInputIsStored() {
        for count in [100, 16_383, 16_384, 16_385, 70_000, 200_000] {
            let input = Self.randomBytes(count, seed: UInt64(count))
            let stream = Self.roundTrip(input, "\(count) random bytes")
            // Stored blocks: at most the input plus a few header bytes per block.
            #expect(stream.count <= count + 6 + 5 * (count / 16_384 + 1), "\(count) random bytes")
        }
    }

    /// Runs and literals whose symbols fill many blocks, so blocks end inside runs.
    @Test func blocksEndInsideRuns() {
        var input: [UInt8] = []
        for i in 0..<20_000 {
            input.append(UInt8(truncatingIfNeeded: i &* 7 &+ 1))
            input += [UInt8](repeating: 0, count: 250 + i % 20)
        }
        Self.roundTrip(input, "a literal and a run, 20 000 times")
        var literals: [UInt8] = []
        for i in 0..<100_000 { literals.append(i % 5 == 0 ? UInt8(truncatingIfNeeded: i / 5 &* 31) : 0) }
        Self.roundTrip(literals, row: 401, "short zero runs between literals")
    }

    /// Code lengths of `freq` with at most `limit` bits: every used symbol has a code no longer
    /// than the limit, unused ones none, and the code is complete (Kraft sum exactly 1), as zlib's
    /// inflate requires.
    static func checkLengths(_ freq: [UInt32], limit: UInt32, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var lens = [UInt8](repeating: 0, count: freq.count)
        freq.withUnsafeBufferPointer { f in
            lens.withUnsafeMutableBufferPointer { l in overscroll_rd_lengths(f.baseAddress, Int32(f.count), limit, l.baseAddress) }
        }
        let used = freq.filter { $0 > 0 }.count
        var kraft = 0
        for (s, l) in lens.enumerated() {
            #expect(l <= limit, "\(label): symbol \(s) has \(l) bits", sourceLocation: sourceLocation)
            if used >= 2 { #expect((l > 0) == (freq[s] > 0), "\(label): symbol \(s)", sourceLocation: sourceLocation) }
            if l > 0 { kraft += 1 << (Int(limit) - Int(l)) }
        }
        #expect(kraft == 1 << Int(limit), "\(label): complete code", sourceLocation: sourceLocation)
    }

    @Test func codeLengthsAreLimitedAndComplete() {
        // Fibonacci frequencies: an unlimited Huffman code would be as deep as there are symbols.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        Self.checkLengths(fibonacci, limit: 15, "30 Fibonacci frequencies")
        Self.checkLengths(Array(fibonacci.prefix(19)), limit: 7, "19 Fibonacci frequencies")
        Self.checkLengths(Array(fibonacci.prefix(19).reversed()), limit: 7, "19 Fibonacci frequencies, reversed")
        Self.checkLengths([UInt32](repeating: 0, count: 30), limit: 15, "none used")
        Self.checkLengths([0, 0, 5] + [UInt32](repeating: 0, count: 27), limit: 15, "one used")
        Self.checkLengths([UInt32](repeating: 1, count: 286), limit: 15, "286 equal")
        var random = SplitMix64(state: 9)
        for n in 0..<200 {
            let count = [19, 30, 286][n % 3], limit: UInt32 = n % 3 == 0 ? 7 : 15
            let freq = (0..<count).map { _ in
                let r = random.next()
                return r % 4 == 0 ? 0 : UInt32(truncatingIfNeeded: 1 &<< (r >> 8 % 20) &+ (r >> 40) % 7)
            }
            Self.checkLengths(freq, limit: limit, "random set \(n)")
        }
    }

    /// Many seeded inputs like filtered image rows, through one reused deflater.
    @Test func seededStructuredInputs() {
        let deflater = RowDeflater()
        for seed in UInt64(1)...200 {
            let row = [0, 13, 781, 2341, 32768][Int(seed % 5)]
            let count = Int(seed * 7919 % 90_000) + Int(seed % 3) * 200_000
            let input = Self.structured(seed: seed, count: count, row: row)
            Self.roundTrip(input, row: row, with: deflater, "seed \(seed), \(count) bytes, row \(row)")
        }
    }

    /// The bytes depend on the input alone: not on what the deflater compressed before, and not
    /// on the machine (a digest pinned here; a processor-specific branch would change it).
    @Test func sameInputSameBytes() {
        let input = Self.structured(seed: 77, count: 300_000, row: 2341)
        let fresh = Self.deflate(input, row: 2341)
        let reused = RowDeflater()
        _ = Self.deflate(Self.randomBytes(50_000, seed: 5), with: reused)
        _ = Self.deflate(Self.structured(seed: 78, count: 100_000, row: 13), row: 13, with: reused)
        let again = Self.deflate(input, row: 2341, with: reused) == fresh
        #expect(again)
        #expect(SHA256.hex(fresh) == Self.pinnedDigest)
        let inflated = Self.zlibInflate(fresh, size: input.count) == input
        #expect(inflated)
    }

    /// SHA-256 of the stream `sameInputSameBytes` writes.
    static let pinnedDigest = "92ea6b94538cca6c921a92ae227f1cda7b032ff5d1c12b85ec8daf1bf4e77d19"

    /// The payloads of a PNG's IDAT chunks, joined.
    static func imageData(_ png: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if png[(at + 4)..<(at + 8)].elementsEqual("IDAT".utf8) { data += png[(at + 8)..<(at + 8 + length)] }
            at += 12 + length
        }
        return data
    }

    static func goldenFiles() throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "png" && $0.path.contains("/__snapshots__/") } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// The committed goldens' pixels through `PNGEncoder.fast` (the recorder's path): decoded by
    /// Imaging's decoder and by zlib to the same pixels, and no more bytes in all than zlib level
    /// 1 wrote for the same filtered rows.
    @Test func goldensReencodeSmallerThanZlibLevel1() throws {
        let files = try Self.goldenFiles()
        #expect(files.count > 20)
        let workspace = PNGEncodeWorkspace()
        let zlibLevel1 = PNGEncoder(level: 1, strategy: .standard, filter: .fixed(.up), compressor: .zlib)
        var ours = 0, zlib = 0
        for file in files {
            let image = try PNGDecoder.decode([UInt8](Data(contentsOf: file)))
            let words = PNGEncodeWorkspaceTests.argbWords(image, stride: image.width * 4)
            let png = try words.withUnsafeBytes {
                try PNGEncoder.fast.encodePremultipliedARGB32(
                    $0.baseAddress!, width: image.width, height: image.height, stride: image.width * 4,
                    ignoreAlpha: true, workspace: workspace)
            }
            #expect(try PNGDecoder.decode(png) == image, "\(file.lastPathComponent)")
            // The IDAT stream alone, through zlib.
            let stream = Self.imageData(png)
            let filteredSize = image.height * (image.width * 3 + 1)
            #expect(Self.zlibInflate(stream, size: filteredSize)?.count == filteredSize, "\(file.lastPathComponent)")
            ours += png.count
            zlib += try zlibLevel1.encode(image).count
        }
        #expect(ours <= zlib, "ours \(ours) bytes, zlib level 1 \(zlib)")
    }
}
