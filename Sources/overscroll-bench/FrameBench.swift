import Foundation

/// Part 1: list frames. Each case runs in a child process (its own peak RSS, a cold
/// layout cache); cases are interleaved over rounds, alternating the order.
@MainActor
enum FrameBench {
    struct CaseResult {
        var frameCase: FrameCase
        var frames = Samples()
        var fills = Samples()
        var peakRSSKiB = 0
        /// First round's per-frame times, for the chart.
        var firstRound: [Double] = []
        var firstRoundFill: [Double] = []
    }

    static func run(quick: Bool) throws -> [FrameCase: CaseResult] {
        let rounds = quick ? 1 : 3
        var results: [FrameCase: CaseResult] = [:]
        for c in FrameCase.all { results[c] = CaseResult(frameCase: c) }
        for round in 0..<rounds {
            let order = round % 2 == 0 ? FrameCase.all : FrameCase.all.reversed()
            for c in order {
                Log.progress("frames: round \(round + 1)/\(rounds) \(c.sizeLabel) rows \(c.rowsLabel)")
                var args = ["--child", c.id]
                if quick { args.append("--quick") }
                let r = try ProcessRunner.run(ProcessRunner.selfPath, args, passStderr: true)
                guard r.status == 0, let line = r.stdout.split(separator: "\n").last,
                    let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let frames = obj["frame_ms"] as? [Double], let fills = obj["fill_ms"] as? [Double]
                else { throw BenchError("frames: child \(c.id) failed (status \(r.status))") }
                var cr = results[c]!
                frames.forEach { cr.frames.add($0) }
                fills.forEach { cr.fills.add($0) }
                cr.peakRSSKiB = max(cr.peakRSSKiB, obj["peak_rss_kib"] as? Int ?? 0)
                if round == 0 { cr.firstRound = frames; cr.firstRoundFill = fills }
                results[c] = cr
            }
        }
        return results
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
