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

    public init(pixelmatch: PixelmatchOptions = .init(), maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
                diffPath: String? = nil, reportDirectory: String? = nil,
                threads: Int = CompareOptions.defaultThreads) {
        self.pixelmatch = pixelmatch
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.diffPath = diffPath
        self.reportDirectory = reportDirectory
        self.threads = max(1, threads)
    }

    /// The number of active processors.
    public static var defaultThreads: Int { max(1, ProcessInfoLite.activeProcessorCount) }

    /// True when a frame with `differing` of `total` pixels is within tolerance.
    public func allows(differing: Int, total: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return differing == 0 }
        if let limit = maxDiffPixels, differing > limit { return false }
        if let limit = maxDiffRatio, total > 0, Double(differing) / Double(total) > limit { return false }
        return true
    }
}
