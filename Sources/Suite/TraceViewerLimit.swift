import Recording
import Support
#if canImport(Glibc)
import Glibc
#endif

/// A run keeps the trace viewers of its first `maxPages` traced snapshots (in scenario order, so
/// which ones does not depend on the workers): each snapshot brings up to 13 frames, so thousands
/// of failures would otherwise leave gigabytes. A scenario's page is kept whole when its first
/// snapshot is within the limit. The others keep their images; the report says their viewer was
/// left out. `TraceViewerJobs` writes only the kept ones (`plan`), spread over the run's lanes.
enum TraceViewerLimit {
    static let maxPages = 100

    // Which pages are written, and the writing on every lane of the run: `TraceViewerJobs`.

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
                if removedPages.insert(page).inserted, SafeName.relativePathProblem(page) == nil, FileTree.isRegularFile(root + "/" + page)
                {
                    unlink(root + "/" + page)
                }
                results[i].snapshots[j].traceViewer = nil
                removed += 1
            }
        }
        return removed
    }
}
