import Foundation

extension TraceComparison {
    /// Both offsets over time (the reference blue, the trace red), the settle times marked.
    public func plot(reference: OffsetSeries, trace: OffsetSeries) -> LinePlot {
        LinePlot(
            title:
                "offset: reference (blue), trace (red); rms \(String(format: "%.2f", rms)) pt, max \(String(format: "%.2f", maxError)) pt",
            xLabel: "t (s)", yLabel: "offset (pt)", series: [Self.thinned(reference), Self.thinned(trace)],
            markers: [.init(x: referenceSettle, label: "reference settles"), .init(x: traceSettle, label: "trace settles")])
    }

    /// At most `limit` evenly chosen points of `x`, the first and last always kept.
    static func thinned(_ x: OffsetSeries, limit: Int = 20_000) -> [(Double, Double)] {
        guard x.count > limit else { return x.points }
        let step = Double(x.count - 1) / Double(limit - 1)
        return (0..<limit).map {
            let i = Int((Double($0) * step).rounded()); return (x.times[i], x.offsets[i])
        }
    }
}
