import Foundation
import Testing
@testable import Recording
@testable import Suite

/// The `--junit` files of `overscroll test` and `merge-reports` against the Apache Ant JUnit
/// schema (`Tests/Fixtures/junit/JUnit.xsd`), checked by a real validator: `xmllint --schema`
/// from Debian's libxml2-utils (`make test` installs it; without it this test fails).
@MainActor
@Suite struct JUnitSchemaTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/junit/JUnit.xsd").path

    /// Runs `xmllint --noout --schema JUnit.xsd file`; returns its status and messages.
    static func validate(_ file: String) throws -> (status: Int32, messages: String) {
        let r = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["xmllint", "--noout", "--schema", schema, file])
        return (r.status, r.err)
    }

    static func xmllint() -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/xmllint") }
    }

    @Test func everyKindOfOutcomeValidatesAgainstTheAntSchema() async throws {
        guard Self.xmllint() else {
            Issue.record("xmllint is not installed; `make test` installs it (apt-get install libxml2-utils)")
            return
        }
        #expect(FileManager.default.fileExists(atPath: Self.schema))
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3), ("end", 0.6)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.1)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: f.path("suite/__snapshots__/a/end.png")))
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/b/s.png"))
        try f.write("suite/c.json", "{\"scene\": \"nope\"}")
        try f.write("suite/d&<x>.json", SuiteFixture.listScenario([("q", 0.1)]))
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: f.path("junit.xml"))] } == 2)
        let file = f.path("junit.xml")
        let verdict = try Self.validate(file)
        #expect(verdict.status == 0, "\(verdict.messages)")
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            xml.contains("<failure message=\"36 differing pixels (0.06 %), over the limit of 0 pixels, threshold 0.1\" type=\"mismatch\">"))
        #expect(xml.contains("type=\"missing golden\""))
        #expect(xml.contains("<error message=\"golden \(f.path("suite/__snapshots__/a/end.png")): not a PNG image"))
        #expect(xml.contains("type=\"scenario error\">scenario: \(f.path("suite/c.json"))"), "an error has a body")
        #expect(xml.contains("<property name=\"paths\" value=\"relative to the folder the suite ran in\"/>"))
        for label in ["expected", "actual", "diff", "trace viewer"] {
            #expect(xml.contains("\(label): [[ATTACHMENT|\(f.path("results"))/"), "\(label)")
        }
        // Every attachment names a file that exists.
        for part in xml.components(separatedBy: "[[ATTACHMENT|").dropFirst() {
            let path = String(part.prefix { $0 != "]" }).replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        #expect(xml.contains(" time=\"") && xml.contains(" timestamp=\"") && xml.contains(" hostname=\""))

        // The merged file of shards too.
        for i in 1...2 {
            _ = await f.run {
                $0.shard = (i, 2); $0.artifacts = f.path("s\(i)")
            }
        }
        _ = try? SuiteMerge.merge(
            [f.path("s1"), f.path("s2")], into: f.path("merged"), resultFiles: [ResultFile(JUnitWriter(), path: f.path("merged.xml"))],
            command: "merge")
        let merged = try Self.validate(f.path("merged.xml"))
        #expect(merged.status == 0, "\(merged.messages)")

        // The validator is real: the format written before this schema work fails it.
        let old =
            "<?xml version=\"1.0\"?>\n<testsuites name=\"overscroll test\" tests=\"1\"><testsuite name=\"a\" tests=\"1\""
            + " failures=\"0\" errors=\"0\" time=\"0.1\"><testcase classname=\"a\" name=\"s\"></testcase></testsuite></testsuites>\n"
        try old.write(toFile: f.path("old.xml"), atomically: true, encoding: .utf8)
        let refused = try Self.validate(f.path("old.xml"))
        #expect(refused.status != 0 && refused.messages.contains("testsuites"), "\(refused.messages)")
    }
    /// `--max-failures 1`: the scenarios it kept from starting are in the JUnit file as skipped
    /// testcases (with the reason), and the file still passes the Ant schema.
    @Test func scenariosNotRunAreSkippedTestcases() async throws {
        guard Self.xmllint() else {
            Issue.record("xmllint is not installed; `make test` installs it (apt-get install libxml2-utils)")
            return
        }
        let f = try SuiteFixture()
        for k in 0..<4 { try f.write("suite/s\(k).json", SuiteFixture.listScenario([("a", 0.1)])) }
        #expect(
            await f.run {
                $0.maxFailures = 1; $0.resultFiles = [ResultFile(JUnitWriter(), path: f.path("junit.xml"))]
            } == 1)
        let stopped = try #require(try f.results().stopped)
        #expect(stopped.notRun.count == 3)
        let verdict = try Self.validate(f.path("junit.xml"))
        #expect(verdict.status == 0, "\(verdict.messages)")
        let xml = try String(contentsOfFile: f.path("junit.xml"), encoding: .utf8)
        #expect(xml.components(separatedBy: "<skipped message=\"not run: --max-failures 1 stopped the run\"/>").count == 4, "\(xml)")
        for path in stopped.notRun {
            #expect(
                xml.contains("name=\"\(path)\"") && xml.contains("classname=\"\(JUnitWriter.classname(path))\" name=\"(scenario)\""),
                "\(path)")
        }
        #expect(xml.components(separatedBy: "skipped=\"1\"").count == 4)
    }
}
