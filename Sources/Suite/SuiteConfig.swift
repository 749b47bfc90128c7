import CommandLineKit
import Foundation
import Recording
import ScrollEngine
import Support

/// `overscroll.json`, the suite's settings for `overscroll test` (as `playwright.config.ts` is
/// Playwright's): found from the suite folder upward, up to the folder holding `.git`, else the
/// folder `overscroll test` was started in (`find(from:)`); one owned by another user or
/// writable by others is refused (`trustProblem`). The file in force is named on the console,
/// in the report, results.json and JUnit. Flags win over it; a snapshot's own fields (`mask`
/// adds to the shared masks, `maxDiffPixels`, `maxDiffRatio`, `threshold`) and a scenario's
/// `physics` win over it. A bad value or unknown field is one line naming the file, its line and column, and the field.
public struct SuiteConfig: Sendable, Equatable {
    public static let fileName = "overscroll.json"
    /// The fields, in the order `--help` and the README list them.
    public static let fields = [
        "maxDiffPixels", "maxDiffRatio", "threshold", "mask", "workers", "artifacts", "physics",
        "trace", "maxFailures"
    ]

    /// The file, as a path from where the suite runs (absolute when it is above that folder).
    public var path: String
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var threshold: Double?
    /// Regions (points) masked in every snapshot of every scenario, besides the snapshot's own.
    public var mask: [Rect] = []
    public var workers: Int?
    /// The results folder, relative to the config file's folder (made relative to the suite's).
    public var artifacts: String?
    /// The physics of every scenario without a `physics` field: its JSON text (a profile's
    /// name or an object of numbers, as in a scenario).
    public var physics: String?
    /// Which snapshots get a trace viewer (`--trace`).
    public var trace: TraceMode?
    /// Stop starting scenarios after this many failures (`--max-failures`).
    public var maxFailures: Int?

    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public let message: String
        public var description: String { message }
    }

    public init(path: String) { self.path = path }

    /// The config file that applies to `paths` (the suite's PATHs), or nil; PATHs under
    /// different config files are an error naming both.
    public static func find(for paths: [String]) throws(Failure) -> String? {
        var first: (file: String?, path: String)?
        for path in paths {
            let file = find(from: path)
            guard let f = first else { first = (file, path); continue }
            if f.file != file {
                throw Failure(
                    message: "\(OutputPaths.quoted(f.path)) and \(OutputPaths.quoted(path)) are under different config files"
                        + " (\(f.file.map(OutputPaths.quoted) ?? "none") and \(file.map(OutputPaths.quoted) ?? "none")); run them"
                        + " separately")
            }
        }
        return first?.file ?? nil
    }

    /// The nearest `overscroll.json` from `path` (a folder, or a file's folder) upward, up to
    /// `searchRoot`: the repository's top (the folder holding `.git`), else the folder the
    /// command was started in when the suite lies inside it, else the suite's own folder — never
    /// a parent folder outside all of those (a `/tmp` shared with other users).
    public static func find(from path: String) -> String? {
        var isDir: ObjCBool = false
        let start =
            FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
            ? path : (path as NSString).deletingLastPathComponent
        var dir = OutputPaths.canonical(start.isEmpty ? "." : start)
        let here = OutputPaths.canonical(".")
        let root = searchRoot(from: dir, here: here)
        while true {
            let file = (dir == "/" ? "" : dir) + "/" + fileName
            var info = stat()
            if lstat(file, &info) == 0 {
                if file.hasPrefix(here + "/") && here != "/" { return String(file.dropFirst(here.count + 1)) }
                return file
            }
            if dir == root || dir == "/" { return nil }
            dir = (dir as NSString).deletingLastPathComponent
            if dir.isEmpty { dir = "/" }
        }
    }

    /// Where the search from `start` (canonical) ends: the first folder on the way up that
    /// holds `.git` or is `here` (the working folder); `start` itself when there is none.
    static func searchRoot(from start: String, here: String) -> String {
        var dir = start
        while true {
            var info = stat()
            if dir == here || lstat((dir == "/" ? "" : dir) + "/.git", &info) == 0 { return dir }
            if dir == "/" { return start }
            dir = (dir as NSString).deletingLastPathComponent
            if dir.isEmpty { dir = "/" }
        }
    }

    /// Why the config file at `path` is never applied: owned by a user other than this one (or
    /// root), or writable by its group or others — anyone who could change it would choose the
    /// run's tolerances. Nil when it may apply.
    /// A symlink is judged by its own owner, then by the owner and mode of the file it names.
    public static func trustProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            if info.st_uid != geteuid() && info.st_uid != 0 {
                return "\(OutputPaths.quoted(path)): a symlink owned by \(FolderMode.user(info.st_uid)), not by this user; a config"
                    + " file of another user is never applied (remove it)"
            }
            guard stat(path, &info) == 0 else { return nil }
        }
        if info.st_uid != geteuid() && info.st_uid != 0 {
            return "\(OutputPaths.quoted(path)): owned by \(FolderMode.user(info.st_uid)), not by this user; a config file of"
                + " another user is never applied (remove it, or take it over with chown)"
        }
        if info.st_mode & 0o022 != 0 {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            return "\(OutputPaths.quoted(path)): writable by \(info.st_mode & 0o002 != 0 ? "every user" : "its group") (mode \(mode));"
                + " a config file others can change is never applied (chmod go-w it)"
        }
        return nil
    }

    /// Reads and checks the file at `path` (at most 1 MB).
    public static func load(_ path: String) throws(Failure) -> SuiteConfig {
        if let why = trustProblem(path) { throw Failure(message: why) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: 1 << 20) } catch {
            throw Failure(
                message: "\(OutputPaths.quoted(path)): cannot read the config file "
                    + "(\(error.description.replacingOccurrences(of: path + ": ", with: "")))")
        }
        if let why = ScenarioEncoding.problem(bytes) { throw Failure(message: "\(OutputPaths.quoted(path)): \(why)") }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try parse(text, path: path)
        } catch let e as JSONParser.Failure {
            throw Failure(message: "\(OutputPaths.quoted(path)):\(e.line):\(e.column): not valid JSON: \(e.reason)")
        } catch let e as ScenarioError {
            let at = JSONPositions.position(of: e.field, in: text).map { ":\($0.line):\($0.column)" } ?? ""
            throw Failure(message: "\(OutputPaths.quoted(path))\(at): \(e.field.isEmpty ? "" : e.field + ": ")\(e.reason)")
        } catch {
            throw Failure(message: "\(OutputPaths.quoted(path)): \(error)")
        }
    }

    static func parse(_ text: String, path: String) throws -> SuiteConfig {
        let root = try JSONParser.parse(text)
        let r = Reader(root, path: "")
        guard case let .object(kv) = root else {
            throw ScenarioError(field: "", reason: "expected an object of settings, got \(root.typeName)")
        }
        if let unknown = kv.first(where: { !fields.contains($0.0) }) {
            let hint = Suggestion.nearest(to: unknown.0, in: fields).map { "did you mean '\($0)'? " } ?? ""
            throw ScenarioError(field: unknown.0, reason: "unknown field (\(hint)fields: \(fields.joined(separator: ", ")))")
        }
        var c = SuiteConfig(path: path)
        if let v = try r.optional("maxDiffPixels") { c.maxDiffPixels = try v.integer(min: 0, max: Int(Int32.max)) }
        if let v = try r.optional("maxDiffRatio") { c.maxDiffRatio = try v.number(min: 0, max: 1) }
        if let v = try r.optional("threshold") { c.threshold = try v.number(min: 0, max: 1) }
        if let v = try r.optional("mask") { c.mask = try SnapshotParsing.rects(v) }
        if let v = try r.optional("workers") { c.workers = try v.integer(min: 1, max: 256) }
        if let v = try r.optional("artifacts") {
            let dir = try v.string()
            guard !dir.isEmpty else { throw v.error("expected a folder, got an empty string") }
            let folder = (path as NSString).deletingLastPathComponent
            c.artifacts = dir.hasPrefix("/") || folder.isEmpty || folder == "." ? dir : folder + "/" + dir
        }
        if let v = try r.optional("physics") {
            _ = try ScenarioParser.physics(v)
            c.physics = v.value.text
        }
        if let v = try r.optional("trace") {
            let name = try v.string()
            let modes = TraceMode.allCases.map(\.rawValue)
            guard let mode = TraceMode(rawValue: name) else {
                let hint = Suggestion.nearest(to: name, in: modes).map { "did you mean '\($0)'? " } ?? ""
                throw v.error("unknown trace mode '\(name)' (\(hint)modes: \(modes.joined(separator: ", ")))")
            }
            c.trace = mode
        }
        if let v = try r.optional("maxFailures") { c.maxFailures = try v.integer(min: 1, max: Int(Int32.max)) }
        return c
    }

    /// Applies the file's settings to a run's configuration; the caller then applies the flags.
    public func apply(to config: inout SuiteRunner.Config) {
        if let t = threshold { config.options.threshold = t }
        if let p = maxDiffPixels { config.options.maxDiffPixels = p }
        if let r = maxDiffRatio { config.options.maxDiffRatio = r }
        if let w = workers { config.workers = w }
        if let a = artifacts { config.artifacts = a }
        if let t = trace { config.options.trace = t }
        if let m = maxFailures { config.maxFailures = m }
        config.options.sharedMask = mask.map { [$0.x, $0.y, $0.width, $0.height] }
        config.options.physics = physics
        config.options.configFile = path
    }
}
