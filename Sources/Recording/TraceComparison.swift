import Foundation

/// How far a trace's offset is from a reference's (`overscroll compare-trace`, a scenario's
/// `reference`): the reference is resampled at the trace's times by linear interpolation, over
/// the times both cover; then the RMS and the largest of the differences, and the settle time and
/// the overshoot of each. Points and seconds.
public struct TraceComparison: Sendable, Equatable {
    /// Distance (pt) from the final offset within which a series counts as settled.
    public static let settleTolerance = 0.5

    /// Trace samples compared (those within the reference's time span).
    public var compared: Int
    /// Root mean square of trace − reference at the compared times (pt); may be infinite when the
    /// differences overflow (a check must treat a non-finite score as a failure).
    public var rms: Double
    /// Largest |trace − reference| (pt) and the trace time where it is.
    public var maxError: Double
    public var maxErrorAt: Double
    public var referenceSettle: Double
    public var traceSettle: Double
    public var referenceOvershoot: Double
    public var traceOvershoot: Double

    public var settleDifference: Double { traceSettle - referenceSettle }
    public var overshootDifference: Double { traceOvershoot - referenceOvershoot }

    public struct NoOverlap: Error, CustomStringConvertible, Sendable, Equatable {
        public let description: String
    }

    /// Compares `trace` with `reference`; throws when no trace time falls within the reference's span.
    public static func compare(reference: OffsetSeries, trace: OffsetSeries) throws(NoOverlap) -> TraceComparison {
        var sum = 0.0, n = 0, worst = 0.0, worstAt = trace.times[0]
        for (t, x) in zip(trace.times, trace.offsets) {
            guard let r = interpolate(reference, at: t) else { continue }
            let e = x - r
            sum += e * e
            n += 1
            if abs(e) > worst || n == 1 { worst = abs(e); worstAt = t }
        }
        guard n > 0 else {
            throw NoOverlap(
                description: "the trace's times (\(NumberFormat.short(trace.times[0]))…\(NumberFormat.short(trace.times.last!)) s) "
                    + "and the reference's (\(NumberFormat.short(reference.times[0]))…\(NumberFormat.short(reference.times.last!)) s)"
                    + " do not overlap")
        }
        return TraceComparison(
            compared: n, rms: (sum / Double(n)).squareRoot(), maxError: worst, maxErrorAt: worstAt,
            referenceSettle: settleTime(reference), traceSettle: settleTime(trace),
            referenceOvershoot: overshoot(reference), traceOvershoot: overshoot(trace))
    }

    /// The series' offset at `t` by linear interpolation between the samples around it (exact at
    /// a sample); nil outside the series' time span.
    public static func interpolate(_ s: OffsetSeries, at t: Double) -> Double? {
        guard let first = s.times.first, let last = s.times.last, t >= first, t <= last else { return nil }
        // The first sample at or after t (binary search: times increase).
        var lo = 0, hi = s.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if s.times[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        if s.times[lo] == t || lo == 0 { return s.offsets[lo] }
        let (t0, t1, x0, x1) = (s.times[lo - 1], s.times[lo], s.offsets[lo - 1], s.offsets[lo])
        // Halves and a weighted mean: finite samples give a finite value even when t1 − t0 or
        // x1 − x0 would overflow (rows at ±1.7e308 made inf/inf, a NaN that passed every maxRms).
        let f = min(max((t / 2 - t0 / 2) / (t1 / 2 - t0 / 2), 0), 1)
        let dx = x1 - x0
        return dx.isFinite ? x0 + dx * f : x0 * (1 - f) + x1 * f
    }

    /// The time of the first sample from which every later sample stays within
    /// `settleTolerance` of the last offset (the series' first time if it never leaves it).
    public static func settleTime(_ s: OffsetSeries) -> Double {
        let final = s.offsets[s.count - 1]
        var i = s.count - 1
        while i > 0, abs(s.offsets[i - 1] - final) <= settleTolerance { i -= 1 }
        return s.times[i]
    }

    /// Whether the series ends settled: its last two samples are within `settleTolerance` (a
    /// series whose settle time is its last sample's may still be moving).
    public static func endsSettled(_ s: OffsetSeries) -> Bool {
        s.count < 2 || abs(s.offsets[s.count - 2] - s.offsets[s.count - 1]) <= settleTolerance
    }

    /// How far the offset goes past its final value after its largest distance from it, on the
    /// other side (0 when it never crosses): a bounce's overshoot past its rest.
    public static func overshoot(_ s: OffsetSeries) -> Double {
        let final = s.offsets[s.count - 1]
        var far = 0, farDistance = 0.0
        for (i, x) in s.offsets.enumerated() where abs(x - final) > farDistance { far = i; farDistance = abs(x - final) }
        guard farDistance > 0 else { return 0 }
        let side = (s.offsets[far] - final).sign == .minus ? -1.0 : 1.0
        var past = 0.0
        for x in s.offsets[far...] { past = max(past, -side * (x - final)) }
        return past
    }
}
