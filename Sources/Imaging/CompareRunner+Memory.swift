/// Frames compared in memory by the caller (a recording's keyframes against their goldens,
/// `overscroll verify`) get the same outputs as a `compare` of files: diff images into
/// `diffPath` and the HTML report, written only when no frame had an error.
extension CompareRunner {
    /// One frame compared elsewhere, with the bytes its outputs need.
    public struct ComparedFrame: Sendable {
        public var comparison: FrameComparison
        /// The diff image's PNG (`PNGEncoder.diff`; when some pixel differs and a diff or report
        /// was asked for).
        public var diffPNG: [UInt8]?
        /// The golden's and the frame's PNG bytes, for the report of a mismatched frame.
        public var expectedPNG: [UInt8]?
        public var actualPNG: [UInt8]?
        public init(comparison: FrameComparison, diffPNG: [UInt8]? = nil, expectedPNG: [UInt8]? = nil, actualPNG: [UInt8]? = nil) {
            self.comparison = comparison; self.diffPNG = diffPNG; self.expectedPNG = expectedPNG; self.actualPNG = actualPNG
        }
    }

    /// The report of `frames` in their order, writing the diff images (`options.diffPath`, a
    /// folder) and the HTML report as `run(pairs:)` does. `errors` (one line each) make the
    /// report an error report and write nothing.
    public static func report(frames: [ComparedFrame], errors: [String] = [], options: CompareOptions) -> CompareReport {
        if !errors.isEmpty { return CompareReport(errors: errors) }
        // As with no pairs: no frame, no diff folder or report.
        if frames.isEmpty { return CompareReport() }
        var outcomes: [FrameOutcome] = []
        for frame in frames {
            var outcome = FrameOutcome(comparison: frame.comparison, diffPNG: frame.diffPNG)
            if !frame.comparison.match && options.reportDirectory != nil {
                outcome.expectedPNG = frame.expectedPNG
                outcome.actualPNG = frame.actualPNG
            }
            outcomes.append(outcome)
        }
        return finish(outcomes, singleFile: false, options: options, oneSided: [])
    }
}
