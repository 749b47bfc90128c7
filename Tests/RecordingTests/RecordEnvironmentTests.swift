import Foundation
import Imaging
import Support
import Testing
@testable import Recording

/// `OVERSCROLL_RECORD` through the built CLI: `test` and `verify` honour it when no flag is
/// given, a flag wins, any other value is a usage error naming the variable.
@MainActor
@Suite struct RecordEnvironmentTests {
    func run(_ f: SuiteFixture, _ args: [String], record: String?) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(
            "overscroll", args, in: f.root.path,
            environment: record.map { [RecordMode.environmentKey: $0] } ?? [:])
    }

    @Test func testTakesTheModeFromTheEnvironmentUnlessAFlagGivesOne() throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        let golden = f.path("suite/__snapshots__/a/mid.png")
        var r = try run(f, ["test", "suite", "--workers", "1"], record: "missing")
        #expect(r.status == 0 && r.out.contains("goldens: 2 created"), "\(r.out)\(r.err)")
        try SuiteFixture.perturb(golden)
        let perturbed = FileTree.read(golden)

        r = try run(f, ["test", "suite", "--workers", "1"], record: "missing")
        #expect(r.status == 1, "missing does not rewrite a mismatch: \(r.out)")
        r = try run(f, ["test", "suite", "--workers", "1", "--update", "none"], record: "changed")
        #expect(r.status == 1, "the flag wins: \(r.out)")
        #expect(FileTree.read(golden) == perturbed)
        r = try run(f, ["test", "suite", "--workers", "1"], record: "changed")
        #expect(r.status == 0 && r.out.contains("goldens: 0 created, 1 changed, 1 unchanged"), "\(r.out)\(r.err)")
        #expect(FileTree.read(golden) != perturbed)

        r = try run(f, ["test", "suite", "--workers", "1"], record: "yes\u{1B}")
        #expect(
            r.status == 2 && r.err.contains(#"test: OVERSCROLL_RECORD=yes\x1B: expected one of none, missing, changed, all"#), "\(r.err)")
        #expect(!r.err.contains("\u{1B}"))
        r = try run(f, ["test", "--help"], record: nil)
        #expect(r.out.contains("OVERSCROLL_RECORD=") && r.out.contains("(the flag wins)"), "\(r.out)")
    }

    @Test func verifyTakesTheModeFromTheEnvironmentUnlessUpdateIsGiven() throws {
        let f = try SuiteFixture()
        try f.write("s.json", SuiteFixture.listScenario([]))
        let goldens = f.path("goldens")
        func verify(_ frames: String, _ extra: [String] = [], record: String?) throws -> CommandLineRunner.Result {
            try run(f, ["verify", "s.json", "--goldens", "goldens", "--frames", frames] + extra, record: record)
        }
        var r = try verify("0,6", record: "all")
        #expect(r.status == 0 && r.out == "goldens: 2 created, 0 changed, 0 unchanged\n", "\(r.out)\(r.err)")
        r = try verify("0,6,12", record: "missing")
        #expect(
            r.status == 0 && r.out.contains("2 passed, 0 failed") && r.out.contains("goldens: 1 created, 0 changed, 0 unchanged"),
            "\(r.out)\(r.err)")
        #expect(FileTree.exists(goldens + "/frame-00012.png"))

        try SuiteFixture.perturb(goldens + "/frame-00006.png")
        let perturbed = FileTree.read(goldens + "/frame-00006.png")
        r = try verify("0,6", record: "missing")
        #expect(r.status == 1 && r.out.contains("frame-00006.png: 36 differing pixels"), "\(r.out)\(r.err)")
        #expect(FileTree.read(goldens + "/frame-00006.png") == perturbed)
        r = try verify("0,6", record: "changed")
        #expect(
            r.status == 0 && r.out.contains("1 passed, 0 failed") && r.out.contains("goldens: 0 created, 1 changed, 0 unchanged"),
            "\(r.out)\(r.err)")

        // --update is `all`, whatever the environment says.
        try SuiteFixture.perturb(goldens + "/frame-00006.png")
        r = try verify("0,6", ["--update"], record: "none")
        #expect(r.status == 0 && r.out == "goldens: 0 created, 1 changed, 1 unchanged\n", "\(r.out)\(r.err)")

        // Nothing to write: the folder is left as it is.
        func listing() throws -> [String: Date] {
            var out: [String: Date] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: goldens) {
                out[name] = try FileManager.default.attributesOfItem(atPath: goldens + "/" + name)[.modificationDate] as? Date
            }
            out["."] = try FileManager.default.attributesOfItem(atPath: goldens)[.modificationDate] as? Date
            return out
        }
        let before = try listing()
        r = try verify("0,6", record: "changed")
        #expect(
            r.status == 0 && r.out.contains("2 passed, 0 failed") && r.out.contains("goldens: 0 created, 0 changed, 0 unchanged"),
            "\(r.out)\(r.err)")
        #expect(try listing() == before)

        r = try verify("0", ["--diff", "d"], record: "all")
        #expect(r.status == 2 && r.err.contains("verify: OVERSCROLL_RECORD=all writes goldens and compares nothing"), "\(r.err)")
        r = try verify("0", record: "sometimes")
        #expect(r.status == 2 && r.err.contains("verify: OVERSCROLL_RECORD=sometimes: expected one of"), "\(r.err)")
        r = try run(f, ["verify", "--help"], record: nil)
        #expect(r.out.contains("OVERSCROLL_RECORD=") && r.out.contains("(the flag wins)"), "\(r.out)")
    }
}
