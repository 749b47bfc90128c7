import Foundation
import Recording
import Support

/// `overscroll test --watch`: runs the suite, then watches its folders (`FolderWatch`, inotify)
/// and reruns what changed: a changed scenario file reruns that scenario; a change to the suite's
/// `overscroll.json` or to any other file (an asset: a Lottie file, a fixture) reruns every
/// scenario. The golden folders (`__snapshots__`), the results folder, other results folders
/// and hidden files and folders are not watched, and the result files a run writes (`--junit`
/// and the other formats; their temporaries are hidden) are ignored wherever they are, so a run's
/// own writes never trigger a run.
/// Each rerun prints what changed, then only the rerun scenarios' lines and summary. It runs
/// until interrupted: Ctrl+C ends it as it ends any run (`SignalCleanup` removes what a run
/// was staging; the process ends with the signal, status 130 in a shell).
@MainActor
public enum SuiteWatch {
    /// Runs `makeConfig()` (read again after `overscroll.json` changes; its errors' text starts
    /// with the command word, `test: …`) and then reruns on every change; returns only when the folders cannot be
    /// watched (exit 2) or the config cannot be read at the start.
    public static func run(
        _ makeConfig: () throws -> SuiteRunner.Config,
        output: @escaping @Sendable (String) -> Void = { StandardStreams.output($0 + "\n") },
        errorOutput: @escaping @Sendable (String) -> Void = { StandardStreams.error($0 + "\n") }
    ) async -> Int32 {
        var config: SuiteRunner.Config
        do { config = try makeConfig() } catch { errorOutput("overscroll \(error)"); return 2 }
        _ = await SuiteRunner().run(config)
        let roots = config.paths.map { path -> String in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
                ? path : ((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        }
        let artifacts = OutputPaths.canonical(config.artifacts)
        guard
            let watch = FolderWatch(
                roots: roots,
                skip: { path, name in
                    name.hasPrefix(".") || name == OutputPaths.goldenTreeName || OutputPaths.canonical(path) == artifacts
                        || FileTree.exists(path + "/" + ResultFolder.manifestName)
                })
        else {
            errorOutput(
                "overscroll test: --watch: cannot watch \(roots.map(OutputPaths.quoted).joined(separator: " "))"
                    + " (\(errno == ENOSPC ? limitReached : String(cString: strerror(errno))))")
            return 2
        }
        let named = Set(config.paths.map(OutputPaths.canonical))
        // What the watch cannot keep (a folder past the limit, the suite folder gone or back): one line each.
        func tell() { for notice in watch.takeNotices() { errorOutput("overscroll test: --watch: " + notice) } }
        tell()
        output(waiting(roots))
        while true {
            guard let changed = watch.changes(within: nil) else {
                errorOutput("overscroll test: --watch: the watch stopped working (\(String(cString: strerror(errno)))); ending")
                return 2
            }
            tell()
            if changed.isEmpty { continue }
            let plan = Self.plan(
                changed, configFile: try? SuiteConfig.find(for: config.paths), paths: named, outputs: Self.outputs(of: config))
            guard !plan.shown.isEmpty else { continue }
            if plan.reloadConfig {
                do { config = try makeConfig() } catch {
                    errorOutput("overscroll \(error)")
                    output(waiting(roots))
                    continue
                }
            }
            output("")
            let what =
                plan.rerun.map { $0.isEmpty ? "nothing to run" : "running \($0.count) scenario\($0.count == 1 ? "" : "s")" }
                ?? "running every scenario"
            output("changed: " + plan.shown.map { OutputPaths.printable(SuiteRunner.shown($0)) }.joined(separator: ", ") + " — " + what)
            if plan.rerun?.isEmpty ?? false { output(waiting(roots)); continue }
            var rerun = config
            rerun.only = plan.rerun
            rerun.lastFailed = false  // --last-failed chose the first run; a rerun runs what changed
            _ = await SuiteRunner().run(rerun)
            output(waiting(roots))
        }
    }

    /// Every path a run of `config` writes, canonical: the results folder and each result file.
    static func outputs(of config: SuiteRunner.Config) -> Set<String> {
        Set([OutputPaths.canonical(config.artifacts)] + config.resultFiles.map { OutputPaths.canonical($0.path) })
    }

    static let limitReached = "the inotify watch limit is reached: raise fs.inotify.max_user_watches"

    static func waiting(_ roots: [String]) -> String {
        "watching \(roots.map(OutputPaths.quoted).joined(separator: " ")) for changes (Ctrl+C ends)"
    }

    /// What a batch of changed paths asks for: the scenarios to rerun (canonical paths; nil:
    /// every scenario), whether `overscroll.json` changed, and the paths to name. Hidden files
    /// and editor backups (`name~`) are ignored, and so is a path gone again that was not a
    /// scenario (an editor's probe file).
    struct Plan {
        var rerun: Set<String>? = []
        var reloadConfig = false
        var shown: [String] = []
    }

    static func plan(_ changed: [String], configFile: String?, paths: Set<String>, outputs: Set<String> = []) -> Plan {
        var plan = Plan()
        let config = configFile.map(OutputPaths.canonical)
        for path in changed {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix("~") { continue }
            let canonical = OutputPaths.canonical(path)
            // What the run itself wrote (a JUnit file in the suite reran it for ever).
            if outputs.contains(canonical) || outputs.contains(where: { OutputPaths.isInside(canonical, $0) }) { continue }
            if canonical == config || name == SuiteConfig.fileName {
                plan.reloadConfig = true  // (made, changed or removed: found again)
                plan.rerun = nil
                plan.shown.append(path)
                continue
            }
            let isJSON = name.lowercased().hasSuffix(".json")
            if isJSON, let text = try? ScenarioFile.read(path), ScenarioMarker.marks(text) {
                // A scenario of the suite (in a folder PATH, or a file PATH itself); another
                // scenario beside a file PATH is not part of the run.
                guard
                    paths.contains(canonical) || paths.contains(where: { OutputPaths.isInside(canonical, $0) && FileTree.isRealFolder($0) })
                else { continue }
                plan.rerun?.insert(canonical)
                plan.shown.append(path)
                continue
            }
            if !FileTree.exists(path) {
                // Gone: a scenario removed (nothing to run for it) or an editor's scratch file.
                if isJSON { plan.shown.append(path) }
                continue
            }
            // Any other file or folder: an asset scenarios may use.
            plan.rerun = nil
            plan.shown.append(path)
        }
        return plan
    }
}
