/// The fields of a PNG IHDR chunk that decoding needs, validated.
public struct PNGHeader: Sendable, Equatable {
    /// PNG colour types (IHDR byte 9).
    enum ColorType: UInt8, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .gray, .palette: return 1
            case .grayAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// Bit depths the PNG specification allows for this colour type.
        var allowedBitDepths: Set<Int> {
            switch self {
            case .gray: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: return [8, 16]
            }
        }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    let bitDepth: Int
    let colorType: ColorType
    /// Adam7 interlacing.
    let interlaced: Bool

    /// Bits per pixel (channels × bit depth).
    var bitsPerPixel: Int { colorType.channels * bitDepth }

    /// The filter unit in bytes: bytes per complete pixel, at least 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one unfiltered row of `pixels` pixels (without the filter-type byte).
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Parses and validates the 13-byte IHDR payload; `maxPixels` caps width × height.
    init(ihdr bytes: ArraySlice<UInt8>, file: String, maxPixels: Int = PNGDecoder.defaultMaxPixels) throws {
        guard bytes.count == Self.ihdrLength else {
            throw ImagingError.unsupported(file: file, detail: "IHDR is \(bytes.count) bytes, expected \(Self.ihdrLength)")
        }
        let b = Array(bytes)
        let width = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let height = Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImagingError.unsupported(file: file, detail: "invalid size \(width)×\(height)")
        }
        guard width * height <= maxPixels else {
            throw ImagingError.tooLarge(file: file, width: width, height: height, maxPixels: maxPixels)
        }
        guard let colorType = ColorType(rawValue: b[9]) else {
            throw ImagingError.unsupported(file: file, detail: "colour type \(b[9])")
        }
        let bitDepth = Int(b[8])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw ImagingError.unsupported(file: file, detail: "bit depth \(bitDepth) with colour type \(b[9])")
        }
        guard b[10] == 0 else { throw ImagingError.unsupported(file: file, detail: "compression method \(b[10])") }
        guard b[11] == 0 else { throw ImagingError.unsupported(file: file, detail: "filter method \(b[11])") }
        guard b[12] <= 1 else { throw ImagingError.unsupported(file: file, detail: "interlace method \(b[12])") }
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = b[12] == 1
    }

    /// The header of the PNG `bytes` without reading further: the signature, then the first
    /// chunk, which must be a 13-byte IHDR (its CRC is checked when the image is decoded).
    public init(png bytes: [UInt8], file: String, maxPixels: Int = PNGDecoder.defaultMaxPixels) throws {
        let signature = PNGDecoder.signature.count
        guard bytes.count >= signature, bytes.prefix(signature).elementsEqual(PNGDecoder.signature) else {
            throw ImagingError.notPNG(file: file)
        }
        // The first chunk: a 4-byte length, a 4-byte type, then the payload.
        let type = signature + 4, payload = type + 4
        guard bytes.count >= payload + Self.ihdrLength else {
            throw ImagingError.truncated(file: file, detail: "file ends before the IHDR chunk does")
        }
        guard bytes[type..<payload].elementsEqual("IHDR".utf8) else {
            throw ImagingError.unsupported(file: file, detail: "the first chunk is not IHDR")
        }
        let length = bytes[signature..<type].reduce(0) { $0 << 8 | Int($1) }
        guard length == Self.ihdrLength else {
            throw ImagingError.unsupported(file: file, detail: "IHDR is \(length) bytes, expected \(Self.ihdrLength)")
        }
        try self.init(ihdr: bytes[payload..<payload + Self.ihdrLength], file: file, maxPixels: maxPixels)
    }

    /// The IHDR payload's size: width, height (4 bytes each), then five 1-byte fields.
    static let ihdrLength = 13
}
