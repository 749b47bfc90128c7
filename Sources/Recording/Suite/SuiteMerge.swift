import Foundation
import Imaging

/// Merges shard results folders into one (`overscroll merge-reports`): every scenario's result,
/// its artifacts copied across, one `results.json`, one report and optionally one JUnit file.
public enum SuiteMerge {
    public static func merge(_ folders: [String], into out: String, junit: String?, command: String) throws -> SuiteResults {
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
        if let junit { outputs.append(.init(junit, flag: "--junit", folder: false)) }
        try OutputPaths.check(outputs, inputs: inputs)
        var seen: [String: String] = [:]
        for p in parts {
            for s in p.results.scenarios {
                if let other = seen[s.scenario] {
                    throw SuiteOutputs.Failure(message: "\(s.scenario) is in both \(other) and \(p.folder) (were the shards run with the same N?)")
                }
                seen[s.scenario] = p.folder
            }
        }
        let folder = try ResultFolder(replacing: out, flag: "--artifacts", ownership: .manifest(legacy: { $0 == "results.json" }))
        do {
            var scenarios: [ScenarioResult] = []
            for p in parts {
                for s in p.results.scenarios {
                    var paths = s.snapshots.flatMap { [$0.expected, $0.actual, $0.diff] }.compactMap { $0 }
                    if let t = s.trace { paths.append(t) }
                    for rel in paths {
                        if let why = SafeName.relativePathProblem(rel) {
                            throw SuiteOutputs.Failure(message: "\(OutputPaths.quoted(p.folder))/results.json: artifact path \(OutputPaths.quoted(rel)) \(why); it must stay inside the results folder")
                        }
                        // Only regular files found without following a link are copied.
                        let bytes: [UInt8]
                        switch FileTree.readOwned(rel, under: p.folder) {
                        case .success(let b): bytes = b
                        case .failure(.missing):
                            throw SuiteOutputs.Failure(message: "\(OutputPaths.quoted(p.folder + "/" + rel)): missing artifact named in results.json")
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
            let merged = SuiteResults(command: command, date: parts.map(\.results.date).min() ?? first.date,
                                      threshold: first.threshold, maxDiffPixels: first.maxDiffPixels,
                                      maxDiffRatio: first.maxDiffRatio,
                                      shards: parts.flatMap(\.results.shards), scenarios: scenarios)
            try SuiteOutputs.write(merged, into: folder.staging, resultsRoot: folder.staging)
            try folder.commit()
            if let junit { try AtomicFileWriter.write(text: JUnitWriter.xml(merged), toPath: junit) }
            return merged
        } catch {
            folder.abandon()
            throw error
        }
    }
}
