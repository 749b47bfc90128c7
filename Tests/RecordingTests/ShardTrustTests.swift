import Foundation
import Support
import Testing
@testable import Recording
@testable import Suite

/// A shard's `results.json` is a file from elsewhere (another CI job, a cache): every number is
/// range-checked and every text validated or escaped before it reaches an output, the shard
/// count is bounded, and no output is replaced before the whole merge is known to succeed.
@MainActor
@Suite struct ShardTrustTests {
    /// Two shards of a two-scenario suite, `s1` and `s2`, and a merged folder `merged` holding a marker.
    static func shards() async throws -> SuiteFixture {
        let f = try SuiteFixture()
        for name in ["a", "b"] { try f.write("suite/\(name).json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)])) }
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/b/mid.png"))
        for i in 1...2 {
            _ = await f.run {
                $0.shard = (i, 2); $0.artifacts = f.path("s\(i)")
            }
        }
        try FileManager.default.createDirectory(atPath: f.path("merged"), withIntermediateDirectories: true)
        try f.write("merged/results.json", "{}")
        try f.write("merged/marker", "the previous merge")
        try f.write("junit.xml", "previous junit")
        return f
    }

    /// `s2/results.json` with every match of `pattern` replaced by `literal` (taken as is).
    static func forge(_ f: SuiteFixture, _ pattern: String, _ literal: String) throws {
        let file = f.path("s2/results.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let forged = text.replacing(try Regex(pattern), with: literal)
        #expect(forged != text, "the forgery changed nothing")
        try f.write("s2/results.json", forged)
    }

    static func merge(_ f: SuiteFixture) -> String? {
        do {
            _ = try SuiteMerge.merge(
                [f.path("s1"), f.path("s2")], into: f.path("merged"),
                resultFiles: [ResultFile(JUnitWriter(), path: f.path("junit.xml"))], command: "merge")
            return nil
        } catch { return "\(error)" }
    }

    static func untouched(_ f: SuiteFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            (try? String(contentsOfFile: f.path("merged/marker"), encoding: .utf8)) == "the previous merge",
            "the merged folder was replaced", sourceLocation: sourceLocation)
        #expect(
            (try? String(contentsOfFile: f.path("junit.xml"), encoding: .utf8)) == "previous junit",
            "the JUnit file was replaced", sourceLocation: sourceLocation)
    }

    @Test func aHugeNumberInAShardIsRefusedAndNothingIsReplaced() async throws {
        let f = try await Self.shards()
        try Self.forge(f, #""seconds" : [0-9.e-]+"#, #""seconds" : 1e300"#)
        let error = try #require(Self.merge(f))
        #expect(error.contains("\(f.path("s2"))/results.json: scenarios[0]"), "\(error)")
        #expect(error.contains("seconds: 1e+300 is out of range (0 to 8640000)"), "\(error)")
        Self.untouched(f)
    }

    @Test(arguments: [
        (#""threshold" : 0.1"#, #""threshold" : -1"#, "threshold: -1.0 is out of range (0 to 1)"),
        (#""frames" : [0-9]+"#, #""frames" : -5"#, "frames: -5 is out of range"),
        (#""width" : 200"#, #""width" : 9999999"#, "width: 9999999 is out of range (1 to 100000)"),
        (#""at" : 0.3"#, #""at" : 1e308"#, "at: 1e+308 is out of range")
    ])
    func everyNumberIsRangeChecked(_ from: String, _ to: String, _ message: String) async throws {
        let f = try await Self.shards()
        try Self.forge(f, from, to)
        let error = try #require(Self.merge(f))
        #expect(error.contains(message), "\(error)")
        Self.untouched(f)
    }

    @Test func aForgedDateIsRefusedNotWrittenIntoTheJUnitFile() async throws {
        let f = try await Self.shards()
        try Self.forge(f, #""date" : "[^"]*""#, #""date" : "2026-01-01T00:00:00\" x=\"<""#)
        let error = try #require(Self.merge(f))
        #expect(error.contains("date: '2026-01-01T00:00:00\" x=\"<' is not an ISO 8601 UTC date and time"), "\(error)")
        Self.untouched(f)
        // The writer's last guard: a date that is not one never reaches the XML.
        #expect(JUnitWriter.timestamp("2026-01-01T00:00:00\" x=\"<") == "1970-01-01T00:00:00")
        #expect(JUnitWriter.timestamp("2026-12-01T09:16:17Z") == "2026-12-01T09:16:17")
        #expect(JUnitWriter.seconds(1e300) == "8640000.000" && JUnitWriter.seconds(.nan) == "0.000")
    }

    @Test func textsFromAShardAreEscapedAndTheJUnitFileStaysValid() async throws {
        guard JUnitSchemaTests.xmllint() else { Issue.record("xmllint is not installed"); return }
        let f = try await Self.shards()
        try Self.forge(f, #""host" : "[^"]*""#, #""host" : "h\"/><x a=\"\u0001&<""#)
        try Self.forge(f, #""format" : 2"#, #""format" : 2, "version" : "]]><!--\u0007\ud800\udc00""#)
        #expect(Self.merge(f) == nil)
        let verdict = try JUnitSchemaTests.validate(f.path("junit.xml"))
        #expect(verdict.status == 0, "\(verdict.messages)")
    }

    @Test func shardTextsInErrorLinesAreEscapedForTheTerminal() async throws {
        let f = try await Self.shards()
        try Self.forge(f, #""lastFailed" : false"#, #""lastFailed" : false, "grep" : "\u001b]0;owned\u0007\u001b[2J""#)
        let error = try #require(Self.merge(f))
        #expect(error.contains("ran with different options: --grep none vs "), "\(error)")
        #expect(!error.unicodeScalars.contains { $0.value < 0x20 }, "a control character reaches the terminal: \(error.debugDescription)")
        Self.untouched(f)
    }

    @Test func theShardCountIsBoundedAndFewMissingShardsAreNamed() async throws {
        let f = try await Self.shards()
        try Self.forge(f, #""2/2""#, #""2/9223372036854775807""#)
        let error = try #require(Self.merge(f))
        #expect(error.contains("shards[0]: '2/9223372036854775807' is not a shard I/N with 1 ≤ I ≤ N ≤ 10000"), "\(error)")
        #expect(error.count < 300)
        Self.untouched(f)
        // The most shards allowed, two given: five missing are named, the rest counted.
        #expect(
            SuiteMerge.missingShards(given: [1, 3], of: 10_000)
                == "incomplete shard set: missing 2/10000, 4/10000, 5/10000, 6/10000, 7/10000 and 9993 more (given 1/10000, 3/10000)")
        #expect(SuiteMerge.missingShards(given: [1], of: 2) == "incomplete shard set: missing 2/2 (given 1/2)")
        #expect(
            SuiteMerge.missingShards(given: Array(1...7), of: 9)
                == "incomplete shard set: missing 8/9, 9/9 (given 1/9, 2/9, 3/9, 4/9, 5/9 and 2 more)")
    }

    @Test func aResultFileThatCannotBeWrittenLeavesTheMergedFolderAsItWas() async throws {
        let f = try await Self.shards()
        try f.write("blocker", "a file where a folder would be needed")
        do {
            _ = try SuiteMerge.merge(
                [f.path("s1"), f.path("s2")], into: f.path("merged"),
                resultFiles: [ResultFile(JUnitWriter(), path: f.path("blocker/junit.xml"))], command: "merge")
            Issue.record("the merge succeeded")
        } catch {
            #expect("\(error)".contains("blocker"), "\(error)")
        }
        Self.untouched(f)
        #expect(Self.merge(f) == nil, "the shards are fine")
    }
}
