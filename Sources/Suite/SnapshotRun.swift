import Foundation
import Imaging
import Recording
import Rendering
import Scenes
import ScrollEngine
import Support

/// Runs one scenario of a suite: renders only its snapshot instants and compares each, in
/// memory, with its decoded golden through the image strategy `verify` uses too
/// (`ImageSnapshot`: the comparison of `overscroll compare`, `CompareRunner.compare`). Files
/// are written only where someone will look at them: the expected/actual/diff images of a
/// failing or missing snapshot (and its trace viewer and the scenario's `trace.jsonl`), and
/// old/new/diff of a golden the run writes. After the whole run
/// succeeded, goldens are staged as the record mode asks, unchanged files untouched.
@MainActor
public enum SnapshotRun {
    /// `entry` runs with `options`; artifacts go under `resultsRoot/<entry.artifactFolder>/`.
    /// `perturb` (tests only) changes the pixels of snapshot `name` in run `run` (1-based) of
    /// `--repeat-each`, to stand for an engine that is not deterministic. `parsed`: the scenario
    /// already parsed (or its error); nil parses the file.
    public static func run(
        _ entry: SuiteEntry, options: SuiteOptions, resultsRoot: String, parsed: ParsedScenario? = nil,
        perturb: ((_ run: Int, _ name: String, inout PixelBuffer) -> Void)? = nil
    ) async -> ScenarioResult {
        let clock = ContinuousClock.now
        var result = ScenarioResult(scenario: entry.path, goldens: entry.goldenFolder, frames: entry.frames)
        let work = resultsRoot + "/" + entry.artifactFolder
        do {
            if let why = SafeName.problem(entry.baseName) {
                throw ScenarioFile.Failure(message: "\(entry.path): the scenario name '\(entry.baseName)' \(why)")
            }
            result = try await compare(
                entry, options: options, work: work, resultsRoot: resultsRoot, result: result,
                parsed: parsed, perturb: perturb)
        } catch {
            result.error = "\(error)"
            result.snapshots = []
            FileTree.remove(work)  // a scenario error shows no snapshot: nothing of it is kept
        }
        if !result.failed && result.trace == nil && !result.snapshots.contains(where: { $0.written == .created || $0.written == .changed })
        {
            FileTree.remove(work)
        }
        let elapsed = ContinuousClock.now - clock
        result.seconds = elapsed.inSeconds
        return result
    }

    /// A rendered snapshot: its pixels (masked), encoded as PNG only when a file or golden
    /// needs them, and the outcome of its comparison. Once compared, a snapshot whose golden the
    /// record mode will not write drops its pixels, golden bytes and diff (`release`), so a
    /// scenario holds raw pixels only for the goldens it writes.
    private struct Rendered {
        var snapshot: Snapshot
        var pixels: PixelBuffer
        var outcome: SnapshotResult?
        /// Seconds spent reaching and rendering it (since the snapshot before it).
        var seconds: Double
        var png: [UInt8]?
        /// The golden's bytes, when it was read.
        var golden: [UInt8]?
        /// The diff image of a comparison with differing pixels (kept for a golden written).
        var diff: RGBAImage?
        /// The comparison found the golden's pixels equal to these (whatever its file's bytes:
        /// another encoder's golden is still this image).
        var identical = false

        mutating func release() {
            pixels = PixelBuffer(width: pixels.width, height: pixels.height, stride: 0, bytes: [])
            golden = nil
            diff = nil
        }

        mutating func encoded() throws -> [UInt8] {
            if let png { return png }
            let bytes = try pixels.pngBytes()
            png = bytes
            return bytes
        }
    }

    private static func compare(
        _ entry: SuiteEntry, options: SuiteOptions, work: String, resultsRoot: String,
        result start: ScenarioResult, parsed: ParsedScenario?,
        perturb: ((Int, String, inout PixelBuffer) -> Void)?
    ) async throws -> ScenarioResult {
        // Each snapshot's time runs from the end of the one before (or the scenario's start):
        // loading, stepping and rendering up to it count, so the times add up to the scenario's.
        var renderStart = ContinuousClock.now
        var result = start
        let scenario =
            try parsed?.result.get() ?? ScenarioFile.load(entry.path, maxBytes: options.maxScenarioBytes, physics: options.physics)
        let shared = options.sharedMask.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        result.frames = scenario.frameCount
        let recorder = Recorder(renderer: CairoRenderer())
        recorder.lottieTimeout = options.lottieTimeout
        var rendered: [Rendered] = []
        var trace: [String] = []
        trace.reserveCapacity(scenario.frameCount)
        // The offset at each frame, for a `reference` to score.
        var offsets: (times: [Double], values: [Double]) = ([], [])
        var maskError: ScenarioError?
        // With --repeat-each, the first run's digest of every snapshot, to compare later runs with.
        let firstRun = RepeatedRuns.FirstRun()
        // Trace snapshots' outcomes, by name (they keep no pixels).
        var traceOutcomes: [String: SnapshotResult] = [:]
        try await recorder.step(
            scenario,
            // A trace snapshot needs no pixels: only instants with an image snapshot are rendered.
            render: { instant in
                instant.snapshots.contains { scenario.snapshots[$0].trace == nil }
            }
        ) { instant, session, surface in
            if let i = instant.frame {
                let fields = session.traceFields()
                trace.append(TraceLine.json(frame: i, t: instant.t, fields: fields))
                if scenario.reference != nil, case let .double(x)? = fields.first(where: { $0.0 == "offset" })?.1 {
                    offsets.times.append(instant.t); offsets.values.append(x)
                }
            }
            for index in instant.snapshots {
                let snap = scenario.snapshots[index]
                guard let expected = snap.trace else { continue }
                var outcome = checkTrace(snap, expected: expected, fields: session.traceFields(), entry: entry, options: options)
                outcome.seconds = seconds(since: renderStart)
                renderStart = ContinuousClock.now
                traceOutcomes[snap.name] = outcome
            }
            guard let surface else { return }
            for index in instant.snapshots {
                var snap = scenario.snapshots[index]
                if snap.trace != nil { continue }
                do throws(ScenarioError) {
                    snap = try masked(snap, shared: shared, options: options, scale: scenario.scale, surface: surface)
                } catch {
                    maskError = maskError ?? error
                    continue
                }
                if maskError != nil { continue }
                var pixels = surface.snapshot()
                if !snap.mask.isEmpty { SnapshotMask.paint(snap, scale: scenario.scale, into: &pixels) }
                perturb?(1, snap.name, &pixels)
                if options.repeatEach > 1 { try firstRun.keep(snap.name, pixels) }
                // Compared at once, so only the snapshots whose goldens will be written keep
                // their pixels until the end of the scenario.
                var r = Rendered(snapshot: snap, pixels: pixels, seconds: seconds(since: renderStart))
                let started = ContinuousClock.now
                var outcome = try compareOne(&r, entry: entry, scale: scenario.scale, options: options, work: work)
                outcome.seconds = r.seconds + seconds(since: started)
                renderStart = ContinuousClock.now
                // What the golden was, so `overscroll accept` can tell it has not changed since.
                if outcome.status != .passed, let golden = r.golden { outcome.goldenSHA256 = SHA256.hex(golden) }
                r.outcome = outcome
                if !options.update.writes(missing: outcome.status == .missing, matches: outcome.status == .passed) { r.release() }
                rendered.append(r)
            }
        }
        if let maskError { throw ScenarioFile.Failure(message: "\(entry.path): \(maskError)") }
        let index = Dictionary(uniqueKeysWithValues: rendered.indices.map { (rendered[$0].snapshot.name, $0) })
        var outcomes: [(outcome: SnapshotResult, rendered: Int)] = []
        for snap in scenario.snapshots {
            if let outcome = traceOutcomes[snap.name] {
                outcomes.append((outcome, -1))
                continue
            }
            guard let i = index[snap.name], let outcome = rendered[i].outcome else { continue }
            outcomes.append((outcome, i))
        }
        if options.repeatEach > 1 {
            // Every run masked alike: the config's masks too.
            var masked = scenario
            for i in masked.snapshots.indices { masked.snapshots[i].mask += shared }
            let differing = try await RepeatedRuns.differences(
                masked, recorder: recorder, runs: options.repeatEach,
                first: firstRun, perturb: perturb)
            for n in outcomes.indices {
                guard let d = differing[outcomes[n].outcome.snapshot] else { continue }
                try RepeatedRuns.markFlaky(
                    &outcomes[n].outcome, difference: d, first: firstRun,
                    artifacts: FailureArtifacts(work: work, relative: entry.artifactFolder))
            }
        }
        try stageGoldens(&outcomes, rendered: &rendered, entry: entry, options: options, resultsRoot: resultsRoot, work: work)
        result.snapshots = outcomes.map(\.outcome)
        result.obsolete = SuiteDiscovery.obsoleteGoldens(
            in: entry.goldenFolder, names: scenario.snapshots.filter { $0.trace == nil }.map(\.name))
        try await keepTrace(
            &result, scenario: scenario, entry: entry, options: options, work: work, trace: trace,
            offsets: OffsetSeries(times: offsets.times, offsets: offsets.values))
        return result
    }

    /// Scores the scenario's `reference`, then keeps the trace (`trace.jsonl` and the scenario's
    /// trace viewer) of the snapshots `--trace` keeps and of a missed reference (around its
    /// largest error).
    private static func keepTrace(
        _ result: inout ScenarioResult, scenario: Scenario, entry: SuiteEntry, options: SuiteOptions, work: String,
        trace: [String], offsets: OffsetSeries
    ) async throws {
        var referenceFailure: Double?
        if let reference = scenario.reference,
            let problem = ReferenceCheck.problem(
                reference, recorded: offsets, scenario: entry.path)
        {
            result.error = problem.message
            referenceFailure = problem.at
        }
        let traced = result.snapshots.filter { options.trace.traces($0) }
        if !traced.isEmpty || referenceFailure != nil {
            let kept = TraceExcerpt.lines(trace, fps: scenario.fps, failingAt: traced.map(\.at) + [referenceFailure].compactMap { $0 })
            result.trace = try FailureArtifacts(work: work, relative: entry.artifactFolder).writeTrace(kept)
            if !options.deferViewers {
                try await TraceViewer.write(
                    for: &result, scenario: scenario, entry: entry,
                    traced: Set(traced.map(\.snapshot)), lottieTimeout: options.lottieTimeout, work: work)
            }
        }
    }

    /// The snapshot with the config's masks added to its own, once both are checked against the
    /// frame (a mask outside it is an error; one of the config's is named as the config's field).
    private static func masked(
        _ snap: Snapshot, shared: [Rect], options: SuiteOptions, scale: Double, surface: ImageSurface
    ) throws(ScenarioError) -> Snapshot {
        var snap = snap
        try SnapshotMask.check(snap, scale: scale, width: surface.width, height: surface.height)
        for (i, r) in shared.enumerated()
        where SnapshotMask.pixelRect(r, scale: scale, width: surface.width, height: surface.height) == nil {
            throw ScenarioError(
                field: "\(options.configFile ?? SuiteConfig.fileName): mask[\(i)]",
                reason: "[\(SnapshotMask.fmt(r.x)), \(SnapshotMask.fmt(r.y)), \(SnapshotMask.fmt(r.width)),"
                    + " \(SnapshotMask.fmt(r.height))] lies outside the"
                    + " \(SnapshotMask.fmt(Double(surface.width) / scale))"
                    + "×\(SnapshotMask.fmt(Double(surface.height) / scale)) frame of snapshot '\(snap.name)'")
        }
        snap.mask += shared
        return snap
    }

    /// Goldens: only once every snapshot rendered and compared. Each golden written is kept for
    /// review: old (expected.png), new (actual.png) and their diff. Trace snapshots (`rendered`
    /// index -1) have none.
    private static func stageGoldens(
        _ outcomes: inout [(outcome: SnapshotResult, rendered: Int)], rendered: inout [Rendered], entry: SuiteEntry,
        options: SuiteOptions, resultsRoot: String, work: String
    ) throws {
        let artifacts = FailureArtifacts(work: work, relative: entry.artifactFolder)
        for (n, (outcome, i)) in outcomes.enumerated() where i >= 0 {
            var out = outcome
            let old = out.status == .missing ? nil : rendered[i].golden
            out.written = try stageGolden(
                &rendered[i], outcome: out, mode: options.update,
                into: resultsRoot + "/" + stagedGoldens(entry))
            if out.written == .created || out.written == .changed {
                if out.actual == nil {
                    out.actual = try artifacts.write(try rendered[i].encoded(), snapshot: out.snapshot, file: "actual.png")
                }
                if let old, out.expected == nil, (try? PNGHeader(png: old, file: out.golden)) != nil {
                    out.expected = try artifacts.write(old, snapshot: out.snapshot, file: "expected.png")
                }
                if out.diff == nil, let diff = rendered[i].diff {
                    out.diff = try artifacts.write(try PNGEncoder.diff.encode(diff), snapshot: out.snapshot, file: "diff.png")
                }
            }
            outcomes[n].outcome = out
        }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        (ContinuousClock.now - start).inSeconds
    }

    /// Checks a trace snapshot: the scroll view's offset and phase at its instant against the
    /// values the scenario writes for it (`TraceSnapshot`). Its reference is the scenario itself:
    /// no golden file, no image, nothing written.
    private static func checkTrace(
        _ snap: Snapshot, expected: TraceSnapshot.Value, fields: TraceFields, entry: SuiteEntry, options: SuiteOptions
    ) -> SnapshotResult {
        var out = SnapshotResult(
            snapshot: snap.name, at: snap.at, status: .passed, golden: entry.path, threshold: options.threshold,
            maxDiffPixels: nil, maxDiffRatio: nil)
        out.strategy = "trace"
        guard let actual = TraceSnapshot.capture(fields) else {
            out.status = .error
            out.message = "trace snapshot: the scene traces no scroll offset at this instant"
            return out
        }
        let strategy = TraceSnapshot.strategy(tolerance: snap.traceTolerance) { _ in expected }
        switch strategy.check(actual, against: snap.name) {
        case .missing: break  // the scenario holds the values: never missing
        case let .unreadable(error, _):
            out.status = .error
            out.message = "trace snapshot: \(error)"
        case let .compared(_, comparison):
            if !comparison.match {
                out.status = .failed
                out.message = "trace: " + (comparison.message ?? "does not match")
            }
        }
        return out
    }

    /// Compares one rendered snapshot with its golden in memory; writes actual/expected/diff
    /// only when it does not pass.
    private static func compareOne(
        _ r: inout Rendered, entry: SuiteEntry, scale: Double, options: SuiteOptions,
        work: String
    ) throws -> SnapshotResult {
        let snap = r.snapshot
        let golden = entry.goldenFolder + "/" + snap.name + ".png"
        var out = SnapshotResult(
            snapshot: snap.name, at: snap.at, status: .passed, golden: golden,
            threshold: snap.threshold ?? options.threshold,
            maxDiffPixels: snap.maxDiffPixels ?? options.maxDiffPixels,
            maxDiffRatio: snap.maxDiffRatio ?? options.maxDiffRatio)
        let (width, height) = (r.pixels.width, r.pixels.height)
        out.width = width; out.height = height
        let artifacts = FailureArtifacts(work: work, relative: entry.artifactFolder)
        func keepActual() throws {
            out.actual = try artifacts.write(try r.encoded(), snapshot: snap.name, file: "actual.png")
        }
        // The image strategy: the golden read (never through a link), decoded and painted as
        // the snapshot was, compared in memory.
        var compare = CompareOptions(maxDiffPixels: out.maxDiffPixels, maxDiffRatio: out.maxDiffRatio, threads: 1)
        compare.pixelmatch.threshold = out.threshold
        compare.pixelmatch.includeAA = options.includeAA
        let strategy = ImageSnapshot.strategy(
            name: snap.name, options: compare, makeDiff: true, reading: .owned,
            names: (golden, "snapshot '\(snap.name)'"),
            paint: snap.mask.isEmpty ? nil : { SnapshotMask.paint(snap, scale: scale, into: &$0) })
        switch strategy.check(r.pixels.rgbaImage(), against: golden) {
        case .missing:
            out.status = .missing
            try keepActual()
            return out
        case let .unreadable(error, bytes):
            // An unreadable golden is this snapshot's error; the scenario's other snapshots are
            // still compared (and `--update=changed|all` rewrites it).
            r.golden = bytes
            try keepActual()
            out.status = .error
            out.message = "golden \(golden): \(reason(error, golden: golden))"
            return out
        case let .compared(goldenBytes, result):
            r.golden = goldenBytes
            if let size = result.evidence.otherSize {
                try keepActual()
                out.expected = try artifacts.write(goldenBytes, snapshot: snap.name, file: "expected.png")
                out.status = .failed
                out.expectedWidth = size.width; out.expectedHeight = size.height
                out.message = "golden \(golden) is \(size.width)×\(size.height) but the snapshot is \(width)×\(height)"
                return out
            }
            guard let frame = result.evidence.comparison, let expected = result.evidence.expected else { return out }
            out.differing = frame.differing
            out.ratio = frame.ratio
            r.identical = frame.identical
            r.diff = result.evidence.diff
            if !frame.match {
                out.status = .failed
                try keepActual()
                out.expected = try artifacts.write(
                    snap.mask.isEmpty ? goldenBytes : try PNGEncoder.fast.encode(expected),
                    snapshot: snap.name, file: "expected.png")
                if let diff = r.diff {
                    out.diff = try artifacts.write(try PNGEncoder.diff.encode(diff), snapshot: snap.name, file: "diff.png")
                }
            }
            return out
        }
    }

    /// Why a golden could not be used, without its path (the message names it once).
    private static func reason(_ error: any Error, golden: String) -> String {
        switch error {
        case ImageSnapshot.ReadFailure.link: return "a symlink (a golden is never read or written through one)"
        case ImageSnapshot.ReadFailure.unreadable: return "cannot read the golden"
        case ImagingError.notPNG: return "not a PNG image (unreadable golden)"
        default: return "\(error)".replacingOccurrences(of: golden + ": ", with: "")
        }
    }

    /// Stages the golden as `mode` asks (under `stagedGoldens`, inside the results staging);
    /// the runner swaps each scenario's staged goldens in as one set after the run. Returns what
    /// will be done (nil: not a candidate).
    private static func stageGolden(
        _ r: inout Rendered, outcome: SnapshotResult, mode: RecordMode,
        into folder: String
    ) throws -> SnapshotResult.Written? {
        // A flaky snapshot has no one image to keep: its golden is never written.
        guard outcome.status != .flaky, mode.writes(missing: outcome.status == .missing, matches: outcome.status == .passed) else {
            return nil
        }
        let png = try r.encoded()
        // The same image is not rewritten: the same bytes, or the same pixels in a file another
        // encoder (an earlier build's zlib) wrote.
        if outcome.status != .missing, let old = r.golden, old == png || r.identical { return .unchanged }
        try AtomicFileWriter.write(png, toPath: folder + "/" + outcome.snapshot + ".png")
        return outcome.status == .missing ? .created : .changed
    }

    /// Where a scenario's goldens to write are staged, relative to the results root.
    nonisolated public static func stagedGoldens(_ entry: SuiteEntry) -> String { ".goldens/" + entry.artifactFolder }
}
