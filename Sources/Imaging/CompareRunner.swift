import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Support
import Synchronization

/// Runs `overscroll compare`: two PNG files, or two folders whose PNG frames are matched by
/// file name.
///
/// Per frame: identical files, then identical decoded pixels, are a match with no further work;
/// otherwise the pixelmatch-compatible comparison counts differing pixels, which the tolerance
/// turns into match or mismatch. Folders are compared frame-parallel; a single pair is decoded
/// and compared with row-parallel bands. Diff images and the report are written only after every
/// frame compared without error, each file atomically.
public enum CompareRunner {
    /// One pair of files to compare.
    public struct FramePair: Sendable {
        public let name: String
        public let expected: String
        public let actual: String
        public init(name: String, expected: String, actual: String) {
            self.name = name; self.expected = expected; self.actual = actual
        }
    }

    /// What one pair produced: the result, or an error, plus bytes kept for outputs.
    struct FrameOutcome: Sendable {
        var comparison: FrameComparison?
        var error: String?
        var diffPNG: [UInt8]?
        var expectedPNG: [UInt8]?
        var actualPNG: [UInt8]?
    }

    /// Compares `expected` against `actual` (both files or both directories).
    public static func run(expected: String, actual: String, options: CompareOptions = .init()) -> CompareReport {
        let pairs: [FramePair]
        let comparingFiles: Bool
        let oneSided: [String]
        switch planPairs(expected: expected, actual: actual) {
        case .failure(let failure): return CompareReport(errors: failure.messages)
        case .success(let plan): (pairs, comparingFiles, oneSided) = plan
        }
        var report = run(pairs: pairs, singleFile: comparingFiles, options: options, oneSided: oneSided)
        report.oneSided = oneSided
        return report
    }

    /// Compares the given pairs (e.g. chosen keyframes against goldens). `singleFile` makes
    /// `diffPath` one file rather than a folder (only for a single pair).
    /// `oneSided` (frames on one side only) are listed in the HTML report as failures.
    public static func run(
        pairs: [FramePair], singleFile: Bool = false, options: CompareOptions = .init(),
        oneSided: [String] = []
    ) -> CompareReport {
        let comparingFiles = singleFile && pairs.count == 1
        guard !pairs.isEmpty else { return CompareReport() }

        let wantDiff = options.diffPath != nil || options.reportDirectory != nil
        let outcomes = OutcomeSlots(count: pairs.count)
        let workers = pairs.count == 1 ? 1 : parallelPairs(pairs, options: options, wantDiff: wantDiff)
        if workers == 1 {
            for index in pairs.indices {
                outcomes.set(index, compare(pairs[index], options: options, wantDiff: wantDiff, threads: options.threads))
            }
        } else {
            // Frames in parallel; an atomic counter hands out the next frame to each worker.
            let next = IndexDispenser(limit: pairs.count)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = next.take() {
                    outcomes.set(index, compare(pairs[index], options: options, wantDiff: wantDiff, threads: 1))
                }
            }
        }
        return finish(outcomes.values, singleFile: comparingFiles, options: options, oneSided: oneSided)
    }

    /// The report of compared frames: errors, or the frames with their diff images and HTML
    /// report written.
    static func finish(
        _ results: [FrameOutcome], singleFile comparingFiles: Bool, options: CompareOptions,
        oneSided: [String]
    ) -> CompareReport {
        let errors = results.compactMap(\.error)
        if !errors.isEmpty { return CompareReport(errors: errors) }
        let report = CompareReport(frames: results.compactMap(\.comparison), oneSided: oneSided)

        var writeErrors: [String] = []
        if let diffPath = options.diffPath {
            writeErrors += writeDiffs(results, to: diffPath, singleFile: comparingFiles)
        }
        if let directory = options.reportDirectory, writeErrors.isEmpty {
            do {
                try HTMLReportWriter.write(report: report, outcomes: results, options: options, to: directory)
            } catch {
                writeErrors.append("\(error)")
            }
        }
        if !writeErrors.isEmpty { return CompareReport(frames: report.frames, errors: writeErrors) }
        return report
    }

    /// Pairs up the inputs: two files, or the frame files of two directories by name (plus one
    /// failure line per frame present on one side only).
    static func planPairs(expected: String, actual: String) -> Result<([FramePair], Bool, [String]), PlanErrors> {
        var isDirectory = false
        var kinds: [Bool] = []
        var errors: [String] = []
        for path in [expected, actual] {
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                kinds.append(isDirectory)
            } else {
                errors.append("\(OutputPaths.printable(path)): \(OutputPaths.missingReason(path))")
            }
        }
        if !errors.isEmpty { return .failure(PlanErrors(errors)) }
        switch (kinds[0], kinds[1]) {
        case (false, false):
            let name = URL(fileURLWithPath: expected).lastPathComponent
            return .success(([FramePair(name: name, expected: expected, actual: actual)], true, []))
        case (true, true):
            let expectedNames: Set<String>, actualNames: Set<String>
            do {
                expectedNames = try pngNames(in: expected)
                actualNames = try pngNames(in: actual)
            } catch {
                return .failure(PlanErrors(["\(error)"]))
            }
            if expectedNames.isEmpty && actualNames.isEmpty {
                return .failure(PlanErrors(["no PNG frames in \(expected) or \(actual)"]))
            }
            var oneSided = expectedNames.subtracting(actualNames).map { "missing in ACTUAL: \($0)" }
            oneSided += actualNames.subtracting(expectedNames).map { "missing in EXPECTED: \($0)" }
            oneSided.sort { $0.split(separator: " ").last! < $1.split(separator: " ").last! }
            let pairs = expectedNames.intersection(actualNames).sorted().map {
                FramePair(name: $0, expected: expected + "/" + $0, actual: actual + "/" + $0)
            }
            return .success((pairs, false, oneSided))
        default:
            return .failure(
                PlanErrors([
                    "\(kinds[0] ? expected : actual) is a directory but "
                        + "\(kinds[0] ? actual : expected) is a file: compare two files or two directories"
                ]))
        }
    }

    /// Errors found while pairing the inputs.
    struct PlanErrors: Error {
        let messages: [String]
        init(_ messages: [String]) { self.messages = messages }
    }

    /// The frames of a folder: its `frame-*.png` files, or every PNG when it has none (so a
    /// recording's `contact-sheet.png` and `plot.png` are not compared as frames).
    static func pngNames(in directory: String) throws -> Set<String> {
        let all = try allPNGNames(in: directory)
        let frames = all.filter { $0.hasPrefix("frame-") }
        return frames.isEmpty ? all : frames
    }

    /// Names of the regular `.png` files (any case) directly inside `directory`.
    static func allPNGNames(in directory: String) throws -> Set<String> {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw ImagingError.io(file: directory, detail: "cannot list directory")
        }
        var isDirectory = false
        return Set(
            entries.filter {
                $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".")
                    && FileManager.default.fileExists(atPath: directory + "/" + $0, isDirectory: &isDirectory)
                    && !isDirectory
            })
    }

    /// Compares one pair; never throws (errors become the outcome's message).
    static func compare(_ pair: FramePair, options: CompareOptions, wantDiff: Bool, threads: Int) -> FrameOutcome {
        let files: (expected: [UInt8], actual: [UInt8])
        do { files = try loadBoth(pair, threads: threads) } catch { return FrameOutcome(error: "\(error)") }
        return compare(files, pair, options: options, wantDiff: wantDiff, threads: threads)
    }

    /// One pair's outcome as `compare` of files gives it, for PNG bytes held in memory: the
    /// comparison, or the error line (naming `names`), and the diff image's PNG when `wantDiff`
    /// and some pixel differs. The same outcome on any number of `threads` (the fuzz target
    /// `fuzz-compare` checks one thread against two).
    public static func compare(
        png files: (expected: [UInt8], actual: [UInt8]), names: (expected: String, actual: String),
        options: CompareOptions, wantDiff: Bool, threads: Int
    ) -> (comparison: FrameComparison?, error: String?, diffPNG: [UInt8]?) {
        let pair = FramePair(name: names.expected, expected: names.expected, actual: names.actual)
        let outcome = compare(files, pair, options: options, wantDiff: wantDiff, threads: threads)
        return (outcome.comparison, outcome.error, outcome.diffPNG)
    }

    static func compare(
        _ files: (expected: [UInt8], actual: [UInt8]), _ pair: FramePair, options: CompareOptions, wantDiff: Bool,
        threads: Int
    ) -> FrameOutcome {
        do {
            if sameBytes(files.expected, files.actual) {
                // Identical bytes: no decoding, but the file must still be a sound PNG (signature,
                // IHDR, every chunk's CRC), so two copies of a corrupt file are an error.
                let size = try PNGDecoder.validate(files.expected, file: pair.expected, maxPixels: options.maxPixels)
                return FrameOutcome(
                    comparison: FrameComparison(
                        name: pair.name, width: size.width, height: size.height,
                        differing: 0, identical: true, match: true))
            }
            // Two 8-bit RGBA images: decoded side by side, rows compared as they are decoded.
            if threads > 1,
                var piped = try RowPipelinedPair.compare(
                    files, names: (pair.expected, pair.actual), options: options, count: !wantDiff)
            {
                return try finish(&piped, pair, files: files, options: options, wantDiff: wantDiff, threads: threads)
            }
            let staged = try decodeBoth(files, pair, threads: threads, maxPixels: options.maxPixels)
            guard staged.0.width == staged.1.width, staged.0.height == staged.1.height else {
                throw ImagingError.sizeMismatch(
                    expected: pair.expected, expectedSize: (staged.0.width, staged.0.height),
                    actual: pair.actual, actualSize: (staged.1.width, staged.1.height))
            }
            // An opaque RGB image is compared on its rows (with the other's RGB rows, or RGBA
            // pixels) before it is expanded.
            let differingRows = PNGStagedImage.differingRows(staged.0, staged.1, threads: threads)
            if let differingRows, !differingRows.contains(true) {
                return FrameOutcome(
                    comparison: FrameComparison(
                        name: pair.name, width: staged.0.width,
                        height: staged.0.height, differing: 0,
                        identical: true, match: true))
            }
            let comparison: FrameComparison, diff: RGBAImage?
            // A diff with a background is drawn over the expected image's pixels (no new memory).
            let background = wantDiff && !options.pixelmatch.diffMask
            if let differingRows {
                // Only the rows the comparison reads are expanded (all of the expected image's
                // when the diff draws it as its background).
                let read = PNGStagedImage.rowsRead(differing: differingRows)
                var (first, second) = finishBoth(staged, rows: (background ? nil : read, read), threads: threads)
                let (width, height) = (first.width, first.height)
                let names = (pair.expected, pair.actual)
                let result =
                    background
                    ? try Pixelmatch.compare(
                        drawingOver: &first, second, options: options.pixelmatch, threads: threads, names: names,
                        differingRows: differingRows)
                    : try Pixelmatch.compare(
                        first, second, options: options.pixelmatch, makeDiff: wantDiff,
                        threads: threads, names: names, differingRows: differingRows)
                comparison = FrameComparison(
                    name: pair.name, width: width, height: height,
                    differing: result.differing, identical: false,
                    match: options.allows(differing: result.differing, total: width * height))
                diff = result.differing > 0 ? result.diff : nil
            } else {
                var (first, second) = finishBoth(staged, rows: (nil, nil), threads: threads)
                let (width, height) = (first.width, first.height)
                if sameBytes(first.pixels, second.pixels, threads: threads) {
                    comparison = FrameComparison(
                        name: pair.name, width: width, height: height, differing: 0, identical: true, match: true)
                    diff = nil
                } else {
                    let names = (pair.expected, pair.actual)
                    let result =
                        background
                        ? try Pixelmatch.compare(
                            drawingOver: &first, second, options: options.pixelmatch, threads: threads, names: names,
                            differingRows: nil)
                        : try Pixelmatch.compare(
                            first, second, options: options.pixelmatch, makeDiff: wantDiff, threads: threads,
                            names: names, differingRows: nil)
                    comparison = FrameComparison(
                        name: pair.name, width: width, height: height,
                        differing: result.differing, identical: false,
                        match: options.allows(differing: result.differing, total: width * height))
                    diff = result.differing > 0 ? result.diff : nil
                }
            }
            var outcome = FrameOutcome(comparison: comparison)
            if let diff { outcome.diffPNG = try PNGEncoder.diff.encode(diff) }
            if !comparison.match && options.reportDirectory != nil {
                outcome.expectedPNG = files.expected
                outcome.actualPNG = files.actual
            }
            return outcome
        } catch {
            return FrameOutcome(error: "\(error)")
        }
    }

    /// The outcome of a pair decoded and compared row by row (`RowPipelinedPair`): identical
    /// pixels, the count it made, or (a diff wanted) the diff drawn over the rows found differing.
    /// The expected image is taken out of `piped`, so a diff drawn over its pixels does not copy them.
    static func finish(
        _ piped: inout RowPipelinedPair.Outcome, _ pair: FramePair, files: (expected: [UInt8], actual: [UInt8]),
        options: CompareOptions, wantDiff: Bool, threads: Int
    ) throws -> FrameOutcome {
        var first = RGBAImage(width: 0, height: 0)
        swap(&first, &piped.expected)
        let (width, height) = (first.width, first.height)
        func frame(differing: Int, identical: Bool) -> FrameComparison {
            FrameComparison(
                name: pair.name, width: width, height: height, differing: differing, identical: identical,
                match: identical || options.allows(differing: differing, total: width * height))
        }
        guard piped.differingRows.contains(true) else { return FrameOutcome(comparison: frame(differing: 0, identical: true)) }
        var outcome: FrameOutcome
        if let differing = piped.differing {
            outcome = FrameOutcome(comparison: frame(differing: differing, identical: false))
        } else {
            let names = (pair.expected, pair.actual)
            let result =
                options.pixelmatch.diffMask
                ? try Pixelmatch.compare(
                    first, piped.actual, options: options.pixelmatch, makeDiff: wantDiff, threads: threads, names: names,
                    differingRows: piped.differingRows)
                : try Pixelmatch.compare(
                    drawingOver: &first, piped.actual, options: options.pixelmatch, threads: threads, names: names,
                    differingRows: piped.differingRows)
            outcome = FrameOutcome(comparison: frame(differing: result.differing, identical: false))
            if result.differing > 0, let diff = result.diff { outcome.diffPNG = try PNGEncoder.diff.encode(diff) }
        }
        if !outcome.comparison!.match && options.reportDirectory != nil {
            outcome.expectedPNG = files.expected
            outcome.actualPNG = files.actual
        }
        return outcome
    }

    /// Compares two decoded images held in memory, as a pair of files is compared once decoded:
    /// identical pixels match at once; otherwise the pixelmatch-compatible comparison counts the
    /// differing pixels and `options`' tolerance decides. The diff image comes back when
    /// `makeDiff` and some pixel differs. Throws `ImagingError.sizeMismatch` (naming `names`).
    public static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, name: String, options: CompareOptions,
        makeDiff: Bool, threads: Int = 1,
        names: (expected: String, actual: String) = ("expected", "actual")
    ) throws
        -> (comparison: FrameComparison, diff: RGBAImage?)
    {
        if expected.width == actual.width, expected.height == actual.height, sameBytes(expected.pixels, actual.pixels) {
            return (
                FrameComparison(
                    name: name, width: expected.width, height: expected.height, differing: 0,
                    identical: true, match: true), nil
            )
        }
        let result = try Pixelmatch.compare(
            expected, actual, options: options.pixelmatch, makeDiff: makeDiff,
            threads: threads, names: names)
        let match = options.allows(differing: result.differing, total: expected.pixelCount)
        return (
            FrameComparison(
                name: name, width: expected.width, height: expected.height,
                differing: result.differing, identical: false, match: match),
            result.differing > 0 ? result.diff : nil
        )
    }

    /// Byte equality with `memcmp` (Array's `==` compares element by element).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// `sameBytes` on `threads` threads for large buffers: each takes every `threads`-th
    /// 1 MiB chunk, and all stop at the first difference any of them finds.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8], threads: Int) -> Bool {
        let chunk = 1 << 20
        guard a.count == b.count, threads > 1, a.count >= 4 * chunk else { return sameBytes(a, b) }
        let differs = Atomic<Bool>(false)
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let (p, q, count) = (UInt(bitPattern: x.baseAddress), UInt(bitPattern: y.baseAddress), x.count)
                let chunks = (count + chunk - 1) / chunk
                DispatchQueue.concurrentPerform(iterations: threads) { lane in
                    var k = lane
                    while k < chunks && !differs.load(ordering: .relaxed) {
                        let start = k * chunk, length = min(chunk, count - start)
                        if memcmp(UnsafeRawPointer(bitPattern: p + UInt(start))!, UnsafeRawPointer(bitPattern: q + UInt(start))!, length)
                            != 0
                        {
                            differs.store(true, ordering: .relaxed)
                        }
                        k += threads
                    }
                }
                return !differs.load(ordering: .relaxed)
            }
        }
    }

    /// Reads both files (concurrently when `threads` > 1).
    static func loadBoth(_ pair: FramePair, threads: Int) throws -> (expected: [UInt8], actual: [UInt8]) {
        let paths = [pair.expected, pair.actual]
        let slots = OutcomeSlots<Result<[UInt8], ImagingError>>(count: 2, initial: .success([]))
        let work: @Sendable (Int) -> Void = { index in
            do { slots.set(index, .success(try PNGDecoder.readFile(atPath: paths[index]))) } catch {
                slots.set(index, .failure(error as? ImagingError ?? .io(file: paths[index], detail: "\(error)")))
            }
        }
        if threads > 1 { DispatchQueue.concurrentPerform(iterations: 2, execute: work) } else { work(0); work(1) }
        let values = slots.values
        return (try values[0].get(), try values[1].get())
    }

    /// Decodes both images (concurrently when `threads` > 1), short of their last step.
    static func decodeBoth(
        _ files: (expected: [UInt8], actual: [UInt8]), _ pair: FramePair,
        threads: Int, maxPixels: Int
    ) throws -> (PNGStagedImage, PNGStagedImage) {
        let inputs = [(files.expected, pair.expected), (files.actual, pair.actual)]
        let empty = PNGStagedImage(image: RGBAImage(width: 0, height: 0))
        let slots = OutcomeSlots<Result<PNGStagedImage, ImagingError>>(count: 2, initial: .success(empty))
        let work: @Sendable (Int) -> Void = { index in
            do {
                slots.set(
                    index,
                    .success(
                        try PNGDecoder.decodeStaged(
                            inputs[index].0, file: inputs[index].1,
                            maxPixels: maxPixels)))
            } catch {
                slots.set(index, .failure(error as? ImagingError ?? .io(file: inputs[index].1, detail: "\(error)")))
            }
        }
        if threads > 1 { DispatchQueue.concurrentPerform(iterations: 2, execute: work) } else { work(0); work(1) }
        let values = slots.values
        return (try values[0].get(), try values[1].get())
    }

    /// Finishes both staged images to RGBA (concurrently when `threads` > 1), each only in the
    /// rows marked in `rows` (nil: all; see `PNGStagedImage.finish(rows:)`).
    static func finishBoth(
        _ staged: (PNGStagedImage, PNGStagedImage), rows: ([Bool]?, [Bool]?),
        threads: Int
    ) -> (RGBAImage, RGBAImage) {
        let inputs = [(staged.0, rows.0), (staged.1, rows.1)]
        let slots = OutcomeSlots<RGBAImage>(count: 2, initial: RGBAImage(width: 0, height: 0))
        let work: @Sendable (Int) -> Void = { index in slots.set(index, inputs[index].0.finish(rows: inputs[index].1)) }
        if threads > 1 { DispatchQueue.concurrentPerform(iterations: 2, execute: work) } else { work(0); work(1) }
        let values = slots.values
        // The slots let go of the pixels, so the caller holds the only reference (a diff drawn
        // over them does not copy them).
        slots.set(0, RGBAImage(width: 0, height: 0))
        slots.set(1, RGBAImage(width: 0, height: 0))
        return (values[0], values[1])
    }

    /// Writes the diff images; returns error messages.
    static func writeDiffs(_ outcomes: [FrameOutcome], to path: String, singleFile: Bool) -> [String] {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let intoDirectory = !singleFile || (exists && isDirectory) || path.hasSuffix("/")
        if intoDirectory && exists && !isDirectory {
            return ["--diff \(path): exists and is not a directory"]
        }
        var errors: [String] = []
        for outcome in outcomes {
            guard let png = outcome.diffPNG, let name = outcome.comparison?.name else { continue }
            let target = intoDirectory ? (path.hasSuffix("/") ? path : path + "/") + name : path
            do { try AtomicFileWriter.write(png, toPath: target, within: intoDirectory ? path : nil) } catch { errors.append("\(error)") }
        }
        return errors
    }
}

extension OutcomeSlots where Value == CompareRunner.FrameOutcome {
    convenience init(count: Int) { self.init(count: count, initial: CompareRunner.FrameOutcome()) }
}
