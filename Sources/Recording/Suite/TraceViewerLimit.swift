import Support
#if canImport(Glibc)
import Glibc
#endif

/// A run keeps the trace viewers of its first `maxPages` traced snapshots (in scenario order, so
/// which ones does not depend on the workers): each snapshot brings up to 13 frames, so thousands
/// of failures would otherwise leave gigabytes. A scenario's page is kept whole when its first
/// snapshot is within the limit. The others keep their images; the report says their viewer was
/// left out.
enum TraceViewerLimit {
    static let maxPages = 100

    /// Writes the trace viewers of the first `maxPages` traced snapshots of `results` (in
    /// scenario order; a scenario's page whole), once every scenario ran: only the viewers the
    /// run keeps are rendered. A page that cannot be made (the scenario no longer loads) is left
    /// out, as one past the limit is.
    @MainActor
    static func writeViewers(_ results: inout [ScenarioResult], entries: [SuiteEntry], options: SuiteOptions, root: String) async {
        guard options.trace != .off else { return }
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var covered = 0
        for i in results.indices where covered < maxPages {
            guard results[i].error == nil, let entry = byPath[results[i].scenario] else { continue }
            let traced = results[i].snapshots.filter { options.trace.traces($0) }.map(\.snapshot)
            guard !traced.isEmpty else { continue }
            covered += traced.count
            do {
                let scenario = try ScenarioFile.load(entry.path, maxBytes: options.maxScenarioBytes)
                try await TraceViewer.write(for: &results[i], scenario: scenario, entry: entry, traced: Set(traced),
                                            lottieTimeout: options.lottieTimeout, work: root + "/" + entry.artifactFolder)
            } catch {
                continue
            }
        }
    }

    /// Removes the pages past the limit from `root` (the results folder being written) and their
    /// paths from `results`; returns how many snapshots lost their viewer.
    @discardableResult
    static func apply(_ results: inout [ScenarioResult], root: String) -> Int {
        var kept = 0, removed = 0
        var keptPages = Set<String>(), removedPages = Set<String>()
        for i in results.indices {
            for j in results[i].snapshots.indices {
                guard let page = results[i].snapshots[j].traceViewer else { continue }
                if keptPages.contains(page) { kept += 1; continue }
                if !removedPages.contains(page) && kept < maxPages { keptPages.insert(page); kept += 1; continue }
                if removedPages.insert(page).inserted, SafeName.relativePathProblem(page) == nil, FileTree.isRegularFile(root + "/" + page) {
                    unlink(root + "/" + page)
                }
                results[i].snapshots[j].traceViewer = nil
                removed += 1
            }
        }
        return removed
    }
}
