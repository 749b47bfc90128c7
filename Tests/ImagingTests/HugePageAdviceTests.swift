import Foundation
@testable import Imaging
import Testing

/// The huge-page advice is only a hint: large decodes (the buffers it is given) give the pixels
/// encoded, through each of the decoder's paths.
@Suite struct HugePageAdviceTests {
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
