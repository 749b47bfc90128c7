/// Memory one thread reuses from one PNG encode to the next: the filtered image and a
/// compressor (the row deflater, or zlib) with its output buffer. A recording encodes hundreds
/// of same-sized frames; with a workspace per encoding thread none of them maps, faults in and
/// frees megabytes of fresh memory. The bytes written are the same with or without a workspace. Not thread-safe: one
/// workspace serves one encode at a time.
public final class PNGEncodeWorkspace {
    private var filtered = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var deflater: ZlibDeflater?
    private var rows: RowDeflater?

    public init() {}

    deinit { filtered.deallocate() }

    /// At least `count` bytes for the filtered rows (contents undefined).
    func filteredBuffer(count: Int) -> UnsafeMutablePointer<UInt8> {
        if filtered.count < count {
            filtered.deallocate()
            filtered = .allocate(byteCount: count, alignment: 16)
        }
        return filtered.baseAddress!.assumingMemoryBound(to: UInt8.self)
    }

    /// The row deflater, made on first use.
    func rowDeflater() -> RowDeflater {
        if let rows { return rows }
        let d = RowDeflater()
        rows = d
        return d
    }

    /// The zlib compressor for `level` and `strategy`, kept while they stay the same.
    func deflater(level: Int32, strategy: Int32) -> ZlibDeflater {
        if let d = deflater, d.level == level, d.strategy == strategy { return d }
        let d = ZlibDeflater(level: level, strategy: strategy)
        deflater = d
        return d
    }
}
