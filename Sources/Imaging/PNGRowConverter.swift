#if arch(x86_64)
import CDeflate
#endif

/// Turns one unfiltered PNG row (any colour type and bit depth) into 8-bit straight RGBA pixels.
struct PNGRowConverter {
    let header: PNGHeader
    /// 256 RGBA entries (1 024 bytes): the palette with `tRNS` alpha applied; entries past the
    /// palette's end are opaque black.
    private let paletteRGBA: [UInt8]
    /// The gray (1 sample) or RGB (3 samples) key colour from `tRNS`, at the image's bit depth.
    private let keyColor: [Int]?

    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) {
        self.header = header
        var table = [UInt8](repeating: 0, count: 1024)
        for i in 0..<256 { table[i * 4 + 3] = 255 }
        for i in 0..<min(256, palette.count / 4) {
            for c in 0..<4 { table[i * 4 + c] = palette[i * 4 + c] }
        }
        var key: [Int]?
        if let transparency {
            switch header.colorType {
            case .palette:
                for (i, alpha) in transparency.prefix(256).enumerated() { table[i * 4 + 3] = alpha }
            case .gray where transparency.count >= 2:
                key = [Int(transparency[0]) << 8 | Int(transparency[1])]
            case .rgb where transparency.count >= 6:
                key = (0..<3).map { Int(transparency[$0 * 2]) << 8 | Int(transparency[$0 * 2 + 1]) }
            default:
                break
            }
        }
        paletteRGBA = table
        keyColor = key
    }

    #if arch(x86_64)
    /// Whether the CPU has SSSE3 (the byte shuffle of `overscroll_expand_rgb_ssse3`).
    static let hasSSSE3 = overscroll_has_ssse3() != 0
    #endif

    /// True for RGB without a `tRNS` key colour (every pixel opaque).
    var isOpaqueRGB: Bool { header.colorType == .rgb && keyColor == nil }

    /// Scales a 16-bit sample to 8 bits with rounding: `(v × 255 + 32767) / 65535`, which equals
    /// `(v + 128) / 257` for every 16-bit v (checked exhaustively in the tests).
    @inline(__always)
    static func scale16(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: (value &+ 128) / 257) }

    /// The big-endian 16-bit sample at `p`, scaled to 8 bits.
    @inline(__always)
    private static func sample16(_ p: UnsafePointer<UInt8>) -> UInt8 { scale16(Int(p[0]) << 8 | Int(p[1])) }

    /// Converts `pixels` pixels starting at `row` into RGBA at `destination`, advancing
    /// `pixelStride` bytes between output pixels (4 for full rows, more for Adam7 passes).
    func convert(row: UnsafePointer<UInt8>, pixels: Int, into destination: UnsafeMutablePointer<UInt8>, pixelStride: Int) {
        let depth = header.bitDepth
        var out = destination
        switch header.colorType {
        case .rgba where depth == 8:
            if pixelStride == 4 {
                out.update(from: row, count: pixels * 4)
            } else {
                for i in 0..<pixels {
                    let s = row + i * 4
                    out[0] = s[0]; out[1] = s[1]; out[2] = s[2]; out[3] = s[3]
                    out += pixelStride
                }
            }
        case .rgba:
            var s = row
            for _ in 0..<pixels {
                out[0] = Self.sample16(s); out[1] = Self.sample16(s + 2)
                out[2] = Self.sample16(s + 4); out[3] = Self.sample16(s + 6)
                s += 8
                out += pixelStride
            }
        case .rgb where depth == 16 && keyColor == nil:
            var s = row
            for _ in 0..<pixels {
                out[0] = Self.sample16(s); out[1] = Self.sample16(s + 2); out[2] = Self.sample16(s + 4); out[3] = 255
                s += 6
                out += pixelStride
            }
        case .rgb where depth == 8 && pixelStride == 4:
            expandRGB8(row: row, pixels: pixels, into: out)
        case .rgb:
            for i in 0..<pixels {
                if depth == 8 {
                    let s = row + i * 3
                    out[0] = s[0]; out[1] = s[1]; out[2] = s[2]
                    if let key = keyColor, Int(s[0]) == key[0], Int(s[1]) == key[1], Int(s[2]) == key[2] {
                        out[3] = 0
                    } else {
                        out[3] = 255
                    }
                } else {
                    let s = row + i * 6
                    let r = Int(s[0]) << 8 | Int(s[1]), g = Int(s[2]) << 8 | Int(s[3]), b = Int(s[4]) << 8 | Int(s[5])
                    out[0] = Self.scale16(r); out[1] = Self.scale16(g); out[2] = Self.scale16(b)
                    if let key = keyColor, r == key[0], g == key[1], b == key[2] { out[3] = 0 } else { out[3] = 255 }
                }
                out += pixelStride
            }
        case .grayAlpha:
            for i in 0..<pixels {
                let gray: UInt8, alpha: UInt8
                if depth == 8 {
                    gray = row[i * 2]; alpha = row[i * 2 + 1]
                } else {
                    let s = row + i * 4
                    gray = Self.scale16(Int(s[0]) << 8 | Int(s[1]))
                    alpha = Self.scale16(Int(s[2]) << 8 | Int(s[3]))
                }
                out[0] = gray; out[1] = gray; out[2] = gray; out[3] = alpha
                out += pixelStride
            }
        case .gray:
            let key = keyColor?.first
            for i in 0..<pixels {
                let sample: Int
                let gray: UInt8
                if depth == 16 {
                    sample = Int(row[i * 2]) << 8 | Int(row[i * 2 + 1])
                    gray = Self.scale16(sample)
                } else {
                    sample = Self.packedSample(row, index: i, depth: depth)
                    gray = UInt8(sample * (255 / ((1 << depth) - 1)))
                }
                out[0] = gray; out[1] = gray; out[2] = gray
                out[3] = sample == key ? 0 : 255
                out += pixelStride
            }
        case .palette:
            paletteRGBA.withUnsafeBufferPointer { table in
                for i in 0..<pixels {
                    let index = depth == 8 ? Int(row[i]) : Self.packedSample(row, index: i, depth: depth)
                    let entry = table.baseAddress! + index * 4
                    out[0] = entry[0]; out[1] = entry[1]; out[2] = entry[2]; out[3] = entry[3]
                    out += pixelStride
                }
            }
        }
    }

    /// Expands `pixels` 8-bit RGB pixels at `row` to opaque RGBA at `destination` (alpha 0 on
    /// the `tRNS` key colour). Pixel `i` is read before it is written, so the output may overlap
    /// the input as long as it starts no later than it (in-place expansion).
    func expandRGB8(row: UnsafePointer<UInt8>, pixels: Int, into destination: UnsafeMutablePointer<UInt8>) {
        let out = UnsafeMutableRawPointer(destination)
        if let key = keyColor {
            for i in 0..<pixels {
                let s = row + i * 3
                let r = s[0], g = s[1], b = s[2]
                let alpha: UInt32 = Int(r) == key[0] && Int(g) == key[1] && Int(b) == key[2] ? 0 : 0xFF00_0000
                let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | alpha
                out.storeBytes(of: word.littleEndian, toByteOffset: i * 4, as: UInt32.self)
            }
        } else {
            // Four pixels (12 bytes, three words) per step, then one at a time. All 12 bytes are
            // read before the 16 are written, which keeps the in-place expansion safe.
            var s = UnsafeRawPointer(row), o = out
            let opaque: UInt32 = 0xFF00_0000
            var left = pixels
            #if arch(x86_64)
            if Self.hasSSSE3 {
                let done = overscroll_expand_rgb_ssse3(row, pixels, destination)
                s += done &* 3
                o += done &* 4
                left &-= done
            }
            #endif
            while left >= 4 {
                let w0 = UInt32(littleEndian: s.loadUnaligned(as: UInt32.self))
                let w1 = UInt32(littleEndian: s.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                let w2 = UInt32(littleEndian: s.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
                o.storeBytes(of: (w0 | opaque).littleEndian, as: UInt32.self)
                o.storeBytes(of: (w0 >> 24 | w1 << 8 | opaque).littleEndian, toByteOffset: 4, as: UInt32.self)
                o.storeBytes(of: (w1 >> 16 | w2 << 16 | opaque).littleEndian, toByteOffset: 8, as: UInt32.self)
                o.storeBytes(of: (w2 >> 8 | opaque).littleEndian, toByteOffset: 12, as: UInt32.self)
                s += 12
                o += 16
                left &-= 4
            }
            let end = s + left &* 3
            while s < end {
                let word =
                    UInt32(s.load(as: UInt8.self)) | UInt32(s.load(fromByteOffset: 1, as: UInt8.self)) << 8
                    | UInt32(s.load(fromByteOffset: 2, as: UInt8.self)) << 16 | opaque
                o.storeBytes(of: word.littleEndian, as: UInt32.self)
                s += 3
                o += 4
            }
        }
    }

    /// The `index`-th sample of a row packed at 1, 2, 4 or 8 bits per sample, most significant
    /// bits first.
    @inline(__always)
    static func packedSample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        let bit = index * depth
        let byte = Int(row[bit >> 3])
        let shift = 8 - depth - (bit & 7)
        return (byte >> shift) & ((1 << depth) - 1)
    }
}
