import Foundation
import Imaging
import Rendering
import ScrollEngine
import Support

/// Runs one scenario of a suite: renders and encodes only its snapshot instants, compares each
/// with its golden through `CompareRunner` (the comparison of `overscroll compare`), keeps
/// expected/actual/diff images of failing snapshots and the scenario's `trace.jsonl` in the
/// artifact folder, and — after the whole run succeeded — writes goldens as `--update` asks,
/// each file atomically, unchanged files untouched.
@MainActor
public enum SnapshotRun {
    /// `entry` runs with `options`; artifacts go under `resultsRoot/<entry.artifactFolder>/`.
    public static func run(_ entry: SuiteEntry, options: SuiteOptions, resultsRoot: String) async -> ScenarioResult {
        let clock = ContinuousClock.now
        var result = ScenarioResult(scenario: entry.path, goldens: entry.goldenFolder, frames: entry.frames)
        let work = resultsRoot + "/" + entry.artifactFolder
        do {
            if let why = SafeName.problem(entry.baseName) { throw ScenarioFile.Failure(message: "\(entry.path): the scenario name '\(entry.baseName)' \(why)") }
            result = try await compare(entry, options: options, work: work, resultsRoot: resultsRoot, result: result)
        } catch {
            result.error = "\(error)"
            result.snapshots = []
        }
        if !result.failed && !result.snapshots.contains(where: { $0.written == .created || $0.written == .changed }) {
            FileTree.remove(work)
        }
        let elapsed = ContinuousClock.now - clock
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return result
    }

    private struct Rendered {
        var snapshot: Snapshot
        var png: [UInt8]
        var width: Int
        var height: Int
        /// Seconds spent rendering and encoding it.
        var seconds: Double
    }

    private static func compare(_ entry: SuiteEntry, options: SuiteOptions, work: String, resultsRoot: String,
                                result start: ScenarioResult) async throws -> ScenarioResult {
        var result = start
        let scenario = try ScenarioFile.load(entry.path, maxBytes: options.maxScenarioBytes)
        result.frames = scenario.frameCount
        let recorder = Recorder(renderer: CairoRenderer())
        recorder.lottieTimeout = options.lottieTimeout
        var rendered: [Rendered] = []
        var trace: [String] = []
        trace.reserveCapacity(scenario.frameCount)
        var maskError: ScenarioError?
        var renderStart = ContinuousClock.now
        try await recorder.step(scenario, render: { instant in
            renderStart = ContinuousClock.now
            return !instant.snapshots.isEmpty
        }) { instant, session, surface in
            if let i = instant.frame { trace.append(TraceLine.json(frame: i, t: instant.t, fields: session.traceFields())) }
            guard let surface else { return }
            for index in instant.snapshots {
                let snap = scenario.snapshots[index]
                do throws(ScenarioError) {
                    try SnapshotMask.check(snap, scale: scenario.scale, width: surface.width, height: surface.height)
                } catch {
                    maskError = maskError ?? error
                    continue
                }
                var pixels = surface.snapshot()
                if !snap.mask.isEmpty { SnapshotMask.paint(snap, scale: scenario.scale, into: &pixels) }
                let png = try pixels.pngBytes()
                rendered.append(Rendered(snapshot: snap, png: png, width: surface.width, height: surface.height,
                                         seconds: seconds(since: renderStart)))
            }
        }
        if let maskError { throw ScenarioFile.Failure(message: "\(entry.path): \(maskError)") }
        let byName = Dictionary(uniqueKeysWithValues: rendered.map { ($0.snapshot.name, $0) })
        var outcomes: [SnapshotResult] = []
        for snap in scenario.snapshots {
            guard let r = byName[snap.name] else { continue }
            let started = ContinuousClock.now
            var outcome = try compareOne(r, entry: entry, scale: scenario.scale, options: options, work: work)
            outcome.seconds = r.seconds + seconds(since: started)
            outcomes.append(outcome)
        }
        // Goldens: only now that every snapshot rendered and compared. Each golden written is
        // kept for review: old (expected.png), new (actual.png) and their diff.
        for i in outcomes.indices {
            guard let r = byName[outcomes[i].snapshot] else { continue }
            let folder = work + "/" + r.snapshot.name, relative = entry.artifactFolder + "/" + r.snapshot.name
            var old: [UInt8]?
            if outcomes[i].status != .missing, case .success(let bytes) = FileTree.readOwned(outcomes[i].golden) { old = bytes }
            outcomes[i].written = try stageGolden(r.png, outcome: outcomes[i], mode: options.update,
                                                  into: resultsRoot + "/" + stagedGoldens(entry))
            if outcomes[i].written == .created || outcomes[i].written == .changed {
                if outcomes[i].actual == nil { try AtomicFileWriter.write(r.png, toPath: folder + "/actual.png") }
                outcomes[i].actual = relative + "/actual.png"
                if let old, outcomes[i].expected == nil, pngSize(old) != nil {
                    try AtomicFileWriter.write(old, toPath: folder + "/expected.png")
                    outcomes[i].expected = relative + "/expected.png"
                }
                if outcomes[i].diff == nil, FileTree.exists(folder + "/diff.png") { outcomes[i].diff = relative + "/diff.png" }
            } else if outcomes[i].status == .passed {
                FileTree.remove(folder)
                outcomes[i].expected = nil; outcomes[i].actual = nil; outcomes[i].diff = nil
            }
        }
        result.snapshots = outcomes
        result.obsolete = SuiteDiscovery.obsoleteGoldens(in: entry.goldenFolder, names: scenario.snapshots.map(\.name))
        if result.failed {
            let file = work + "/trace.jsonl"
            try AtomicFileWriter.write(text: trace.joined(separator: "\n") + "\n", toPath: file)
            result.trace = entry.artifactFolder + "/trace.jsonl"
            try await TraceViewer.write(for: &result, scenario: scenario, entry: entry, trace: trace,
                                        lottieTimeout: options.lottieTimeout, work: work)
        }
        return result
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    private static func compareOne(_ r: Rendered, entry: SuiteEntry, scale: Double, options: SuiteOptions,
                                   work: String) throws -> SnapshotResult {
        let snap = r.snapshot
        let golden = entry.goldenFolder + "/" + snap.name + ".png"
        var out = SnapshotResult(snapshot: snap.name, at: snap.at, status: .passed, golden: golden,
                                 threshold: snap.threshold ?? options.threshold,
                                 maxDiffPixels: snap.maxDiffPixels ?? options.maxDiffPixels,
                                 maxDiffRatio: snap.maxDiffRatio ?? options.maxDiffRatio)
        out.width = r.width; out.height = r.height
        let folder = work + "/" + snap.name
        let relative = entry.artifactFolder + "/" + snap.name
        guard FileTree.exists(golden) else {
            out.status = .missing
            try AtomicFileWriter.write(r.png, toPath: folder + "/actual.png")
            out.actual = relative + "/actual.png"
            return out
        }
        // An unreadable golden is this snapshot's error; the scenario's other snapshots are
        // still compared (and `--update=changed|all` rewrites it).
        func unreadable(_ why: String) throws -> SnapshotResult {
            try AtomicFileWriter.write(r.png, toPath: folder + "/actual.png")
            out.actual = relative + "/actual.png"
            out.status = .error
            out.message = "golden \(golden): \(why)"
            return out
        }
        let goldenBytes: [UInt8]
        switch FileTree.readOwned(golden) {
        case .success(let bytes): goldenBytes = bytes
        case .failure(.link): return try unreadable("a symlink (a golden is never read or written through one)")
        case .failure: return try unreadable("cannot read the golden")
        }
        guard let size = pngSize(goldenBytes) else { return try unreadable("not a PNG image (unreadable golden)") }
        try AtomicFileWriter.write(r.png, toPath: folder + "/actual.png")
        out.actual = relative + "/actual.png"
        if size != (r.width, r.height) {
            try AtomicFileWriter.write(goldenBytes, toPath: folder + "/expected.png")
            out.expected = relative + "/expected.png"
            out.status = .failed
            out.message = "golden \(golden) is \(size.0)×\(size.1) but the snapshot is \(r.width)×\(r.height)"
            return out
        }
        // The golden is compared where it is; with a mask, its masked copy (kept as expected.png).
        var expectedPath = golden
        if !snap.mask.isEmpty {
            var image: RGBAImage
            do { image = try PNGDecoder.decode(goldenBytes, file: golden) } catch {
                return try unreadable("\(error)".replacingOccurrences(of: golden + ": ", with: ""))
            }
            SnapshotMask.paint(snap, scale: scale, into: &image)
            expectedPath = folder + "/expected.png"
            try AtomicFileWriter.write(try PNGEncoder.fast.encode(image), toPath: expectedPath)
        }
        var compare = CompareOptions(maxDiffPixels: out.maxDiffPixels, maxDiffRatio: out.maxDiffRatio,
                                     diffPath: folder + "/diff.png", threads: 1)
        compare.pixelmatch.threshold = out.threshold
        compare.pixelmatch.includeAA = options.includeAA
        let report = CompareRunner.run(pairs: [.init(name: snap.name, expected: expectedPath, actual: folder + "/actual.png")],
                                       singleFile: true, options: compare)
        if let e = report.errors.first {
            if e.contains(expectedPath) { return try unreadable(e.replacingOccurrences(of: expectedPath + ": ", with: "")) }
            throw ScenarioFile.Failure(message: e.replacingOccurrences(of: folder + "/actual.png", with: "snapshot '\(snap.name)'"))
        }
        guard let frame = report.frames.first else { throw ScenarioFile.Failure(message: "\(golden): not compared") }
        out.differing = frame.differing
        out.ratio = frame.ratio
        if frame.match {
            // Kept until the goldens are written when `--update=all` may rewrite it (old/new/diff).
            if options.update != .all { FileTree.remove(folder) }
            out.expected = nil; out.actual = nil
        } else {
            out.status = .failed
            if snap.mask.isEmpty { try AtomicFileWriter.write(goldenBytes, toPath: folder + "/expected.png") }
            out.expected = relative + "/expected.png"
            if FileTree.exists(folder + "/diff.png") { out.diff = relative + "/diff.png" }
        }
        return out
    }

    /// Stages the golden as `mode` asks (under `stagedGoldens`, inside the results staging);
    /// the runner swaps each scenario's staged goldens in as one set after the run. Returns what
    /// will be done (nil: not a candidate).
    private static func stageGolden(_ png: [UInt8], outcome: SnapshotResult, mode: SuiteOptions.UpdateMode,
                                    into folder: String) throws -> SnapshotResult.Written? {
        let wanted: Bool
        switch mode {
        case .none: wanted = false
        case .missing: wanted = outcome.status == .missing
        case .changed: wanted = outcome.status != .passed
        case .all: wanted = true
        }
        guard wanted else { return nil }
        if outcome.status != .missing, case .success(let old) = FileTree.readOwned(outcome.golden), old == png { return .unchanged }
        try AtomicFileWriter.write(png, toPath: folder + "/" + outcome.snapshot + ".png")
        return outcome.status == .missing ? .created : .changed
    }

    /// Where a scenario's goldens to write are staged, relative to the results root.
    nonisolated public static func stagedGoldens(_ entry: SuiteEntry) -> String { ".goldens/" + entry.artifactFolder }

    /// Width and height from a PNG's IHDR, nil when the bytes are not a PNG.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be(_ o: Int) -> Int { bytes[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }
}
