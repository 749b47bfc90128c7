import Foundation
@testable import Recording
import Testing

/// A result format declared only here: one line per scenario with its counts. Handing it to
/// `test` and `merge-reports` as a `ResultFile` needs no other edit in the suite code.
struct CountsFormat: ResultFormat {
    var option: String { "counts" }
    var valueName: String { "FILE" }
    var help: String { "also write one line of counts per scenario" }
    func text(_ suite: SuiteResults, artifacts: String) -> String {
        suite.scenarios.map { "\($0.scenario) \($0.snapshots.count) \(artifacts)\n" }.joined()
    }
}

/// `ResultFormats.all` is the one list of result formats: both commands declare, check and write
/// them from it.
@MainActor
@Suite struct ResultFormatTests {
    static let two = SuiteFixture.listScenario([("start", 0), ("end", 0.6)])

    @Test func aFormatDeclaredOutsideTheSuiteIsWrittenByTestAndMerge() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let counts = ResultFile(CountsFormat(), path: f.path("counts.txt"))
        let junit = ResultFile(JUnitWriter(), path: f.path("junit.xml"))
        #expect(await f.run { $0.resultFiles = [counts, junit] } == 0)
        #expect(try String(contentsOfFile: counts.path, encoding: .utf8) == "\(f.path("suite/a.json")) 2 \(f.path("results"))\n")
        #expect(FileManager.default.fileExists(atPath: junit.path))

        for i in 1...2 { #expect(await f.run { $0.shard = (i, 2); $0.artifacts = f.path("s\(i)") } == 0) }
        let merged = ResultFile(CountsFormat(), path: f.path("merged.txt"))
        _ = try SuiteMerge.merge([f.path("s1"), f.path("s2")], into: f.path("merged"), resultFiles: [merged], command: "merge")
        #expect(try String(contentsOfFile: merged.path, encoding: .utf8) == "\(f.path("suite/a.json")) 2 \(f.path("merged"))\n")
    }

    @Test func everyFormatsOutputIsCheckedAndNamedByItsFlag() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        // Onto an input: refused, the input untouched.
        #expect(await f.run { $0.resultFiles = [ResultFile(CountsFormat(), path: f.path("suite/a.json"))] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("an output never replaces an input"), "\(f.text)")
        #expect(try String(contentsOfFile: f.path("suite/a.json"), encoding: .utf8) == Self.two)
        // Inside the results folder: refused.
        #expect(await f.run { $0.resultFiles = [ResultFile(CountsFormat(), path: f.path("results/results.json"))] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("lies inside"), "\(f.text)")
        // Two formats onto one file: refused.
        let same = f.path("same.txt")
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: same), ResultFile(CountsFormat(), path: same)] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("--junit"), "\(f.text)")
        #expect(!FileManager.default.fileExists(atPath: same))
    }

    @Test func bothCommandsDeclareEveryRegisteredFormat() throws {
        #expect(ResultFormats.all.map(\.option) == ["junit"])
        for command in ["test", "merge-reports"] {
            let r = try CommandLineRunner.run("overscroll-app", [command, "--help"])
            #expect(r.status == 0)
            for format in ResultFormats.all {
                #expect(r.out.contains("--\(format.option) \(format.valueName)") && r.out.contains(format.help), "\(command): \(r.out)")
            }
        }
    }
}
