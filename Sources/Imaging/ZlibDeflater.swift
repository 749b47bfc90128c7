import CDeflate
import CZlib

/// One zlib compressor kept between streams of one thread (`PNGEncodeWorkspace`): the state
/// (window, hash tables) and the output buffer are allocated once and reset for each stream, so
/// a recording does not map and fault in fresh memory for every frame. zlib documents
/// `deflateReset` as equal to `deflateEnd` followed by `deflateInit`, so every stream's bytes are
/// those `Zlib.deflate` writes for the same input, level and strategy.
final class ZlibDeflater {
    let level: Int32
    let strategy: Int32
    /// zlib keeps a pointer back to its `z_stream`, so the stream has a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private var output: UnsafeMutableRawBufferPointer
    private var initialized = false

    init(level: Int32, strategy: Int32) {
        self.level = level
        self.strategy = strategy
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    deinit {
        if initialized { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Compresses `input` as one zlib stream (header, raw deflate data, Adler-32) and passes the
    /// bytes to `body`; they stay valid only during `body`.
    func deflate<R>(_ input: UnsafeRawBufferPointer, file: String, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        if initialized {
            guard deflateReset(stream) == Z_OK else { throw ImagingError.zlib(file: file, detail: "deflateReset failed") }
        } else {
            guard
                deflateInit2_(
                    stream, level, Z_DEFLATED, -15, 8, strategy,
                    zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
            else {
                throw ImagingError.zlib(file: file, detail: "deflateInit failed")
            }
            initialized = true
        }
        let bound = Int(deflateBound(stream, uLong(input.count))) + 6
        if output.count < bound {
            output.deallocate()
            output = .allocate(byteCount: bound, alignment: 16)
        }
        let base = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let adler = libdeflate_adler32(1, input.baseAddress, input.count)
        base[0] = 0x78
        base[1] = Zlib.headerFlags(level: level)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = base + 2
        stream.pointee.avail_out = uInt(bound - 6)
        let status = CZlib.deflate(stream, Z_FINISH)
        guard status == Z_STREAM_END else { throw ImagingError.zlib(file: file, detail: "deflate returned \(status)") }
        let end = 2 + Int(stream.pointee.total_out)
        base[end] = UInt8(truncatingIfNeeded: adler >> 24)
        base[end + 1] = UInt8(truncatingIfNeeded: adler >> 16)
        base[end + 2] = UInt8(truncatingIfNeeded: adler >> 8)
        base[end + 3] = UInt8(truncatingIfNeeded: adler)
        return try body(UnsafeRawBufferPointer(start: base, count: end + 4))
    }
}
