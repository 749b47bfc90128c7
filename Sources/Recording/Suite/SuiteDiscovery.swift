import Foundation
import Support

/// Finds the scenarios of `overscroll test PATH…`: a file is taken as given; a folder is searched
/// recursively for `*.json` files that `ScenarioMarker` marks as scenarios (a top-level `scene` or
/// `events` key, read leniently so a broken scenario is still one and fails with line and column).
/// Hidden folders, `__snapshots__`, the results folder and any other results folder of
/// overscroll (one holding `.overscroll-manifest`) are not searched. Sorted by path.
public enum SuiteDiscovery {
    public struct Found: Sendable {
        public var entries: [SuiteEntry] = []
        /// One-line notes about skipped files.
        public var notes: [String] = []
        /// Paths that do not exist (usage errors).
        public var errors: [String] = []
        /// Golden folders in a searched folder's `__snapshots__/` that no scenario there names.
        public var obsoleteFolders: [ObsoleteFolder] = []
    }

    public static func find(_ paths: [String], excluding excluded: [String] = [],
                            maxScenarioBytes: Int = ScenarioFile.defaultMaxBytes) -> Found {
        var found = Found()
        let skip = Set(excluded.map(OutputPaths.canonical))
        var files: [String] = []
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
                // The results folder is not searched; a symlinked folder is searched once.
                if skip.contains(canonical) || !visited.insert(canonical).inserted { continue }
                guard let names = try? fm.contentsOfDirectory(atPath: folder) else {
                    found.errors.append("\(folder): cannot list the folder")
                    continue
                }
                // A results folder of an earlier run (any --artifacts) is not part of the suite.
                if folder != path, names.contains(".overscroll-manifest") { continue }
                func join(_ name: String) -> String {
                    folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                }
                // Golden folders (real folders only: a link is never followed to report or prune).
                if names.contains("__snapshots__"), isRealFolder(join("__snapshots__")),
                   let golden = try? fm.contentsOfDirectory(atPath: join("__snapshots__")) {
                    for name in golden.sorted() where !name.hasPrefix(".") && isRealFolder(join("__snapshots__") + "/" + name) {
                        goldenFolders.append((join(name), join("__snapshots__") + "/" + name))
                    }
                }
                for name in names.sorted() where !name.hasPrefix(".") && name != "__snapshots__" {
                    let child = join(name)
                    var childIsDir: ObjCBool = false
                    guard fm.fileExists(atPath: child, isDirectory: &childIsDir) else { continue }
                    if childIsDir.boolValue {
                        stack.append(child)
                    } else if name.lowercased().hasSuffix(".json") {
                        // A FIFO or an oversized file is an error, named (never a read that blocks).
                        let bytes: [UInt8]
                        do { bytes = try InputFile.read(child, maxBytes: maxScenarioBytes) } catch {
                            found.errors.append(ScenarioFile.describe(error))
                            continue
                        }
                        let decoded = String(validating: bytes, as: UTF8.self)
                        guard let text = decoded, ScenarioMarker.marks(text) else {
                            // A typo that hides the key itself is named, so it is not missed.
                            var why = "no top-level \"scene\" or \"events\" key"
                            if let text = decoded {
                                do { _ = try JSONParser.parse(text) } catch { why += "; not valid JSON either: \(error)" }
                            }
                            found.notes.append("\(child): not a scenario (\(why)), skipped")
                            continue
                        }
                        files.append(child)
                    }
                }
            }
        }
        var seen = Set<String>()
        for file in files.sorted() where seen.insert(OutputPaths.canonical(file)).inserted {
            // The base name names the golden and artifact folders: checked once, here.
            let base = SuiteEntry(path: file, frames: 0, snapshotNames: []).baseName
            if let why = SafeName.problem(base) {
                found.errors.append("\(file): the scenario name '\(base)' (the file name without .json) \(why); it would name its golden folder \(OutputPaths.goldenTreeName)/\(base)/ — rename the file")
                continue
            }
            let scenario = try? ScenarioFile.load(file, maxBytes: maxScenarioBytes)
            found.entries.append(SuiteEntry(path: file, frames: scenario?.frameCount ?? 0,
                                            snapshotNames: scenario?.snapshots.map(\.name) ?? []))
        }
        // A golden folder is obsolete when no scenario file of its folder has its name.
        let named = Set(files.map { String($0.dropLast(5)) })
        for (owner, path) in goldenFolders where !named.contains(owner) {
            let pngs = ((try? fm.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") && FileTree.isRegularFile(path + "/" + $0) }.sorted()
            if !pngs.isEmpty { found.obsoleteFolders.append(ObsoleteFolder(folder: path, files: pngs)) }
        }
        found.obsoleteFolders.sort { $0.folder < $1.folder }
        return found
    }

    /// A folder itself, not a link to one.
    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Refuses a results folder that is, or contains, one of the suite's PATHs (`test .
    /// --artifacts .` would replace the suite): named, before anything is searched.
    public static func refuseArtifactsOverSuite(_ artifacts: String, paths: [String]) throws(OutputPaths.Refusal) {
        let out = OutputPaths.canonical(artifacts)
        for path in paths {
            let p = OutputPaths.canonical(path)
            if p == out || OutputPaths.isInside(p, out) {
                throw OutputPaths.Refusal("--artifacts \(OutputPaths.quoted(artifacts)): \(p == out ? "is" : "contains") the suite path \(OutputPaths.quoted(path)); the results folder is replaced at each run — choose another")
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
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let wanted = Set(names.map { $0 + ".png" })
        return files.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") && !wanted.contains($0) }.sorted()
    }
}
