import Foundation
@testable import Recording
@testable import Suite
import Rendering
import Support
import Testing

/// `__snapshots__/stack.json` and the stack notes of `overscroll test`: the stack that made the
/// goldens is recorded when they are written, a mismatch against goldens made on another stack
/// names the libraries that differ (console, results.json, report, JUnit), and a missing or broken
/// record is never an error.
@MainActor
@Suite struct GoldenStackTests {
    static func stack(cairo: String, pango: String) -> RenderingStack {
        RenderingStack(
            libraries: [
                .init(name: "cairo", version: cairo, source: "cairo_version_string()"),
                .init(name: "pango", version: pango, source: "pango_version_string()"),
                .init(name: "SDL", version: "2.26.5", source: "SDL_GetVersion()")
            ],
            fonts: [.init(file: "NotoSansCJK-Regular.ttc", sha256: String(repeating: "ab", count: 32))])
    }
    static let debian12 = stack(cairo: "1.16.0", pango: "1.50.12")
    static let debian13 = stack(cairo: "1.18.4", pango: "1.56.3")

    @Test func goldensRecordTheirStackAndAMismatchNamesWhatDiffers() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(
            await f.run {
                $0.options.update = .missing; $0.stack = Self.debian12
            } == 0)
        let tree = f.path("suite/__snapshots__")
        let record = try #require(try GoldenStackRecord.read(tree: tree))
        #expect(record.stacks.count == 1)
        #expect(record.stacks.first?.goldens == ["a/mid.png", "a/start.png"])
        #expect(record.stack(ofGolden: "a/mid.png") == Self.debian12)
        #expect(try f.results().stack == Self.debian12)

        // Another stack: a mismatch says where the goldens were made, naming what differs.
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        let junit = ResultFile(JUnitWriter(), path: f.path("junit.xml"))
        #expect(
            await f.run {
                $0.stack = Self.debian13; $0.resultFiles = [junit]
            } == 1)
        let note = "goldens made with cairo 1.16.0, pango 1.50.12; this run: cairo 1.18.4, pango 1.56.3"
        #expect(
            f.text.contains("mid (t = 0.3 s): 36 differing pixels (0.06 %), over the limit of 0 pixels, threshold 0.1 (\(note))"),
            "\(f.text)")
        let results = try f.results()
        #expect(results.stack == Self.debian13)
        #expect(results.snapshots.first { $0.snapshot == "mid" }?.stackNote == note)
        #expect(results.snapshots.first { $0.snapshot == "start" }?.stackNote == nil, "a passing snapshot has no note")
        let html = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(html.contains("<dt>rendering stack</dt><dd class=\"stack\">cairo 1.18.4, pango 1.56.3, SDL 2.26.5"))
        #expect(html.contains(HTMLText.escape(note)))
        let xml = try String(contentsOfFile: f.path("junit.xml"), encoding: .utf8)
        #expect(xml.contains("<property name=\"stack.cairo\" value=\"1.18.4\"/>"))
        #expect(
            xml.contains("<property name=\"stack.font.NotoSansCJK-Regular.ttc\" value=\"sha256:\(String(repeating: "ab", count: 32))\"/>"))
        #expect(xml.contains("(\(note))\" type=\"mismatch\">"))
        if JUnitSchemaTests.xmllint() {
            let verdict = try JUnitSchemaTests.validate(f.path("junit.xml"))
            #expect(verdict.status == 0, "\(verdict.messages)")
        }

        // The same stack as the goldens': a real regression, no note.
        #expect(await f.run { $0.stack = Self.debian12 } == 1)
        #expect(f.text.contains("36 differing pixels") && !f.text.contains("goldens made with"), "\(f.text)")

        // Rewriting the changed golden on the new stack moves it, and only it, to that stack.
        #expect(
            await f.run {
                $0.stack = Self.debian13; $0.options.update = .changed
            } == 0)
        let after = try #require(try GoldenStackRecord.read(tree: tree))
        #expect(after.stack(ofGolden: "a/mid.png") == Self.debian13)
        #expect(after.stack(ofGolden: "a/start.png") == Self.debian12)
    }

    @Test func aMissingRecordIsNoErrorAndABrokenOneIsOneLine() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0)]))
        #expect(
            await f.run {
                $0.options.update = .missing; $0.stack = Self.debian12
            } == 0)
        let file = f.path("suite/__snapshots__/stack.json")
        // Goldens older than the record: no file, no note, no error.
        try FileManager.default.removeItem(atPath: file)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/start.png"))
        #expect(await f.run { $0.stack = Self.debian13 } == 1)
        #expect(!f.text.contains("goldens made with") && !f.text.contains("stack.json"), "\(f.text)")

        for garbage in [
            "not json {", "{\"format\": 1}", "{\"format\": 1, \"stacks\": [{\"libraries\": 3}]}", "[]", "{\"format\": 7, \"stacks\": {}}"
        ] {
            try garbage.write(toFile: file, atomically: true, encoding: .utf8)
            #expect(await f.run { $0.stack = Self.debian13 } == 1, "only the mismatch fails")
            let notes = f.lines.all.filter { $0.contains("stack.json") }
            #expect(notes.count == 1, "\(garbage): \(notes)")
            #expect(notes.first?.hasPrefix("stderr: note: \(file): ") == true, "\(notes)")
            #expect(!f.text.contains("goldens made with"))
        }
        #expect(f.text.contains("format 7 is not one this overscroll reads"))
        // A later format's record is a newer overscroll's: a writing run leaves it as it is.
        #expect(
            await f.run {
                $0.stack = Self.debian13; $0.options.update = .all
            } == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"format\": 7, \"stacks\": {}}")
        // A run that writes goldens replaces a broken one with a record.
        try "not json {".write(toFile: file, atomically: true, encoding: .utf8)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/start.png"))
        #expect(
            await f.run {
                $0.stack = Self.debian13; $0.options.update = .changed
            } == 0)
        #expect(try GoldenStackRecord.read(tree: f.path("suite/__snapshots__"))?.stack(ofGolden: "a/start.png") == Self.debian13)

        // A link there is never followed: read as unknown, refused before a writing run writes anything.
        try FileManager.default.removeItem(atPath: file)
        try f.write("elsewhere.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: f.path("elsewhere.json"))
        #expect(await f.run { $0.stack = Self.debian13 } == 0)
        #expect(
            await f.run {
                $0.stack = Self.debian13; $0.options.update = .all
            } == 2)
        #expect(f.text.contains("stack.json") && f.text.contains("symlink"), "\(f.text)")
        #expect(try String(contentsOfFile: f.path("elsewhere.json"), encoding: .utf8) == "{}")
    }

    @Test func verifyNamesWhatDiffersFromTheRecordedStackAndWritesNoRecord() async throws {
        let f = try SuiteFixture()
        let scenario = try ScenarioParser.parse(SuiteFixture.listScenario([]))
        var options = GoldenVerifier.Options(goldens: URL(fileURLWithPath: f.path("g")))
        options.frames = .list([0, 6])
        options.update = .all
        options.stack = Self.debian12
        _ = try await GoldenVerifier().run(scenario, options: options)
        // The folder is swapped whole; a record beside the swap could be left stale by a kill.
        #expect(!FileTree.exists(f.path("g/stack.json")))
        var made = GoldenStackRecord()
        made.record(Self.debian12, written: ["frame-00000.png", "frame-00006.png"], reproduced: [], forgotten: [])
        try made.write(tree: f.path("g"), suiteFolder: f.path("g"))
        try SuiteFixture.perturb(f.path("g/frame-00006.png"))
        options.update = .none
        options.stack = Self.debian13
        let outcome = try await GoldenVerifier().run(scenario, options: options)
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.stackNotes == ["frame-00006.png: goldens made with cairo 1.16.0, pango 1.50.12; this run: cairo 1.18.4, pango 1.56.3"])
        #expect(outcome.text.contains("frame-00006.png: goldens made with cairo 1.16.0"))
        // No record beside them: nothing said, no error.
        try FileManager.default.removeItem(atPath: f.path("g/stack.json"))
        let plain = try await GoldenVerifier().run(scenario, options: options)
        #expect(plain.exitCode == 1 && plain.stackNotes.isEmpty && plain.stackWarnings.isEmpty)
    }

    @Test func recordingMovesWrittenGoldensAndKeepsReproducedOnes() {
        var r = GoldenStackRecord()
        r.record(Self.debian12, written: ["a/x.png", "a/y.png"], reproduced: [], forgotten: [])
        r.record(Self.debian13, written: ["a/x.png"], reproduced: ["a/y.png", "b/z.png"], forgotten: [])
        #expect(r.stack(ofGolden: "a/x.png") == Self.debian13, "rewritten: the new stack made it")
        #expect(r.stack(ofGolden: "a/y.png") == Self.debian12, "byte-identical: still the stack that made it")
        #expect(r.stack(ofGolden: "b/z.png") == Self.debian13, "unknown until now: this stack makes it")
        r.record(Self.debian13, written: [], reproduced: [], forgotten: ["a/y.png"])
        #expect(r.stacks.count == 1, "an entry left with no goldens goes")
        #expect(r.stack(ofGolden: "a/y.png") == nil)
        #expect(r.text.contains("\"goldens\" : [\n        \"a/x.png\",\n        \"b/z.png\"\n      ]"), "\(r.text)")
    }

    @Test func mergedShardsThatRanOnDifferentStacksSaySo() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("start", 0.1)]))
        #expect(
            await f.run {
                $0.options.update = .missing; $0.stack = Self.debian12
            } == 0)
        #expect(
            await f.run {
                $0.shard = (1, 2); $0.artifacts = f.path("s1"); $0.stack = Self.debian12
            } == 0)
        #expect(
            await f.run {
                $0.shard = (2, 2); $0.artifacts = f.path("s2"); $0.stack = Self.debian13
            } == 0)
        let junit = ResultFile(JUnitWriter(), path: f.path("merged.xml"))
        let merged = try SuiteMerge.merge([f.path("s1"), f.path("s2")], into: f.path("merged"), resultFiles: [junit], command: "merge")
        #expect(merged.stack == Self.debian12)
        #expect(
            merged.stackNotes == [
                "shard 2/2 (\(f.path("s2"))) ran on another rendering stack: cairo 1.18.4, pango 1.56.3 (shard 1/2: cairo 1.16.0,"
                    + " pango 1.50.12)"
            ])
        let html = try String(contentsOfFile: f.path("merged/report/index.html"), encoding: .utf8)
        #expect(html.contains("<dt>stacks differ</dt>"))
        let xml = try String(contentsOfFile: f.path("merged.xml"), encoding: .utf8)
        #expect(xml.contains("<property name=\"stack.differs\" value=\"shard 2/2"))
        if JUnitSchemaTests.xmllint() {
            let verdict = try JUnitSchemaTests.validate(f.path("merged.xml"))
            #expect(verdict.status == 0, "\(verdict.messages)")
        }
        // Shards on one stack: nothing to say.
        #expect(
            await f.run {
                $0.shard = (2, 2); $0.artifacts = f.path("s2"); $0.stack = Self.debian12
            } == 0)
        let same = try SuiteMerge.merge([f.path("s1"), f.path("s2")], into: f.path("merged"), command: "merge")
        #expect(same.stackNotes.isEmpty)
    }
}
