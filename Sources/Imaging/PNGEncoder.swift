import CDeflate

/// Encodes 8-bit images to PNG, deterministically.
///
/// Fully opaque images are written as 8-bit RGB (colour type 2), others as 8-bit RGBA (colour
/// type 6), or with `palette` few-coloured opaque images as 8-bit palette images (colour type 3);
/// never interlaced; one IDAT chunk per 1 MiB of compressed data. The same pixels and settings
/// always give the same bytes: on every machine with `Compressor.rows`, with the same zlib build
/// with `.zlib`.
///
/// Default settings (`PNGEncoder.fast`): the Up filter on every row and the row deflater
/// (`Compressor.rows`, CDeflate's `row_deflate.h`). UI frames are flat colour repeated down the
/// screen, which Up turns into long zero runs (89 % of a list frame's bytes are zero); zlib level
/// 1 spends most of its time on them (1.3 ms per MiB of zeros), and libdeflate level 1 is no
/// faster. The row deflater finds runs 32 bytes per step and matches pixels (three bytes) with one
/// hash candidate and the pixel one row up. Measured on this 2-core machine (thread CPU,
/// compression alone, release build): the bench recording's 241 frames of 780×1688 take 1.6 ms
/// each and 34.6 MB in all, against 6.1 ms and 39.2 MB with zlib level 1 (−12 %); the committed
/// goldens (91, mostly 390×844) 0.59 ms against 1.89 ms, 9 % smaller. A whole frame as the
/// recorder encodes it (ARGB32 → RGB and Up, compression, chunks): 2.5 ms of CPU instead of
/// 9–10.5 ms. `PNGEncoder.compact` (zlib level 6, adaptive filters) writes those frames 1 %
/// smaller in 38 ms each; with zlib, Sub or None filters were larger and `Z_RLE` 45 % larger.
public struct PNGEncoder: Sendable {
    /// How each row's filter is chosen.
    public enum FilterChoice: Sendable, Equatable {
        /// The same filter on every row.
        case fixed(PNGFilter)
        /// Per row, the filter with the smallest sum of absolute signed bytes (the
        /// specification's heuristic); slower, usually smaller.
        case adaptive
    }

    /// What compresses the filtered rows.
    public enum Compressor: Sendable, Equatable {
        /// zlib at `level` with `strategy`.
        case zlib
        /// Overscroll's own deflate encoder for filtered image rows (`RowDeflater`): runs of a
        /// repeated byte 32 bytes per step, a greedy match search with one hash candidate and
        /// the same bytes one row up, dynamic Huffman blocks. The same bytes on every machine;
        /// `level` and `strategy` are not used.
        case rows
    }

    /// What compresses the filtered rows.
    public var compressor: Compressor
    /// zlib compression level, 0 (store) to 9 (smallest); out-of-range values are clamped.
    public var level: Int32
    /// zlib's match-finding strategy.
    public enum Strategy: Int32, Sendable {
        /// `Z_DEFAULT_STRATEGY`
        case standard = 0
        /// `Z_FILTERED`
        case filtered = 1
        /// `Z_HUFFMAN_ONLY`
        case huffmanOnly = 2
        /// `Z_RLE`
        case rle = 3
    }

    /// zlib strategy.
    public var strategy: Strategy
    /// Row filter selection.
    public var filter: FilterChoice
    /// Write opaque images of at most 256 colours, at most 16 of them not gray, as 8-bit
    /// palette images (colour type 3): a third of the bytes to filter and compress. Diff images
    /// (grays plus a few marker colours) are such images.
    public var palette: Bool

    /// The fast default described on the type.
    public static let fast = PNGEncoder(filter: .fixed(.up), compressor: .rows)
    /// Smaller files at a higher cost (level 6, adaptive filters).
    public static let compact = PNGEncoder(level: 6, strategy: .standard, filter: .adaptive)
    /// Diff images: `fast` with `palette`.
    public static let diff = PNGEncoder(filter: .fixed(.up), palette: true, compressor: .rows)

    public init(
        level: Int32 = 1, strategy: Strategy = .standard, filter: FilterChoice = .fixed(.up), palette: Bool = false,
        compressor: Compressor = .zlib
    ) {
        self.compressor = compressor
        self.level = min(9, max(0, level))
        self.strategy = strategy
        self.filter = filter
        self.palette = palette
    }

    /// Encodes a straight-alpha RGBA image.
    public func encode(_ image: RGBAImage) throws -> [UInt8] {
        if palette, let (table, indices) = Self.paletteIndices(image) {
            return try indices.withUnsafeBufferPointer { source in
                try encode(width: image.width, height: image.height, channels: 1, palette: table) { y, row in
                    row.update(from: source.baseAddress! + y * image.width, count: image.width)
                }
            }
        }
        let opaque = image.isOpaque
        return try image.pixels.withUnsafeBufferPointer { source in
            try encode(width: image.width, height: image.height, channels: opaque ? 3 : 4) { y, row in
                let pixel = source.baseAddress! + y * image.width * 4
                if opaque {
                    for x in 0..<image.width {
                        row[x * 3] = pixel[x * 4]; row[x * 3 + 1] = pixel[x * 4 + 1]; row[x * 3 + 2] = pixel[x * 4 + 2]
                    }
                } else {
                    row.update(from: pixel, count: image.width * 4)
                }
            }
        }
    }

    /// The most colours that are not gray a palette image is tried with (each pixel of such a
    /// colour is looked up among them one by one).
    static let paletteOtherColors = 16

    /// An opaque image as a palette (RGB triples, in order of first appearance) and one index
    /// per pixel; nil when a pixel is not opaque, or the image has more than 256 colours or more
    /// than `paletteOtherColors` that are not gray.
    static func paletteIndices(_ image: RGBAImage) -> (palette: [UInt8], indices: [UInt8])? {
        let count = image.width * image.height
        guard count > 0 else { return nil }
        var grayIndex = [Int16](repeating: -1, count: 256)
        var others: [(color: UInt32, index: UInt8)] = []
        var palette: [UInt8] = []
        var failed = false
        let indices = image.pixels.withUnsafeBytes { raw in
            [UInt8](unsafeUninitializedCapacity: count) { out, written in
                var last = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) ^ 1
                var lastIndex: UInt8 = 0
                for i in 0..<count {
                    let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                    if pixel != last {
                        last = pixel
                        guard pixel >> 24 == 0xFF else { failed = true; break }
                        let r = pixel & 0xFF, g = pixel >> 8 & 0xFF, b = pixel >> 16 & 0xFF
                        var found = -1
                        if r == g && g == b {
                            found = Int(grayIndex[Int(r)])
                        } else {
                            for other in others where other.color == pixel & 0xFF_FFFF { found = Int(other.index); break }
                        }
                        if found < 0 {
                            guard palette.count < 768 else { failed = true; break }
                            if r == g && g == b {
                                grayIndex[Int(r)] = Int16(palette.count / 3)
                            } else {
                                guard others.count < paletteOtherColors else { failed = true; break }
                                others.append((pixel & 0xFF_FFFF, UInt8(palette.count / 3)))
                            }
                            found = palette.count / 3
                            palette += [UInt8(r), UInt8(g), UInt8(b)]
                        }
                        lastIndex = UInt8(found)
                    }
                    out[i] = lastIndex
                }
                written = count
            }
        }
        return failed ? nil : (palette, indices)
    }

    /// Encodes cairo's `CAIRO_FORMAT_ARGB32` (or `RGB24`) memory: native-endian 32-bit words
    /// `0xAARRGGBB` with premultiplied colour, `stride` bytes per row. Colour is un-premultiplied
    /// with rounding (`c × 255 + a / 2) / a`); fully transparent pixels become transparent black.
    /// Pass `ignoreAlpha: true` for `RGB24` surfaces, whose top byte is undefined. A `workspace`
    /// (one per thread) reuses its memory between encodes; the bytes are the same without one.
    public func encodePremultipliedARGB32(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int,
        ignoreAlpha: Bool = false, workspace: PNGEncodeWorkspace? = nil
    ) throws -> [UInt8] {
        let opaque = ignoreAlpha || PremultipliedARGB.isOpaque(data, width: width, height: height, stride: stride)
        if opaque, filter == .fixed(.up) {
            // The common case (every recorded frame): conversion and filter in one pass per row.
            try Self.checkSize(width: width, height: height)
            let ws = workspace ?? PNGEncodeWorkspace()
            let line = width * 3 + 1
            let filtered = ws.filteredBuffer(count: height * line + 16)
            overscroll_argb_up_rgb_image(data.assumingMemoryBound(to: UInt8.self), stride, width, height, filtered, line)
            return try assemble(
                width: width, height: height, channels: 3, palette: nil,
                filtered: UnsafeRawBufferPointer(start: filtered, count: height * line), workspace: ws)
        }
        return try encode(width: width, height: height, channels: opaque ? 3 : 4, workspace: workspace) { y, row in
            let words = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            if opaque {
                for x in 0..<width {
                    let word = words[x]
                    row[x * 3] = UInt8(truncatingIfNeeded: word >> 16)
                    row[x * 3 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    row[x * 3 + 2] = UInt8(truncatingIfNeeded: word)
                }
            } else {
                PremultipliedARGB.unpremultiplyRow(words, count: width, into: row)
            }
        }
    }

    private static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImagingError.unsupported(file: "<encoder>", detail: "cannot encode a \(width)×\(height) image")
        }
    }

    /// Shared encoder: `fillRow(y, buffer)` writes row `y` as `width × channels` raw bytes
    /// (palette indices when `palette` is given: RGB triples, written as the PLTE chunk).
    private func encode(
        width: Int, height: Int, channels: Int, palette: [UInt8]? = nil, workspace: PNGEncodeWorkspace? = nil,
        fillRow: (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) throws -> [UInt8] {
        try Self.checkSize(width: width, height: height)
        let rowBytes = width * channels
        let ws = workspace ?? PNGEncodeWorkspace()
        let output = ws.filteredBuffer(count: height * (rowBytes + 1))
        var rows = [UInt8](repeating: 0, count: rowBytes * 2)
        var trial = [UInt8](repeating: 0, count: filter == .adaptive ? rowBytes * 2 : 0)
        rows.withUnsafeMutableBufferPointer { rowPair in
            trial.withUnsafeMutableBufferPointer { trialPair in
                var current = rowPair.baseAddress!
                var previous: UnsafeMutablePointer<UInt8>?
                for y in 0..<height {
                    fillRow(y, current)
                    let line = output + y * (rowBytes + 1)
                    let chosen: PNGFilter
                    switch filter {
                    case .fixed(let fixed):
                        chosen = fixed
                        fixed.filter(
                            row: current, previous: previous.map { UnsafePointer($0) }, count: rowBytes,
                            stride: channels, into: line + 1)
                    case .adaptive:
                        chosen = Self.adaptiveFilter(
                            row: current, previous: previous.map { UnsafePointer($0) },
                            count: rowBytes, stride: channels,
                            scratch: trialPair.baseAddress!, into: line + 1)
                    }
                    line[0] = chosen.rawValue
                    let next = previous ?? rowPair.baseAddress! + rowBytes
                    previous = current
                    current = next
                }
            }
        }
        return try assemble(
            width: width, height: height, channels: channels, palette: palette,
            filtered: UnsafeRawBufferPointer(start: output, count: height * (rowBytes + 1)), workspace: ws)
    }

    /// Compresses the filtered rows and writes the chunks around them.
    private func assemble(
        width: Int, height: Int, channels: Int, palette: [UInt8]?,
        filtered: UnsafeRawBufferPointer, workspace: PNGEncodeWorkspace
    ) throws -> [UInt8] {
        func png(_ compressed: UnsafeRawBufferPointer) -> [UInt8] {
            var png = PNGDecoder.signature
            png.reserveCapacity(compressed.count + 128)
            var ihdr = [UInt8]()
            Self.appendU32(UInt32(width), to: &ihdr)
            Self.appendU32(UInt32(height), to: &ihdr)
            ihdr += [8, palette != nil ? 3 : channels == 4 ? 6 : 2, 0, 0, 0]
            ihdr.withUnsafeBytes { Self.appendChunk("IHDR", $0, to: &png) }
            if let palette {
                palette.withUnsafeBytes { Self.appendChunk("PLTE", $0, to: &png) }
            }
            let chunkSize = 1 << 20
            var start = 0
            repeat {
                let end = min(start + chunkSize, compressed.count)
                Self.appendChunk("IDAT", UnsafeRawBufferPointer(rebasing: compressed[start..<end]), to: &png)
                start = end
            } while start < compressed.count
            Self.appendChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0), to: &png)
            return png
        }
        switch compressor {
        case .rows:
            return workspace.rowDeflater().deflate(filtered, row: width * channels + 1, png)
        case .zlib:
            return try workspace.deflater(level: level, strategy: strategy.rawValue).deflate(filtered, file: "<encoder>", png)
        }
    }

    /// Filters `row` with every filter type, keeps the one with the smallest sum of absolute
    /// signed bytes in `output`, and returns it. `scratch` holds `2 × count` bytes.
    private static func adaptiveFilter(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int,
        stride: Int, scratch: UnsafeMutablePointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>
    ) -> PNGFilter {
        var best = PNGFilter.none
        var bestScore = Int.max
        var candidate = scratch
        var spare = scratch + count
        for type in PNGFilter.allCases {
            type.filter(row: row, previous: previous, count: count, stride: stride, into: candidate)
            var score = 0
            for i in 0..<count { score += abs(Int(Int8(bitPattern: candidate[i]))) }
            if score < bestScore {
                bestScore = score
                best = type
                swap(&candidate, &spare)  // keep the winner in `spare`
            }
        }
        output.update(from: spare, count: count)
        return best
    }

    private static func appendU32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)
        ]
    }

    private static func appendChunk(_ type: String, _ payload: UnsafeRawBufferPointer, to png: inout [UInt8]) {
        appendU32(UInt32(payload.count), to: &png)
        let typeStart = png.count
        png += Array(type.utf8)
        png.append(contentsOf: payload)
        let crc = png.withUnsafeBytes { Zlib.crc(UnsafeRawBufferPointer(rebasing: $0[typeStart...])) }
        appendU32(crc, to: &png)
    }
}
