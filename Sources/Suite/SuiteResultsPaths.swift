import Foundation
import Support

/// The path checks of a `results.json` read back (issue 43): results are input, so every path
/// they name — scenario files, golden folders and files, obsolete golden folders, the suite's
/// scenario list — must lie inside the suite they name. A path is relative (to the folder the
/// suite ran in) or absolute inside that folder (`folder`, recorded by the run); it never has a
/// `..` component or a NUL byte, and a scenario's golden folder and files are the ones its path
/// computes. The first path that fails is named with its field.
extension SuiteResults {
    /// `scenarios[0].scenario: '/etc/x.json' is absolute, outside the folder the suite ran in`, or nil.
    public func pathProblem() -> String? {
        if let f = folder, f == "/" || SuitePath.lexicalProblem(f, folder: nil, absoluteAllowed: true) != nil {
            return "folder: \(OutputPaths.quoted(f)) cannot be the folder a suite ran in"
        }
        func check(_ field: String, _ path: String) -> String? {
            SuitePath.lexicalProblem(path, folder: folder).map { "\(field): \(OutputPaths.quoted(path)) \($0)" }
        }
        for (i, s) in scenarios.enumerated() {
            let at = "scenarios[\(i)]"
            if let p = check(at + ".scenario", s.scenario) { return p }
            let entry = SuiteEntry(path: s.scenario, frames: 0, snapshotNames: [])
            if let why = SafeName.problem(entry.baseName) { return "\(at).scenario: its name \(why)" }
            if s.goldens != entry.goldenFolder {
                return "\(at).goldens: \(OutputPaths.quoted(s.goldens)) is not its scenario's golden folder"
            }
            for (j, snap) in s.snapshots.enumerated() {
                let p = "\(at).snapshots[\(j)]"
                if let why = SafeName.problem(snap.snapshot) { return "\(p).snapshot: \(OutputPaths.quoted(snap.snapshot)) \(why)" }
                let expected = snap.strategy == "trace" ? s.scenario : s.goldens + "/" + snap.snapshot + ".png"
                if snap.golden != expected { return "\(p).golden: \(OutputPaths.quoted(snap.golden)) is not its scenario's golden" }
            }
        }
        for (k, o) in obsoleteFolders.enumerated() {
            if let p = check("obsoleteFolders[\(k)].folder", o.folder) { return p }
            let parts = o.folder.split(separator: "/")
            if parts.count < 2 || parts[parts.count - 2] != Substring(OutputPaths.goldenTreeName) {
                return "obsoleteFolders[\(k)].folder: \(OutputPaths.quoted(o.folder)) is not a golden folder"
            }
            if let bad = o.files.first(where: { SafeName.problem($0) != nil }) {
                return "obsoleteFolders[\(k)].files: \(OutputPaths.quoted(bad)) is not a file name"
            }
        }
        for (k, p) in (suite ?? []).enumerated() { if let why = check("suite[\(k)]", p) { return why } }
        for (k, p) in (stopped?.notRun ?? []).enumerated() { if let why = check("stopped.notRun[\(k)]", p) { return why } }
        return nil
    }
}

/// Where a path a results file names may lead.
public enum SuitePath {
    /// Why `path` cannot be a path inside the suite: empty, a NUL byte, a `..` component, or
    /// absolute and not inside `folder` (the folder the suite ran in); nil when it can.
    public static func lexicalProblem(_ path: String, folder: String?, absoluteAllowed: Bool = false) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) { return "holds a NUL byte" }
        if path.split(separator: "/").contains("..") { return "has a '..' component" }
        guard path.hasPrefix("/"), !absoluteAllowed else { return nil }
        guard let folder, path.hasPrefix(folder + "/") else {
            return "is absolute, outside the folder the suite ran in (\(folder.map(RangeCheck.shown) ?? "none recorded"))"
        }
        return nil
    }

    /// Why `path` (relative to the working folder, or absolute) does not lie inside `base` when
    /// resolved without following links: it is outside `base`, or a component below `base` is a
    /// symlink or not a folder. Components that do not exist yet (a golden folder to create)
    /// end the walk; nil when it lies inside.
    public static func insideProblem(_ path: String, base: String) -> String? {
        if let why = lexicalProblem(path, folder: nil, absoluteAllowed: true) { return why }
        let root = base.count > 1 && base.hasSuffix("/") ? String(base.dropLast()) : base
        let full = path.hasPrefix("/") ? path : (OutputPaths.workingFolder() ?? ".") + "/" + path
        guard root == "/" || full.hasPrefix(root + "/") else {
            return "lies outside \(OutputPaths.quoted(root)), the folder accept runs in (the suite's folder)"
        }
        var walked = root == "/" ? "" : root
        let parts = full.dropFirst(walked.count).split(separator: "/").filter { $0 != "." }
        for (k, part) in parts.enumerated() {
            walked += "/" + part
            var info = stat()
            guard lstat(walked, &info) == 0 else { return nil }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK { return "has a component, \(OutputPaths.quoted(walked)), that is a symlink (never followed)" }
            if k < parts.count - 1 && kind != S_IFDIR { return "has a component \(OutputPaths.quoted(walked)) that is not a folder" }
        }
        return nil
    }
}
