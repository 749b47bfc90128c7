import Foundation
@testable import Imaging
import Testing

/// The huge-page advice (and the populating of a buffer's ends) is only a hint: any buffer, any
/// range, the bytes already there stay as they are, and large decodes give the same pixels.
@Suite struct HugePageAdviceTests {
    @Test func anyRangeOfAnyBufferKeepsItsBytes() {
        let size = 9 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size + 8192, alignment: 4096)
        defer { buffer.deallocate() }
        for offset in [0, 1, 4095, 4096, 5000] {
            let start = buffer + offset
            for i in stride(from: 0, to: size, by: 4096) {
                start.storeBytes(of: UInt8(truncatingIfNeeded: i >> 12 &+ offset), toByteOffset: i, as: UInt8.self)
            }
            let count = size - offset
            for written in [0..<count, 0..<0, (count / 2)..<count, 1..<(count - 1), (3 << 20)..<(3 << 20) + 10, 4096..<(2 << 20)] {
                HugePageAdvice.advise(start, count: count, populating: written)
            }
            HugePageAdvice.advise(start, count: 100, populating: 0..<100)
            HugePageAdvice.advise(start, count: 3 << 20)
            var same = true
            for i in stride(from: 0, to: size - offset, by: 4096)
            where start.load(fromByteOffset: i, as: UInt8.self) != UInt8(truncatingIfNeeded: i >> 12 &+ offset) {
                same = false
            }
            #expect(same, "offset \(offset)")
        }
    }

    /// Images big enough for the advice (RGB, RGBA and 16-bit, each over 2 MiB decoded) decode to
    /// the pixels encoded.
    @Test func largeImagesDecodeToTheirPixels() throws {
        let (width, height) = (1031, 717)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image.setPixel(x: x, y: y, UInt8((x ^ y) & 255), UInt8(y & 255), UInt8((x * 3) & 255)) }
        }
        let opaque = try PNGDecoder.decode(PNGEncoder.fast.encode(image))
        #expect(opaque.pixels == image.pixels)
        var translucent = image
        translucent.setPixel(x: 5, y: 5, 1, 2, 3, 4)
        #expect(try PNGDecoder.decode(PNGEncoder.fast.encode(translucent)).pixels == translucent.pixels)
        let samples = (0..<(width * height)).map { i in (0..<3).map { Int(image.pixels[i * 4 + $0]) * 257 } }
        let wide = TestPNGWriter(width: width, height: height, bitDepth: 16, colorType: 2, samples: samples)
        #expect(try PNGDecoder.decode(wide.data()).pixels == image.pixels)
    }
}
