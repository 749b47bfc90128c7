import Imaging
import Recording
import Rendering
import Support

/// `overscroll test --repeat-each N`: a scenario is run N times and every snapshot of runs 2…N
/// compared, byte for byte, with the first run's pixels. A snapshot that ever differs is
/// `flaky`: the engine did not give the same frame for the same scenario. The first differing
/// run's image and the first run's are kept, with their diff.
@MainActor
enum RepeatedRuns {
    /// The first run of a snapshot that rendered differently from run 1, and its pixels.
    struct Difference {
        var run: Int
        var first: PixelBuffer
        var other: PixelBuffer
    }

    /// Runs `scenario` again `runs - 1` times (snapshot instants only) and returns, per snapshot
    /// name, the first run that differed from `first`.
    static func differences(
        _ scenario: Scenario, recorder: Recorder, runs: Int, first: [String: PixelBuffer],
        perturb: ((Int, String, inout PixelBuffer) -> Void)?
    ) async throws -> [String: Difference] {
        var found: [String: Difference] = [:]
        for run in 2...max(2, runs) {
            try await recorder.step(scenario, render: { !$0.snapshots.isEmpty }) { instant, _, surface in
                guard let surface else { return }
                for index in instant.snapshots {
                    let snap = scenario.snapshots[index]
                    guard found[snap.name] == nil, let reference = first[snap.name] else { continue }
                    var pixels = surface.snapshot()
                    if !snap.mask.isEmpty { SnapshotMask.paint(snap, scale: scenario.scale, into: &pixels) }
                    perturb?(run, snap.name, &pixels)
                    if !pixels.hasSamePixels(as: reference) { found[snap.name] = Difference(run: run, first: reference, other: pixels) }
                }
            }
        }
        return found
    }

    /// Makes `outcome` flaky: `run-1.png`, `run-K.png` and their diff (as expected, actual and
    /// diff, so the report shows them side by side) in the snapshot's artifact folder.
    static func markFlaky(_ outcome: inout SnapshotResult, difference d: Difference, artifacts: FailureArtifacts) throws {
        let names = ["run-1.png", "run-\(d.run).png"]
        let runs = [
            try artifacts.write(try d.first.pngBytes(), snapshot: outcome.snapshot, file: names[0]),
            try artifacts.write(try d.other.pngBytes(), snapshot: outcome.snapshot, file: names[1])
        ]
        // The golden comparison's files, if any, no longer tell this snapshot's story.
        for stale in ["actual.png", "expected.png", "diff.png"] { artifacts.remove(snapshot: outcome.snapshot, file: stale) }
        var options = CompareOptions(maxDiffPixels: 0, threads: 1)
        options.pixelmatch.threshold = 0
        let (frame, diff) = try CompareRunner.compare(
            d.first.rgbaImage(), d.other.rgbaImage(), name: outcome.snapshot,
            options: options, makeDiff: true, names: (names[0], names[1]))
        outcome.diff = nil
        if let diff { outcome.diff = try artifacts.write(try PNGEncoder.diff.encode(diff), snapshot: outcome.snapshot, file: "diff.png") }
        outcome.status = .flaky
        outcome.expected = runs[0]
        outcome.actual = runs[1]
        outcome.runs = runs
        let bytes = d.first.bytes.count == d.other.bytes.count ? "" : " (the images differ in size)"
        outcome.message = "flaky: run \(d.run) rendered it differently from run 1 (\(frame.differing) differing pixels)\(bytes)"
    }
}
