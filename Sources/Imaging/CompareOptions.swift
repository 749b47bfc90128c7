import FoundationEssentials

/// Settings of a `compare` run: the perceptual comparison, the tolerance, and where to write
/// diff images and the HTML report.
public struct CompareOptions: Sendable, Equatable {
    /// Options passed to the pixelmatch-compatible comparison.
    public var pixelmatch: PixelmatchOptions
    /// Most differing pixels a frame may have and still match; `nil` = no count limit.
    public var maxDiffPixels: Int?
    /// Largest differing-pixel ratio (differing ÷ total pixels, 0…1) a frame may have and still
    /// match; `nil` = no ratio limit. With neither limit set, no differing pixel is allowed;
    /// with both, a frame must satisfy both (the stricter wins).
    public var maxDiffRatio: Double?
    /// Where diff images go: a `.png` file when comparing two files, otherwise a directory that
    /// receives one `<frame name>` image per frame with differing pixels. `nil` = none.
    public var diffPath: String?
    /// Directory receiving a self-contained HTML report (`index.html` plus `images/`); `nil` = none.
    public var reportDirectory: String?
    /// Worker threads for decoding and comparing (at least 1).
    public var threads: Int
    /// Largest width × height accepted per image (`--max-pixels`); bigger images are an error
    /// before any pixel memory is allocated.
    public var maxPixels: Int = PNGDecoder.defaultMaxPixels
    /// Bytes that pairs compared at the same time may use together (estimated from each file's
    /// size and IHDR); folder compares run as many pairs at once as fit, at least one, at most
    /// `threads`.
    public var memoryBudget: Int = CompareOptions.defaultMemoryBudget

    public init(
        pixelmatch: PixelmatchOptions = .init(), maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
        diffPath: String? = nil, reportDirectory: String? = nil,
        threads: Int = CompareOptions.defaultThreads
    ) {
        self.pixelmatch = pixelmatch
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.diffPath = diffPath
        self.reportDirectory = reportDirectory
        self.threads = max(1, threads)
    }

    /// Half the memory available now (`MemAvailable`), at least 256 MiB; 2 GiB when unknown.
    public static var defaultMemoryBudget: Int {
        guard let available = availableMemory() else { return 2 << 30 }
        return max(256 << 20, available / 2)
    }

    /// The number of active processors.
    public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `MemAvailable` of /proc/meminfo in bytes, when readable (FoundationEssentials' `ProcessInfo`
    /// knows the physical memory, not the memory available now).
    private static func availableMemory() -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/meminfo") else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("MemAvailable:") {
            return Int(line.dropFirst("MemAvailable:".count).filter(\.isNumber)).map { $0 * 1024 }
        }
        return nil
    }

    /// True when a frame with `differing` of `total` pixels is within tolerance.
    public func allows(differing: Int, total: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return differing == 0 }
        if let limit = maxDiffPixels, differing > limit { return false }
        if let limit = maxDiffRatio, total > 0, Double(differing) / Double(total) > limit { return false }
        return true
    }
}
