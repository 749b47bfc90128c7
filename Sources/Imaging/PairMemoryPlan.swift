#if canImport(Glibc)
import Glibc
#endif

/// How many frame pairs a folder compare runs at once: as many as the memory budget holds
/// (each pair estimated from its files' sizes and IHDRs), at least one, at most the thread
/// count. Peak memory then follows the budget, not the number of cores.
extension CompareRunner {
    /// Pairs to compare concurrently.
    static func parallelPairs(_ pairs: [FramePair], options: CompareOptions, wantDiff: Bool) -> Int {
        let most = min(options.threads, pairs.count)
        guard most > 1 else { return 1 }
        let largest = pairs.map { estimatedBytes($0, wantDiff: wantDiff, maxPixels: options.maxPixels) }.max() ?? 0
        guard largest > 0 else { return most }
        return max(1, min(most, options.memoryBudget / largest))
    }

    /// Bytes one pair may need at its peak: both files, both decode buffers (image data plus
    /// pixels), and the diff image and its PNG when wanted. Unreadable headers count as their
    /// file size only (the pair fails before decoding).
    static func estimatedBytes(_ pair: FramePair, wantDiff: Bool, maxPixels: Int) -> Int {
        var total = 0
        var largestPixels = 0
        for path in [pair.expected, pair.actual] {
            let (fileSize, pixels, filtered) = headerEstimate(path, maxPixels: maxPixels)
            total += fileSize + pixels * 4 + filtered
            largestPixels = max(largestPixels, pixels)
        }
        if wantDiff { total += largestPixels * 4 * 3 / 2 }
        return total
    }

    /// File size, pixel count and decompressed image-data size from the first 33 bytes.
    static func headerEstimate(_ path: String, maxPixels: Int) -> (fileSize: Int, pixels: Int, filtered: Int) {
        // Regular files only: a pipe's first bytes are not consumed here, and a FIFO nobody
        // writes to does not block the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return (0, 0, 0) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return (0, 0, 0) }
        let fileSize = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: 33)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 33) }
        guard n == 33, bytes.prefix(8).elementsEqual(PNGDecoder.signature),
            let header = try? PNGHeader(ihdr: bytes[16..<29], file: path, maxPixels: maxPixels)
        else {
            return (fileSize, 0, 0)
        }
        let pixels = header.width * header.height
        return (fileSize, pixels, header.height * (1 + header.rowBytes(pixels: header.width)))
    }
}
