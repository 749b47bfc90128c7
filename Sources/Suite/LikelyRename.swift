import Imaging
import Recording
import Support

/// A gone scenario's golden folder that most likely belongs to a renamed (or moved) scenario:
/// every golden in it is, pixel for pixel, the actual image of the same-named missing snapshot of
/// one scenario that has no golden folder yet. `test` names it under the obsolete goldens with
/// the `git mv` line that moves the goldens along, and the report shows it.
public struct LikelyRename: Codable, Sendable, Equatable {
    /// The scenario file the goldens belong to now.
    public var scenario: String
    /// The obsolete golden folder, and where that scenario looks for its goldens.
    public var from: String
    public var to: String

    public init(scenario: String, from: String, to: String) {
        self.scenario = scenario; self.from = from; self.to = to
    }

    /// `git mv OLD NEW` (after `mkdir -p` of the new `__snapshots__` folder when there is none),
    /// paths as printed elsewhere (no leading `./`), quoted for a POSIX shell.
    public var command: String {
        let from = SuiteRunner.shown(from), to = SuiteRunner.shown(to)
        let move = ShellWord.command(["git", "mv"], operands: [from, to])
        guard let slash = to.lastIndex(of: "/") else { return move }
        let tree = String(to[..<slash])
        return FileTree.exists(tree) ? move : ShellWord.command(["mkdir", "-p"], operands: [tree]) + " && " + move
    }

    /// The likely renames among `folders` (gone scenarios' golden folders) for `results`, whose
    /// artifacts (the actual images of missing snapshots) are under `root`. A folder that
    /// matches more than one scenario, or a scenario matched by more than one folder, is left
    /// out (not likely enough to name).
    static func find(_ folders: [ObsoleteFolder], results: [ScenarioResult], root: String) -> [LikelyRename] {
        var found: [LikelyRename] = []
        // Candidates: scenarios that ran, whose every snapshot is missing, with no golden folder.
        let candidates = results.filter { r in
            r.error == nil && !r.snapshots.isEmpty && !FileTree.exists(r.goldens)
                && r.snapshots.allSatisfy { $0.status == .missing && $0.actual != nil }
        }
        guard !candidates.isEmpty else { return [] }
        var actualBytes: [String: [UInt8]] = [:]
        func actual(_ relative: String) -> [UInt8]? {
            if let b = actualBytes[relative] { return b }
            guard case .success(let b) = FileTree.readOwned(relative, under: root) else { return nil }
            actualBytes[relative] = b
            return b
        }
        for folder in folders where !folder.files.isEmpty {
            var matches: [ScenarioResult] = []
            for r in candidates {
                let byName = Dictionary(r.snapshots.map { ($0.snapshot + ".png", $0) }, uniquingKeysWith: { a, _ in a })
                let same = folder.files.allSatisfy { file in
                    guard let s = byName[file], let rel = s.actual, let mine = actual(rel),
                        case .success(let old) = FileTree.readOwned(folder.folder + "/" + file)
                    else { return false }
                    return old == mine || PNGDecoder.samePixels(old, mine)
                }
                if same { matches.append(r) }
            }
            if matches.count == 1 {
                found.append(LikelyRename(scenario: matches[0].scenario, from: folder.folder, to: matches[0].goldens))
            }
        }
        let claimed = Dictionary(grouping: found, by: \.scenario)
        return found.filter { claimed[$0.scenario]?.count == 1 }
    }
}
