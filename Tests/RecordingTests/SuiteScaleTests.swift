import Foundation
import Imaging
import Support
import Testing
@testable import Recording
@testable import Suite

/// A suite stays usable when much fails (#29 items 5–8): no artifact is stored twice (a
/// scenario's snapshots share one trace viewer and its frames), `--max-failures` stops the run
/// and says what was not run, `--trace` chooses what is traced, a first run with no goldens
/// leaves what `--update=missing` leaves, and the report loads its images lazily with its
/// Contents collapsed.
@MainActor
@Suite struct SuiteScaleTests {
    /// Every regular file under `folder` (relative paths) with its bytes.
    static func files(under folder: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for rel in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] where FileTree.isRegularFile(folder + "/" + rel) {
            out[rel] = FileTree.read(folder + "/" + rel) ?? []
        }
        return out
    }

    /// The PNG images inlined as `data:image/png;base64,…` in `html`.
    static func inlineImages(_ html: String) -> [[UInt8]] {
        html.components(separatedBy: "data:image/png;base64,").dropFirst().compactMap { rest in
            let b64 = rest.prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=" }
            return Data(base64Encoded: String(b64)).map { Array($0) }
        }
    }

    /// Two failing snapshots 1/20 s apart: their frames around the instant overlap. Every image
    /// in the results folder, as a file or inlined in a page, exists once.
    @Test func noArtifactIsStoredTwice() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("early", 0.1), ("later", 0.15), ("rest", 0.6)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/early.png"))
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/later.png"), x: 60, y: 60)
        #expect(await f.run() == 1)
        let results = try f.results()
        let failing = results.snapshots.filter(\.isFailure)
        #expect(failing.map(\.snapshot) == ["early", "later"])
        // One trace viewer for the scenario, serving both snapshots.
        let pages = Set(failing.compactMap(\.traceViewer))
        #expect(pages.count == 1 && failing.allSatisfy { $0.traceViewer != nil }, "\(pages)")

        var seen: [[UInt8]: String] = [:]
        var twice: [String] = []
        for (rel, bytes) in Self.files(under: f.path("results")) where rel.hasSuffix(".png") || rel.hasSuffix(".html") {
            var items = [(rel, bytes)]
            if rel.hasSuffix(".html") {
                items += Self.inlineImages(String(decoding: bytes, as: UTF8.self)).enumerated().map {
                    ("\(rel) image \($0.offset)", $0.element)
                }
            }
            for (name, content) in items {
                if let first = seen[content] { twice.append("\(name) = \(first)") } else { seen[content] = name }
            }
        }
        #expect(twice.isEmpty, "stored twice: \(twice)")
        // The page is whole: every frame of both sliders is inline or a file beside it.
        let page = try String(contentsOfFile: f.path("results/" + (try #require(pages.first))), encoding: .utf8)
        #expect(
            page.contains("\"src\":\"early/actual.png\"") && page.contains("\"src\":\"later/actual.png\""),
            "the snapshot instants' frames are the actual images, by reference")
        // The report opens the viewer at each snapshot.
        let report = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        for s in failing { #expect(report.contains("href=\"../\(try #require(s.traceViewer))#\(s.snapshot)\"")) }

        // merge-reports copies the shared page once and keeps it whole; accept still takes one.
        let merged = try SuiteMerge.merge([f.path("results")], into: f.path("merged"), command: "overscroll merge-reports")
        #expect(Set(merged.snapshots.compactMap(\.traceViewer)) == pages)
        #expect(
            Self.files(under: f.path("merged"))[try #require(pages.first)]
                == Self.files(under: f.path("results"))[try #require(pages.first)])
    }

    static func missingSuite(_ f: SuiteFixture, scenarios: Int) throws {
        for k in 0..<scenarios {
            try f.write("suite/s\(k).json", SuiteFixture.listScenario([("a", 0.1), ("b", 0.4)]))
        }
    }

    /// `--max-failures 3` with one worker: the second scenario brings 4 failures, so 4 of the 6
    /// are not started; the summary, results.json and the report say so, merge-reports accepts
    /// the folder (every scenario is run or not run) and `--last-failed` runs all six.
    @Test func maxFailuresStopsSchedulingAndSaysWhatWasNotRun() async throws {
        let f = try SuiteFixture()
        try Self.missingSuite(f, scenarios: 6)
        #expect(await f.run { $0.maxFailures = 3 } == 1)
        let results = try f.results()
        #expect(results.scenarios.count == 2 && results.missing == 4)
        let stopped = try #require(results.stopped)
        #expect(stopped.maxFailures == 3 && stopped.notRun.count == 4)
        #expect(Set(stopped.notRun + results.scenarios.map(\.scenario)).count == 6)
        #expect(f.text.contains("stopped early: 4 scenarios not run (--max-failures 3)"), "\(f.text)")
        #expect(f.text.contains("obsolete goldens not checked (--max-failures 3 stopped the run)"), "\(f.text)")
        let report = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(report.contains("Stopped early:") && report.contains("4 scenarios were not run"))
        for p in stopped.notRun { #expect(report.contains("<li><code>\(HTMLText.escape(p))</code></li>")) }

        let merged = try SuiteMerge.merge([f.path("results")], into: f.path("merged"), command: "overscroll merge-reports")
        #expect(merged.stopped == stopped)
        #expect(merged.outcomeCounts().hasSuffix("stopped early: 4 scenarios not run (--max-failures 3)"))

        #expect(await f.run { $0.lastFailed = true } == 1)
        #expect(try f.results().scenarios.count == 6, "the scenarios not run are owed a run")
        #expect(try f.results().stopped == nil)

        // With two workers the run also stops (the scenarios running finish).
        #expect(
            await f.run {
                $0.maxFailures = 1; $0.workers = 2
            } == 1)
        #expect(try f.results().stopped != nil)
    }

    @Test func aRunUnderTheLimitIsNotStopped() async throws {
        let f = try SuiteFixture()
        try Self.missingSuite(f, scenarios: 2)
        #expect(await f.run { $0.maxFailures = 5 } == 1)
        #expect(try f.results().stopped == nil && f.results().scenarios.count == 2)
        #expect(!f.text.contains("stopped early"))
    }

    /// `--trace off`: no trace viewer, no trace.jsonl; `on`: passed and missing snapshots too.
    @Test func traceModesChooseWhatIsTraced() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))

        #expect(await f.run { $0.options.trace = .off } == 1)
        let off = try f.results()
        #expect(off.snapshots.allSatisfy { $0.traceViewer == nil } && off.scenarios.allSatisfy { $0.trace == nil })
        let names = Self.files(under: f.path("results")).keys
        #expect(!names.contains { $0.hasSuffix("trace.html") || $0.hasSuffix("trace.jsonl") }, "\(names.sorted())")
        #expect(off.snapshots.first { $0.snapshot == "mid" }?.actual != nil, "the images are still kept")
        #expect(try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8).contains("--trace off"))

        #expect(await f.run { $0.options.trace = .on } == 1)
        let on = try f.results()
        let page = try #require(on.snapshots.first?.traceViewer)
        #expect(
            page.hasSuffix("a.json/trace.html") && on.snapshots.allSatisfy { $0.traceViewer == page }, "\(on.snapshots.map(\.traceViewer))")
        #expect(FileTree.isRegularFile(f.path("results/" + page)))
        let report = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(report.contains("href=\"../\(page)#start\">trace</a>"), "the passed row links its trace")

        // A passing scenario keeps its trace only with `on`.
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/a/mid.png"))
        #expect(await f.run { $0.options.update = .missing } == 0)
        #expect(await f.run() == 0)
        #expect(!FileTree.exists(f.path("results/" + page)))
        #expect(await f.run { $0.options.trace = .on } == 0)
        let scenario = try #require(try f.results().scenarios.first)
        #expect(scenario.snapshots.allSatisfy { $0.traceViewer == page } && FileTree.isRegularFile(f.path("results/" + page)))
        #expect(scenario.trace.map { FileTree.isRegularFile(f.path("results/" + $0)) } == true)
    }

    /// A first run with no goldens leaves what `--update=missing` leaves (each actual image, the
    /// report): no trace viewer is rendered for a golden that is missing unless `--trace on`.
    @Test func aFirstRunLeavesWhatUpdateMissingLeaves() async throws {
        let first = try SuiteFixture(), update = try SuiteFixture()
        try Self.missingSuite(first, scenarios: 3)
        try Self.missingSuite(update, scenarios: 3)
        #expect(await first.run() == 1)
        #expect(await update.run { $0.options.update = .missing } == 0)
        // The artifact folders mirror each fixture's own (absolute) path: compared below it.
        func below(_ f: SuiteFixture) -> [String: [UInt8]] {
            Dictionary(
                uniqueKeysWithValues: Self.files(under: f.path("results")).map {
                    ($0.key.replacingOccurrences(of: String(f.root.path.dropFirst()), with: "ROOT"), $0.value)
                })
        }
        let a = below(first), b = below(update)
        #expect(Set(a.keys) == Set(b.keys), "first run: \(a.keys.sorted())\nupdate: \(b.keys.sorted())")
        let size = { (x: [String: [UInt8]]) in
            x.filter { !$0.key.hasPrefix("report/") && $0.key != "results.json" }.values.reduce(0) { $0 + $1.count }
        }
        #expect(size(a) == size(b), "the same images")
        #expect(try first.results().snapshots.allSatisfy { $0.traceViewer == nil })
        let report = try String(contentsOfFile: first.path("results/report/index.html"), encoding: .utf8)
        #expect(report.contains("a missing golden is traced with <code>--trace on</code>"))
    }

    /// Images load when they come near the window, not with the page; the Contents list is
    /// collapsed (its links still there for the filters and the cards).
    @Test func theReportLoadsImagesLazilyWithItsContentsCollapsed() async throws {
        let f = try SuiteFixture()
        try Self.missingSuite(f, scenarios: 2)
        #expect(await f.run { $0.options.update = .missing } == 0)
        for k in 0..<2 { for s in ["a", "b"] { try SuiteFixture.perturb(f.path("suite/__snapshots__/s\(k)/\(s).png")) } }
        #expect(await f.run() == 1)
        let report = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        let images = report.components(separatedBy: "<img").dropFirst()
        #expect(images.count == 4 * 7, "4 cards of 7 images (side by side, slider, diff, flicker)")
        #expect(images.allSatisfy { $0.prefix(while: { $0 != ">" }).contains("loading=\"lazy\"") })
        // Each card's body (its images among them) is a template, rendered when the card comes near the window.
        let cards = report.components(separatedBy: "<section class=\"card ").dropFirst()
        #expect(
            cards.count == 4
                && cards.allSatisfy { card in
                    let body = card.components(separatedBy: "</section>")[0]
                    return body.contains("<template>") && !body.components(separatedBy: "<template>")[0].contains("<img")
                })
        let toc = try #require(
            report.components(separatedBy: "<nav id=\"toc\">").dropFirst().first?.components(separatedBy: "</nav>").first)
        #expect(toc.hasPrefix("<details id=\"contents\"><summary>"), "collapsed: \(toc.prefix(80))")
        #expect(toc.components(separatedBy: "<a href=\"#card-").count - 1 == 4)
    }

    /// In Chromium: at load only the cards near the window are rendered (the others are their
    /// heading and a template, no image); search and filters still find every card; a linked
    /// card is rendered; `renderCards()` renders them all.
    static let onDemandChecker = """
        <script>
        // Waits (polling, at most 25 s of the page's virtual time) until `cond` holds, then goes on: the observer's callbacks
        // come at a rendered frame, and virtual time runs far ahead of real frames while the page idles (2.5 s of it
        // passed with no frame at load 15 on 2 cores). A page that works stops waiting at its first frames.
        function until(cond, go){ var t0 = Date.now(); (function poll(){ if (cond() || Date.now() - t0 > 25000) go();\
         else setTimeout(poll, 25); })(); }
        window.addEventListener('load', function(){ until(function(){ return document.querySelector('main .card[data-ready]');\
         }, function(){
          var problems = [], all = document.querySelectorAll('main .card').length;
          var ready = document.querySelectorAll('main .card[data-ready]').length;
          if (!(ready > 0 && ready < all)) problems.push(ready + ' of ' + all + ' cards rendered at load');
          var loaded = Array.prototype.filter.call(document.images, function(i){ return i.closest('.card:not([data-ready])'); }).length;
          if (loaded) problems.push(loaded + ' images in cards not rendered');
          var search = document.getElementById('search');
          search.value = 's7.json'; search.dispatchEvent(new Event('input'));
          var shown = Array.prototype.filter.call(document.querySelectorAll('main .card'),\
         function(c){ return c.offsetParent !== null; });
          if (shown.length !== 2) problems.push('search shows ' + shown.length);
          search.value = ''; search.dispatchEvent(new Event('input'));
          var last = document.querySelectorAll('main .card')[all - 1];
          location.hash = '#' + last.id;
          until(function(){ return last.hasAttribute('data-ready'); }, function(){
            if (!last.hasAttribute('data-ready')) problems.push('the linked card is not rendered');
            window.renderCards();
            var bad = Array.prototype.filter.call(document.querySelectorAll('main .card'),\
         function(c){ return !c.hasAttribute('data-ready') || !c.querySelector('.modes button[data-mode=slider]'); }).length;
            if (bad) problems.push(bad + ' cards not rendered by renderCards()');
            var out = document.createElement('pre');
            out.id = 'verdict';
            out.textContent = 'cards=' + all + ' problems=' + problems.length + (problems.length ? ': ' + problems.join('; ') : '');
            document.body.appendChild(out);
          });
        }); });
        </script>
        """

    @Test func cardsAreRenderedWhenTheyComeNearTheWindow() async throws {
        guard let browser = SuiteReportBrowserTests.chromium() else {
            Issue.record("chromium is not installed; `make test` installs it (apt-get install chromium)")
            return
        }
        let f = try SuiteFixture()
        try Self.missingSuite(f, scenarios: 10)
        #expect(await f.run { $0.options.update = .missing } == 0)
        for k in 0..<10 { for s in ["a", "b"] { try SuiteFixture.perturb(f.path("suite/__snapshots__/s\(k)/\(s).png")) } }
        #expect(await f.run { $0.options.trace = .off } == 1)
        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        let checked = f.path("results/report/on-demand.html")
        try page.replacingOccurrences(of: "</body>", with: Self.onDemandChecker + "</body>").write(
            toFile: checked, atomically: true, encoding: .utf8)
        let verdict = SuiteReportBrowserTests.verdict(try SuiteReportBrowserTests.dumpDOM(browser, page: checked, folder: f, budget: 30000))
        #expect(verdict == "cards=20 problems=0", "\(verdict ?? "no verdict")")
    }
}

/// The flags through the built program: their values are checked (one line, exit 2) and the
/// run that stops early exits non-zero.
@MainActor
@Suite struct SuiteScaleCommandLineTests {
    @Test func theFlagsRefuseBadValuesInOneLine() throws {
        for (args, wanted) in [
            (["--max-failures", "0"], "--max-failures must be a whole number"),
            (["--max-failures", "x"], "--max-failures must be a whole number"),
            (["--trace", "sometimes"], "--trace")
        ] {
            let r = try CommandLineRunner.run(["test", "no-such-suite"] + args)
            #expect(r.status == 2 && r.err.contains(wanted) && r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
        }
        let help = try CommandLineRunner.run(["test", "--help"])
        #expect(help.out.contains("--max-failures N") && help.out.contains("--trace MODE") && help.out.contains("retain-on-failure"))
    }

    @Test func aStoppedRunExitsNonZero() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-maxfail-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/suite", withIntermediateDirectories: true)
        for k in 0..<3 { try Data(SuiteFixture.listScenario([("a", 0.1)]).utf8).write(to: URL(fileURLWithPath: dir + "/suite/s\(k).json")) }
        let r = try CommandLineRunner.run(["test", dir + "/suite", "--max-failures", "1", "--workers", "1", "--artifacts", dir + "/out"])
        #expect(r.status == 1, "\(r.out) \(r.err)")
        #expect(r.out.contains("stopped early: 2 scenarios not run (--max-failures 1)"), "\(r.out)")
    }
}
