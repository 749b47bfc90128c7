import Foundation
import Testing
@testable import Recording
@testable import Suite

/// `compare-trace` and a scenario's `reference` (issue #31 item 6): the maths on hand-computed
/// series, every bad input as one line, the command's output and exit status, and `overscroll
/// test` failing a scenario whose recording leaves its reference.
@MainActor
@Suite struct CompareTraceTests {
    static func series(_ t: [Double], _ x: [Double]) -> OffsetSeries { OffsetSeries(times: t, offsets: x) }

    // MARK: the maths

    @Test func interpolationIsLinearExactAtSamplesAndNilOutside() {
        let s = Self.series([0, 1, 3], [0, 10, -10])
        #expect(TraceComparison.interpolate(s, at: 0) == 0)
        #expect(TraceComparison.interpolate(s, at: 1) == 10)
        #expect(TraceComparison.interpolate(s, at: 0.25) == 2.5)
        #expect(TraceComparison.interpolate(s, at: 2) == 0)  // halfway from 10 to −10
        #expect(TraceComparison.interpolate(s, at: 2.5) == -5)
        #expect(TraceComparison.interpolate(s, at: 3) == -10)
        #expect(TraceComparison.interpolate(s, at: -0.01) == nil)
        #expect(TraceComparison.interpolate(s, at: 3.01) == nil)
    }

    @Test func rmsAndMaxAreOfTheReferenceResampledAtTheTracesTimes() throws {
        // Reference 0 → 10 → 0 over 2 s; at 0.5 s and 1.5 s it is 5. The trace is 0, 6, 4, 0
        // there: errors 0, +1, −1, 0 → RMS √(2/4) = 0.7071…, max 1 first at 0.5 s. The trace's
        // sample at 2.5 s is past the reference's end and not compared.
        let reference = Self.series([0, 1, 2], [0, 10, 0])
        let trace = Self.series([0, 0.5, 1.5, 2, 2.5], [0, 6, 4, 0, 0])
        let s = try TraceComparison.compare(reference: reference, trace: trace)
        #expect(s.compared == 4)
        #expect(abs(s.rms - 0.5.squareRoot()) < 1e-12)
        #expect(s.maxError == 1)
        #expect(s.maxErrorAt == 0.5)
    }

    @Test func identicalSeriesScoreZero() throws {
        let a = Self.series([0, 0.1, 0.2, 0.3], [-80, -30, 4, 0])
        let s = try TraceComparison.compare(reference: a, trace: a)
        #expect(s.rms == 0 && s.maxError == 0 && s.settleDifference == 0 && s.overshootDifference == 0)
    }

    @Test func settleTimeIsTheStartOfTheTailWithinHalfAPoint() {
        // Last value 0; 0.4 and −0.5 are within 0.5 pt, 0.6 is not: settled from t = 3.
        #expect(TraceComparison.settleTime(Self.series([0, 1, 2, 3, 4, 5], [-100, -20, 0.6, 0.4, -0.5, 0])) == 3)
        // Never away from its last value: settled at its first time.
        #expect(TraceComparison.settleTime(Self.series([2, 3], [7, 7.2])) == 2)
        // Still moving at its end: its settle time is its last sample's, and it is told.
        #expect(TraceComparison.settleTime(Self.series([0, 1, 2], [0, 5, 10])) == 2)
        #expect(!TraceComparison.endsSettled(Self.series([0, 1, 2], [0, 5, 10])))
        #expect(TraceComparison.endsSettled(Self.series([0, 1, 2], [0, 9.6, 10])))
    }

    @Test func overshootIsHowFarPastRestAfterTheFarthestPoint() {
        // A pull released from −100: it passes rest by 5 pt and comes back.
        #expect(TraceComparison.overshoot(Self.series([0, 1, 2, 3, 4], [-100, -40, 5, -2, 0])) == 5)
        // A fling into the bottom edge at 100: from 0 (the farthest, below) it reaches 120.
        #expect(TraceComparison.overshoot(Self.series([0, 1, 2, 3, 4], [0, 120, 103, 97, 100])) == 20)
        // A critically damped return never crosses: 0.
        #expect(TraceComparison.overshoot(Self.series([0, 1, 2, 3], [0, -200, -50, 0])) == 0)
        #expect(TraceComparison.overshoot(Self.series([0], [3])) == 0)
    }

    @Test func differencesAreTraceMinusReference() throws {
        let reference = Self.series([0, 1, 2, 3], [-100, 0, 0, 0])  // settles at 1, no overshoot
        let trace = Self.series([0, 1, 2, 3], [-100, 8, 1, 0])  // settles at 3, overshoot 8
        let s = try TraceComparison.compare(reference: reference, trace: trace)
        #expect(s.referenceSettle == 1 && s.traceSettle == 3 && s.settleDifference == 2)
        #expect(s.referenceOvershoot == 0 && s.traceOvershoot == 8 && s.overshootDifference == 8)
    }

    @Test func seriesThatDoNotOverlapAreAnError() {
        #expect(throws: TraceComparison.NoOverlap.self) {
            try TraceComparison.compare(reference: Self.series([0, 1], [0, 0]), trace: Self.series([2, 3], [0, 0]))
        }
    }

    // MARK: reading

    @Test func csvWithAHeaderCommentsAndCRLFAndTraceLinesAreRead() throws {
        let csv = try OffsetSeries.parse("t,offset\r\n# device\r\n0, -10\r\n0.5,-4.5\r\n\r\n1,0\r\n", file: "d.csv", csv: true)
        #expect(csv == Self.series([0, 0.5, 1], [-10, -4.5, 0]))
        let jsonl = try OffsetSeries.parse(
            """
            {"frame":0,"t":0,"scene":"list","offset":-10,"velocity":0,"phase":"idle"}
            {"frame":1,"t":0.016666666666666666,"scene":"list","offset":-9.5,"velocity":0,"phase":"idle"}

            """, file: "trace.jsonl", csv: false)
        #expect(jsonl == OffsetSeries(times: [0, 1.0 / 60], offsets: [-10, -9.5], phases: ["idle", "idle"]))
    }

    @Test(arguments: [
        ("0,1\n0.5,abc\n", true, "d.csv: line 2: offset 'abc' is not a finite number"),
        ("t,offset\n0,1\nx,2\n", true, "d.csv: line 3: time 'x' is not a finite number"),
        ("0,1\n1,2,3\n", true, "d.csv: line 2: expected 2 comma-separated values (t,offset), found 3"),
        ("0,1\n1,nan\n", true, "d.csv: line 2: offset 'nan' is not a finite number"),
        ("", true, "d.csv: no samples (expected rows of t,offset)"),
        ("t,offset\n", true, "d.csv: no samples (expected rows of t,offset)"),
        ("0,1\n1,2\n0.5,3\n", true, "d.csv: line 3: time 0.5 s does not come after 1 s (times must increase)"),
        ("0,1\n0,2\n", true, "d.csv: line 2: time 0 s does not come after 0 s (times must increase)"),
        ("{\"t\":0,\"offset\":1}\n{\"t\":1}\n", false, "d.csv: line 2: missing field 'offset'"),
        ("{\"t\":0,\"offset\":\"1\"}\n", false, "d.csv: line 1: field 'offset' is a string, expected a number"),
        ("[1, 2]\n", false, "d.csv: line 1: expected an object, found an array"),
        ("\n\n", false, "d.csv: no samples (expected JSON lines with \"t\" and \"offset\")")
    ])
    func badInputIsOneLineNamingFileAndLine(text: String, csv: Bool, message: String) {
        do {
            _ = try OffsetSeries.parse(text, file: "d.csv", csv: csv)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message == message)
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func badJSONNamesTheLine() {
        do {
            _ = try OffsetSeries.parse("{\"t\":0,\"offset\":1}\n{\"t\":1,\n", file: "a.jsonl", csv: false); Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("a.jsonl: line 2: not valid JSON"))
        }
    }

    // MARK: the command

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-compare-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theCommandPrintsTheScoreAndPlotsBoth() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ref = dir.appendingPathComponent("ref.csv").path, trace = dir.appendingPathComponent("trace.jsonl").path
        try "t,offset\n0,0\n1,10\n2,0\n".write(toFile: ref, atomically: true, encoding: .utf8)
        try ["{\"t\":0,\"offset\":0}", "{\"t\":0.5,\"offset\":6}", "{\"t\":1.5,\"offset\":4}", "{\"t\":2,\"offset\":0}"]
            .joined(separator: "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let plot = dir.appendingPathComponent("both.png").path
        let r = try CommandLineRunner.run(["compare-trace", ref, trace, "--plot", plot])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("rms        0.71 pt"))
        #expect(r.out.contains("max        1.00 pt at t = 0.500 s"))
        // Both still fall in their last step (10 → 0, 4 → 0): settled only at their last sample, and told.
        #expect(
            r.out.contains(
                "settle     reference 2.000 s (still moving at its end), trace 2.000 s (still moving at its end), difference 0.000 s"))
        #expect(r.out.contains("overshoot  reference 0.00 pt, trace 0.00 pt, difference 0.00 pt"))
        let png = try Data(contentsOf: URL(fileURLWithPath: plot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func eachBadInputIsOneLineAndExitTwo() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(_ name: String, _ text: String) throws -> String {
            let p = dir.appendingPathComponent(name).path
            try text.write(toFile: p, atomically: true, encoding: .utf8)
            return p
        }
        let good = try file("good.csv", "0,0\n1,1\n")
        let cases: [([String], String)] = [
            ([dir.appendingPathComponent("missing.csv").path, good], "missing.csv: no such file"),
            ([try file("bad.csv", "0,0\n1,x\n"), good], "bad.csv: line 2: offset 'x' is not a finite number"),
            ([good, try file("empty.jsonl", "")], "empty.jsonl: no samples"),
            ([good, try file("back.csv", "0,0\n2,1\n1,1\n")], "back.csv: line 3: time 1 s does not come after 2 s"),
            ([good, try file("late.csv", "5,0\n6,1\n")], "do not overlap"),
            ([good, good, "--plot", good], "--plot")
        ]
        for (args, fragment) in cases {
            let r = try CommandLineRunner.run(["compare-trace"] + args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.contains(fragment), "\(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "one line: \(r.err)")
            #expect(r.out.isEmpty)
        }
        #expect(try String(contentsOfFile: good, encoding: .utf8) == "0,0\n1,1\n", "the plot never replaced an input")
    }

    // MARK: a scenario's reference

    @Test func aScenarioFailsWhenItsRecordingLeavesTheReference() async throws {
        let f = try SuiteFixture()
        // The drag scrolls the list by ~130 pt; a reference resting at 0 is far from it.
        try f.write("suite/rest.csv", "t,offset\n0,0\n0.6,0\n")
        let scenario = { (maxRms: String, file: String) in
            SuiteFixture.listScenario([("end", 0.6)]).replacingOccurrences(
                of: "\"rows\": 60,", with: "\"rows\": 60, \"reference\": {\"file\": \"\(file)\", \"maxRms\": \(maxRms)},")
        }
        try f.write("suite/s.json", scenario("1000000", "rest.csv"))
        #expect(await f.run { $0.options.update = .missing } == 0, "\(f.text)")
        try f.write("suite/s.json", scenario("1", "rest.csv"))
        #expect(await f.run() == 2)
        let error = try #require(try f.results().scenarios.first?.error)
        #expect(
            error.contains("s.json: reference ") && error.contains("rest.csv: rms ") && error.contains("is over maxRms 1 pt"), "\(error)")
        #expect(f.text.contains("is over maxRms 1 pt"))
        #expect(try f.results().scenarios.first?.trace != nil, "the trace is kept to look at")
        try f.write("suite/s.json", scenario("1", "gone.csv"))
        #expect(await f.run() == 2)
        #expect(try f.results().scenarios.first?.error?.contains("gone.csv: no such file") == true)
    }

    @Test func theReferenceFieldIsChecked() {
        for (json, field) in [
            (#"{"reference": {"file": "a.csv"}}"#, "reference"),
            (#"{"reference": {"file": "a.csv", "maxRms": -1}}"#, "reference.maxRms"),
            (#"{"reference": {"file": "", "maxRms": 1}}"#, "reference.file"),
            (#"{"reference": {"file": "a.csv", "maxRms": 1, "max": 2}}"#, "reference.max")
        ] {
            do { _ = try ScenarioParser.parse(json); Issue.record("accepted \(json)") } catch { #expect(error.field == field, "\(error)") }
        }
        #expect(
            (try? ScenarioParser.parse(#"{"reference": {"file": "a.csv", "maxRms": 1.5}}"#))?.reference
                == TraceReference(file: "a.csv", maxRms: 1.5))
    }
}
