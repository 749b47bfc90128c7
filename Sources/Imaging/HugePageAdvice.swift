#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to back a large, not yet touched buffer with transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`): a decoded 1920×1080 frame then takes a handful of 2 MiB page
/// faults instead of two thousand 4 KiB ones, which was about a third of `compare`'s CPU time.
/// Only a hint: without THP (or with it set to `never`) nothing changes.
enum HugePageAdvice {
    /// Buffers smaller than this are left alone (one huge page).
    static let threshold = 2 << 20

    /// `MADV_POPULATE_WRITE` (Linux 5.14; older kernels refuse it and nothing happens).
    static let populateWrite: Int32 = 23

    /// Advises `count` bytes from `start`. With `populating` (byte offsets from `start` that the
    /// caller is about to write in full), the parts of that range outside the 2 MiB-aligned middle
    /// (at most 2 MiB either end: a buffer from `malloc` is not aligned to huge pages, and its
    /// ends take 4 KiB faults, about a thousand per buffer) are populated with one call each
    /// instead of one fault per page.
    static func advise(_ start: UnsafeMutableRawPointer, count: Int, populating written: Range<Int>? = nil) {
        #if os(Linux)
        guard count >= threshold else { return }
        let page = Int(getpagesize())
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let end = (Int(bitPattern: start) + count) / page * page
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        guard let written else { return }
        let huge = 2 << 20
        let middle = (first + huge - 1) / huge * huge..<max((first + huge - 1) / huge * huge, end / huge * huge)
        let wanted = (Int(bitPattern: start) + written.lowerBound)..<(Int(bitPattern: start) + written.upperBound)
        // Whole pages only, inside the written range: a page partly outside it is left to fault.
        let low = (wanted.lowerBound + page - 1) / page * page, high = wanted.upperBound / page * page
        for piece in [low..<min(high, middle.lowerBound), max(low, middle.upperBound)..<high] where !piece.isEmpty {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: piece.lowerBound), piece.count, populateWrite)
        }
        #endif
    }
}
