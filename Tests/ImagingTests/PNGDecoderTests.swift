import Imaging
import Testing

/// Decoding PNGs built by `TestPNGWriter` in every colour type, bit depth and interlace mode.
@Suite struct PNGDecoderTests {
    struct Format: CustomStringConvertible, Sendable {
        let colorType: UInt8
        let bitDepth: Int
        var description: String { "type \(colorType) depth \(bitDepth)" }
    }

    static let formats: [Format] = [
        .init(colorType: 0, bitDepth: 1), .init(colorType: 0, bitDepth: 2), .init(colorType: 0, bitDepth: 4),
        .init(colorType: 0, bitDepth: 8), .init(colorType: 0, bitDepth: 16),
        .init(colorType: 2, bitDepth: 8), .init(colorType: 2, bitDepth: 16),
        .init(colorType: 3, bitDepth: 1), .init(colorType: 3, bitDepth: 2), .init(colorType: 3, bitDepth: 4),
        .init(colorType: 3, bitDepth: 8),
        .init(colorType: 4, bitDepth: 8), .init(colorType: 4, bitDepth: 16),
        .init(colorType: 6, bitDepth: 8), .init(colorType: 6, bitDepth: 16)
    ]

    static func scale(_ value: Int, depth: Int) -> UInt8 {
        depth == 16 ? UInt8((value * 255 + 32767) / 65535) : UInt8(value * 255 / ((1 << depth) - 1))
    }

    /// Builds a random image of the format and the RGBA the decoder must produce.
    static func sample(
        _ format: Format, width: Int, height: Int, interlaced: Bool, withTransparency: Bool,
        seed: UInt64
    ) -> (png: [UInt8], expected: [UInt8]) {
        var random = SeededRandom(state: seed)
        let maxValue = (1 << format.bitDepth) - 1
        var writer = TestPNGWriter(
            width: width, height: height, bitDepth: format.bitDepth,
            colorType: format.colorType, interlaced: interlaced, samples: [])
        let channels = writer.channels
        let paletteSize = format.colorType == 3 ? min(256, maxValue + 1) : 0
        writer.palette = (0..<(paletteSize * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        var paletteAlpha = [UInt8](repeating: 255, count: 256)
        // A few distinct values so that runs and key-colour hits occur.
        let choices = (0..<4).map { _ in (0..<channels).map { _ in Int.random(in: 0...maxValue, using: &random) } }
        writer.samples = (0..<(width * height)).map { _ in
            Bool.random(using: &random)
                ? choices[Int.random(in: 0..<4, using: &random)]
                : (0..<channels).map { _ in Int.random(in: 0...maxValue, using: &random) }
        }
        let key = choices[0]
        if withTransparency {
            switch format.colorType {
            case 0: writer.transparency = TestPNGWriter.u32(key[0]).suffix(2)
            case 2: writer.transparency = key.flatMap { TestPNGWriter.u32($0).suffix(2) }
            case 3:
                let count = max(1, paletteSize / 2)
                let alphas = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                writer.transparency = alphas
                for (i, alpha) in alphas.enumerated() { paletteAlpha[i] = alpha }
            default: break
            }
        }
        var expected: [UInt8] = []
        for pixel in writer.samples {
            let d = format.bitDepth
            let keyed = withTransparency && pixel == key
            switch format.colorType {
            case 0:
                let g = scale(pixel[0], depth: d)
                expected += [g, g, g, keyed ? 0 : 255]
            case 2:
                expected += [
                    scale(pixel[0], depth: d), scale(pixel[1], depth: d), scale(pixel[2], depth: d),
                    keyed ? 0 : 255
                ]
            case 3:
                let i = pixel[0]
                expected += [writer.palette[i * 3], writer.palette[i * 3 + 1], writer.palette[i * 3 + 2], paletteAlpha[i]]
            case 4:
                let g = scale(pixel[0], depth: d)
                expected += [g, g, g, scale(pixel[1], depth: d)]
            default:
                expected += pixel.map { scale($0, depth: d) }
            }
        }
        return (writer.data(), expected)
    }

    @Test(arguments: formats)
    func decodesEveryFormat(_ format: Format) throws {
        for (width, height) in [(1, 1), (3, 2), (13, 7), (33, 17)] {
            for interlaced in [false, true] {
                for withTransparency in [false, true] {
                    let seed = UInt64(width * 1000 + height) &* 31 &+ UInt64(format.colorType) &* 7 &+ UInt64(format.bitDepth)
                    let (png, expected) = Self.sample(
                        format, width: width, height: height, interlaced: interlaced,
                        withTransparency: withTransparency, seed: seed)
                    let image = try PNGDecoder.decode(png, file: "test.png")
                    #expect(image.width == width && image.height == height)
                    #expect(
                        image.pixels == expected,
                        "\(format) \(width)×\(height) interlaced \(interlaced) tRNS \(withTransparency)")
                }
            }
        }
    }

    @Test func rejectsNonPNG() {
        #expect(throws: ImagingError.notPNG(file: "x.png")) {
            try PNGDecoder.decode(Array("GIF89a not a png at all".utf8), file: "x.png")
        }
    }

    @Test func reportsTruncation() throws {
        let (png, _) = Self.sample(
            Format(colorType: 6, bitDepth: 8), width: 8, height: 8, interlaced: false,
            withTransparency: false, seed: 1)
        for cut in [4, 20, png.count / 2, png.count - 20] {
            do {
                _ = try PNGDecoder.decode(Array(png.prefix(cut)), file: "cut.png")
                Issue.record("decoding \(cut) bytes should fail")
            } catch let error as ImagingError {
                #expect(error.description.hasPrefix("cut.png: truncated"), "\(error)")
            }
        }
    }

    @Test func reportsCRCMismatch() throws {
        var (png, _) = Self.sample(
            Format(colorType: 2, bitDepth: 8), width: 4, height: 4, interlaced: false,
            withTransparency: false, seed: 2)
        png[20] ^= 0xFF  // inside the IHDR payload
        #expect(throws: ImagingError.badCRC(file: "crc.png", chunk: "IHDR")) {
            try PNGDecoder.decode(png, file: "crc.png")
        }
    }

    @Test func reportsZlibFailure() throws {
        var writer = TestPNGWriter(width: 2, height: 2, bitDepth: 8, colorType: 0, samples: [[1], [2], [3], [4]])
        writer.filters = [0]
        var png = writer.data()
        // Rewrite the first IDAT payload to an invalid zlib header, with a fresh CRC.
        let idat = png.indices.first { png[$0..<($0 + 4)].elementsEqual("IDAT".utf8) }!
        png[idat + 4] = 0x78
        png[idat + 5] = 0x00  // header check bits wrong
        let length = Int(png[idat - 4]) << 24 | Int(png[idat - 3]) << 16 | Int(png[idat - 2]) << 8 | Int(png[idat - 1])
        let crc = TestPNGWriter.u32(Int(TestPNGWriter.crc32(Array(png[idat..<(idat + 4 + length)]))))
        png.replaceSubrange((idat + 4 + length)..<(idat + 8 + length), with: crc)
        do {
            _ = try PNGDecoder.decode(png, file: "z.png")
            Issue.record("corrupt zlib data should fail")
        } catch let error as ImagingError {
            #expect(error.description.hasPrefix("z.png: zlib error"), "\(error)")
        }
    }

    @Test func rejectsInvalidBitDepth() throws {
        var writer = TestPNGWriter(width: 1, height: 1, bitDepth: 8, colorType: 2, samples: [[1, 2, 3]])
        writer.bitDepth = 8
        var png = writer.data()
        png[24] = 4  // RGB at 4 bits per sample is not allowed
        let crc = TestPNGWriter.u32(Int(TestPNGWriter.crc32(Array(png[12..<29]))))
        png.replaceSubrange(29..<33, with: crc)
        do {
            _ = try PNGDecoder.decode(png, file: "depth.png")
            Issue.record("bit depth 4 with RGB should fail")
        } catch let error as ImagingError {
            #expect(error.description == "depth.png: unsupported PNG (bit depth 4 with colour type 2)")
        }
    }

    @Test func missingFileIsAnIOError() {
        do {
            _ = try PNGDecoder.decodeFile(atPath: "/nonexistent-dir/none.png")
            Issue.record("should fail")
        } catch {
            #expect("\(error)" == "/nonexistent-dir/none.png: no such file")
        }
    }
}
