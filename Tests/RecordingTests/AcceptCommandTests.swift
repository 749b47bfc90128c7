import Foundation
import Testing
@testable import Recording
import Support

/// `overscroll accept` as a new user meets it: the built program run in the suite's folder, the
/// command copied from the report in headless Chromium and run by a shell, refusals as one line
/// and exit 2.
@MainActor
@Suite struct AcceptCommandTests {
    func cli(_ args: [String], in folder: String) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run("overscroll", args, in: folder)
    }

    /// a (start, mid), b (end): goldens made, then `mid` perturbed and `start` deleted; the
    /// failing run's results in `test-results`.
    func failingSuite() throws -> SuiteFixture {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("end", 0.6)]))
        #expect(try cli(["test", "suite", "--workers", "1", "--update=missing"], in: f.root.path).status == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        try SuiteFixture.perturb(f.path("suite/__snapshots__/b/end.png"))
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/a/start.png"))
        let r = try cli(["test", "suite", "--workers", "1"], in: f.root.path)
        #expect(r.status == 1)
        #expect(r.out.contains("      accept:    overscroll accept test-results suite/a.json:mid"), "\(r.out)")
        #expect(r.out.contains("      diff:      test-results/suite/a.json/mid/diff.png"))
        return f
    }

    @Test func refusalsAreOneLineExitTwoAndChangeNothing() throws {
        let f = try failingSuite()
        let root = f.root.path
        let before = Sandbox.tree(root)
        for (args, words) in [
            (["nothing"], "'nothing' matches no snapshot"),
            (["suite/b.json:end", "--missing", "zzz"], "'zzz' matches no snapshot"),
            ([], "name what to accept"),
            (["--all", "--dry-run"], "")
        ] {
            let r = try cli(["accept", "test-results"] + args, in: root)
            if words.isEmpty {
                #expect(r.status == 0, "\(r.err)")
                #expect(
                    r.out.contains("would accept 3 snapshots from test-results (goldens: 1 created, 2 changed); dry run, nothing written:"),
                    "\(r.out)")
            } else {
                #expect(r.status == 2, "\(args)")
                #expect(r.err.hasPrefix("overscroll accept: ") && r.err.contains(words), "\(r.err)")
                #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
            }
            #expect(Sandbox.changes(before, Sandbox.tree(root)) == [], "\(args)")
        }
        // Another build's results: refused unless --force.
        let file = f.path("test-results/results.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let other = text.replacingOccurrences(of: #""version" : "overscroll "#, with: #""version" : "overscroll 0.0.0-other "#)
        #expect(other != text)
        try other.write(toFile: file, atomically: true, encoding: .utf8)
        let changedBefore = Sandbox.tree(root)
        let r = try cli(["accept", "test-results", "suite/a.json:mid"], in: root)
        #expect(r.status == 2)
        #expect(r.err.contains("made by overscroll 0.0.0-other") && r.err.contains("pass --force"), "\(r.err)")
        #expect(Sandbox.changes(changedBefore, Sandbox.tree(root)) == [])
        #expect(try cli(["accept", "test-results", "suite/a.json:mid", "--force", "--dry-run"], in: root).status == 0)
        #expect(try cli(["accept", "--help"], in: root).out.contains("usage: overscroll accept RESULTS [SELECTOR…]"))
    }

    /// The report in Chromium: the filter bar's button gives the command for the cards shown
    /// (and leaves the filter as it was), a card's button selects its field; the copied line,
    /// run by a shell, accepts exactly that snapshot and the next run passes it.
    static let checker = """
        <script>
        window.addEventListener('load', function(){
          var problems = [], out = {};
          document.querySelector('#filters button[data-filter=missing]').click();
          var shown = document.querySelectorAll('main .card:not([hidden])').length;
          var bar = document.querySelector('#filters .accept');
          bar.querySelector('.copy').click();
          out.missing = bar.querySelector('.cmd').value;
          if (document.querySelectorAll('main .card:not([hidden])').length !== shown) problems.push('the accept button changed\
         the filter');
          document.querySelector('#filters button[data-filter=missing]').click();
          var card = document.querySelector('.card[data-accept="suite/a.json:mid"]');
          card.querySelector('.accept .copy').click();
          var field = card.querySelector('.accept .cmd');
          if (document.activeElement !== field) problems.push('the field is not focused');
          if (field.selectionStart !== 0 || field.selectionEnd !== field.value.length) problems.push('the field is not selected');
          var pre = document.createElement('pre');
          pre.id = 'verdict';
          pre.textContent = 'problems=' + problems.join('; ') + '\\nmissing=' + out.missing + '\\ncard=' + field.value;
          document.body.appendChild(pre);
        });
        </script>
        """

    @Test func theCommandCopiedFromTheReportAcceptsThatSnapshot() throws {
        guard let browser = SuiteReportBrowserTests.chromium() else {
            Issue.record("chromium is not installed; `make test` installs it (apt-get install chromium)")
            return
        }
        let f = try failingSuite()
        let root = f.root.path
        let page = try String(contentsOfFile: f.path("test-results/report/index.html"), encoding: .utf8)
        let checked = f.path("test-results/report/checked.html")
        try page.replacingOccurrences(of: "</body>", with: Self.checker + "</body>").write(
            toFile: checked, atomically: true, encoding: .utf8)
        let dom = try SuiteReportBrowserTests.dumpDOM(browser, page: checked, folder: f)
        let verdict = try #require(SuiteReportBrowserTests.verdict(dom), "no verdict in the dumped DOM")
        let lines = verdict.split(separator: "\n").map(String.init)
        #expect(lines.first == "problems=", "\(verdict)")
        #expect(lines.contains("missing=overscroll accept test-results suite/a.json:start"), "\(verdict)")
        let command = try #require(lines.first { $0.hasPrefix("card=") }.map { String($0.dropFirst(5)) })
        #expect(command == "overscroll accept test-results suite/a.json:mid")
        try FileManager.default.removeItem(atPath: checked)

        // The copied line, run by a shell with the built program on PATH.
        let binary = try #require(CommandLineRunner.binary("overscroll"))
        let before = Sandbox.tree(f.path("suite"))
        let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: root, environment: ["PATH": path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("accepted 1 snapshot from test-results (goldens: 0 created, 1 changed):"), "\(r.out)")
        let changed = Sandbox.changes(before, Sandbox.tree(f.path("suite")))
            .filter { $0 != "__snapshots__/stack.json" && !$0.hasSuffix("/.overscroll-manifest") }  // as --update leaves them
        #expect(changed == ["__snapshots__/a/mid.png"], "\(changed)")
        let again = try cli(["test", "suite", "--workers", "1"], in: root)
        #expect(again.out.contains("3 snapshots: 1 passed, 1 failed, 1 missing golden"), "\(again.out)")
    }
}
