import Foundation
import Imaging
import Rendering
import ScrollEngine
import Support

/// `overscroll verify`: records a scenario and compares its chosen keyframes with golden PNGs,
/// or writes goldens as the record mode asks (`all`: every chosen keyframe instead of
/// comparing; `missing`/`changed`: after comparing, the missing and mismatched ones) — only
/// after the whole recording succeeded, and as one set (`GoldenSet`). A golden that does not
/// exist is a failure, never created silently.
@MainActor
public final class GoldenVerifier {
    /// What to verify and how.
    public struct Options: Sendable {
        /// The golden folder (`frame-NNNNN.png` files).
        public var goldens: URL
        public var frames: KeyframeSelection = .all
        /// Which goldens to write (`--update` is `all`).
        public var update = RecordMode.none
        /// Tolerance, threshold, diff images and report folder of the comparison.
        public var compare = CompareOptions()
        /// Keep the recorded keyframes here (nil: a temporary folder, removed afterwards).
        public var out: URL?
        /// The rendering stack recorded beside goldens written (`stack.json` in the golden folder)
        /// and compared with the goldens' on a mismatch; nil probes this process's (without SDL).
        public var stack: RenderingStack?
        public init(goldens: URL) { self.goldens = goldens }
    }

    /// The result: comparison, missing goldens, or what an update wrote.
    public struct Outcome: Sendable {
        /// Chosen frame numbers.
        public var frames: [Int] = []
        public var report = CompareReport()
        /// Golden file names that do not exist (a failure each).
        public var missing: [String] = []
        /// What a record mode wrote (frames whose golden was written are not in `report` or
        /// `missing`).
        public var written: GoldenWriter.Summary?
        /// For mismatched frames whose goldens were made on another rendering stack:
        /// `frame-00030.png: goldens made with cairo 1.16.0; this run: cairo 1.18.4`.
        public var stackNotes: [String] = []
        /// A golden folder's `stack.json` that could not be read or written (one line each).
        public var stackWarnings: [String] = []

        /// 0 all chosen frames match (or their goldens were written), 1 a mismatch or missing
        /// golden, 2 error.
        public var exitCode: Int32 {
            if !report.errors.isEmpty { return 2 }
            return report.failed > 0 || !missing.isEmpty ? 1 : 0
        }

        /// Lines for standard output: one per mismatched frame and missing golden, then
        /// `N passed, M failed`, then what a record mode wrote (only that for `all`).
        public var text: String {
            let goldens = written.map {
                "goldens: \($0.created.count) created, \($0.changed.count) changed, \($0.unchanged.count) unchanged"
            }
            if let goldens, report.frames.isEmpty, missing.isEmpty { return goldens + "\n" }
            // The comparison's own lines for mismatched frames, without its summary line.
            var lines = report.text.split(separator: "\n").dropLast().map(String.init)
            lines += stackNotes
            lines += missing.map { "\($0): missing golden (run with --update to create it)" }
            lines.append("\(report.passed) passed, \(report.failed + missing.count) failed")
            if let goldens { lines.append(goldens) }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    public let recorder: Recorder

    public init(renderer: CairoRenderer = CairoRenderer()) { recorder = Recorder(renderer: renderer) }

    /// Records `scenario` and verifies (or updates) its keyframes. Throws when the recording or
    /// the output folder fails (nothing is written to the goldens then); comparison errors
    /// (unreadable golden, size mismatch) are in the outcome's report.
    ///
    /// Each chosen frame goes through the snapshot pipeline as it is rendered: compared in
    /// memory with its golden (`ImageSnapshot`), encoded only for a file someone asked for (a
    /// golden to write, `--out`, the report of a mismatch), and a golden to write goes straight
    /// into the golden set's staging (`GoldenSet`), swapped in once the whole recording
    /// succeeded. No frame is written to a temporary file or read back.
    public func run(_ scenario: Scenario, options: Options) async throws -> Outcome {
        var outcome = Outcome()
        outcome.frames = try options.frames.frames(of: scenario.frameCount)
        let chosen = Set(outcome.frames)
        let staging: OutputDirectory? = try options.out.map { try OutputDirectory(destination: $0) }
        // A swap a killed update left half done is finished first: the old or the new set,
        // never none.
        if options.update != .all { ResultFolder.recoverForReading(options.goldens.path) }
        var keyframes = KeyframeChecks(options: options)
        var goldens: GoldenSet?
        do {
            try await recorder.drive(scenario) { i, _, _, surface in
                guard chosen.contains(i), let surface else { return }
                var frame = KeyframeChecks.Frame(name: Recorder.frameName(i), pixels: surface.snapshot())
                if let staging { try AtomicFileWriter.write(try frame.encoded(), toPath: staging.url(frame.name).path) }
                guard let write = try keyframes.check(&frame) else { return }
                if goldens == nil {
                    let set = try GoldenSet(into: options.goldens)
                    // Every chosen frame is written: anything in the way is refused before the first.
                    if options.update == .all { try set.preflight(outcome.frames.map(Recorder.frameName)) }
                    goldens = set
                }
                try goldens?.add(frame.name, bytes: try frame.encoded(), old: write.old)
            }
            if options.update == .all {
                outcome.written = try goldens?.commit() ?? GoldenWriter.Summary()
            } else {
                outcome.missing = keyframes.missing
                outcome.report = keyframes.report()
                if options.update != .none && outcome.report.errors.isEmpty {
                    // Nothing to write leaves the folder alone (no swap).
                    let written = try goldens?.commit() ?? GoldenWriter.Summary()
                    outcome.written = written
                    let names = Set(written.created + written.changed + written.unchanged)
                    outcome.missing.removeAll { names.contains($0) }
                    outcome.report.frames.removeAll { names.contains($0.name) }
                } else {
                    goldens?.abandon()
                }
            }
            noteStacks(&outcome, options: options)
            try staging?.commit()
        } catch {
            goldens?.abandon()
            staging?.discard()
            throw error
        }
        return outcome
    }

    /// Notes on mismatches against goldens made on another stack, from the golden folder's
    /// `stack.json` when there is one. `verify` never writes that record: its golden folder is
    /// replaced all-or-nothing in one swap, and a file written beside the swap could pair a new
    /// set with an old record after a kill (KillTests).
    private func noteStacks(_ outcome: inout Outcome, options: Options) {
        let folder = options.goldens.path
        let mismatched = outcome.report.frames.filter { !$0.match }.map(\.name)
        guard !mismatched.isEmpty else { return }
        let stack = options.stack ?? RenderingStack.probe()
        var record: GoldenStackRecord?
        do { record = try GoldenStackRecord.read(tree: folder) } catch {
            outcome.stackWarnings.append(error.message)
        }
        for name in mismatched {
            if let recorded = record?.stack(ofGolden: name), let note = stack.goldenNote(recorded: recorded) {
                outcome.stackNotes.append("\(name): \(note)")
            }
        }
    }
}
