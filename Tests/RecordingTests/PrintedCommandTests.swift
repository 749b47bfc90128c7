import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue #43 item 9: a printed `accept:` or `git mv` line selects exactly what it names. A
/// scenario path the console shows escaped (tab, newline) is refused at discovery; a name starting
/// with `-` gets `--` before it; the report copies the command from an attribute that keeps CR and
/// LF; one shell quoting for every printed or recorded command line.
@MainActor
@Suite struct PrintedCommandTests {
    @Test func aScenarioPathAPrintedLineCannotGiveBackIsRefusedAtDiscovery() throws {
        let f = try SuiteFixture()
        let scenario = SuiteFixture.listScenario([("s", 0)])
        try f.write("suite/s\t1.json", scenario)
        try f.write("suite/s\n2.json", scenario)
        try f.write("suite/s\u{202E}3.json", scenario)
        try f.write("suite/s2.json", scenario)
        let found = SuiteDiscovery.find([f.path("suite")])
        #expect(found.entries.map { ($0.path as NSString).lastPathComponent } == ["s2.json"])
        #expect(found.errors.count == 3, "\(found.errors)")
        for error in found.errors {
            #expect(!error.contains("\n") && !error.contains("\t"), "one line, escaped: \(error)")
            #expect(error.contains("cannot be named exactly by a printed accept or git mv line"), "\(error)")
        }
        #expect(found.errors.contains { $0.contains("s\\t1.json") })
        #expect(found.errors.contains { $0.contains("s\\n2.json") })
    }

    @Test func aNameStartingWithADashComesAfterDashDash() {
        #expect(AcceptSelection.command(results: "r", names: ["a.json:s"]) == "overscroll accept r a.json:s")
        #expect(AcceptSelection.command(results: "r", names: ["-a.json:s"]) == "overscroll accept -- r -a.json:s")
        #expect(AcceptSelection.command(results: "-r", names: []) == "overscroll accept -- -r")
        #expect(AcceptSelection.command(results: "r", names: [], separated: true) == "overscroll accept -- r")
        let rename = LikelyRename(scenario: "-new.json", from: "__snapshots__/-old", to: "-x/__snapshots__/-new")
        #expect(rename.command == "mkdir -p -- -x/__snapshots__ && git mv -- __snapshots__/-old -x/__snapshots__/-new", "\(rename.command)")
        let plain = LikelyRename(scenario: "b.json", from: "__snapshots__/a", to: "y/__snapshots__/b")
        #expect(plain.command == "mkdir -p y/__snapshots__ && git mv __snapshots__/a y/__snapshots__/b", "\(plain.command)")
    }

    /// The printed line, run by a shell, gives `accept` the results folder and the name as
    /// operands (before: "unknown flag").
    @Test func thePrintedLineRunByAShellReadsTheNameAsAnOperand() throws {
        let binary = try #require(CommandLineRunner.binary("overscroll"))
        let folder = try SuiteFixture()
        let line = AcceptSelection.command(results: "-r", names: ["-a.json:s"])
        #expect(line == "overscroll accept -- -r -a.json:s")
        let r = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: folder.root.path,
            environment: ["PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin"])
        #expect(r.status == 2)
        #expect(!r.err.contains("unknown") && r.err.contains("-r"), "\(r.err)")
    }

    /// An exact name never falls through to a regular expression: `a.json:s` of a scenario that
    /// ended in an error once accepted `xa.json:s2` (the unanchored regex's `.` and suffix).
    @Test func anExactNameNeverFallsBackToARegex() throws {
        func snapshot(_ name: String) -> SnapshotResult {
            var s = SnapshotResult(snapshot: name, at: 0, status: .failed, golden: "g/\(name).png", threshold: 0.1)
            s.actual = "r/\(name).png"
            return s
        }
        let suite = SuiteResults(
            command: "overscroll test", date: "", threshold: 0.1, maxDiffPixels: nil, maxDiffRatio: nil, shards: [],
            scenarios: [
                ScenarioResult(scenario: "a.json", goldens: "__snapshots__/a", error: "reference: rms over", snapshots: [snapshot("s")]),
                ScenarioResult(scenario: "xa.json", goldens: "__snapshots__/xa", snapshots: [snapshot("s2")])
            ])
        var selection = AcceptSelection()
        selection.selectors = ["a.json:s"]
        #expect(throws: GoldenAccept.Refusal.self) { try selection.choose(in: suite, results: "r") }
        do { _ = try selection.choose(in: suite, results: "r") } catch {
            #expect(error.message.contains("ended in an error"), "\(error)")
        }
        // A regular expression still searches (a selector that names no snapshot).
        selection.selectors = ["a\\.json:s"]
        #expect(try selection.choose(in: suite, results: "r").chosen.map { $0.0 } == [1])
    }

    @Test func oneQuotingForEveryCommandLine() {
        // Non-ASCII letters are quoted (TestCommand's own quoting left them bare).
        #expect(ShellWord.quoted("naïve.json") == "'naïve.json'")
        #expect(ShellWord.quoted("plain-1.json:s") == "plain-1.json:s")
        #expect(ShellWord.quoted("it's") == "'it'\\''s'")
        #expect(ShellWord.quoted("") == "''")
    }

    /// The report keeps the command in an attribute with CR and LF as references and shows it in
    /// a textarea (an `<input>`'s value drops CR and LF); the "copy for the shown" bar has the
    /// `--` form for names starting with `-`.
    @Test func theReportCopiesTheCommandExactly() {
        let field = SuiteReport.acceptField("overscroll accept r 'a\r\nb.json:s'", label: "copy")
        #expect(field.contains("data-command=\"overscroll accept r &#39;a&#13;&#10;b.json:s&#39;\""), "\(field)")
        #expect(field.contains("<textarea class=\"cmd\"") && !field.contains("<input"), "\(field)")
        let bar = SuiteReport.acceptAll("r")
        #expect(bar.contains("data-prefix=\"overscroll accept r\"") && bar.contains("data-separated=\"overscroll accept -- r\""), "\(bar)")
    }
}
