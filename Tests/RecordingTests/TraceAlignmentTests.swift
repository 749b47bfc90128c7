import Foundation
import Testing

@testable import Recording

/// Issue #44, item 9: two live traces of one gesture differ mostly in when the hand moved;
/// `compare-trace --align first-motion|release` lines their clocks up first.
struct TraceAlignmentTests {
    /// A trace.jsonl of a rest, a drag to 100 pt over 0.3 s, then an exponential settle back to
    /// 0, with the drag starting at `start` seconds; sampled at 60 Hz for 3 s.
    static func trace(start: Double) -> String {
        var lines: [String] = []
        for i in 0...180 {
            let t = Double(i) / 60
            let (x, phase): (Double, String) =
                t < start
                ? (0, "idle")
                : t < start + 0.3 ? (100 * (t - start) / 0.3, "dragging") : (100 * exp(-(t - start - 0.3) * 4), "decelerating")
            lines.append("{\"t\": \(t), \"offset\": \(x), \"phase\": \"\(phase)\"}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func series(_ start: Double) throws -> OffsetSeries {
        try OffsetSeries.parse(Self.trace(start: start), file: "t.jsonl", csv: false)
    }

    @Test func aGestureStartedLaterComparesEqualOnceAligned() throws {
        let early = try series(0.2), late = try series(0.7)
        let raw = try TraceComparison.compare(reference: early, trace: late)
        #expect(raw.rms > 20, "unaligned, the timing swamps the motion: \(raw.rms)")
        for alignment in [TraceAlignment.firstMotion, .release] {
            let a = try alignment.aligned(early, file: "a"), b = try alignment.aligned(late, file: "b")
            let score = try TraceComparison.compare(reference: a, trace: b)
            #expect(score.rms < 1e-9 && score.maxError < 1e-9, "\(alignment): \(score.rms)")
        }
    }

    @Test func theMomentsAreTheFirstMotionAndTheSampleAfterTheLastDrag() throws {
        let s = try series(0.5)
        #expect(try TraceAlignment.firstMotion.origin(of: s, file: "t") == 31.0 / 60)
        #expect(try TraceAlignment.release.origin(of: s, file: "t") == 48.0 / 60)
        #expect(try TraceAlignment.none.origin(of: s, file: "t") == nil)
    }

    @Test func whatCannotBeAlignedSaysWhy() throws {
        let csv = try OffsetSeries.parse("t,offset\n0,0\n1,10\n", file: "r.csv", csv: true)
        #expect(throws: TraceAlignment.Failure(message: "r.csv: --align release needs a trace.jsonl (its phases); a CSV has none")) {
            try TraceAlignment.release.aligned(csv, file: "r.csv")
        }
        let still = OffsetSeries(times: [0, 1], offsets: [5, 5.2])
        #expect(throws: TraceAlignment.Failure.self) { try TraceAlignment.firstMotion.aligned(still, file: "s") }
    }

    @Test func theCommandAlignsAndRefusesAnUnknownMoment() throws {
        let sandbox = try Sandbox()
        try Data(Self.trace(start: 0.2).utf8).write(to: URL(fileURLWithPath: sandbox.path("a.jsonl")))
        try Data(Self.trace(start: 0.7).utf8).write(to: URL(fileURLWithPath: sandbox.path("b.jsonl")))
        var r = try CommandLineRunner.run(["compare-trace", sandbox.path("a.jsonl"), sandbox.path("b.jsonl"), "--align", "release"])
        #expect(r.status == 0 && r.out.contains("rms        0.00 pt"), "\(r.out)\(r.err)")
        r = try CommandLineRunner.run(["compare-trace", sandbox.path("a.jsonl"), sandbox.path("b.jsonl"), "--align", "relase"])
        #expect(r.status == 2 && r.err.contains("did you mean 'release'?"), "\(r.err)")
    }
}
