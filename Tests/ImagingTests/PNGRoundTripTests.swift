import Imaging
import Testing

/// Encoder → decoder identity, determinism and the premultiplied ARGB32 path.
@Suite struct PNGRoundTripTests {
    static func randomImage(width: Int, height: Int, opaque: Bool, seed: UInt64) -> RGBAImage {
        var random = SeededRandom(state: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                // Flat bands with noise, like UI content.
                let band = UInt8((y / 5) * 40 % 256)
                let noisy = Int.random(in: 0..<6, using: &random) == 0
                image.setPixel(
                    x: x, y: y, noisy ? UInt8.random(in: 0...255, using: &random) : band,
                    UInt8(x % 256), band &+ 17,
                    opaque ? 255 : UInt8.random(in: 0...255, using: &random))
            }
        }
        return image
    }

    static let encoders: [PNGEncoder] = [
        .fast, .compact,
        PNGEncoder(level: 0, strategy: .standard, filter: .fixed(.none)),
        PNGEncoder(level: 3, strategy: .standard, filter: .fixed(.sub)),
        PNGEncoder(level: 2, strategy: .filtered, filter: .fixed(.average)),
        PNGEncoder(level: 9, strategy: .standard, filter: .fixed(.paeth))
    ]

    @Test func encodeDecodeIsIdentity() throws {
        for (index, encoder) in Self.encoders.enumerated() {
            for opaque in [true, false] {
                for (width, height) in [(1, 1), (7, 3), (64, 40)] {
                    let image = Self.randomImage(width: width, height: height, opaque: opaque, seed: UInt64(index + width))
                    let png = try encoder.encode(image)
                    #expect(try PNGDecoder.decode(png) == image, "encoder \(index) opaque \(opaque) \(width)×\(height)")
                }
            }
        }
    }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let png = try PNGEncoder.fast.encode(Self.randomImage(width: 4, height: 4, opaque: true, seed: 3))
        #expect(png[25] == 2)  // IHDR colour type
        let translucent = try PNGEncoder.fast.encode(Self.randomImage(width: 4, height: 4, opaque: false, seed: 3))
        #expect(translucent[25] == 6)
    }

    /// A diff-like image: every gray level, then `others` colours that are not gray, opaque.
    static func fewColorImage(others: Int, alpha: UInt8 = 255) -> RGBAImage {
        var image = RGBAImage(width: 256 + others, height: 3)
        for y in 0..<3 {
            for x in 0..<256 { image.setPixel(x: x, y: y, UInt8(x), UInt8(x), UInt8(x), y == 2 && x == 9 ? alpha : 255) }
            for k in 0..<others { image.setPixel(x: 256 + k, y: y, 255, UInt8(k), 0, 255) }
        }
        return image
    }

    @Test func fewColouredOpaqueImagesAreWrittenWithAPalette() throws {
        // 256 grays: a full palette, each index its gray, and back to the same pixels.
        let grays = Self.fewColorImage(others: 0)
        let png = try PNGEncoder.diff.encode(grays)
        #expect(png[25] == 3)  // IHDR colour type: palette
        #expect(try PNGDecoder.decode(png) == grays)
        #expect(try PNGEncoder.fast.encode(grays)[25] == 2)  // only with `palette`
        // Grays plus a few marker colours, as in diff images.
        var diffLike = RGBAImage(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let marker = (x * 7 + y * 3) % 11 == 0
                diffLike.setPixel(
                    x: x, y: y, marker ? 255 : UInt8(230 + x % 20), marker ? 0 : UInt8(230 + x % 20),
                    marker ? UInt8(y % 3) : UInt8(230 + x % 20), 255)
            }
        }
        let diffPNG = try PNGEncoder.diff.encode(diffLike)
        #expect(diffPNG[25] == 3)
        #expect(try PNGDecoder.decode(diffPNG) == diffLike)
    }

    @Test func tooManyColoursOrTransparencyFallBackFromThePalette() throws {
        // 256 grays and one more colour: 257 colours.
        let crowded = Self.fewColorImage(others: 1)
        #expect(try PNGEncoder.diff.encode(crowded)[25] == 2)
        #expect(try PNGDecoder.decode(PNGEncoder.diff.encode(crowded)) == crowded)
        // 17 colours that are not gray.
        var colourful = RGBAImage(width: 17, height: 2)
        for x in 0..<17 { colourful.setPixel(x: x, y: 1, UInt8(x * 9), 0, 200, 255) }
        for x in 0..<17 { colourful.setPixel(x: x, y: 0, 0, 0, 0, 255) }
        #expect(try PNGEncoder.diff.encode(colourful)[25] == 2)
        #expect(try PNGDecoder.decode(PNGEncoder.diff.encode(colourful)) == colourful)
        // One translucent pixel, late in the image.
        let translucent = Self.fewColorImage(others: 0, alpha: 128)
        #expect(try PNGEncoder.diff.encode(translucent)[25] == 6)
        #expect(try PNGDecoder.decode(PNGEncoder.diff.encode(translucent)) == translucent)
    }

    @Test func encodingIsDeterministic() throws {
        let image = Self.randomImage(width: 50, height: 30, opaque: false, seed: 9)
        #expect(try PNGEncoder.fast.encode(image) == PNGEncoder.fast.encode(image))
        #expect(try PNGEncoder.compact.encode(image) == PNGEncoder.compact.encode(image))
    }

    @Test func premultipliedARGB32IsUnpremultiplied() throws {
        // Words 0xAARRGGBB: opaque red, half-transparent premultiplied green, fully transparent,
        // and a low alpha value where rounding matters; stride has 8 bytes of padding.
        let words: [UInt32] = [
            0xFFFF_0000, 0x8000_8000, 0x0000_0000, 0x0302_0100, 0, 0,
            0xFF10_2030, 0x4020_1008, 0xFFFF_FFFF, 0x0101_0101, 0, 0
        ]
        let stride = 6 * 4
        let (png, image) = try words.withUnsafeBytes { raw in
            (
                try PNGEncoder.fast.encodePremultipliedARGB32(raw.baseAddress!, width: 4, height: 2, stride: stride),
                PremultipliedARGB.image(raw.baseAddress!, width: 4, height: 2, stride: stride)
            )
        }
        let expected: [UInt8] = [
            255, 0, 0, 255, /**/ 0, 255, 0, 128, /**/ 0, 0, 0, 0, /**/ 170, 85, 0, 3,
            16, 32, 48, 255, /**/ 128, 64, 32, 64, /**/ 255, 255, 255, 255, /**/ 255, 255, 255, 1
        ]
        #expect(image.pixels == expected)
        #expect(try PNGDecoder.decode(png).pixels == expected)
    }

    @Test func opaqueARGB32WritesRGB() throws {
        let words: [UInt32] = [0xFF01_0203, 0xFF04_0506]
        let png = try words.withUnsafeBytes {
            try PNGEncoder.fast.encodePremultipliedARGB32($0.baseAddress!, width: 2, height: 1, stride: 8)
        }
        #expect(png[25] == 2)
        #expect(try PNGDecoder.decode(png).pixels == [1, 2, 3, 255, 4, 5, 6, 255])
    }
}
