import Recording
import Rendering
import Support

/// The rendering stacks of a suite run: the run's own, and the records of its golden trees
/// (`__snapshots__/stack.json`, read once before the scenarios run). It notes on each mismatch
/// whose golden was made on another stack what differs, and after a run that wrote goldens it
/// updates the records of the trees it wrote into.
struct SuiteStacks: Sendable {
    /// The stack this run draws with.
    let stack: RenderingStack
    /// Golden tree (`<dir>/__snapshots__`) → its record, for the trees whose file could be read
    /// or is absent (an empty record).
    private(set) var records: [String: GoldenStackRecord] = [:]
    /// Trees whose file exists: a record written there is a change even when it ends up empty.
    private var present: Set<String> = []
    /// Golden tree → the suite folder it lies in (where links are refused when writing).
    private var suiteFolders: [String: String] = [:]
    /// Trees whose record is of a later format: left as they are.
    private var kept: Set<String> = []
    /// One line per record that could not be used.
    private(set) var warnings: [String] = []

    init(_ entries: [SuiteEntry], stack: RenderingStack) {
        self.stack = stack
        for e in entries {
            let tree = e.folder + "/" + OutputPaths.goldenTreeName
            guard suiteFolders[tree] == nil else { continue }
            suiteFolders[tree] = e.folder
            do {
                if let record = try GoldenStackRecord.read(tree: tree) {
                    records[tree] = record
                    present.insert(tree)
                } else {
                    records[tree] = GoldenStackRecord()
                }
            } catch {
                warnings.append(error.message)
                present.insert(tree)
                if error.laterFormat { kept.insert(tree) }
            }
        }
    }

    /// `<tree>` and `<scenario>` of a scenario's golden folder `<tree>/<scenario>`.
    static func split(_ goldens: String) -> (tree: String, name: String)? {
        guard let slash = goldens.lastIndex(of: "/") else { return nil }
        return (String(goldens[..<slash]), String(goldens[goldens.index(after: slash)...]))
    }

    /// `r` with a `stackNote` on each mismatch whose golden's recorded stack differs from this run's.
    func annotate(_ r: ScenarioResult) -> ScenarioResult {
        guard let (tree, name) = Self.split(r.goldens), let record = records[tree], !record.stacks.isEmpty else { return r }
        var out = r
        for i in out.snapshots.indices where out.snapshots[i].isFailure && out.snapshots[i].status == .failed {
            if let recorded = record.stack(ofGolden: name + "/" + out.snapshots[i].snapshot + ".png") {
                out.snapshots[i].stackNote = stack.goldenNote(recorded: recorded)
            }
        }
        return out
    }

    /// After the goldens were committed: records this run's stack for the goldens it created or
    /// changed, and for those it found pixel-identical that no record lists; forgets `pruned`
    /// (paths of deleted goldens). Writes each tree's file that changed; returns one line per
    /// file that could not be written.
    func record(_ results: [ScenarioResult], pruned: [String]) -> [String] {
        var written: [String: Set<String>] = [:], reproduced: [String: Set<String>] = [:], forgotten: [String: Set<String>] = [:]
        for r in results where r.error == nil {
            guard let (tree, name) = Self.split(r.goldens) else { continue }
            for s in r.snapshots {
                switch s.written {
                case .created, .changed: written[tree, default: []].insert(name + "/" + s.snapshot + ".png")
                case .unchanged: reproduced[tree, default: []].insert(name + "/" + s.snapshot + ".png")
                case nil: break
                }
            }
        }
        for path in pruned {
            if let tree = suiteFolders.keys.filter({ path.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) {
                forgotten[tree, default: []].insert(String(path.dropFirst(tree.count + 1)))
            }
        }
        var failures: [String] = []
        for tree in Set(written.keys).union(reproduced.keys).union(forgotten.keys).sorted() {
            guard let folder = suiteFolders[tree], !kept.contains(tree) else { continue }
            let before = records[tree] ?? GoldenStackRecord()
            var after = before
            after.record(stack, written: written[tree] ?? [], reproduced: reproduced[tree] ?? [], forgotten: forgotten[tree] ?? [])
            let changed = present.contains(tree) ? (after != before || records[tree] == nil) : !after.stacks.isEmpty
            guard changed else { continue }
            do { try after.write(tree: tree, suiteFolder: folder) } catch { failures.append("\(error)") }
        }
        return failures
    }
}
