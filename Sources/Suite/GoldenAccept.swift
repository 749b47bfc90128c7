import Foundation
import Imaging
import Recording
import Rendering
import Support

/// `overscroll accept RESULTS [SELECTOR…]`: promotes the actual images a results folder kept
/// (a local `--artifacts` folder or a `merge-reports` folder) into the goldens, rendering
/// nothing. Everything is checked before anything is written: the folder was made by this build
/// (unless `force`), each chosen snapshot's actual image is a regular file inside the folder and
/// a PNG, and each golden is as the run found it (its SHA-256, recorded in results.json, still
/// matches; a missing golden is still missing). Then the goldens are written as `--update`
/// writes them: the suite's `__snapshots__` locked, each scenario's golden folder swapped
/// all-or-nothing (`GoldenWriter`), never through a link, the golden stack record updated. A
/// record of what was accepted — old, new and diff images and `accepted.json` — replaces
/// `RESULTS/accepted/`.
public enum GoldenAccept {
    /// One line, exit status 2; nothing was written.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    public struct Request: Sendable {
        /// The results folder.
        public var results: String
        public var selection = AcceptSelection()
        /// Accept from a results folder made by another build.
        public var force = false
        /// List what would be accepted; write nothing.
        public var dryRun = false
        /// This build (`overscroll --version`), compared with results.json's.
        public var version: String
        /// The suite's folder: every scenario and golden folder the results name must lie inside
        /// it, reached without a link; nil: the folder accept runs in.
        public var base: String?
        public init(results: String, version: String) { self.results = results; self.version = version }
    }

    /// One accepted snapshot.
    public struct Item: Codable, Sendable, Equatable {
        /// `scenario:snapshot`.
        public var snapshot: String
        /// The golden file, as a path from where the suite ran.
        public var golden: String
        /// `created` or `changed`.
        public var written: SnapshotResult.Written
        /// The record's images, relative to the record folder (`old` absent for a created golden,
        /// `diff` when the run made one).
        public var old: String?
        public var new: String?
        public var diff: String?
    }

    /// `RESULTS/accepted/accepted.json`.
    public struct Record: Codable, Sendable, Equatable {
        public var date: String
        /// The build that accepted, and the one that made the results.
        public var version: String
        public var resultsVersion: String?
        public var accepted: [Item]
    }

    /// The record's folder name inside the results folder.
    public static let recordName = "accepted"

    /// What a run did: items accepted (or, dry, that would be), snapshots whose golden already
    /// holds the actual image, notes.
    public struct Outcome: Sendable {
        public var accepted: [Item] = []
        public var alreadyAccepted: [String] = []
        public var notes: [String] = []
    }

    /// A chosen snapshot after its checks: its actual bytes, its golden's bytes (nil: none), its diff.
    struct Checked {
        var scenario: ScenarioResult
        var snapshot: SnapshotResult
        var name: String
        var new: [UInt8]
        var old: [UInt8]?
        var diff: [UInt8]?
    }

    @MainActor
    public static func run(_ request: Request) throws(Refusal) -> Outcome {
        let results = request.results
        if FileTree.isLink(results) {
            throw Refusal("\(OutputPaths.quoted(results)): a symlink; a results folder is never read through one")
        }
        guard FileTree.isRealFolder(results) else {
            throw Refusal(
                "\(OutputPaths.quoted(results)): no such results folder (the --artifacts folder of `overscroll test`, or of"
                    + " `merge-reports`)")
        }
        ResultFolder.recoverForReading(results)
        let suite: SuiteResults
        do { suite = try SuiteOutputs.read(results + "/results.json") } catch { throw Refusal(error.message) }
        if suite.version != request.version && !request.force {
            throw Refusal(
                "\(OutputPaths.quoted(results))/results.json: made by \(suite.version ?? "an overscroll that records no version"),"
                    + " not by this \(request.version); run the suite again, or pass --force")
        }
        guard !request.selection.isEmpty else {
            throw Refusal("name what to accept: scenario:snapshot, a regular expression, --failed, --missing or --all")
        }
        let (chosen, notes) = try request.selection.choose(in: suite, results: results)
        var outcome = Outcome()
        outcome.notes = notes
        var checked: [Checked] = []
        for (i, j) in chosen {
            let c = try check(
                suite.scenarios[i], suite.scenarios[i].snapshots[j], results: results,
                base: request.base ?? OutputPaths.workingFolder() ?? ".", ranIn: suite.folder)
            if c.old == c.new { outcome.alreadyAccepted.append(c.name); continue }
            checked.append(c)
        }
        let items = checked.map { c in
            let folder = SuiteEntry(path: c.scenario.scenario, frames: 0, snapshotNames: []).artifactFolder + "/" + c.snapshot.snapshot
            return Item(
                snapshot: c.name, golden: c.snapshot.golden, written: c.old == nil ? .created : .changed,
                old: c.old == nil ? nil : folder + "/old.png", new: folder + "/new.png",
                diff: c.diff == nil ? nil : folder + "/diff.png")
        }
        outcome.accepted = items
        if request.dryRun || items.isEmpty { return outcome }
        try write(checked, items: items, suite: suite, request: request)
        return outcome
    }

    /// The checks of one chosen snapshot; reads its actual image, its golden and its diff.
    /// `ranIn`: the folder the suite ran in, as results.json records it (named when the scenario
    /// is not found here).
    static func check(
        _ scenario: ScenarioResult, _ s: SnapshotResult, results: String, base: String, ranIn: String? = nil
    ) throws(Refusal) -> Checked {
        let name = AcceptSelection.name(scenario, s)
        let entry = SuiteEntry(path: scenario.scenario, frames: 0, snapshotNames: [])
        guard entry.goldenFolder == scenario.goldens, s.golden == scenario.goldens + "/" + s.snapshot + ".png",
            SafeName.problem(s.snapshot) == nil
        else {
            throw Refusal(
                "\(OutputPaths.quoted(results))/results.json: \(OutputPaths.quoted(name)) names golden"
                    + " \(OutputPaths.quoted(s.golden)), not its scenario's; not accepted")
        }
        for (what, path) in [("scenario", scenario.scenario), ("golden folder", scenario.goldens)] {
            if let why = SuitePath.insideProblem(path, base: base) {
                throw Refusal(
                    "\(OutputPaths.quoted(results))/results.json: \(OutputPaths.quoted(name)): \(what) \(OutputPaths.quoted(path))"
                        + " \(why); not accepted")
            }
        }
        guard FileTree.isRegularFile(scenario.scenario) else {
            // Where to run it: the folder the tests ran in, by its path there (a CI checkout) —
            // the same folder of the user's clone (its repository root, as CI runs the suite).
            let there =
                ranIn.map { " (results.json records \(OutputPaths.quoted($0)): the same folder of your checkout, usually its root)" } ?? ""
            throw Refusal(
                "\(OutputPaths.quoted(name)): no scenario file \(OutputPaths.quoted(scenario.scenario)) here; run accept in the"
                    + " folder `overscroll test` ran in\(there), giving it the results folder's path from there")
        }
        func readArtifact(_ rel: String?) throws(Refusal) -> [UInt8]? {
            guard let rel else { return nil }
            if let why = SafeName.relativePathProblem(rel) {
                throw Refusal(
                    "\(OutputPaths.quoted(results))/results.json: artifact path \(OutputPaths.quoted(rel)) \(why); it must stay"
                        + " inside the results folder")
            }
            switch FileTree.readOwned(rel, under: results) {
            case .success(let bytes): return bytes
            case .failure(.missing): throw Refusal("\(OutputPaths.quoted(results + "/" + rel)): missing (named in results.json)")
            case .failure(let why): throw Refusal("\(why); accept reads only regular files, never through a link")
            }
        }
        guard let new = try readArtifact(s.actual) else { throw Refusal("\(OutputPaths.quoted(name)): the results keep no actual image") }
        do { _ = try PNGHeader(png: new, file: results + "/" + (s.actual ?? "")) } catch {
            throw Refusal("\(OutputPaths.quoted(results + "/" + (s.actual ?? ""))): not a PNG image; not accepted")
        }
        let diff = s.status == .failed ? try? readArtifact(s.diff) : nil
        let golden = s.golden
        switch FileTree.readOwned(golden) {
        case .failure(.missing):
            guard s.status == .missing else {
                throw Refusal("golden \(OutputPaths.quoted(golden)) was deleted since the run; run the suite again")
            }
            return Checked(scenario: scenario, snapshot: s, name: name, new: new, old: nil, diff: diff)
        case .failure(.link):
            throw Refusal("golden \(OutputPaths.quoted(golden)): a symlink; goldens are never written through one (replace it with a file)")
        case .failure(let why):
            throw Refusal("golden \(why)")
        case .success(let old):
            if old == new { return Checked(scenario: scenario, snapshot: s, name: name, new: new, old: old, diff: diff) }
            guard s.status != .missing else {
                throw Refusal("golden \(OutputPaths.quoted(golden)) was created since the run; run the suite again")
            }
            guard let recorded = s.goldenSHA256 else {
                throw Refusal(
                    "\(OutputPaths.quoted(results))/results.json: no hash of golden \(OutputPaths.quoted(golden)) (made by an older"
                        + " overscroll); run the suite again")
            }
            guard SHA256.hex(old) == recorded else {
                throw Refusal(
                    "golden \(OutputPaths.quoted(golden)) changed since the run (its SHA-256 is not the one results.json records);"
                        + " run the suite again")
            }
            return Checked(scenario: scenario, snapshot: s, name: name, new: new, old: old, diff: diff)
        }
    }

    /// Stages the record, writes each scenario's goldens in one swap under the suite's golden
    /// locks, updates the golden stack records, then commits the record.
    @MainActor
    static func write(_ checked: [Checked], items: [Item], suite: SuiteResults, request: Request) throws(Refusal) {
        var entries: [SuiteEntry] = []
        for c in checked where !entries.contains(where: { $0.path == c.scenario.scenario }) {
            entries.append(SuiteEntry(path: c.scenario.scenario, frames: 0, snapshotNames: []))
        }
        let locks: [FolderLock]
        let record: ResultFolder
        do {
            locks = try SuiteGoldens.lock(entries, trees: [], flag: "accept")
            record = try ResultFolder(
                replacing: request.results + "/" + recordName, flag: "accept",
                ownership: .manifest(legacy: { _ in false }))
        } catch {
            throw Refusal(error.description)
        }
        defer { withExtendedLifetime(locks) {} }
        do {
            for (c, item) in zip(checked, items) {
                if let old = c.old, let path = item.old {
                    try AtomicFileWriter.write(old, toPath: record.path(path), within: record.staging)
                }
                if let path = item.new { try AtomicFileWriter.write(c.new, toPath: record.path(path), within: record.staging) }
                if let diff = c.diff, let path = item.diff {
                    try AtomicFileWriter.write(diff, toPath: record.path(path), within: record.staging)
                }
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let date = SuiteRunner.isoDate()
            let file = Record(date: date, version: request.version, resultsVersion: suite.version, accepted: items)
            try AtomicFileWriter.write(Array(try encoder.encode(file)) + [0x0A], toPath: record.path("accepted.json"))
        } catch {
            record.abandon()
            throw Refusal("accept \(OutputPaths.quoted(request.results + "/" + recordName)): cannot write the record: \(error)")
        }
        // Each scenario's goldens in one swap; the scenarios' results as --update would leave them.
        var written: [ScenarioResult] = []
        for entry in entries {
            let mine = zip(checked, items).filter { $0.0.scenario.scenario == entry.path }
            // From memory: the record's new.png is the record's, not read back.
            let files = mine.map { GoldenWriter.Golden(name: $0.0.snapshot.snapshot + ".png", content: .bytes($0.0.new)) }
            do {
                _ = try GoldenWriter.write(files, into: URL(fileURLWithPath: entry.goldenFolder), flag: "accept")
            } catch {
                record.abandon()
                let done = written.map(\.scenario)
                throw Refusal(
                    "\(error.message) (none of \(entry.path)'s goldens change"
                        + "d\(done.isEmpty ? "" : "; accepted already: \(done.joined(separator: ", "))"))")
            }
            var r = ScenarioResult(scenario: entry.path, goldens: entry.goldenFolder)
            r.snapshots = mine.map {
                var s = $0.0.snapshot; s.written = $0.1.written; return s
            }
            written.append(r)
        }
        if let stack = suite.stack {
            for line in SuiteStacks(entries, stack: stack).record(written, pruned: []) { StandardStreams.error("note: \(line)\n") }
        }
        do { try record.commit() } catch {
            throw Refusal(
                "the goldens were accepted, but the record \(OutputPaths.quoted(request.results + "/" + recordName)) was not written:"
                    + " \(error.description)")
        }
    }
}
