import CommandLineKit
import Foundation
import Recording
import ScrollEngine
import Support

/// `overscroll compare-trace REFERENCE TRACE [--plot FILE.png]`: the error of a trace's scroll
/// offset against a reference (a device recording, an older trace), and both plotted.
@MainActor
enum CompareTraceCommand {
    struct Flags: OptionGroup {
        let plot = Option.string("plot", value: "FILE", help: "also draw both offsets over time to a PNG")
        let align = Option.choice(
            "align", value: "MOMENT", TraceAlignment.allCases.map(\.rawValue),
            help: "line the two clocks up first: none (each its own clock), first-motion (the first offset"
                + " change over \(NumberText.format(TraceAlignment.motionThreshold)) pt), release (the finger's release; trace.jsonl"
                + " only)",
            default: TraceAlignment.none.rawValue)
    }
    nonisolated static let flags = Flags()

    nonisolated static let spec = CommandSpec(
        "overscroll compare-trace",
        about: """
            Scores TRACE's scroll offset against REFERENCE's. Each is a trace.jsonl (as `record` and
            `run --trace` write it: JSON lines with "t" and "offset") or a .csv of `t,offset` rows
            (seconds, points; one header row allowed; times must increase). The reference is resampled
            at the trace's times by linear interpolation, over the times both cover. Prints the RMS and
            the largest error in points; the settle time of each (from the first sample after which the
            offset stays within \(NumberText.format(TraceComparison.settleTolerance)) pt of its last value) and its overshoot (how far
            the offset goes past its last value after its farthest point from it); and their differences
            (trace − reference). --plot FILE.png draws both. Two live traces (`run --trace`) of one
            gesture start at different moments: --align first-motion or --align release compares
            their motion rather than the hand's timing; for the same gesture under two feels, record it
            once (`run --capture`) and `record` the scenario under each. A scenario asserts a score with
            "reference": {"file": …, "maxRms": …} (`overscroll test` fails it when the RMS is over).
            """,
        positionals: [
            Positional("REFERENCE", help: "trace.jsonl or t,offset CSV"), Positional("TRACE", help: "trace.jsonl or t,offset CSV")
        ],
        options: flags)

    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        let referencePath = a.positionals[0], tracePath = a.positionals[1]
        let plotPath = a.value(flags.plot)
        if let plotPath {
            do {
                try OutputPaths.check(
                    [.init(plotPath, flag: "--plot", folder: false)],
                    inputs: [(referencePath, "REFERENCE"), (tracePath, "TRACE")])
            } catch { throw UsageError(message: "compare-trace: \(error.description)") }
        }
        var reference: OffsetSeries, trace: OffsetSeries
        do {
            reference = try OffsetSeries.load(referencePath)
            trace = try OffsetSeries.load(tracePath)
        } catch { throw UsageError(message: "compare-trace: \(error.message)") }
        let alignment = a.value(flags.align).flatMap(TraceAlignment.init(rawValue:)) ?? .none
        do {
            reference = try alignment.aligned(reference, file: referencePath)
            trace = try alignment.aligned(trace, file: tracePath)
        } catch { throw UsageError(message: "compare-trace: \(error.message)") }
        let score: TraceComparison
        do { score = try TraceComparison.compare(reference: reference, trace: trace) } catch {
            throw UsageError(message: "compare-trace: \(error.description)")
        }
        StandardStreams.output(report(score, reference: (referencePath, reference), trace: (tracePath, trace)))
        if let plotPath { try PlotWriter.write(score.plot(reference: reference, trace: trace), to: URL(fileURLWithPath: plotPath)) }
        return 0
    }

    nonisolated static func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v == 0 ? 0 : v) }
    nonisolated static func signed(_ v: Double, _ digits: Int = 2) -> String { (v > 0 ? "+" : "") + f(v, digits) }

    /// The printed score, one measure a line.
    nonisolated static func report(_ s: TraceComparison, reference: (String, OffsetSeries), trace: (String, OffsetSeries)) -> String {
        func span(_ x: OffsetSeries) -> String { "\(x.count) samples, \(f(x.times[0], 3))…\(f(x.times[x.count - 1], 3)) s" }
        func settle(_ t: Double, _ x: OffsetSeries) -> String {
            "\(f(t, 3)) s" + (TraceComparison.endsSettled(x) ? "" : " (still moving at its end)")
        }
        return """
            reference  \(TerminalText.escaped(reference.0)) (\(span(reference.1)))
            trace      \(TerminalText.escaped(trace.0)) (\(span(trace.1)))
            compared   \(s.compared) trace samples
            rms        \(f(s.rms)) pt
            max        \(f(s.maxError)) pt at t = \(f(s.maxErrorAt, 3)) s
            settle     reference \(settle(s.referenceSettle, reference.1)), trace \(settle(s.traceSettle, trace.1)),\
             difference \(signed(s.settleDifference, 3)) s
            overshoot  reference \(f(s.referenceOvershoot)) pt, trace \(f(s.traceOvershoot)) pt,\
             difference \(signed(s.overshootDifference)) pt

            """
    }
}
