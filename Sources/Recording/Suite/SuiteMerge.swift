import Foundation
import Imaging

/// Merges shard results folders into one (`overscroll merge-reports`): every scenario's result,
/// its artifacts copied across, one `results.json`, one report and optionally one JUnit file.
public enum SuiteMerge {
    public static func merge(_ folders: [String], into out: String, junit: String?, command: String) throws -> SuiteResults {
        let inputs = folders.map { (path: $0, what: "a results folder being merged") }
        try OutputPaths.refuseOverlap(output: out, flag: "--artifacts", inputs: inputs)
        if let junit {
            try OutputPaths.checkFile(junit, flag: "--junit")
            try OutputPaths.refuseOverlap(output: junit, flag: "--junit", inputs: inputs)
        }
        var parts: [(folder: String, results: SuiteResults)] = []
        for f in folders { parts.append((f, try SuiteOutputs.read(f + "/results.json"))) }
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
                        guard !rel.hasPrefix("/"), !rel.split(separator: "/").contains("..") else {
                            throw SuiteOutputs.Failure(message: "\(p.folder)/results.json: artifact path '\(rel)' leaves the results folder")
                        }
                        let bytes: [UInt8]
                        do { bytes = try InputFile.read(p.folder + "/" + rel) } catch {
                            if case .notRegular = error { throw SuiteOutputs.Failure(message: error.description) }
                            throw SuiteOutputs.Failure(message: "\(p.folder)/\(rel): missing artifact named in results.json")
                        }
                        try AtomicFileWriter.write(bytes, toPath: folder.staging + "/" + rel)
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
