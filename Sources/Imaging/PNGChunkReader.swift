import Support
/// The chunk layer of a PNG file: signature, chunk framing and CRCs, IHDR, PLTE, tRNS and where
/// the IDAT payloads are, all validated without inflating anything. Used before decoding, and
/// alone on the byte-identical shortcut of `compare` (so two identical corrupt files are an
/// error, not a match).
struct PNGChunks {
    var header: PNGHeader
    /// RGBA, 4 bytes per entry.
    var palette: [UInt8] = []
    /// The raw tRNS payload.
    var transparency: [UInt8]?
    /// Byte ranges of the IDAT payloads, in file order.
    var imageRanges: [Range<Int>] = []
    /// Total bytes of compressed image data.
    var compressedCount: Int { imageRanges.reduce(0) { $0 + $1.count } }

    /// Reads and checks every chunk up to IEND (or the end of the data). `maxPixels` caps
    /// width × height.
    static func read(_ raw: UnsafeRawBufferPointer, file: String, maxPixels: Int) throws -> PNGChunks {
        guard raw.count >= 8, raw.prefix(8).elementsEqual(PNGDecoder.signature) else {
            if raw.count < 8 && PNGDecoder.signature.starts(with: raw) {
                throw ImagingError.truncated(file: file, detail: "file ends inside the signature")
            }
            throw ImagingError.notPNG(file: file)
        }
        var header: PNGHeader?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var imageRanges: [Range<Int>] = []
        var offset = 8

        func readU32(_ at: Int) -> Int {
            Int(raw[at]) << 24 | Int(raw[at + 1]) << 16 | Int(raw[at + 2]) << 8 | Int(raw[at + 3])
        }

        while offset < raw.count {
            guard offset + 8 <= raw.count else {
                throw ImagingError.truncated(file: file, detail: "chunk header cut off at byte \(offset)")
            }
            let length = readU32(offset)
            let typeBytes = UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(offset + 8)])
            let type = TerminalText.escaped(bytes: typeBytes)
            guard length <= Int(Int32.max), offset + 12 + length <= raw.count else {
                throw ImagingError.truncated(file: file, detail: "\(type) chunk cut off")
            }
            let dataStart = offset + 8
            let stored = UInt32(readU32(dataStart + length))
            let computed = Zlib.crc(UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(dataStart + length)]))
            guard stored == computed else { throw ImagingError.badCRC(file: file, chunk: type) }
            let payload = UnsafeRawBufferPointer(rebasing: raw[dataStart..<(dataStart + length)])
            offset = dataStart + length + 4

            guard header != nil else {
                guard type == "IHDR" else {
                    throw ImagingError.unsupported(file: file, detail: "first chunk is \(type), expected IHDR")
                }
                header = try PNGHeader(ihdr: ArraySlice(payload), file: file, maxPixels: maxPixels)
                continue
            }
            switch type {
            case "IHDR":
                throw ImagingError.unsupported(file: file, detail: "second IHDR chunk")
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw ImagingError.unsupported(file: file, detail: "PLTE of \(length) bytes")
                }
                palette = []
                palette.reserveCapacity(length / 3 * 4)
                var i = 0
                while i < length {
                    palette += [payload[i], payload[i + 1], payload[i + 2], 255]
                    i += 3
                }
            case "tRNS":
                transparency = Array(payload)
            case "IDAT":
                imageRanges.append(dataStart..<(dataStart + length))
            case "IEND":
                offset = raw.count
            default:
                // Ancillary chunks (lower-case first letter) are skipped; unknown critical ones are refused.
                if typeBytes[0] & 0x20 == 0 {
                    throw ImagingError.unsupported(file: file, detail: "unknown critical chunk \(type)")
                }
            }
        }
        guard let header else { throw ImagingError.truncated(file: file, detail: "no IHDR chunk") }
        let chunks = PNGChunks(header: header, palette: palette, transparency: transparency, imageRanges: imageRanges)
        guard !chunks.imageRanges.isEmpty else { throw ImagingError.truncated(file: file, detail: "no IDAT chunk") }
        if chunks.header.colorType == .palette && chunks.palette.isEmpty {
            throw ImagingError.unsupported(file: file, detail: "palette image without PLTE")
        }
        return chunks
    }
}
