import Foundation
import Recording
import Support

/// Merges shard results folders into one (`overscroll merge-reports`): every scenario's result,
/// its artifacts copied across, one `results.json`, one report and optionally one file per
/// result format (`--junit`).
/// The folders must be shards 1…N of one N, each once, of one suite (the same scenario list)
/// run with the same options; otherwise nothing is written and the error names what is missing
/// or different.
public enum SuiteMerge {
    /// Refuses parts that are not one complete shard set of one suite run with one set of options.
    static func checkShardSet(_ parts: [(folder: String, results: SuiteResults)]) throws(SuiteOutputs.Failure) {
        guard !parts.isEmpty else { throw SuiteOutputs.Failure(message: "no results folders to merge") }
        var index: [(folder: String, i: Int, n: Int)] = []
        for p in parts {
            guard p.results.suite != nil, p.results.settings != nil else {
                throw SuiteOutputs.Failure(
                    message: "\(p.folder)/results.json: written by an older overscroll (no suite list or options); run the shards again")
            }
            // A run without --shard is the whole suite: shard 1/1, complete alone.
            if p.results.shards.isEmpty { index.append((p.folder, 1, 1)); continue }
            guard p.results.shards.count == 1, let one = p.results.shards.first else {
                throw SuiteOutputs.Failure(message: "\(p.folder): already a merge of shards \(p.results.shards.joined(separator: ", "))")
            }
            let ab = one.split(separator: "/")
            guard ab.count == 2, let i = Int(ab[0]), let n = Int(ab[1]), n >= 1, n <= SuiteResults.maxShards, i >= 1, i <= n else {
                throw SuiteOutputs.Failure(
                    message: "\(p.folder)/results.json: shard '\(TerminalText.escaped(String(one.prefix(60))))' is not I/N with N ≤"
                        + " \(SuiteResults.maxShards)")
            }
            index.append((p.folder, i, n))
        }
        let first = index[0]
        if let other = index.first(where: { $0.n != first.n }) {
            throw SuiteOutputs.Failure(
                message: "shards of different totals: \(first.folder) is \(first.i)/\(first.n) but \(other.folder) is \(other.i)/\(other.n)"
            )
        }
        var seen: [Int: String] = [:]
        for x in index {
            if let f = seen[x.i] {
                throw SuiteOutputs.Failure(message: "shard \(x.i)/\(x.n) given twice: \(f) and \(x.folder)")
            }
            seen[x.i] = x.folder
        }
        // Every shard was given once, so the set is complete when there are N of them.
        if seen.count < first.n {
            throw SuiteOutputs.Failure(message: missingShards(given: index.map(\.i).sorted(), of: first.n))
        }
        let base = parts[0]
        for p in parts.dropFirst() {
            let a = base.results.suite ?? [], b = p.results.suite ?? []
            if a != b {
                let onlyA = Set(a).subtracting(b).sorted(), onlyB = Set(b).subtracting(a).sorted()
                var why: [String] = []
                if let x = onlyA.first {
                    why.append("\(OutputPaths.quoted(x)) only in \(base.folder)\(onlyA.count > 1 ? " (and \(onlyA.count - 1) more)" : "")")
                }
                if let x = onlyB.first {
                    why.append("\(OutputPaths.quoted(x)) only in \(p.folder)\(onlyB.count > 1 ? " (and \(onlyB.count - 1) more)" : "")")
                }
                throw SuiteOutputs.Failure(
                    message: "\(base.folder) and \(p.folder) ran different suites:"
                        + " \(why.isEmpty ? "the scenario lists differ" : why.joined(separator: "; "))")
            }
            let diff = base.results.settings!.differences(from: p.results.settings!)
            if !diff.isEmpty {
                throw SuiteOutputs.Failure(
                    message:
                        "\(base.folder) and \(p.folder) ran with different options: \(TerminalText.escaped(diff.joined(separator: "; ")))")
            }
        }
        // Every scenario of the suite is in exactly one shard (run, or not run when --max-failures stopped it).
        let ran = Set(parts.flatMap { $0.results.scenarios.map(\.scenario) + ($0.results.stopped?.notRun ?? []) })
        if let lost = (base.results.suite ?? []).first(where: { !ran.contains($0) }) {
            throw SuiteOutputs.Failure(message: "scenario \(OutputPaths.quoted(lost)) of the suite is in no shard's results")
        }
    }

    /// One line per shard whose rendering stack differs from the first shard's that recorded one:
    /// `shard 2/2 (out/b) ran on another rendering stack: cairo 1.18.4 (shard 1/2: cairo 1.16.0)`.
    /// Shards written before stacks were recorded are not compared.
    static func stackNotes(_ ordered: [(folder: String, results: SuiteResults)]) -> [String] {
        guard let base = ordered.first(where: { $0.results.stack != nil }), let reference = base.results.stack else { return [] }
        func label(_ r: SuiteResults) -> String { r.shards.first ?? "1/1" }
        var notes: [String] = []
        for p in ordered where p.folder != base.folder {
            guard let stack = p.results.stack else { continue }
            let d = stack.differences(from: reference)
            guard !d.isEmpty else { continue }
            notes.append(
                "shard \(label(p.results)) (\(p.folder)) ran on another rendering stack:"
                    + " \(d.map { "\($0.name) \($0.current)" }.joined(separator: ", ")) (shard \(label(base.results)):"
                    + " \(d.map { "\($0.name) \($0.recorded)" }.joined(separator: ", ")))")
        }
        return notes
    }

    /// How many missing or given shards an error line names before "and N more".
    static let shardsNamed = 5

    /// `incomplete shard set: missing 2/8, 4/8 (given 1/8, 3/8)`, naming at most `shardsNamed`
    /// of each whatever N is (the given shards are sorted, each once).
    static func missingShards(given: [Int], of n: Int) -> String {
        var missing: [Int] = []
        var k = 0, candidate = 1
        while candidate <= n, missing.count < shardsNamed {
            if k < given.count, given[k] == candidate { k += 1 } else { missing.append(candidate) }
            candidate += 1
        }
        func list(_ xs: [Int], total: Int) -> String {
            xs.map { "\($0)/\(n)" }.joined(separator: ", ") + (total > xs.count ? " and \(total - xs.count) more" : "")
        }
        return "incomplete shard set: missing \(list(missing, total: n - given.count)) (given"
            + " \(list(Array(given.prefix(shardsNamed)), total: given.count)))"
    }

    public static func merge(_ folders: [String], into out: String, resultFiles: [ResultFile] = [], command: String) throws -> SuiteResults
    {
        var parts: [(folder: String, results: SuiteResults)] = []
        for f in folders { parts.append((f, try SuiteOutputs.read(f + "/results.json"))) }
        // Inputs: the shard folders, and the scenario files and golden folders they name.
        var inputs = folders.map { (path: $0, what: "a results folder being merged") }
        for p in parts {
            for s in p.results.scenarios {
                inputs += [(s.scenario, "a scenario file"), (s.goldens, "a golden folder")]
            }
        }
        var outputs = [OutputPaths.Output(out, flag: "--artifacts", folder: true)]
        outputs += resultFiles.map(\.output)
        try OutputPaths.check(outputs, inputs: inputs)
        try checkShardSet(parts)
        var seen: [String: String] = [:]
        for p in parts {
            for s in p.results.scenarios {
                if let other = seen[s.scenario] {
                    throw SuiteOutputs.Failure(
                        message:
                            "\(OutputPaths.quoted(s.scenario)) is in both \(other) and \(p.folder) (were the shards run with the same N?)")
                }
                seen[s.scenario] = p.folder
            }
        }
        let folder = try ResultFolder(replacing: out, flag: "--artifacts", ownership: .manifest(legacy: { $0 == "results.json" }))
        var staged: [StagedFile] = []
        do {
            var scenarios: [ScenarioResult] = []
            for p in parts {
                for s in p.results.scenarios {
                    var paths = s.snapshots.flatMap { [$0.expected, $0.actual, $0.diff, $0.traceViewer] }.compactMap { $0 }
                    if let t = s.trace { paths.append(t) }
                    // A scenario's trace viewer serves all its snapshots: copied once.
                    var copied = Set<String>()
                    for rel in paths where copied.insert(rel).inserted {
                        if let why = SafeName.relativePathProblem(rel) {
                            throw SuiteOutputs.Failure(
                                message: "\(OutputPaths.quoted(p.folder))/results.json: artifact path \(OutputPaths.quoted(rel)) \(why);"
                                    + " it must stay inside the results folder")
                        }
                        // Only regular files found without following a link are copied.
                        let bytes: [UInt8]
                        switch FileTree.readOwned(rel, under: p.folder) {
                        case .success(let b): bytes = b
                        case .failure(.missing):
                            throw SuiteOutputs.Failure(
                                message: "\(OutputPaths.quoted(p.folder + "/" + rel)): missing artifact named in results.json")
                        case .failure(let why):
                            throw SuiteOutputs.Failure(message: "\(why); merge-reports copies only regular files, never through a link")
                        }
                        try AtomicFileWriter.write(bytes, toPath: folder.staging + "/" + rel, within: folder.staging)
                    }
                    scenarios.append(s)
                }
            }
            scenarios.sort { $0.scenario < $1.scenario }
            let first = parts[0].results
            func index(_ r: SuiteResults) -> Int { r.shards.first?.split(separator: "/").first.flatMap { Int($0) } ?? 1 }
            let ordered = parts.sorted { index($0.results) < index($1.results) }
            var merged = SuiteResults(
                command: command, date: parts.map(\.results.date).min() ?? first.date,
                threshold: first.threshold, maxDiffPixels: first.maxDiffPixels,
                maxDiffRatio: first.maxDiffRatio,
                shards: ordered.flatMap(\.results.shards), scenarios: scenarios)
            let versions = ordered.compactMap(\.results.version).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            merged.version = versions.isEmpty ? nil : versions.joined(separator: ", ")
            merged.stack = ordered.first { $0.results.stack != nil }?.results.stack
            merged.stackNotes = stackNotes(ordered)
            merged.suite = first.suite
            merged.settings = first.settings
            merged.host = first.host
            merged.folder = first.folder
            merged.obsoleteFolders = ordered[0].results.obsoleteFolders
            let notRun = ordered.flatMap { $0.results.stopped?.notRun ?? [] }.sorted()
            if let n = ordered.compactMap(\.results.stopped?.maxFailures).first, !notRun.isEmpty {
                merged.stopped = StoppedEarly(maxFailures: n, notRun: notRun)
            }
            merged.trace = first.trace
            merged.config = first.config
            try SuiteOutputs.write(merged, into: folder.staging, resultsRoot: folder.staging, artifacts: out)
            // Every output is written before any is replaced.
            staged = try ResultFile.stage(resultFiles, merged, artifacts: out)
            try folder.commit()
            for file in staged { try file.commit() }
            return merged
        } catch {
            for file in staged { file.abandon() }
            folder.abandon()
            throw error
        }
    }
}
