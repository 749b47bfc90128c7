#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Decodes PNG files to 8-bit straight RGBA.
///
/// Supports every standard colour type (gray, gray+alpha, RGB, RGBA, palette), bit depths
/// 1/2/4/8/16, Adam7 interlacing and all five filters. `tRNS` is honoured (palette alpha, or the
/// gray/RGB key colour becomes transparent); `gAMA` and other colour chunks are ignored. 16-bit
/// samples are scaled to 8 bits with rounding (`round(v × 255 / 65535)`); 1/2/4-bit gray is
/// replicated to the full 0–255 range; palette indices beyond the palette decode as opaque black.
public enum PNGDecoder {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Reads and decodes the PNG file at `path`.
    public static func decodeFile(atPath path: String) throws -> RGBAImage {
        try decode(PNGDecoder.readFile(atPath: path), file: path)
    }

    /// Reads a whole file into memory, mapping failures to `ImagingError.io`.
    static func readFile(atPath path: String) throws -> [UInt8] {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists else { throw ImagingError.io(file: path, detail: "no such file") }
        guard !isDirectory else { throw ImagingError.io(file: path, detail: "read failed (is it a directory?)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError.io(file: path, detail: "cannot open file")
        }
        return [UInt8](data)
    }

    /// Decodes PNG `bytes`; `file` names the source in errors.
    public static func decode(_ bytes: [UInt8], file: String = "<memory>") throws -> RGBAImage {
        try bytes.withUnsafeBytes { try decode(raw: $0, file: file) }
    }

    /// Decodes PNG data given as raw bytes; `file` names the source in errors.
    public static func decode(raw: UnsafeRawBufferPointer, file: String) throws -> RGBAImage {
        guard raw.count >= 8, raw.prefix(8).elementsEqual(signature) else {
            if raw.count < 8 && signature.starts(with: raw) {
                throw ImagingError.truncated(file: file, detail: "file ends inside the signature")
            }
            throw ImagingError.notPNG(file: file)
        }
        var header: PNGHeader?
        var palette: [UInt8] = []        // RGBA, 4 bytes per entry
        var transparency: [UInt8]?       // raw tRNS payload
        var imageRanges: [Range<Int>] = []
        var sawEnd = false
        var offset = 8

        func readU32(_ at: Int) -> Int {
            Int(raw[at]) << 24 | Int(raw[at + 1]) << 16 | Int(raw[at + 2]) << 8 | Int(raw[at + 3])
        }

        while offset < raw.count {
            guard offset + 8 <= raw.count else {
                throw ImagingError.truncated(file: file, detail: "chunk header cut off at byte \(offset)")
            }
            let length = readU32(offset)
            let typeBytes = Array(raw[(offset + 4)..<(offset + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max), offset + 12 + length <= raw.count else {
                throw ImagingError.truncated(file: file, detail: "\(type) chunk cut off")
            }
            let dataStart = offset + 8
            let stored = UInt32(readU32(dataStart + length))
            let computed = Zlib.crc(UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(dataStart + length)]))
            guard stored == computed else { throw ImagingError.badCRC(file: file, chunk: type) }
            let payload = raw[dataStart..<(dataStart + length)]

            if header == nil && type != "IHDR" {
                throw ImagingError.unsupported(file: file, detail: "first chunk is \(type), expected IHDR")
            }
            switch type {
            case "IHDR":
                guard header == nil else { throw ImagingError.unsupported(file: file, detail: "second IHDR chunk") }
                header = try PNGHeader(ihdr: ArraySlice(payload), file: file)
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw ImagingError.unsupported(file: file, detail: "PLTE of \(length) bytes")
                }
                palette = []
                palette.reserveCapacity(length / 3 * 4)
                var i = payload.startIndex
                while i < payload.endIndex {
                    palette += [payload[i], payload[i + 1], payload[i + 2], 255]
                    i += 3
                }
            case "tRNS":
                transparency = Array(payload)
            case "IDAT":
                imageRanges.append(dataStart..<(dataStart + length))
            case "IEND":
                sawEnd = true
            default:
                // Ancillary chunks (lower-case first letter) are skipped; unknown critical ones are refused.
                if let first = typeBytes.first, first & 0x20 == 0 {
                    throw ImagingError.unsupported(file: file, detail: "unknown critical chunk \(type)")
                }
            }
            offset = dataStart + length + 4
            if sawEnd { break }
        }
        guard let header else { throw ImagingError.truncated(file: file, detail: "no IHDR chunk") }
        guard !imageRanges.isEmpty else { throw ImagingError.truncated(file: file, detail: "no IDAT chunk") }
        if header.colorType == .palette && palette.isEmpty {
            throw ImagingError.unsupported(file: file, detail: "palette image without PLTE")
        }

        let passes = Adam7Pass.passes(width: header.width, height: header.height, interlaced: header.interlaced)
        var expectedSize = 0
        for pass in passes where !pass.isEmpty {
            expectedSize += pass.height * (1 + header.rowBytes(pixels: pass.width))
        }
        let pieces = imageRanges.map { UnsafeRawBufferPointer(rebasing: raw[$0]) }
        var filtered = try Zlib.inflate(pieces: pieces, expectedSize: expectedSize, file: file)

        let converter = PNGRowConverter(header: header, palette: palette, transparency: transparency)
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        try filtered.withUnsafeMutableBufferPointer { data in
            try pixels.withUnsafeMutableBufferPointer { out in
                var cursor = 0
                for pass in passes where !pass.isEmpty {
                    let rowBytes = header.rowBytes(pixels: pass.width)
                    var previous: UnsafePointer<UInt8>?
                    for j in 0..<pass.height {
                        let filterByte = data[cursor]
                        guard let filter = PNGFilter(rawValue: filterByte) else {
                            throw ImagingError.unsupported(file: file, detail: "filter type \(filterByte) in row \(j)")
                        }
                        let row = data.baseAddress! + cursor + 1
                        filter.unfilter(row: row, previous: previous, count: rowBytes, stride: header.filterStride)
                        let y = pass.originY + j * pass.stepY
                        let destination = out.baseAddress! + (y * header.width + pass.originX) * 4
                        converter.convert(row: UnsafePointer(row), pixels: pass.width,
                                          into: destination, pixelStride: pass.stepX * 4)
                        previous = UnsafePointer(row)
                        cursor += 1 + rowBytes
                    }
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }
}
