import CDeflate
import CZlib

/// zlib-format streams for PNG image data. Compression with `PNGEncoder.Compressor.zlib` uses
/// zlib (on recorded UI frames zlib level 1 beat libdeflate level 1 by about 15 % of CPU; the
/// default compressor is the row deflater, `RowDeflater`, 3–4× faster again); decompression and
/// CRCs use libdeflate, which inflates whole buffers 2–3× faster, and falls back to zlib's
/// streaming inflate for streams it rejects (trailing data, damage), which gives precise errors.
enum Zlib {
    /// Inflates with libdeflate into `output` when the stream decompresses to exactly
    /// `expectedSize` bytes; false otherwise (the output then holds garbage).
    static func fastInflate(
        pieces: [UnsafeRawBufferPointer], into output: UnsafeMutableRawPointer,
        expectedSize: Int
    ) -> Bool {
        guard expectedSize > 0, let d = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(d) }
        var actual = 0
        func run(_ input: UnsafeRawBufferPointer) -> Bool {
            libdeflate_zlib_decompress(d, input.baseAddress, input.count, output, expectedSize, &actual)
                == LIBDEFLATE_SUCCESS && actual == expectedSize
        }
        if pieces.count == 1 { return run(pieces[0]) }
        var joined = [UInt8]()
        joined.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for p in pieces { joined.append(contentsOf: p) }
        return joined.withUnsafeBytes { run($0) }
    }

    /// Inflates a zlib stream split across `pieces` (the IDAT chunk payloads, in order) into
    /// exactly `expectedSize` bytes at `output`.
    ///
    /// Extra data after `expectedSize` bytes is ignored, as common decoders do. Throws
    /// `ImagingError.truncated` when the stream ends early and `.zlib` on corrupt data.
    static func inflate(
        pieces: [UnsafeRawBufferPointer], into output: UnsafeMutableRawPointer,
        expectedSize: Int, file: String
    ) throws {
        if fastInflate(pieces: pieces, into: output, expectedSize: expectedSize) { return }
        guard expectedSize > 0 else { return }
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ImagingError.zlib(file: file, detail: "inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        let base = output.assumingMemoryBound(to: UInt8.self)
        var produced = 0
        var streamEnded = false
        pieceLoop: for piece in pieces where piece.count > 0 {
            stream.next_in = UnsafeMutablePointer(mutating: piece.baseAddress!.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(piece.count)
            while stream.avail_in > 0 {
                let room = min(expectedSize - produced, Int(Int32.max))
                stream.next_out = base + produced
                stream.avail_out = uInt(room)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                produced += room - Int(stream.avail_out)
                if status == Z_STREAM_END { streamEnded = true; break pieceLoop }
                if status == Z_BUF_ERROR && stream.avail_out == 0 { break pieceLoop }
                if status != Z_OK {
                    let message = stream.msg.map { String(cString: $0) } ?? "code \(status)"
                    throw ImagingError.zlib(file: file, detail: message)
                }
                if produced == expectedSize { break pieceLoop }
            }
        }
        if produced < expectedSize {
            throw ImagingError.truncated(
                file: file,
                detail: streamEnded
                    ? "image data holds \(produced) of \(expectedSize) bytes"
                    : "compressed image data ends early")
        }
    }

    /// Compresses `input` as one zlib stream with the given level (0–9) and strategy
    /// (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE`, …). Output is deterministic for a given zlib
    /// build, level and strategy.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, strategy: Int32, file: String) throws -> [UInt8] {
        // zlib compresses a raw deflate stream; the zlib header and the Adler-32 trailer are
        // written here, the checksum by libdeflate's vectorised adler32 (zlib's scalar one was
        // ~7 % of a recording's CPU).
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, -15, 8, strategy,
                zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw ImagingError.zlib(file: file, detail: "deflateInit failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 6
        var failure: ImagingError?
        let adler = libdeflate_adler32(1, input.baseAddress, input.count)
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            let base = buffer.baseAddress!
            base[0] = 0x78
            base[1] = Self.headerFlags(level: level)
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = base + 2
            stream.avail_out = uInt(bound - 6)
            let status = CZlib.deflate(&stream, Z_FINISH)
            if status != Z_STREAM_END {
                failure = .zlib(file: file, detail: "deflate returned \(status)")
                count = 0
                return
            }
            let end = 2 + Int(stream.total_out)
            base[end] = UInt8(truncatingIfNeeded: adler >> 24)
            base[end + 1] = UInt8(truncatingIfNeeded: adler >> 16)
            base[end + 2] = UInt8(truncatingIfNeeded: adler >> 8)
            base[end + 3] = UInt8(truncatingIfNeeded: adler)
            count = end + 4
        }
        if let failure { throw failure }
        return output
    }

    /// The FLG byte zlib writes after CMF 0x78 for a compression level (FLEVEL + check bits).
    static func headerFlags(level: Int32) -> UInt8 {
        switch level {
        case ...1: return 0x01
        case 2...5: return 0x5E
        case 6: return 0x9C
        default: return 0xDA
        }
    }

    /// CRC-32 (as PNG uses it) of `bytes`, continuing from `crc` (0 to start).
    static func crc(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        return libdeflate_crc32(crc, base, bytes.count)
    }
}
