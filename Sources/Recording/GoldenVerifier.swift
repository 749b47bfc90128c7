import Foundation
import Imaging
import Rendering
import ScrollEngine
import Support

/// `overscroll verify`: records a scenario and compares its chosen keyframes with golden PNGs,
/// or (with `update`) writes those keyframes as the new goldens — only after the whole
/// recording succeeded, and as one set (`GoldenWriter`). A golden that does not exist is a
/// failure, never created silently.
@MainActor
public final class GoldenVerifier {
    /// What to verify and how.
    public struct Options: Sendable {
        /// The golden folder (`frame-NNNNN.png` files).
        public var goldens: URL
        public var frames: KeyframeSelection = .all
        /// Write the goldens instead of comparing.
        public var update = false
        /// Tolerance, threshold, diff images and report folder of the comparison.
        public var compare = CompareOptions()
        /// Keep the recorded keyframes here (nil: a temporary folder, removed afterwards).
        public var out: URL?
        public init(goldens: URL) { self.goldens = goldens }
    }

    /// The result: comparison, missing goldens, or what an update wrote.
    public struct Outcome: Sendable {
        /// Chosen frame numbers.
        public var frames: [Int] = []
        public var report = CompareReport()
        /// Golden file names that do not exist (a failure each).
        public var missing: [String] = []
        /// Set by `update`.
        public var written: GoldenWriter.Summary?

        /// 0 all chosen frames match (or goldens written), 1 a mismatch or missing golden, 2 error.
        public var exitCode: Int32 {
            if !report.errors.isEmpty { return 2 }
            if written != nil { return 0 }
            return report.failed > 0 || !missing.isEmpty ? 1 : 0
        }

        /// Lines for standard output: one per mismatched frame and missing golden, then
        /// `N passed, M failed` (or what an update wrote).
        public var text: String {
            if let w = written {
                return "goldens: \(w.created.count) created, \(w.changed.count) changed, \(w.unchanged.count) unchanged\n"
            }
            // The comparison's own lines for mismatched frames, without its summary line.
            var lines = report.text.split(separator: "\n").dropLast().map(String.init)
            lines += missing.map { "\($0): missing golden (run with --update to create it)" }
            lines.append("\(report.passed) passed, \(report.failed + missing.count) failed")
            return lines.joined(separator: "\n") + "\n"
        }
    }

    public let recorder: Recorder

    public init(renderer: CairoRenderer = CairoRenderer()) { recorder = Recorder(renderer: renderer) }

    /// Records `scenario` and verifies (or updates) its keyframes. Throws when the recording or
    /// the output folder fails (nothing is written to the goldens then); comparison errors
    /// (unreadable golden, size mismatch) are in the outcome's report.
    public func run(_ scenario: Scenario, options: Options) async throws -> Outcome {
        var outcome = Outcome()
        outcome.frames = try options.frames.frames(of: scenario.frameCount)
        let chosen = Set(outcome.frames)
        let staging: OutputDirectory? = try options.out.map { try OutputDirectory(destination: $0) }
        var scratch: ScratchFolder?
        let work: URL
        if let staging {
            work = staging.staging
        } else {
            let folder = try ScratchFolder(kind: "verify")
            scratch = folder
            work = URL(fileURLWithPath: folder.path)
        }
        defer { scratch?.release() }
        do {
            var files: [(name: String, source: URL)] = []
            try await recorder.drive(scenario) { i, _, _, surface in
                guard chosen.contains(i), let surface else { return }
                let name = Recorder.frameName(i)
                let file = work.appendingPathComponent(name)
                try surface.snapshot().writePNG(to: file.path)
                files.append((name, file))
            }
            if options.update {
                outcome.written = try GoldenWriter.write(files, into: options.goldens)
            } else {
                // A swap a killed update left half done is finished first: the old or the new
                // set, never none.
                ResultFolder.recoverForReading(options.goldens.path)
                var pairs: [CompareRunner.FramePair] = []
                for f in files {
                    let golden = options.goldens.appendingPathComponent(f.name).path
                    if FileManager.default.fileExists(atPath: golden) {
                        pairs.append(.init(name: f.name, expected: golden, actual: f.source.path))
                    } else {
                        outcome.missing.append(f.name)
                    }
                }
                outcome.report = CompareRunner.run(pairs: pairs, options: options.compare)
            }
            try staging?.commit()
        } catch {
            staging?.discard()
            throw error
        }
        return outcome
    }
}
