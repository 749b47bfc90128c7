import CDeflate

/// Overscroll's own deflate encoder for filtered PNG rows (`row_deflate.h` in CDeflate), kept
/// between streams of one thread (`PNGEncodeWorkspace`): its state (hash table, symbol buffer)
/// and output buffer are allocated once. Every stream starts from a cleared state, so the bytes
/// depend only on the input and the row length, on every machine.
final class RowDeflater {
    private let state: UnsafeMutableRawPointer
    private var output = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    init() {
        state = .allocate(byteCount: overscroll_row_deflate_state_size(), alignment: 64)
    }

    deinit {
        state.deallocate()
        output.deallocate()
    }

    /// Compresses `input` as one zlib stream and passes the bytes to `body`; they stay valid only
    /// during `body`. `row` is the distance in bytes from a byte to the same byte one row up
    /// (1 + bytes per row in PNG's filtered data; 0: no rows).
    func deflate<R>(_ input: UnsafeRawBufferPointer, row: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let bound = overscroll_row_deflate_bound(input.count)
        if output.count < bound {
            output.deallocate()
            output = .allocate(byteCount: bound, alignment: 16)
        }
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var empty: UInt8 = 0
        let count = withUnsafePointer(to: &empty) { dummy in
            overscroll_row_deflate(
                input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? dummy, input.count, max(0, row), out, state)
        }
        return try body(UnsafeRawBufferPointer(start: out, count: count))
    }
}
