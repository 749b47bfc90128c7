import Support

/// An independent, deliberately simple PNG writer for tests: any colour type, bit depth and
/// interlacing, a chosen filter per row, and an uncompressed (stored) zlib stream, so the
/// decoder is checked against code that shares nothing with the encoder.
struct TestPNGWriter {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: UInt8
    var interlaced = false
    var palette: [UInt8] = []  // RGB triples
    var transparency: [UInt8]?  // raw tRNS payload
    /// Per pixel, the samples (channel values at `bitDepth`), row-major.
    var samples: [[Int]]
    /// Filter type for the n-th written row, cycled.
    var filters: [UInt8] = [0, 1, 2, 3, 4]

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

    func data() -> [UInt8] {
        var raw: [UInt8] = []
        var rowCounter = 0
        let layout: [(Int, Int, Int, Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let bpp = max(1, channels * bitDepth / 8)
        for (ox, oy, sx, sy) in layout {
            let xs = Array(stride(from: ox, to: width, by: sx))
            let ys = Array(stride(from: oy, to: height, by: sy))
            if xs.isEmpty || ys.isEmpty { continue }
            var previous: [UInt8]?
            for y in ys {
                var bits = BitWriter()
                for x in xs {
                    for sample in samples[y * width + x] { bits.append(sample, bits: bitDepth) }
                }
                let row = bits.bytes
                let filter = filters[rowCounter % filters.count]
                rowCounter += 1
                raw.append(filter)
                raw += Self.filter(row, previous: previous, type: filter, bpp: bpp)
                previous = row
            }
        }
        var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var ihdr = Self.u32(width) + Self.u32(height)
        ihdr += [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0]
        png += Self.chunk("IHDR", ihdr)
        if !palette.isEmpty { png += Self.chunk("PLTE", palette) }
        if let transparency { png += Self.chunk("tRNS", transparency) }
        let stream = Self.storedZlib(raw)
        // Split the image data over two IDAT chunks to exercise concatenation.
        let half = stream.count / 2
        png += Self.chunk("IDAT", Array(stream[..<half]))
        png += Self.chunk("IDAT", Array(stream[half...]))
        png += Self.chunk("IEND", [])
        return png
    }

    static func filter(_ row: [UInt8], previous: [UInt8]?, type: UInt8, bpp: Int) -> [UInt8] {
        let up = previous ?? [UInt8](repeating: 0, count: row.count)
        return row.indices.map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(up[i])
            let c = i >= bpp ? Int(up[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            case 4:
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predictor = 0
            }
            return UInt8((Int(row[i]) - predictor + 256) % 256)
        }
    }

    static func u32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }

    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        return u32(payload.count) + body + u32(Int(crc32(body)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = end - start
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 255), UInt8(length >> 8), UInt8(~length & 255), UInt8((~length >> 8) & 255)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + u32(Int(b << 16 | a))
    }
}

/// Packs samples most-significant-bit first; rows end on a byte boundary.
struct BitWriter {
    var bytes: [UInt8] = []
    private var used = 8

    mutating func append(_ value: Int, bits: Int) {
        if bits == 16 { bytes += [UInt8(value >> 8), UInt8(value & 255)]; return }
        if bits == 8 { bytes.append(UInt8(value)); return }
        if used == 8 { bytes.append(0); used = 0 }
        bytes[bytes.count - 1] |= UInt8(value << (8 - bits - used))
        used += bits
    }
}

/// The tests' deterministic random generator: Support's SplitMix64, so a seed gives the same
/// images everywhere.
typealias SeededRandom = SplitMix64
