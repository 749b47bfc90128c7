import Foundation
import Imaging
import Testing
@testable import Recording
@testable import Suite

/// Issue #29 items 4, 11 and 15: a renamed scenario named as a likely rename with its `git mv`
/// line; golden and actual of different sizes drawn at one scale with both sizes stated; the
/// wipe slider reaching both ends; obsolete and pruned paths printed in one form.
@MainActor
@Suite struct Issue29RenameAndReportTests {
    @Test func aRenamedScenarioIsNamedWithTheGitMoveLine() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.moveItem(atPath: f.path("suite/a.json"), toPath: f.path("suite/b.json"))
        #expect(await f.run() == 1)
        let old = f.path("suite/__snapshots__/a"), new = f.path("suite/__snapshots__/b")
        #expect(f.text.contains("likely renamed to \(f.path("suite/b.json")): its goldens are pixel-identical"), "\(f.text)")
        #expect(f.lines.all.contains("        git mv \(old) \(new)"), "\(f.text)")
        let results = try f.results()
        #expect(results.obsoleteFolders.first?.likelyRename == LikelyRename(scenario: f.path("suite/b.json"), from: old, to: new))
        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(page.contains("Likely renamed: <code>\(old)</code>"))
        #expect(page.contains("<code>git mv \(old) \(new)</code>"))

        // The printed line does what it says (a plain mv here: the fixture is not a git work tree).
        try FileManager.default.moveItem(atPath: old, toPath: new)
        #expect(await f.run() == 0)
    }

    @Test func goldensThatDifferAreNotARename() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.moveItem(atPath: f.path("suite/a.json"), toPath: f.path("suite/b.json"))
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        #expect(await f.run() == 1)
        #expect(!f.text.contains("likely renamed"), "\(f.text)")
        #expect(try f.results().obsoleteFolders.first?.likelyRename == nil)
    }

    @Test func aRenameIntoAFolderWithoutGoldensMakesItFirst() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.createDirectory(atPath: f.path("suite/sub"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: f.path("suite/a.json"), toPath: f.path("suite/sub/c.json"))
        #expect(await f.run() == 1)
        let tree = f.path("suite/sub/__snapshots__")
        #expect(f.lines.all.contains("        mkdir -p \(tree) && git mv \(f.path("suite/__snapshots__/a")) \(tree)/c"), "\(f.text)")
    }

    @Test func obsoleteAndPrunedPathsHaveOneForm() {
        var here = ScenarioResult(scenario: "a.json", goldens: "./__snapshots__/a", frames: 1, seconds: 0)
        here.obsolete = ["old.png"]
        var suite = SuiteResults(
            command: "overscroll test", date: "", threshold: 0.1, maxDiffPixels: nil, maxDiffRatio: nil,
            shards: [], scenarios: [here])
        suite.obsoleteFolders = [ObsoleteFolder(folder: "__snapshots__/gone", files: ["x.png"])]
        let listed = ConsoleReporter.summary(suite, update: .none, pruned: nil, seconds: 0, artifacts: "r")
        #expect(listed.contains("    __snapshots__/a/old.png"), "\(listed)")
        #expect(listed.contains { $0.hasPrefix("    __snapshots__/gone/ ") }, "\(listed)")
        let pruned = ConsoleReporter.summary(
            suite, update: .none, pruned: ["./__snapshots__/a/old.png", "__snapshots__/gone/x.png"],
            seconds: 0, artifacts: "r")
        #expect(pruned.contains("    __snapshots__/a/old.png") && pruned.contains("    __snapshots__/gone/x.png"), "\(pruned)")
        #expect(!(listed + pruned).contains { $0.contains("./") })
        #expect(SuiteRunner.shown("./") == "./" && SuiteRunner.shown("././a") == "a" && SuiteRunner.shown("../a") == "../a")
    }

    @Test func aSizeChangeStatesBothSizesAndDrawsThemAtOneScale() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("mid", 0.3)], size: "[200, 300]"))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try f.write("suite/a.json", SuiteFixture.listScenario([("mid", 0.3)], size: "[320, 240]"))
        #expect(await f.run() == 1)
        let snap = try #require(try f.results().snapshots.first)
        #expect(snap.width == 320 && snap.height == 240 && snap.expectedWidth == 200 && snap.expectedHeight == 300)
        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(page.contains("expected 200×300, actual 320×240: different sizes, drawn at one scale"))
        #expect(page.contains("alt=\"expected\" data-w=\"200\" data-h=\"300\""))
        #expect(page.contains("alt=\"actual\" data-w=\"320\" data-h=\"240\""))

        guard let browser = SuiteReportBrowserTests.chromium() else {
            Issue.record("chromium is not installed; `make test` installs it (apt-get install chromium)")
            return
        }
        let checked = f.path("results/report/sizes.html")
        try page.replacingOccurrences(of: "</body>", with: Self.scaleChecker + "</body>").write(
            toFile: checked, atomically: true, encoding: .utf8)
        let verdict = SuiteReportBrowserTests.verdict(try SuiteReportBrowserTests.dumpDOM(browser, page: checked, folder: f))
        #expect(verdict == "problems=0", "\(verdict ?? "no verdict")")
    }

    /// In every view, each image's drawn content (its box less the 1 px border) over its own
    /// size is one scale, width and height alike (never distorted); the slider's split reaches
    /// both ends.
    static let scaleChecker =
        SuiteReportBrowserTests.whenCardsReady + """
            <script>
            // Every image of the card loaded first (the report's images are lazy: those of a hidden
            // view would load only once it shows).
            function whenAllImages(go){
              var imgs = Array.prototype.slice.call(document.querySelectorAll('.card.failed img')), left = imgs.length;
              imgs.forEach(function(i){ i.loading = 'eager'; });
              imgs.forEach(function(i){ function one(){ if (--left === 0) go(); }
                if (i.complete && i.naturalWidth > 0) one(); else { i.addEventListener('load', one); i.addEventListener('error', one); } });
              if (!imgs.length) go();
            }
            whenCardsReady(function(){ whenAllImages(function(){
              var problems = [], card = document.querySelector('.card.failed');
              function scales(imgs, what){
                var ks = [];
                imgs.forEach(function(i){
                  var r = i.getBoundingClientRect(), kx = (r.width - 2) / i.naturalWidth, ky = (r.height - 2) / i.naturalHeight;
                  if (!(i.naturalWidth > 0)) problems.push(what + ': image did not load');
                  if (Math.abs(kx - ky) > 0.01) problems.push(what + ': ' + i.alt + ' distorted ' + kx + ' vs ' + ky);
                  ks.push(kx);
                });
                if (ks.length < 2 || Math.abs(ks[0] - ks[1]) > 0.01) problems.push(what + ': scales ' + ks.join(', '));
                return ks[0];
              }
              card.querySelector('.modes button[data-mode=side]').click();
              var sideScale = scales([card.querySelector('.side .fig-expected img'), card.querySelector('.side .fig-actual img')], 'side');
              card.querySelector('.modes button[data-mode=slider]').click();
              var range = card.querySelector('.slider input'), top = card.querySelector('.wipe .top'), wipe = card.querySelector('.wipe');
              scales([card.querySelector('.wipe .top img'), card.querySelector('.wipe > img')], 'slider');
              range.value = 0; range.dispatchEvent(new Event('input'));
              if (top.getBoundingClientRect().width > 0.5) problems.push('at 0 the golden still covers ' +\
             top.getBoundingClientRect().width);
              range.value = 100; range.dispatchEvent(new Event('input'));
              if (Math.abs(top.getBoundingClientRect().width - wipe.getBoundingClientRect().width) >\
             0.5) problems.push('at 100 the golden covers ' + top.getBoundingClientRect().width + ' of ' +\
             wipe.getBoundingClientRect().width);
              card.querySelector('.modes button[data-mode=flicker]').click();
              var f = card.querySelector('.flicker img'), fr = f.getBoundingClientRect();
              var fx = (fr.width - 2) / f.naturalWidth, fy = (fr.height - 2) / f.naturalHeight;
              if (Math.abs(fx - fy) > 0.01 || Math.abs(fx - sideScale) > 0.01) problems.push('flicker: scale ' + fx + ' × ' + fy +\
             ', side by side ' + sideScale);
              card.querySelector('.modes button[data-mode=slider]').click();
              var tall = card.querySelector('.wipe .top img').getBoundingClientRect().height;
              if (Math.abs(wipe.getBoundingClientRect().height - tall) > 0.5) problems.push('the taller golden is cut: ' +\
             wipe.getBoundingClientRect().height + ' vs ' + tall);
              var out = document.createElement('pre');
              out.id = 'verdict';
              out.textContent = 'problems=' + problems.length + (problems.length ? ': ' + problems.join('; ') : '');
              document.body.appendChild(out);
            }); });
            </script>
            """
}
