import Foundation
import Recording
import Support

/// Finds the scenarios of `overscroll test PATH…`: a file is taken as given; a folder is searched
/// recursively for `*.json` files that `ScenarioMarker` marks as scenarios (a top-level `scene` or
/// `events` key, read leniently so a broken scenario is still one and fails with line and column).
/// A `*.json` file that cannot be read as UTF-8 JSON is an error naming the encoding or the line
/// and column: it may be a scenario, so it is never skipped, and its goldens are never obsolete.
/// Valid JSON without those keys (a Lottie file) is skipped with a note. Hidden folders,
/// `__snapshots__`, the results folder and any other results folder of overscroll (one holding
/// `.overscroll-manifest`) are not searched; a symlinked sub-folder is never followed (a note
/// names it), so a walk never leaves the suite; a name that is not UTF-8 is an error naming it.
/// Two scenarios whose goldens would share a folder (`a.json`, `a.JSON`) are refused. Sorted by
/// path.
public enum SuiteDiscovery {
    public struct Found: Sendable {
        public var entries: [SuiteEntry] = []
        /// One-line notes about skipped files.
        public var notes: [String] = []
        /// Paths that do not exist, files that cannot be read, colliding names (usage errors).
        public var errors: [String] = []
        /// Golden folders in a searched folder's `__snapshots__/` that no scenario there names.
        public var obsoleteFolders: [ObsoleteFolder] = []
        /// Every `__snapshots__` folder (a real folder) of the searched folders.
        public var goldenTrees: [String] = []
        /// Golden folders of gone scenarios that a prune emptied but a kill kept from removing:
        /// nothing in them but the manifest the swap wrote (`--prune` removes them).
        public var emptiedFolders: [String] = []
        /// The scenarios parsed for their frames and snapshot names, by path, for the run to
        /// use rather than parse them again (`ParsedScenario.keeps`: not the largest).
        public var parsed: [String: ParsedScenario] = [:]
    }

    public static func find(
        _ paths: [String], excluding excluded: [String] = [],
        maxScenarioBytes: Int = ScenarioFile.defaultMaxBytes, physics: String? = nil,
        load: ParsedScenario.Load = ParsedScenario.fromFile
    ) -> Found {
        var found = Found()
        let skip = Set(excluded.map(OutputPaths.canonical))
        var files: [String] = []
        // Every *.json file seen, scenario or not: its goldens are never obsolete.
        var jsonFiles: [String] = []
        // (the scenario path it belongs to without `.json`, the golden folder)
        var goldenFolders: [(owner: String, folder: String)] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                found.errors.append("\(path): no such file or folder")
                continue
            }
            if !isDir.boolValue { files.append(path); continue }
            var stack = [path]
            var visited = Set<String>()
            while let folder = stack.popLast() {
                let canonical = OutputPaths.canonical(folder)
                // The results folder is not searched; a folder is searched once.
                if skip.contains(canonical) || !visited.insert(canonical).inserted { continue }
                // The folder named on the command line may be a link; no folder below it is followed.
                guard let listing = FileTree.listing(of: folder, followingLink: folder == path) else {
                    found.errors.append("\(folder): cannot list the folder")
                    continue
                }
                let names = listing.names
                // A results folder of an earlier run (any --artifacts) is not part of the suite.
                if folder != path, names.contains(".overscroll-manifest") { continue }
                func join(_ name: String) -> String {
                    folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                }
                for bad in listing.notUTF8 where !bad.hasPrefix(".") {
                    found.errors.append("\(join(bad)): a name that is not UTF-8 (shown with \\x escapes); not searched — rename it")
                }
                // Golden folders (real folders only: a link is never followed to report or prune).
                if names.contains("__snapshots__"), FileTree.isRealFolder(join("__snapshots__")),
                    let golden = FileTree.listing(of: join("__snapshots__"))?.names
                {
                    found.goldenTrees.append(join("__snapshots__"))
                    for name in golden where !name.hasPrefix(".") && FileTree.isRealFolder(join("__snapshots__") + "/" + name) {
                        goldenFolders.append((join(name), join("__snapshots__") + "/" + name))
                    }
                }
                for name in names where !name.hasPrefix(".") && name != "__snapshots__" {
                    let child = join(name)
                    var info = stat()
                    guard lstat(child, &info) == 0 else { continue }
                    let isJSON = name.lowercased().hasSuffix(".json")
                    if info.st_mode & S_IFMT == S_IFLNK {
                        var target = stat()
                        if stat(child, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR {
                            found.notes.append(
                                "\(child): a symlink to a folder, not followed (a suite walk never leaves the suite through a link;"
                                    + " name the folder as a PATH to include it)")
                            continue
                        }
                    }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        stack.append(child)
                    } else if isJSON {
                        jsonFiles.append(child)
                        // The suite's config file is read as that, not as a scenario.
                        if name == SuiteConfig.fileName { continue }
                        // A FIFO or an oversized file is an error, named (never a read that blocks).
                        let bytes: [UInt8]
                        do { bytes = try InputFile.read(child, maxBytes: maxScenarioBytes) } catch {
                            found.errors.append(ScenarioFile.describe(error))
                            continue
                        }
                        if let why = ScenarioEncoding.problem(bytes) {
                            found.errors.append("\(child): \(why)")
                            continue
                        }
                        let text = String(decoding: bytes, as: UTF8.self)
                        if ScenarioMarker.marks(text) { files.append(child); continue }
                        // Without the keys, only valid JSON is surely not a scenario: a typo
                        // (unquoted keys) may hide them.
                        do { _ = try JSONParser.parse(text) } catch {
                            found.errors.append(
                                "\(child): not valid JSON (\(error)); a *.json file in a suite folder must be a scenario or valid JSON")
                            continue
                        }
                        found.notes.append("\(child): not a scenario (no top-level \"scene\" or \"events\" key), skipped")
                    }
                }
            }
        }
        var seen = Set<String>()
        // The golden folder each scenario names, for collisions (`a.json` and `a.JSON`).
        var goldenOwners: [String: String] = [:]
        for file in files.sorted() where seen.insert(OutputPaths.canonical(file)).inserted {
            // The base name names the golden and artifact folders: checked once, here.
            let probe = SuiteEntry(path: file, frames: 0, snapshotNames: [])
            // A path the console shows escaped (a tab, a newline, a bidi mark) cannot be printed in
            // an `accept:` or `git mv` line that gives it back: refused here, before anything names it.
            if TerminalText.needsEscape(file) {
                found.errors.append(
                    "\(OutputPaths.printable(file)): a scenario path with a control character (shown escaped) cannot be named"
                        + " exactly by a printed accept or git mv line — rename it")
                continue
            }
            let base = probe.baseName
            if let why = SafeName.problem(base) {
                found.errors.append(
                    "\(file): the scenario name '\(base)' (the file name without .json) \(why); it would name its golden folder"
                        + " \(OutputPaths.goldenTreeName)/\(base)/ — rename the file")
                continue
            }
            let golden = OutputPaths.canonical(probe.folder) + "/" + OutputPaths.goldenTreeName + "/" + base
            if let other = goldenOwners[golden] {
                found.errors.append(
                    "\(file): its goldens would share the folder \(probe.goldenFolder)/ with \(other) (one golden folder per scenario"
                        + " name) — rename one")
                continue
            }
            goldenOwners[golden] = file
            let parsed = ParsedScenario(load, file, maxBytes: maxScenarioBytes, physics: physics)
            let scenario = try? parsed.result.get()
            if parsed.keeps { found.parsed[file] = parsed }
            found.entries.append(
                SuiteEntry(
                    path: file, frames: scenario?.frameCount ?? 0,
                    snapshotNames: scenario?.snapshots.map(\.name) ?? []))
        }
        // A golden folder is obsolete when no *.json file of its folder (scenario or not) has its name.
        let named = Set((files + jsonFiles).map { $0.lowercased().hasSuffix(".json") ? String($0.dropLast(5)) : $0 })
        for (owner, path) in goldenFolders where !named.contains(owner) {
            let pngs = (FileTree.listing(of: path)?.names ?? [])
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") && FileTree.isRegularFile(path + "/" + $0) }
            if !pngs.isEmpty { found.obsoleteFolders.append(ObsoleteFolder(folder: path, files: pngs)) }
            if FileTree.entries(of: path) == [ResultFolder.manifestName] && FileTree.isRegularFile(path + "/" + ResultFolder.manifestName) {
                found.emptiedFolders.append(path)
            }
        }
        found.obsoleteFolders.sort { $0.folder < $1.folder }
        return found
    }

    /// Refuses a results folder that is, or contains, one of the suite's PATHs (`test .
    /// --artifacts .` would replace the suite): named, before anything is searched.
    public static func refuseArtifactsOverSuite(_ artifacts: String, paths: [String]) throws(OutputPaths.Refusal) {
        let out = OutputPaths.canonical(artifacts)
        for path in paths {
            let p = OutputPaths.canonical(path)
            if p == out || OutputPaths.isInside(p, out) {
                throw OutputPaths.Refusal(
                    "--artifacts \(OutputPaths.quoted(artifacts)): \(p == out ? "is" : "contains") the suite path"
                        + " \(OutputPaths.quoted(path)); the results folder is replaced at each run — choose another")
            }
        }
    }

    /// Shard `index` (1-based) of `count`: a deterministic split balanced by frame count. Entries
    /// are taken largest first (ties by path) and each goes to the shard with the fewest frames
    /// so far (ties: the lower shard); the shard's entries are returned sorted by path.
    public static func shard(_ entries: [SuiteEntry], index: Int, count: Int) -> [SuiteEntry] {
        precondition(count >= 1 && index >= 1 && index <= count)
        var load = [Int](repeating: 0, count: count)
        var mine: [SuiteEntry] = []
        let order = entries.sorted { ($0.frames, $1.path) > ($1.frames, $0.path) }
        for e in order {
            let target = load.indices.min { (load[$0], $0) < (load[$1], $1) }!
            load[target] += max(1, e.frames)
            if target == index - 1 { mine.append(e) }
        }
        return mine.sorted { $0.path < $1.path }
    }

    /// PNG files in `folder` that none of `names` names (sorted).
    public static func obsoleteGoldens(in folder: String, names: [String]) -> [String] {
        guard let files = FileTree.listing(of: folder)?.names else { return [] }
        let wanted = Set(names.map { $0 + ".png" })
        return files.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") && !wanted.contains($0) }.sorted()
    }
}
