import Imaging
import Recording
import Rendering
import Support

/// `overscroll test --repeat-each N`: a scenario is run N times and every snapshot of runs 2…N
/// compared, byte for byte, with the first run's pixels. A snapshot that ever differs is
/// `flaky`: the engine did not give the same frame for the same scenario. The first differing
/// run's image and the first run's are kept, with their diff.
///
/// Memory stays one image: the first run keeps a SHA-256 of each snapshot's pixels (and their
/// PNG in a private scratch folder, for the artifacts of a snapshot that turns out flaky); a
/// later run compares digests, and writes the PNG of a run that differs at once. (Keeping the
/// first run's pixels took 2.4 GB for 450 snapshots at 390×844 @2.)
@MainActor
enum RepeatedRuns {
    /// The first run's snapshots: a digest each, and their PNGs in a scratch folder.
    final class FirstRun {
        private(set) var digests: [String: String] = [:]
        private var scratch: ScratchFolder?

        init() {}

        /// The bytes this keeps in memory for its snapshots (digests; no pixels).
        var retainedBytes: Int { digests.values.reduce(0) { $0 + $1.utf8.count } }

        /// Keeps the digest of `pixels` as snapshot `name`'s, and its PNG on disk.
        func keep(_ name: String, _ pixels: PixelBuffer) throws {
            digests[name] = RepeatedRuns.digest(pixels)
            try AtomicFileWriter.write(try pixels.pngBytes(), toPath: try folder() + "/" + name + ".png")
        }

        /// The PNG of `name`'s first run, for a flaky snapshot's artifacts.
        func png(_ name: String) throws -> [UInt8] { try PNGDecoder.readFile(atPath: try folder() + "/" + name + ".png") }

        /// Writes `bytes` as the PNG of `name`'s run `run`; returns its path.
        func write(_ bytes: [UInt8], name: String, run: Int) throws -> String {
            let path = try folder() + "/" + name + ".run-\(run).png"
            try AtomicFileWriter.write(bytes, toPath: path)
            return path
        }

        private func folder() throws -> String {
            if let scratch { return scratch.path }
            let made = try ScratchFolder(kind: "repeat")
            scratch = made
            return made.path
        }
    }

    /// The first run of a snapshot that rendered differently from run 1, and its PNG.
    struct Difference {
        var run: Int
        var file: String
    }

    /// SHA-256 of the image: its size, stride and every byte, in hex.
    nonisolated static func digest(_ pixels: PixelBuffer) -> String {
        var hash = SHA256()
        var header = [pixels.width, pixels.height, pixels.stride].flatMap { v in withUnsafeBytes(of: UInt64(v).littleEndian, Array.init) }
        header.append(pixels.knownOpaque ? 1 : 0)
        hash.update(header)
        hash.update(pixels.bytes)
        return hash.hexDigest()
    }

    /// Runs `scenario` again `runs - 1` times (snapshot instants only) and returns, per snapshot
    /// name, the first run that differed from `first`.
    static func differences(
        _ scenario: Scenario, recorder: Recorder, runs: Int, first: FirstRun,
        perturb: ((Int, String, inout PixelBuffer) -> Void)?
    ) async throws -> [String: Difference] {
        var found: [String: Difference] = [:]
        for run in 2...max(2, runs) {
            try await recorder.step(scenario, render: { !$0.snapshots.isEmpty }) { instant, _, surface in
                guard let surface else { return }
                for index in instant.snapshots {
                    let snap = scenario.snapshots[index]
                    guard found[snap.name] == nil, let reference = first.digests[snap.name] else { continue }
                    var pixels = surface.snapshot()
                    if !snap.mask.isEmpty { SnapshotMask.paint(snap, scale: scenario.scale, into: &pixels) }
                    perturb?(run, snap.name, &pixels)
                    if digest(pixels) != reference {
                        found[snap.name] = Difference(run: run, file: try first.write(try pixels.pngBytes(), name: snap.name, run: run))
                    }
                }
            }
        }
        return found
    }

    /// Makes `outcome` flaky: `run-1.png`, `run-K.png` and their diff (as expected, actual and
    /// diff, so the report shows them side by side) in the snapshot's artifact folder.
    static func markFlaky(
        _ outcome: inout SnapshotResult, difference d: Difference, first: FirstRun, artifacts: FailureArtifacts
    ) throws {
        let names = ["run-1.png", "run-\(d.run).png"]
        let bytes = [try first.png(outcome.snapshot), try PNGDecoder.readFile(atPath: d.file)]
        let runs = [
            try artifacts.write(bytes[0], snapshot: outcome.snapshot, file: names[0]),
            try artifacts.write(bytes[1], snapshot: outcome.snapshot, file: names[1])
        ]
        // The golden comparison's files, if any, no longer tell this snapshot's story.
        for stale in ["actual.png", "expected.png", "diff.png"] { artifacts.remove(snapshot: outcome.snapshot, file: stale) }
        var options = CompareOptions(maxDiffPixels: 0, threads: 1)
        options.pixelmatch.threshold = 0
        let images = [try PNGDecoder.decode(bytes[0], file: names[0]), try PNGDecoder.decode(bytes[1], file: names[1])]
        let (frame, diff) = try CompareRunner.compare(
            images[0], images[1], name: outcome.snapshot,
            options: options, makeDiff: true, names: (names[0], names[1]))
        outcome.diff = nil
        if let diff { outcome.diff = try artifacts.write(try PNGEncoder.diff.encode(diff), snapshot: outcome.snapshot, file: "diff.png") }
        outcome.status = .flaky
        outcome.expected = runs[0]
        outcome.actual = runs[1]
        outcome.runs = runs
        let sized = images[0].width == images[1].width && images[0].height == images[1].height ? "" : " (the images differ in size)"
        outcome.message = "flaky: run \(d.run) rendered it differently from run 1 (\(frame.differing) differing pixels)\(sized)"
    }
}
