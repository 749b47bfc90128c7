import Foundation
import Imaging
import Recording
import Rendering
import Support

/// The suite's HTML report (`report/index.html`), a self-contained folder opened with no
/// server. A toolbar filters by status (failed, missing, error, written, obsolete, passed) and
/// searches by text; then failures, missing goldens, errors (scenarios that could not run,
/// unreadable goldens), goldens written by `--update` (old / new / diff), obsolete goldens,
/// durations per scenario, and the passed snapshots (collapsed, no images). Each card names the
/// scenario file, snapshot, time, differing pixels against the limit, toggles side-by-side /
/// slider / diff / flicker and links the snapshot's trace viewer. Images and trace viewers are
/// linked where they lie in the results folder (`../<scenario>/<snapshot>/…`), never copied.
public enum SuiteReport {
    private struct Item {
        var id: String, label: String, kind: String, html: String
    }

    /// `artifacts`: the results folder as the user names it, for the report's accept commands.
    public static func write(_ suite: SuiteResults, resultsRoot: String, to folder: String, artifacts: String = "test-results") throws {
        var items: [Item] = [], passedRows: [String] = []
        var n = 0
        // Artifacts are linked where they are (the report lies in the results folder), never
        // copied: a failure's images and trace viewer exist once. Only a safe relative path to a
        // regular file is linked.
        func link(_ rel: String?) -> String? {
            guard let rel, SafeName.relativePathProblem(rel) == nil, FileTree.isRegularFile(resultsRoot + "/" + rel) else { return nil }
            return "../" + HTMLText.urlPath(rel)
        }
        for scenario in suite.scenarios {
            if let e = scenario.error {
                n += 1
                let id = "card-\(n)"
                items.append(
                    Item(
                        id: id, label: scenario.scenario, kind: "error",
                        html: "<section class=\"card error\" id=\"\(id)\" data-status=\"error\""
                            + " data-text=\"\(h(scenario.scenario.lowercased()))\"><h3>\(h(scenario.scenario))</h3><p"
                            + " class=\"meta\">scenario error</p><pre>\(h(e))</pre></section>"))
                continue
            }
            for s in scenario.snapshots {
                let written = s.written == .created || s.written == .changed
                if !s.isFailure && !written {
                    let trace =
                        link(s.traceViewer).map {
                            " <a class=\"trace\" href=\"\(h($0 + "#" + TraceViewer.fragment(s.snapshot)))\">trace</a>"
                        } ?? ""
                    passedRows.append(
                        "<tr data-status=\"passed\" data-text=\"\(h(searchText(scenario.scenario, s.snapshot)))\">"
                            + "<td>\(h(scenario.scenario))</td><td>\(h(s.snapshot))</td><td>\(seconds(s.at))</td>"
                            + "<td>\(s.strategy == "trace" ? "trace: offset and phase as the scenario says" : "")"
                            + "\(s.differing.map { "\($0) differing pixels (within \(limit(s)))" } ?? "")\(trace)</td>"
                            + "<td>\(s.seconds.map { String(format: "%.2f s", $0) } ?? "")</td></tr>")
                    continue
                }
                n += 1
                let id = "card-\(n)"
                var images: [(label: String, file: String)] = []
                for (label, path) in [("expected", s.expected), ("actual", s.actual), ("diff", s.diff)] {
                    if let file = link(path) { images.append((label, file)) }
                }
                // A scenario's trace viewer, opened at this snapshot.
                let viewer = link(s.traceViewer).map { $0 + "#" + TraceViewer.fragment(s.snapshot) }
                let kind = written ? "written" : (s.status == .error ? "error" : s.status.rawValue)
                items.append(
                    Item(
                        id: id, label: "\(scenario.scenario) › \(s.snapshot)", kind: kind,
                        html: card(
                            id: id, kind: kind, scenario: scenario, snapshot: s, images: images, viewer: viewer,
                            artifacts: artifacts, trace: suite.trace)))
            }
        }
        var obsoleteRows: [String] = []
        for s in suite.scenarios { for o in s.obsolete { obsoleteRows.append(s.goldens + "/" + o) } }
        for o in suite.obsoleteFolders { for f in o.files { obsoleteRows.append(o.folder + "/" + f) } }
        let goldenFolders = Array(Set(suite.scenarios.map { folderOf($0.goldens) })).sorted()
        let counts: [(kind: String, label: String, count: Int)] = [
            ("failed", "failed", suite.failed), ("flaky", "flaky", suite.flaky), ("missing", "missing", suite.missing),
            ("error", "errors", suite.errors + suite.snapshotErrors),
            ("written", "goldens written", suite.written(.created) + suite.written(.changed)),
            ("obsolete", "obsolete", obsoleteRows.count), ("passed", "passed", passedRows.count)
        ]
        var html = header(suite, counts: counts, goldenFolders: goldenFolders, artifacts: artifacts, cards: items.count)
        let rank = ["failed": 0, "flaky": 1, "missing": 2, "error": 3, "written": 4]
        let ordered = items.enumerated().sorted { (rank[$0.element.kind] ?? 9, $0.offset) < (rank[$1.element.kind] ?? 9, $1.offset) }.map(
            \.element)
        for t in ordered {
            html +=
                "<li class=\"\(t.kind)\" data-status=\"\(t.kind)\" data-text=\"\(h(t.label.lowercased()))\"><a"
                + " href=\"#\(t.id)\">\(h(t.label))</a> <span class=\"tag\">\(t.kind)</span></li>"
        }
        html += "<li><a href=\"#durations\">durations per scenario</a></li>"
        if !obsoleteRows.isEmpty { html += "<li><a href=\"#obsolete\">\(obsoleteRows.count) obsolete goldens</a></li>" }
        html += "<li><a href=\"#passed\">\(passedRows.count) passed snapshots</a></li></ol></details></nav>\n<main>\n"
        for (kind, title) in [
            ("failed", "Failed"), ("flaky", "Flaky: runs differed"), ("missing", "Missing goldens"), ("error", "Errors"),
            ("written", "Goldens written")
        ] {
            let group = items.filter { $0.kind == kind }
            guard !group.isEmpty else { continue }
            html +=
                "<section class=\"group\" data-group=\"\(kind)\"><h2>\(title)</h2>\n" + group.map(\.html).joined(separator: "\n")
                + "</section>\n"
        }
        html += obsoleteSection(obsoleteRows, suite: suite)
        html += durationsSection(suite)
        html +=
            "<details id=\"passed\" class=\"group\" data-group=\"passed\"><summary>\(passedRows.count) passed snapshots</summary>"
            + "<table><thead><tr><th>scenario</th><th>snapshot</th><th>time</th><th></th><th>took</th></tr></thead><tbody>"
        html +=
            passedRows.joined()
            + "</tbody></table></details>\n<p id=\"none\" hidden>Nothing matches the filter.</p>\n</main>\n"
            + "<script>\(ImageComparisonHTML.script)\n\(script)</script>"
            + "</body></html>\n"
        try AtomicFileWriter.write(text: html, toPath: folder + "/index.html", within: folder)
    }

    /// The page's head and header: title, facts, filters and search, and the start of the contents.
    /// Where the report's accept commands run: the folder the tests ran in (a CI checkout's path
    /// stands for the same folder of the user's clone), with the results folder at `artifacts`
    /// from there. Empty when the results record no folder.
    static func acceptPlace(_ suite: SuiteResults, artifacts: String) -> String {
        guard let folder = suite.folder else { return "" }
        return "<dt>accept in</dt><dd><code>\(h(folder))</code> (where the tests ran; in your checkout, the same folder),"
            + " with this results folder at <code>\(h(artifacts))</code> from there</dd>"
    }

    /// The command that made the results, as a title names it: `overscroll test`, or
    /// `overscroll merge-reports` for merged shards (its first two words; `overscroll test`
    /// when the results record none).
    static func commandName(_ command: String) -> String {
        let words = command.split(separator: " ").prefix(2)
        return words.count == 2 && words[words.startIndex] == "overscroll" ? words.joined(separator: " ") : "overscroll test"
    }

    static func header(
        _ suite: SuiteResults, counts: [(kind: String, label: String, count: Int)], goldenFolders: [String], artifacts: String,
        cards items: Int
    ) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(h(commandName(suite.command))) report</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>\(css)\n\(ImageComparisonHTML.css)</style></head><body>
        <header><h1>\(h(commandName(suite.command))) — \(suite.failed) failed\(suite.flaky > 0 ? ", \(suite.flaky) flaky" : ""),\
         \(suite.missing) missing, \(suite.passed)\
         passed\(suite.updated > 0 ? ", \(suite.updated) updated" : "")\
        \(suite.errors + suite.snapshotErrors > 0 ? ", \(suite.errors + suite.snapshotErrors) errors" : "")</h1>
        <dl class="facts">
        <dt>command</dt><dd><code>\(h(suite.command))</code></dd>
        \(acceptPlace(suite, artifacts: artifacts))
        <dt>date</dt><dd>\(h(suite.date))</dd>
        \(suite.version.map { "<dt>build</dt><dd>\(h($0))</dd>" } ?? "")
        <dt>config</dt><dd>\(suite.config.map { "<code>\(h($0))</code>" } ?? "none (no overscroll.json applies)")</dd>
        <dt>tolerances</dt><dd>threshold \(suite.threshold), max differing pixels\
         \(suite.maxDiffPixels.map(String.init) ?? "0"), max differing ratio\
         \(suite.maxDiffRatio.map { percent($0) } ?? "none") (snapshots may override)</dd>
        <dt>goldens</dt><dd>\(goldenFolders.map { "<code>\(h($0))/&lt;scenario&gt;/</code>" }.joined(separator: " "))</dd>
        \(suite.shards.isEmpty ? "" : "<dt>shards</dt><dd>\(h(suite.shards.joined(separator: ", ")))</dd>")
        \(stackFacts(suite))
        <dt>scenarios</dt><dd>\(suite.scenarios.count) (\(suite.snapshots.count) snapshots,\
         \(suite.obsolete) obsolete goldens, \(String(format: "%.2f s", suite.scenarios.reduce(0) { $0 + $1.seconds })) in\
         all scenarios)</dd>
        </dl>
        \(stoppedNote(suite))
        <div id="filters" role="toolbar" aria-label="filter by\
         status">\(filterButtons(counts))\
         <input type="search" id="search" placeholder="search scenario or snapshot" aria-label="search scenario or\
         snapshot">\(acceptAll(artifacts))</div>
        </header>
        <nav id="toc"><details id="contents"><summary><h2>Contents</h2> <span class="count">\(items) cards</span>\
        </summary><ol>
        """
    }

    /// The obsolete goldens and likely renames (nothing when there are none).
    static func obsoleteSection(_ obsoleteRows: [String], suite: SuiteResults) -> String {
        guard !obsoleteRows.isEmpty else { return "" }
        var html = ""
        html +=
            "<section class=\"group\" data-group=\"obsolete\" id=\"obsolete\"><h2>Obsolete goldens</h2><p>No snapshot or scenario"
            + " names them; <code>--prune</code> deletes them.</p><ul>"
        html +=
            obsoleteRows.map { "<li data-status=\"obsolete\" data-text=\"\(h($0.lowercased()))\"><code>\(h($0))</code></li>" }.joined()
            + "</ul>"
        for r in suite.obsoleteFolders.compactMap(\.likelyRename) {
            html +=
                "<p class=\"rename\" data-status=\"obsolete\" data-text=\"\(h(r.from.lowercased()))\">Likely renamed: "
                + "<code>\(h(r.from))</code> holds pixel-identical goldens of the missing snapshots of <code>\(h(r.scenario))"
                + "</code>; move them with <code>\(h(r.command))</code></p>"
        }
        html += "</section>\n"
        return html
    }

    /// Every scenario's duration, longest first.
    static func durationsSection(_ suite: SuiteResults) -> String {
        var html = ""
        html +=
            "<section class=\"group\" id=\"durations\"><h2>Durations</h2><table><thead><tr><th>scenario</th><th>status</th><th>frames"
            + "</th><th>snapshots</th><th>time</th></tr></thead><tbody>"
        for s in suite.scenarios.sorted(by: { ($0.seconds, $1.scenario) > ($1.seconds, $0.scenario) }) {
            let status = durationStatus(s)
            html +=
                "<tr data-status=\"\(status)\" data-text=\"\(h(s.scenario.lowercased()))\"><td>\(h(s.scenario))</td><td>\(status)"
                + "</td><td>\(s.frames)</td><td>\(s.snapshots.count)</td><td class=\"num\">\(String(format: "%.2f s", s.seconds))</td>"
                + "</tr>"
        }
        html += "</tbody></table></section>\n"
        return html
    }

    /// The line saying `--max-failures` stopped the run, with the scenarios not run (folded).
    static func stoppedNote(_ suite: SuiteResults) -> String {
        guard let s = suite.stopped else { return "" }
        return "<div class=\"stopped\" id=\"stopped\"><p><strong>Stopped early:</strong> <code>--max-failures \(s.maxFailures)</code>"
            + " was reached; \(s.notRun.count) scenario\(s.notRun.count == 1 ? " was" : "s were") not run.</p><details>"
            + "<summary>scenarios not run</summary><ul>"
            + s.notRun.map { "<li><code>\(h($0))</code></li>" }.joined() + "</ul></details></div>"
    }

    /// `run K` for a flaky snapshot's second image (`…/run-K.png`).
    static func runName(_ s: SnapshotResult) -> String {
        guard let file = s.runs?.last?.split(separator: "/").last, file.hasPrefix("run-"), file.hasSuffix(".png") else {
            return "other run"
        }
        return "run " + file.dropFirst(4).dropLast(4)
    }

    /// The header's rows for the rendering stack: the libraries' versions, the fonts' hashes
    /// (the whole table folded under them), and a warning when merged shards ran on different stacks.
    static func stackFacts(_ suite: SuiteResults) -> String {
        guard let stack = suite.stack else { return "" }
        var out =
            "<dt>rendering stack</dt><dd class=\"stack\">\(h(stack.libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")))"
        out +=
            "<details><summary>fonts"
            + " \(h(stack.fonts.map { "\($0.file) \(RenderingStack.shortHash($0.sha256))" }.joined(separator: ", "))), where each"
            + " version comes from</summary><table>"
        out += stack.libraries.map { "<tr><td>\(h($0.name))</td><td>\(h($0.version))</td><td>\(h($0.source))</td></tr>" }.joined()
        out += stack.fonts.map { "<tr><td>font</td><td>\(h($0.file))</td><td><code>sha256 \(h($0.sha256))</code></td></tr>" }.joined()
        out += "</table></details></dd>"
        if !suite.stackNotes.isEmpty {
            out += "<dt>stacks differ</dt><dd class=\"stacknote\">\(suite.stackNotes.map(h).joined(separator: "<br>"))</dd>"
        }
        return out
    }

    /// Why a snapshot failed, with the limit it was held to.
    /// When the golden was made on another rendering stack, what differs follows in parentheses.
    public static func why(_ s: SnapshotResult) -> String {
        let base = s.message ?? "\(s.differing ?? 0) differing pixels (\(percent(s.ratio ?? 0))), over the limit of \(limit(s))"
        return s.stackNote.map { base + " (\($0))" } ?? base
    }

    /// The tolerance a snapshot was held to: `20 pixels`, `0.1 %`, or both (the stricter wins),
    /// then the matching threshold.
    public static func limit(_ s: SnapshotResult) -> String {
        var parts: [String] = []
        if let p = s.maxDiffPixels { parts.append("\(p) pixel\(p == 1 ? "" : "s")") }
        if let r = s.maxDiffRatio { parts.append(percent(r)) }
        if parts.isEmpty { parts = ["0 pixels"] }
        return parts.joined(separator: " or ") + (parts.count > 1 ? " (the stricter)" : "") + ", threshold \(s.threshold)"
    }

    /// What the search box matches for a snapshot: the card's heading (`a.json › b`), the name
    /// the console and `accept` use (`a.json:b`), and both words apart; lowercased.
    static func searchText(_ scenario: String, _ snapshot: String) -> String {
        "\(scenario) › \(snapshot)\n\(scenario):\(snapshot)\n\(scenario) \(snapshot)".lowercased()
    }

    /// A scenario's status in the Durations table, by what happened: `error` (it could not run or
    /// a golden could not be read), `failed`, `flaky`, `missing`, else `passed`.
    static func durationStatus(_ r: ScenarioResult) -> String {
        if r.error != nil { return "error" }
        let failures = r.snapshots.filter(\.isFailure)
        for status in [SnapshotResult.Status.error, .failed, .flaky, .missing] where failures.contains(where: { $0.status == status }) {
            return status.rawValue
        }
        return "passed"
    }

    static func card(
        id: String, kind: String, scenario: ScenarioResult, snapshot s: SnapshotResult,
        images: [(label: String, file: String)], viewer: String?, artifacts: String = "test-results",
        trace: TraceMode? = nil
    ) -> String {
        let written = kind == "written"
        var meta =
            "<dl class=\"meta\"><dt>scenario</dt><dd><code>\(h(scenario.scenario))</code>"
            + " (\(String(format: "%.2f s", scenario.seconds)))</dd><dt>snapshot</dt><dd><code>\(h(s.snapshot))</code> at t ="
            + " \(seconds(s.at))\(s.seconds.map { String(format: " (%.2f s)", $0) } ?? "")</dd>"
        if written {
            let what = s.written == .created ? "created (there was none)" : "changed: old on the left, new on the right"
            meta += "<dt>golden</dt><dd><code>\(h(s.golden))</code> \(what)</dd>"
            if s.status == .failed || s.status == .error {
                meta += "<dt>was</dt><dd>\(h(why(s)))</dd>"
            } else if let d = s.differing, d > 0 {
                meta += "<dt>was</dt><dd>\(d) differing pixels, within \(h(limit(s)))</dd>"
            }
        } else if s.status == .missing {
            meta += "<dt>golden</dt><dd>missing: <code>\(h(s.golden))</code> (run with <code>--update=missing</code> to create it)</dd>"
        } else if s.strategy == "trace" {
            meta += "<dt>checked</dt><dd>the scroll view's offset and phase against the values in <code>\(h(s.golden))</code></dd>"
            meta += "<dt>why</dt><dd class=\"why\">\(h(why(s)))</dd>"
        } else {
            meta += "<dt>golden</dt><dd><code>\(h(s.golden))</code></dd>"
            meta += "<dt>why</dt><dd class=\"why\">\(h(why(s)))</dd>"
        }
        if let w = s.width, let hgt = s.height {
            if let size = sizes(s), size.expected != size.actual {
                let old = written ? "old" : "expected", new = written ? "new" : "actual"
                meta +=
                    "<dt>size</dt><dd class=\"sizes\">\(old) \(size.expected.w)×\(size.expected.h), \(new)"
                    + " \(size.actual.w)×\(size.actual.h): different sizes, drawn at one scale</dd>"
            } else {
                meta += "<dt>size</dt><dd>\(w)×\(hgt)</dd>"
            }
        }
        if let viewer {
            meta +=
                "<dt>trace</dt><dd><a class=\"trace\" href=\"\(h(viewer))\">open the trace viewer</a> (frames around t ="
                + " \(seconds(s.at)), fields, input events, offset/velocity)</dd>"
        } else if let why = noViewer(s, trace: trace) {
            meta += "<dt>trace</dt><dd>no trace viewer: \(why)</dd>"
        }
        meta += "</dl>"
        let names =
            written
            ? ["expected": "old", "actual": "new", "diff": "diff"]
            : s.status == .flaky
                ? ["expected": "run 1", "actual": runName(s), "diff": "diff"]
                : ["expected": "expected", "actual": "actual", "diff": "diff"]
        let file = Dictionary(uniqueKeysWithValues: images.map { ($0.label, $0.file) })
        let size = sizes(s)
        func picture(_ label: String) -> ImageComparisonHTML.Picture? {
            guard let f = file[label] else { return nil }
            let d = label == "expected" ? size?.expected : size?.actual
            return ImageComparisonHTML.Picture(file: f, width: d?.w, height: d?.h)
        }
        let comparison = ImageComparisonHTML.element(
            expected: picture("expected"), actual: picture("actual"), diff: picture("diff"),
            names: ImageComparisonHTML.Names(expected: names["expected"]!, actual: names["actual"]!, diff: names["diff"]!))
        let text = searchText(scenario.scenario, s.snapshot)
        var accept = "", acceptWord = ""
        if AcceptSelection.acceptable(s) {
            let name = AcceptSelection.name(scenario, s)
            accept = acceptField(AcceptSelection.command(results: artifacts, names: [name]), label: "copy accept command")
            acceptWord = " data-accept=\"\(attribute(ShellWord.quoted(name)))\""
        }
        // The card's body is a template the script renders when the card comes near the window:
        // a report of hundreds of failures lays out and loads only what is looked at.
        return "<section class=\"card \(kind)\" id=\"\(id)\" data-status=\"\(kind)\""
            + " data-text=\"\(h(text))\"\(acceptWord)><h3>\(h(scenario.scenario)) › \(h(s.snapshot))</h3>\(accept)"
            + "<template>\(meta)\(comparison)<p><a href=\"#toc\">contents</a></p></template></section>"
    }

    /// Why a failing card has no trace viewer (nil: nothing to say).
    static func noViewer(_ s: SnapshotResult, trace: TraceMode?) -> String? {
        guard s.isFailure, s.status != .error else { return nil }
        if trace == .off { return "the run had <code>--trace off</code>" }
        if s.status == .missing, trace == .retainOnFailure { return "a missing golden is traced with <code>--trace on</code>" }
        return "a run keeps those of its first \(TraceViewerLimit.maxPages) traced snapshots"
    }

    /// A "copy" button and the read-only field holding `command` (selected on click, so Ctrl+C
    /// copies it where the clipboard API is not allowed, as on file://). The command is copied
    /// from the box's `data-command` (CR and LF as character references, kept exactly), shown in a
    /// textarea: an `<input>`'s value drops CR and LF.
    static func acceptField(_ command: String, label: String) -> String {
        "<div class=\"accept\" data-command=\"\(attribute(command))\"><button type=\"button\" class=\"copy\">\(h(label))</button>"
            + "<textarea class=\"cmd\" rows=\"1\" readonly aria-label=\"accept command\">\(h(command))</textarea></div>"
    }

    /// `text` for an attribute value that keeps CR and LF (the HTML parser would make a raw CR a LF).
    static func attribute(_ text: String) -> String {
        h(text).replacingOccurrences(of: "\r", with: "&#13;").replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// The header's status filters, one button per kind with its count.
    static func filterButtons(_ counts: [(kind: String, label: String, count: Int)]) -> String {
        counts.map {
            "<button type=\"button\" data-filter=\"\($0.kind)\" aria-pressed=\"false\">"
                + "\($0.label) <span class=\"count\">\($0.count)</span></button>"
        }.joined()
    }

    /// The filter bar's button: the accept command of every failing or missing snapshot shown
    /// (the script joins the shown cards' `data-accept` words after this prefix).
    static func acceptAll(_ artifacts: String) -> String {
        let prefix = AcceptSelection.command(results: artifacts, names: [])
        // With `--` for when a shown name starts with `-` (the script picks it).
        let separated = AcceptSelection.command(results: artifacts, names: [], separated: true)
        return "<div class=\"accept all\" data-prefix=\"\(h(prefix))\" data-separated=\"\(h(separated))\"><button type=\"button\""
            + " class=\"copy\">copy accept command for the shown</button><textarea class=\"cmd\" rows=\"1\" readonly"
            + " aria-label=\"accept command for the shown snapshots\" hidden></textarea></div>"
    }

    /// The golden's and the snapshot's sizes in pixels (the golden's is recorded only when it
    /// differs); nil when the run did not record the snapshot's.
    static func sizes(_ s: SnapshotResult) -> (expected: (w: Int, h: Int), actual: (w: Int, h: Int))? {
        guard let w = s.width, let hgt = s.height else { return nil }
        return ((s.expectedWidth ?? w, s.expectedHeight ?? hgt), (w, hgt))
    }

    /// A ratio as a percentage, e.g. `0.1234 %`.
    public static func percent(_ ratio: Double) -> String {
        let v = ratio * 100
        if v == 0 { return "0 %" }
        return String(format: v < 0.01 ? "%.4f %%" : "%.2f %%", v)
    }

    static func seconds(_ t: Double) -> String { "\(t) s" }

    static func folderOf(_ goldens: String) -> String {
        guard let slash = goldens.lastIndex(of: "/") else { return goldens }
        return String(goldens[..<slash])
    }

    static func h(_ s: String) -> String { HTMLText.escape(s) }

    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1600px;padding:16px 24px;color:#1d1d1f;background:#fafafa}
        h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:0 0 6px}
        dl.facts,dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:4px 0 8px}
        dt{color:#666}dd{margin:0}code{font:12px ui-monospace,monospace;background:#eee;padding:0 3px;border-radius:3px}
        #filters{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 0}
        #filters button{font:inherit;padding:2px 10px;border:1px solid #888;background:#f2f2f2;border-radius:12px;cursor:pointer}
        #filters button[aria-pressed=true]{background:#1d1d1f;color:#fff}#filters .count{font-weight:700}
        #search{font:inherit;padding:2px 8px;min-width:260px}
        nav ol{margin:4px 0;padding-left:22px}nav li.failed a,nav li.error a{color:#b00020}nav li.missing a{color:#a65e00}\
        nav li.flaky a{color:#c2185b}nav li.written a{color:#1b5e20}
        .tag{font-size:11px;color:#666}[hidden]{display:none!important}
        #toc summary{cursor:pointer}#toc summary h2{display:inline;margin:0}#toc{margin:12px 0}
        .card:not([data-ready]):not(.error){min-height:360px}
        .card{background:#fff;border:1px solid #ddd;border-left:5px solid #b00020;border-radius:6px;padding:12px 16px;margin:12px 0}
        .card.missing{border-left-color:#e08a00}.card.flaky{border-left-color:#c2185b}.card.error{border-left-color:#6a1b9a}\
        .card.written{border-left-color:#2e7d32}
        table{border-collapse:collapse}td,th{padding:2px 10px;border-bottom:1px solid #eee;text-align:left}td.num{text-align:right}
        pre{white-space:pre-wrap}
        dd.stack details{display:inline}dd.stack summary{cursor:pointer;color:#444}dd.stack table{margin:4px 0}
        dd.stacknote{color:#b00020}.stopped{border:1px solid #e08a00;background:#fff8e6;border-radius:6px;padding:4px 12px;margin:8px 0}
        .accept{display:flex;gap:6px;align-items:center;margin:6px 0}.accept .cmd{flex:1;min-width:240px;\
        font:12px ui-monospace,monospace;padding:2px 6px}
        .accept .copy{font:inherit;padding:2px 10px;border:1px solid #888;background:#f2f2f2;border-radius:4px;cursor:pointer}
        .accept .copied{color:#1b5e20;font-size:12px}#filters .accept.all{margin:0;flex:1 1 360px}
        """

    static let script = """
        (function(){
        // A card's body is rendered from its template when it comes near the window (or is linked,
        // or renderCards() is called): only the cards looked at are laid out and load images.
        function setup(card){setupComparison(card.querySelector('.comparison'))}
        function render(card){var t=card.querySelector(':scope > template');if(!t)return;
          card.appendChild(t.content);card.removeChild(t);card.dataset.ready='';setup(card)}
        window.renderCards=function(){document.querySelectorAll('.card').forEach(render)};
        var cards=document.querySelectorAll('.card');
        if('IntersectionObserver' in window){
          var io=new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){io.unobserve(e.target);\
        render(e.target)}})},{rootMargin:'600px 0px'});
          cards.forEach(function(c){if(c.querySelector(':scope > template'))io.observe(c);else setup(c)});
        }else window.renderCards();
        var pressed=[],search=document.getElementById('search');
        function apply(){var q=(search&&search.value||'').trim().toLowerCase(),shown=0;
          document.querySelectorAll('[data-status]').forEach(function(e){
            var ok=(!pressed.length||pressed.indexOf(e.dataset.status)>=0)&&(!q||(e.dataset.text||'').indexOf(q)>=0);
            e.hidden=!ok;if(ok&&!e.closest('nav')&&!e.closest('#durations'))shown++});
          document.querySelectorAll('.group[data-group]').forEach(function(g){
            g.hidden=!g.querySelector('[data-status]:not([hidden])')});
          var passed=document.getElementById('passed');if(passed&&pressed.indexOf('passed')>=0)passed.open=true;
          document.getElementById('none').hidden=shown>0}
        document.querySelectorAll('#filters button[data-filter]').forEach(function(b){b.addEventListener('click',function(){
          var k=b.dataset.filter,i=pressed.indexOf(k);if(i>=0)pressed.splice(i,1);else pressed.push(k);
          b.setAttribute('aria-pressed',i>=0?'false':'true');apply()})});
        if(search)search.addEventListener('input',apply);
        // Copy: the clipboard API where allowed, else the selected read-only field and execCommand;
        // the field stays selected either way, so Ctrl+C copies it.
        function copy(box,text){var f=box.querySelector('.cmd');f.hidden=false;if(text!==null)f.value=text;else text=f.value;\
        f.focus();f.select();
          var note=box.querySelector('.copied');if(!note){note=document.createElement('span');note.className='copied';\
        box.appendChild(note)}
          function done(ok){note.textContent=ok?'copied':'selected: press Ctrl+C'}
          var ok=false;try{ok=document.execCommand('copy')}catch(e){}
          if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(text).then(function(){done(true)},\
        function(){done(ok)})}else done(ok)}
        document.querySelectorAll('.card .accept .copy').forEach(function(b){b.addEventListener('click',\
        function(){copy(b.parentNode,b.parentNode.dataset.command)})});
        var all=document.querySelector('#filters .accept');
        if(all)all.querySelector('.copy').addEventListener('click',function(){
          var words=[];document.querySelectorAll('.card[data-accept]').forEach(function(c){if(!c.hidden&&!c.closest('[hidden]')\
        )words.push(c.dataset.accept)});
          var dash=words.some(function(w){return w.charAt(0)==='-'});
          copy(all,words.length?(dash?all.dataset.separated:all.dataset.prefix)+' '+words.join(' '):'no failing or missing snapshot is\
         shown')});
        // A link to a collapsed section opens it.
        function openTarget(){var id=location.hash.slice(1),t=id&&document.getElementById(id);\
        if(t&&t.tagName==='DETAILS')t.open=true;if(t&&t.classList.contains('card'))render(t);\
        if(id==='toc')document.getElementById('contents').open=true}
        window.addEventListener('hashchange',openTarget);openTarget();
        document.querySelectorAll('a[href="#toc"]').forEach(function(a){a.addEventListener('click',\
        function(){document.getElementById('contents').open=true})});
        document.querySelectorAll('a[href="#passed"]').forEach(function(a){a.addEventListener('click',\
        function(){document.getElementById('passed').open=true})});
        })();
        """
}
