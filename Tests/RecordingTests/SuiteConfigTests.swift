import Foundation
import Imaging
import ScrollEngine
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue #29 item 17: `overscroll.json`, the suite's settings. Where it is found, that flags win
/// over it and a snapshot's or scenario's own fields win over it, and one line naming the file,
/// line:column and the field for every kind of mistake.
@MainActor
@Suite struct SuiteConfigTests {
    // MARK: Finding it

    @Test func foundFromTheSuiteFolderUpwardUpToTheRepositoryTop() throws {
        let f = try SuiteFixture()
        try f.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try f.write("repo/suite/deep/a.json", SuiteFixture.listScenario([("s", 0)]))
        #expect(SuiteConfig.find(from: f.path("repo/suite/deep")) == nil)
        try f.write("repo/overscroll.json", "{}")
        #expect(SuiteConfig.find(from: f.path("repo/suite/deep")) == f.path("repo/overscroll.json"))
        #expect(SuiteConfig.find(from: f.path("repo/suite/deep/a.json")) == f.path("repo/overscroll.json"), "a file's folder")
        try f.write("repo/suite/overscroll.json", "{}")
        #expect(SuiteConfig.find(from: f.path("repo/suite/deep")) == f.path("repo/suite/overscroll.json"), "the nearest")
        // Above the folder holding .git: not looked at.
        try FileManager.default.removeItem(atPath: f.path("repo/overscroll.json"))
        try FileManager.default.removeItem(atPath: f.path("repo/suite/overscroll.json"))
        try f.write("overscroll.json", "{}")
        #expect(SuiteConfig.find(from: f.path("repo/suite/deep")) == nil)
        // Two PATHs under different files are refused; under one, that one.
        try f.write("repo/suite/overscroll.json", "{}")
        #expect(try SuiteConfig.find(for: [f.path("repo/suite/deep"), f.path("repo/suite")]) == f.path("repo/suite/overscroll.json"))
        #expect(throws: SuiteConfig.Failure.self) { try SuiteConfig.find(for: [f.path("repo/suite"), f.path("repo")]) }
    }

    /// Issue 43: without `.git`, the search stops at the folder the command was started in (when
    /// the suite lies inside it), else at the suite's own folder: a parent's file never applies.
    @Test func withoutGitTheSearchStopsAtTheWorkingFolderOrTheSuiteFolder() throws {
        let f = try SuiteFixture()
        try f.write("top/work/suite/deep/a.json", SuiteFixture.listScenario([("s", 0)]))
        try f.write("top/overscroll.json", "{}")
        // Neither a repository nor the working folder above it: only the suite's folder.
        #expect(SuiteConfig.find(from: f.path("top/work/suite/deep")) == nil)
        try f.write("top/work/suite/deep/overscroll.json", "{}")
        #expect(SuiteConfig.find(from: f.path("top/work/suite/deep")) == f.path("top/work/suite/deep/overscroll.json"))
        let work = OutputPaths.canonical(f.path("top/work")), deep = OutputPaths.canonical(f.path("top/work/suite/deep"))
        #expect(SuiteConfig.searchRoot(from: deep, here: work) == work)
        #expect(SuiteConfig.searchRoot(from: deep, here: "/elsewhere") == deep)
        try f.write("top/work/suite/.git/HEAD", "ref: refs/heads/main\n")
        #expect(SuiteConfig.searchRoot(from: deep, here: work) == OutputPaths.canonical(f.path("top/work/suite")))
    }

    @Test func aConfigOthersCanChangeIsRefusedNamingIt() throws {
        let f = try SuiteFixture()
        let path = try f.write("overscroll.json", "{\"threshold\": 1}")
        #expect(SuiteConfig.trustProblem(path) == nil)
        chmod(path, 0o646)
        #expect(throws: SuiteConfig.Failure.self) { try SuiteConfig.load(path) }
        #expect(SuiteConfig.trustProblem(path)?.contains("writable by every user (mode 646)") == true)
        // A link of this user's is judged by the file it names.
        chmod(path, 0o644)
        let link = f.path("linked.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(SuiteConfig.trustProblem(link) == nil)
        chmod(path, 0o664)
        #expect(SuiteConfig.trustProblem(link)?.contains("writable by its group (mode 664)") == true)
    }

    // MARK: Every kind of mistake: file, line:column, field

    static func failure(_ text: String) throws -> String {
        let f = try SuiteFixture()
        let path = try f.write("overscroll.json", text)
        do { _ = try SuiteConfig.load(path); return "loaded" } catch { return error.message.replacingOccurrences(of: path, with: "FILE") }
    }

    @Test func everyMistakeIsOneLineNamingFileLineColumnAndField() throws {
        let cases: [(String, String)] = [
            (
                "{\n  \"thresold\": 0.2\n}",
                "FILE:2:3: thresold: unknown field (did you mean 'threshold'? fields: \(SuiteConfig.fields.joined(separator: ", ")))"
            ),
            ("{\"maxDiffPixels\": -1}", "FILE:1:2: maxDiffPixels: -1 is out of range (0…2147483647)"),
            ("{\"maxDiffPixels\": 1.5}", "FILE:1:2: maxDiffPixels: expected a whole number, got 1.5"),
            ("{\"maxDiffRatio\": 2}", "FILE:1:2: maxDiffRatio: 2 is out of range (0…1)"),
            ("{\"threshold\": \"low\"}", "FILE:1:2: threshold: expected a number, got a string"),
            ("{\"workers\": 0}", "FILE:1:2: workers: 0 is out of range (1…256)"),
            ("{\"artifacts\": \"\"}", "FILE:1:2: artifacts: expected a folder, got an empty string"),
            ("{\"artifacts\": 3}", "FILE:1:2: artifacts: expected a string, got a number"),
            ("{\"mask\": [[0, 0, 10, 10],\n          [1, 2, 3]]}", "FILE:2:11: mask[1]: expected [x, y, w, h] in points, got 3 values"),
            (
                "{\"mask\": [[0, 0, 0, 10]]}",
                "FILE:1:11: mask[0]: a mask of zero width covers nothing; give [x, y, w, h] with w and h above 0"
            ),
            ("{\"mask\": {}}", "FILE:1:2: mask: expected an array, got an object"),
            (
                "{\"physics\": \"andriod\"}",
                "FILE:1:2: physics: unknown physics 'andriod' (did you mean 'android'? physics: ios, android, gnome, none)"
            ),
            ("{\"physics\": {\"mass\": 0}}", "FILE:1:14: physics.mass: 0 is out of range (0.001…1000)"),
            (
                "{\"physics\": {\"masss\": 1}}",
                "FILE:1:14: physics.masss: unknown field; did you mean 'mass'? (known: decelerationRate, rubberBand, mass,"
                    + " stiffness, dampingRatio, wheelIdleTimeout, pointsPerNotch)"
            ),
            ("{\"workers\": 2,}", "FILE:1:15: not valid JSON: expected a key in quotes"),
            ("{\"workers\": 2, \"workers\": 3}", "FILE:1:25: not valid JSON: duplicate key \"workers\""),
            ("[1]", "FILE:1:1: expected an object of settings, got an array"),
            (
                "{\"trace\": \"retain-on-fail\"}",
                "FILE:1:2: trace: unknown trace mode 'retain-on-fail' (did you mean 'retain-on-failure'? modes: on, off, retain-on-failure)"
            ),
            ("{\n \"trace\": true}", "FILE:2:2: trace: expected a string, got a boolean"),
            ("{\"maxFailures\": 0}", "FILE:1:2: maxFailures: 0 is out of range (1…2147483647)"),
            ("{\"maxFailures\": \"5\"}", "FILE:1:2: maxFailures: expected a number, got a string")
        ]
        for (text, expected) in cases {
            let got = try Self.failure(text)
            #expect(got == expected, "\(text)")
            #expect(!got.contains("\n"))
        }
        // Not a file, not UTF-8.
        let f = try SuiteFixture()
        try FileManager.default.createDirectory(atPath: f.path("overscroll.json"), withIntermediateDirectories: true)
        #expect(throws: SuiteConfig.Failure.self) { try SuiteConfig.load(f.path("overscroll.json")) }
        let g = try SuiteFixture()
        try Data([0x7B, 0xFF, 0x7D]).write(to: URL(fileURLWithPath: g.path("overscroll.json")))
        #expect(
            throws: SuiteConfig.Failure(
                message: "\(g.path("overscroll.json")): not UTF-8 text (byte 0xFF at line 1, column 2); save it as UTF-8 JSON")
        ) {
            try SuiteConfig.load(g.path("overscroll.json"))
        }
    }

    @Test func aSharedMaskOutsideAFrameIsTheScenariosErrorNamingTheConfig() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.3)]))
        let config = try SuiteConfig.load(try f.write("suite/overscroll.json", "{\"mask\": [[150, 0, 100, 10]]}"))
        #expect(
            await f.run {
                config.apply(to: &$0); $0.artifacts = f.path("results")
            } == 2)
        #expect(
            f.text.contains(
                "a.json: \(f.path("suite/overscroll.json")): mask[0]: [150, 0, 100, 10] lies outside the 200×300 frame of snapshot 's'"),
            "\(f.text)")
    }

    // MARK: Precedence

    @Test func theConfigSetsDefaultsAndASnapshotsOwnFieldsWin() async throws {
        let f = try SuiteFixture()
        try f.write(
            "suite/a.json",
            """
            {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
             "events": [{"at": 0.3, "snapshot": "own", "maxDiffPixels": 3, "threshold": 0.05}, {"at": 0.3, "snapshot": "shared"}]}
            """)
        #expect(await f.run { $0.options.update = .missing } == 0)
        // A change in the top-left corner: the shared mask hides it from both snapshots.
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/own.png"), x: 2, y: 2, size: 6)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/shared.png"), x: 2, y: 2, size: 6)
        let file = try f.write(
            "suite/overscroll.json",
            """
            {"maxDiffPixels": 40, "threshold": 0.2, "maxDiffRatio": 0.5, "workers": 1, "artifacts": "out",
             "mask": [[0, 0, 10, 10]]}
            """)
        let config = try SuiteConfig.load(file)
        #expect(config.artifacts == f.path("suite/out"), "relative to the file's folder")
        #expect(await f.run { config.apply(to: &$0) } == 0, "\(f.text)")
        let results = try SuiteOutputs.read(f.path("suite/out/results.json"))
        let own = try #require(results.snapshots.first { $0.snapshot == "own" })
        let shared = try #require(results.snapshots.first { $0.snapshot == "shared" })
        #expect(own.maxDiffPixels == 3 && own.threshold == 0.05, "the snapshot's own fields win")
        #expect(shared.maxDiffPixels == 40 && shared.threshold == 0.2 && shared.maxDiffRatio == 0.5, "the config's")
        #expect(own.status == .passed && shared.status == .passed, "masked in every snapshot")

        // Without the mask the change shows (the snapshot's own tolerance of 3 pixels fails).
        var unmasked = config
        unmasked.mask = []
        #expect(await f.run { unmasked.apply(to: &$0) } == 1)
    }

    @Test func aScenariosOwnPhysicsWinsOverTheConfigs() throws {
        let f = try SuiteFixture()
        let plain = try f.write("a.json", SuiteFixture.listScenario([("s", 0.3)]))
        let own = try f.write(
            "b.json",
            """
            {"scene": "list", "physics": "gnome", "events": [{"at": 0.3, "snapshot": "s"}]}
            """)
        #expect(try ScenarioFile.load(plain).options.physics.name == "ios")
        #expect(try ScenarioFile.load(plain, physics: "\"android\"").options.physics.name == "android")
        #expect(try ScenarioFile.load(own, physics: "\"android\"").options.physics.name == "gnome")
        let custom = try ScenarioFile.load(plain, physics: "{\"mass\": 2}")
        #expect(custom.options.physics.name == "ios")
        #expect((custom.options.physics as? PhysicsProfile)?.bounce.mass == 2)
    }

    /// The command line over the file, through the built binary.
    @Test func flagsWinOverTheConfig() throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.3)]))
        #expect(
            try CommandLineRunner.run("overscroll-app", ["test", "suite", "--update=missing", "--workers", "1"], in: f.root.path).status
                == 0)
        try f.write("suite/overscroll.json", "{\"maxDiffPixels\": 9, \"threshold\": 0.3, \"artifacts\": \"from-config\"}")
        var r = try CommandLineRunner.run("overscroll-app", ["test", "suite", "--workers", "1"], in: f.root.path)
        #expect(r.status == 0, "\(r.err)")
        var results = try SuiteOutputs.read(f.path("suite/from-config/results.json"))
        #expect(results.maxDiffPixels == 9 && results.threshold == 0.3)
        r = try CommandLineRunner.run(
            "overscroll-app",
            [
                "test", "suite", "--workers", "1", "--max-diff-pixels", "2",
                "--threshold", "0.1", "--artifacts", "from-flag"
            ], in: f.root.path)
        #expect(r.status == 0, "\(r.err)")
        results = try SuiteOutputs.read(f.path("from-flag/results.json"))
        #expect(results.maxDiffPixels == 2 && results.threshold == 0.1)
        // trace and maxFailures: the file's apply, the flags win.
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.3)]))
        try f.write("suite/c.json", SuiteFixture.listScenario([("s", 0.3)]))
        try f.write("suite/overscroll.json", "{\"trace\": \"off\", \"maxFailures\": 1, \"artifacts\": \"from-config\"}")
        r = try CommandLineRunner.run("overscroll-app", ["test", "suite", "--workers", "1"], in: f.root.path)
        #expect(r.status == 1, "\(r.err)")
        results = try SuiteOutputs.read(f.path("suite/from-config/results.json"))
        #expect(results.trace == .off && results.stopped?.maxFailures == 1 && results.stopped?.notRun.count == 1, "\(r.out)")
        r = try CommandLineRunner.run(
            "overscroll-app", ["test", "suite", "--workers", "1", "--trace", "on", "--max-failures", "5"], in: f.root.path)
        results = try SuiteOutputs.read(f.path("suite/from-config/results.json"))
        #expect(results.trace == .on && results.stopped == nil && results.scenarios.count == 3, "\(r.out)")
        // A bad file: exit 2, one line naming it.
        try f.write("suite/overscroll.json", "{\"workers\": \"many\"}")
        r = try CommandLineRunner.run("overscroll-app", ["test", "suite"], in: f.root.path)
        #expect(r.status == 2)
        #expect(r.err == "overscroll test: suite/overscroll.json:1:2: workers: expected a number, got a string\n")
    }
}
