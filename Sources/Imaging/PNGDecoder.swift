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
///
/// Memory follows the data actually present: the chunks are checked first; an image whose
/// compressed data is too short to inflate to the claimed rows (deflate expands at most 1032:1)
/// is refused before anything is allocated; width × height is capped (`maxPixels`). 8-bit
/// RGB and RGBA images are inflated straight into the pixel buffer and unfiltered there.
public enum PNGDecoder {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The default cap on width × height (`--max-pixels`): bigger images are refused before any
    /// pixel memory is allocated (100 million RGBA pixels take 400 MB).
    public static let defaultMaxPixels = 100_000_000

    /// The most bytes deflate can produce per byte of compressed data (a 258-byte match coded
    /// in 2 bits).
    static let maxInflateRatio = 1032

    /// Reads and decodes the PNG file at `path`.
    public static func decodeFile(atPath path: String, maxPixels: Int = PNGDecoder.defaultMaxPixels) throws -> RGBAImage {
        try decode(PNGDecoder.readFile(atPath: path), file: path, maxPixels: maxPixels)
    }

    /// The most bytes read from a file that is not a regular file (a pipe or a device).
    static let maxStreamBytes = 1 << 30

    /// Reads a whole file into memory, mapping failures to `ImagingError.io`.
    public static func readFile(atPath path: String) throws -> [UInt8] {
        // Non-blocking only to open: a FIFO nobody writes to does not hang the open (its read
        // then ends at once, an empty file); reads of a pipe with a writer block as usual.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw ImagingError.io(file: path, detail: "no such file") }
            if code == ELOOP { throw ImagingError.io(file: path, detail: "too many levels of symbolic links") }
            throw ImagingError.io(file: path, detail: "cannot open file (\(String(cString: strerror(code))))")
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImagingError.io(file: path, detail: "cannot read file") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ImagingError.io(file: path, detail: "read failed (is it a directory?)") }
        var bytes = [UInt8]()
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
            let size = Int(info.st_size)
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = read(fd, buffer.baseAddress! + count, size - count)
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { failure = errno; break }
                    if n == 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw ImagingError.io(file: path, detail: "read failed (\(String(cString: strerror(failure))))") }
        }
        // Whatever follows (a file that grew, or a pipe) is read in blocks, up to a limit (a
        // device such as /dev/zero never ends).
        var block = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ImagingError.io(file: path, detail: "read failed (\(String(cString: strerror(errno))))") }
            if n == 0 { break }
            guard bytes.count + n <= maxStreamBytes else {
                throw ImagingError.io(file: path, detail: "more than \(maxStreamBytes >> 20) MiB of data")
            }
            bytes.append(contentsOf: block[0..<n])
            // A stream that does not start like a PNG is refused without reading it all.
            if bytes.count >= 8 && !bytes.prefix(8).elementsEqual(signature) { throw ImagingError.notPNG(file: path) }
        }
        // A FIFO nobody wrote to reads as empty: say so, not "truncated PNG".
        if bytes.isEmpty && (info.st_mode & S_IFMT) == S_IFIFO {
            throw ImagingError.io(file: path, detail: "is a FIFO and nothing was written to it")
        }
        return bytes
    }

    /// Decodes PNG `bytes`; `file` names the source in errors.
    public static func decode(
        _ bytes: [UInt8], file: String = "<memory>",
        maxPixels: Int = PNGDecoder.defaultMaxPixels
    ) throws -> RGBAImage {
        try bytes.withUnsafeBytes { try decode(raw: $0, file: file, maxPixels: maxPixels) }
    }

    /// True when two PNG files hold the same image (size and every pixel), whichever encoder
    /// wrote them; false when either cannot be decoded.
    public static func samePixels(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard let x = try? decode(a), let y = try? decode(b) else { return false }
        return x.width == y.width && x.height == y.height && x.pixels == y.pixels
    }

    /// Checks a PNG's signature, chunk framing, every chunk CRC and the IHDR (without inflating)
    /// and returns its size in pixels.
    public static func validate(
        _ bytes: [UInt8], file: String,
        maxPixels: Int = PNGDecoder.defaultMaxPixels
    ) throws -> (width: Int, height: Int) {
        let chunks = try bytes.withUnsafeBytes { try PNGChunks.read($0, file: file, maxPixels: maxPixels) }
        return (chunks.header.width, chunks.header.height)
    }

    /// Decodes PNG data given as raw bytes; `file` names the source in errors.
    public static func decode(
        raw: UnsafeRawBufferPointer, file: String,
        maxPixels: Int = PNGDecoder.defaultMaxPixels
    ) throws -> RGBAImage {
        try decodeStaged(raw: raw, file: file, maxPixels: maxPixels).finish()
    }

    /// Decodes PNG `bytes` up to the last step: 8-bit RGB images stay as unfiltered RGB rows
    /// until `finish()`, so two of them can be found pixel-identical without expanding either.
    static func decodeStaged(_ bytes: [UInt8], file: String, maxPixels: Int) throws -> PNGStagedImage {
        try bytes.withUnsafeBytes { try decodeStaged(raw: $0, file: file, maxPixels: maxPixels) }
    }

    static func decodeStaged(raw: UnsafeRawBufferPointer, file: String, maxPixels: Int) throws -> PNGStagedImage {
        let chunks = try PNGChunks.read(raw, file: file, maxPixels: maxPixels)
        let header = chunks.header
        let (width, height) = (header.width, header.height)
        let (passes, expectedSize, pixelBytes) = try layout(chunks, file: file)
        let pieces = chunks.imageRanges.map { UnsafeRawBufferPointer(rebasing: raw[$0]) }

        if !header.interlaced && header.bitDepth == 8 && (header.colorType == .rgb || header.colorType == .rgba) {
            let converter = PNGRowConverter(header: header, palette: [], transparency: chunks.transparency)
            return try decodeTrueColor8(
                header, pieces: pieces, expectedSize: expectedSize, pixelBytes: pixelBytes,
                converter: converter, file: file)
        }

        var filtered = try [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, count in
            HugePageAdvice.advise(buffer.baseAddress!, count: expectedSize)
            try Zlib.inflate(pieces: pieces, into: buffer.baseAddress!, expectedSize: expectedSize, file: file)
            count = expectedSize
        }
        let converter = PNGRowConverter(header: header, palette: chunks.palette, transparency: chunks.transparency)
        let pixels = try [UInt8](unsafeUninitializedCapacity: pixelBytes) { out, count in
            HugePageAdvice.advise(out.baseAddress!, count: pixelBytes)
            try filtered.withUnsafeMutableBufferPointer { data in
                var cursor = 0
                for pass in passes where !pass.isEmpty {
                    let rowBytes = header.rowBytes(pixels: pass.width)
                    var previous: UnsafePointer<UInt8>?
                    for j in 0..<pass.height {
                        let row = data.baseAddress! + cursor + 1
                        try unfilter(
                            row: row, filterByte: data[cursor], previous: previous, count: rowBytes,
                            stride: header.filterStride, rowIndex: j, file: file)
                        let y = pass.originY + j * pass.stepY
                        let destination = out.baseAddress! + (y * width + pass.originX) * 4
                        converter.convert(
                            row: UnsafePointer(row), pixels: pass.width,
                            into: destination, pixelStride: pass.stepX * 4)
                        previous = UnsafePointer(row)
                        cursor += 1 + rowBytes
                    }
                }
            }
            count = pixelBytes
        }
        return PNGStagedImage(image: RGBAImage(width: width, height: height, pixels: pixels))
    }

    /// The passes of `chunks`' image, the size of its inflated data and of its RGBA pixels;
    /// throws when the compressed data is too short to inflate to the claimed rows (nothing is
    /// allocated before this check).
    static func layout(_ chunks: PNGChunks, file: String) throws -> (passes: [Adam7Pass], expectedSize: Int, pixelBytes: Int) {
        let header = chunks.header
        let passes = Adam7Pass.passes(width: header.width, height: header.height, interlaced: header.interlaced)
        let (width, height) = (header.width, header.height)

        // Sizes, overflow-checked (the cap may be lifted to Int.max).
        var expectedSize = 0
        var overflow = false
        for pass in passes where !pass.isEmpty {
            let (rowBytes, o1) = pass.width.multipliedReportingOverflow(by: header.bitsPerPixel)
            let (rows, o2) = pass.height.multipliedReportingOverflow(by: (rowBytes + 7) / 8 + 1)
            let (sum, o3) = expectedSize.addingReportingOverflow(rows)
            expectedSize = sum
            overflow = overflow || o1 || o2 || o3
        }
        let (pixelCount, o4) = width.multipliedReportingOverflow(by: height)
        let (pixelBytes, o5) = pixelCount.multipliedReportingOverflow(by: 4)
        let compressed = chunks.compressedCount
        let (limit, o6) = compressed.multipliedReportingOverflow(by: maxInflateRatio)
        if overflow || o4 || o5 || (!o6 && expectedSize > limit + maxInflateRatio) {
            throw ImagingError.truncated(
                file: file,
                detail: "\(compressed) bytes of compressed image data cannot hold "
                    + "\(width)×\(height) pixels (\(overflow ? "too many" : String(expectedSize)) bytes)")
        }
        return (passes, expectedSize, pixelBytes)
    }

    @inline(__always)
    static func unfilter(
        row: UnsafeMutablePointer<UInt8>, filterByte: UInt8, previous: UnsafePointer<UInt8>?,
        count: Int, stride: Int, rowIndex: Int, file: String
    ) throws {
        guard let filter = PNGFilter(rawValue: filterByte) else {
            throw ImagingError.unsupported(file: file, detail: "filter type \(filterByte) in row \(rowIndex)")
        }
        PNGUnfilter.unfilter(filter, row: row, previous: previous, count: count, stride: stride)
    }

    /// 8-bit RGB or RGBA, not interlaced: the image data is inflated into the pixel buffer itself
    /// (at its end for RGB, which `PNGStagedImage.finish` later expands forward to RGBA; at its
    /// start for RGBA, which then moves each row left over its filter byte) and unfiltered in place.
    static func decodeTrueColor8(
        _ header: PNGHeader, pieces: [UnsafeRawBufferPointer], expectedSize: Int,
        pixelBytes: Int, converter: PNGRowConverter, file: String
    ) throws -> PNGStagedImage {
        let (width, height) = (header.width, header.height)
        let channels = header.colorType.channels
        let capacity = max(expectedSize, pixelBytes)
        let start = capacity - expectedSize
        let buffer = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let base = buffer.baseAddress!
            HugePageAdvice.advise(base, count: capacity)
            _ = try inflateRows(header, pieces: pieces, expectedSize: expectedSize, into: base, capacity: capacity, file: file)
            if channels == 4 {
                count = pixelBytes
            } else {
                // RGB: the bytes before `start` stay unwritten until `finish()` expands the rows.
                count = capacity
            }
        }
        if channels == 4 {
            return PNGStagedImage(image: RGBAImage(width: width, height: height, pixels: buffer))
        }
        return PNGStagedImage(header: header, rgbRows: buffer, start: start, converter: converter)
    }

    /// The rows of an 8-bit RGB or RGBA image, not interlaced, inflated into `base` (`capacity`
    /// bytes: the larger of the inflated data and the RGBA pixels) at its end and unfiltered
    /// there; RGBA rows are then moved to their place in the pixels, RGB rows stay where they
    /// are (`decodeTrueColor8`). `rowDone(n)` is called once rows 0 ..< n are in place (RGBA:
    /// final), and may stop the decoding by returning false (then this returns false).
    static func inflateRows(
        _ header: PNGHeader, pieces: [UnsafeRawBufferPointer], expectedSize: Int,
        into base: UnsafeMutablePointer<UInt8>, capacity: Int, file: String,
        rowDone: ((Int) -> Bool)? = nil
    ) throws -> Bool {
        let height = header.height
        let channels = header.colorType.channels
        let rowBytes = header.width * channels
        let start = capacity - expectedSize
        try Zlib.inflate(pieces: pieces, into: base + start, expectedSize: expectedSize, file: file)
        var previous: UnsafePointer<UInt8>?
        for j in 0..<height {
            let filterAt = base + start + j * (rowBytes + 1)
            try unfilter(
                row: filterAt + 1, filterByte: filterAt[0], previous: previous, count: rowBytes,
                stride: channels, rowIndex: j, file: file)
            if channels == 4 {
                // RGBA: row j moves left by j + 1 bytes to its place in the pixels while it
                // is still in cache (memmove handles the overlap). That place ends before
                // row j + 1's filter byte, and row j + 1 reads it there as its previous row.
                memmove(base + j * rowBytes, filterAt + 1, rowBytes)
                previous = UnsafePointer(base + j * rowBytes)
            } else {
                previous = UnsafePointer(filterAt + 1)
            }
            if let rowDone, !rowDone(j + 1) { return false }
        }
        return true
    }
}
