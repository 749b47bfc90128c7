import Foundation
import Testing
@testable import Recording
@testable import Suite

/// Issue #43 item 10: a scenario's `reference` fails closed. Two finite rows at ±1.7e308 s made
/// every interpolation inf/inf = NaN, and `NaN > maxRms` is false, so the scenario passed.
@Suite struct NonFiniteReferenceTests {
    static let hugeRows = "t,offset\n-1.7e308,-1e308\n1.7e308,1e308\n"

    static func file(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-nonfinite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("reference.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func interpolationBetweenFiniteRowsIsFinite() throws {
        let s = try OffsetSeries.parse(Self.hugeRows, file: "r.csv", csv: true)
        for t in [-1e308, -1, 0, 0.5, 1, 1e300, 1.6e308] {
            let x = try #require(TraceComparison.interpolate(s, at: t))
            #expect(x.isFinite, "t = \(t): \(x)")
        }
        #expect(TraceComparison.interpolate(s, at: 0) == 0)
        // Offsets whose difference overflows (−1.7e308 … 1.7e308) interpolate finitely too.
        let wide = OffsetSeries(times: [0, 2], offsets: [-1.7e308, 1.7e308])
        #expect(TraceComparison.interpolate(wide, at: 1) == 0)
    }

    /// The recording rests at 50 pt; the reference's line passes through 0 at every recorded time:
    /// the scenario fails (before: rms NaN, passed).
    @Test func aReferenceOfHugeRowsNoLongerPassesAFarRecording() throws {
        let path = try Self.file(Self.hugeRows)
        let recorded = OffsetSeries(times: [0, 0.5, 1], offsets: [50, 50, 50])
        let problem = ReferenceCheck.problem(TraceReference(file: path, maxRms: 1), recorded: recorded, scenario: "s.json")
        let message = try #require(problem?.message)
        #expect(message.contains("is over maxRms 1 pt"), "\(message)")
    }

    /// A score that overflows is not a number to compare: the scenario fails with one line saying so.
    @Test func aNonFiniteScoreFailsClosed() throws {
        let path = try Self.file("t,offset\n0,1.7e308\n1,1.7e308\n")
        let recorded = OffsetSeries(times: [0, 1], offsets: [-1.7e308, -1.7e308])
        let score = try TraceComparison.compare(reference: try OffsetSeries.load(path), trace: recorded)
        #expect(!score.rms.isFinite)
        let problem = ReferenceCheck.problem(TraceReference(file: path, maxRms: 1e6), recorded: recorded, scenario: "s.json")
        let message = try #require(problem?.message)
        #expect(message.contains("the score is not a finite number"), "\(message)")
        #expect(!message.contains("\n"))
        // A close recording still passes.
        let near = ReferenceCheck.problem(
            TraceReference(file: path, maxRms: 1), recorded: OffsetSeries(times: [0, 1], offsets: [1.7e308, 1.7e308]), scenario: "s.json")
        #expect(near == nil)
    }
}
