import Foundation
import Recording
import Support

/// The golden folders of a suite run. A run that may write goldens (`--update`, `--prune`) locks
/// each suite folder's `__snapshots__` for the whole run (a second writer fails at once, named)
/// and refuses a symlink at `__snapshots__`, at a scenario's golden folder or at the tree's
/// `stack.json` (`GoldenStackRecord`). Scenarios stage
/// the goldens to write inside the results staging; after the run each scenario's set is
/// swapped in all-or-nothing (`GoldenWriter`), obsolete goldens `--prune` deletes leaving in the
/// same swap. A run that only reads first finishes a swap a killed run left half done.
enum SuiteGoldens {
    /// Locks the golden trees of `entries` for a writing run; `flag` names the option in messages.
    /// `trees` are every `__snapshots__` of the suite, cleaned of what killed runs left there.
    static func lock(_ entries: [SuiteEntry], trees: [String], flag: String) throws(OutputPaths.Refusal) -> [FolderLock] {
        var locks: [FolderLock] = []
        var seen = Set<String>()
        for e in entries {
            let tree = e.folder + "/" + OutputPaths.goldenTreeName
            for path in [tree, e.goldenFolder, GoldenStackRecord.path(inTree: tree)] where FileTree.isLink(path) {
                throw OutputPaths.Refusal(
                    "\(flag) \(OutputPaths.quoted(path)): is a symlink; goldens are never written or deleted through one (replace it"
                        + " with a folder)")
            }
            guard seen.insert(OutputPaths.canonical(e.folder)).inserted else { continue }
            locks.append(try FolderLock(path: e.folder + "/." + OutputPaths.goldenTreeName + ".lock", flag: flag, display: tree))
        }
        recover(entries, trees: trees)
        return locks
    }

    /// Finishes or rolls back golden swaps that killed runs left half done: those of the
    /// scenarios' golden folders, and those a killed run left beside any folder of `trees` —
    /// a gone scenario's folder being pruned — found by the exact names such leftovers have
    /// (`ResultFolder.foldersWithLeftovers`). A tree lock a killed writer left goes too.
    static func recover(_ entries: [SuiteEntry], trees: [String] = []) {
        var folders = Set(entries.map(\.goldenFolder))
        for tree in trees where !FileTree.isLink(tree) {
            for name in ResultFolder.foldersWithLeftovers(in: tree) { folders.insert(tree + "/" + name) }
            let parent = tree.dropLast(OutputPaths.goldenTreeName.count)
            let treeLock = String(parent) + "." + OutputPaths.goldenTreeName + ".lock"
            if FileTree.isRegularFile(treeLock), let lock = try? FolderLock(path: treeLock, flag: "", display: tree) {
                withExtendedLifetime(lock) {}  // its release removes the lock file
            }
        }
        for folder in folders.sorted() { ResultFolder.recoverForReading(folder) }
    }

    /// Swaps in every scenario's staged goldens (and drops the obsolete ones with `prune`);
    /// a scenario whose set cannot be written gets an error naming why, and none of its goldens
    /// change. Returns the number of goldens pruned and the indexes of the scenarios that failed.
    static func commit(_ results: inout [ScenarioResult], resultsRoot: String, prune: Bool) -> (pruned: Int, failed: [Int]) {
        var pruned = 0
        var failed: [Int] = []
        for i in results.indices where results[i].error == nil {
            let entry = SuiteEntry(path: results[i].scenario, frames: 0, snapshotNames: [])
            let staged = resultsRoot + "/" + SnapshotRun.stagedGoldens(entry)
            let files = results[i].snapshots.filter { $0.written == .created || $0.written == .changed }
                .map { GoldenWriter.Golden(name: $0.snapshot + ".png", content: .staged(staged + "/" + $0.snapshot + ".png")) }
            let dropping = prune ? Set(results[i].obsolete) : []
            if prune { results[i].obsolete = [] }
            guard !files.isEmpty || !dropping.isEmpty else { continue }
            do {
                let summary = try GoldenWriter.write(
                    files, into: URL(fileURLWithPath: results[i].goldens),
                    flag: "--update", dropping: dropping)
                let created = Set(summary.created), changed = Set(summary.changed)
                for j in results[i].snapshots.indices where results[i].snapshots[j].written != nil {
                    let name = results[i].snapshots[j].snapshot + ".png"
                    results[i].snapshots[j].written = created.contains(name) ? .created : changed.contains(name) ? .changed : .unchanged
                }
                pruned += dropping.count
            } catch {
                results[i].error = "\(results[i].scenario): goldens not written (none changed): \(error.message)"
                results[i].snapshots = []
                failed.append(i)
            }
        }
        FileTree.remove(resultsRoot + "/.goldens")
        return (pruned, failed)
    }
}
