import Scenes

/// The trace strategy: the scroll view's offset (and phase) at the snapshot's instant against
/// a stored value — a match when the offset is within `tolerance` points of it and the phase,
/// when one is stored, is the same. No pixels: it checks where the motion is, not how it looks.
public enum TraceSnapshot {
    /// A scenario's trace snapshot without a `tolerance`: a hundredth of a point, far below a
    /// pixel, above the rounding of one platform's arithmetic against another's.
    public static let defaultTolerance = 0.01
    /// The largest offset, either way, a scenario's trace snapshot may expect, in points.
    public static let maxOffset = 10_000_000.0
    /// The most a `tolerance` may be, in points.
    public static let maxTolerance = 10_000.0
    /// The scroll view at an instant: `offset` in points, `phase` as the trace names it
    /// (`dragging`, `decelerating`, …; nil: not checked).
    public struct Value: Sendable, Equatable {
        public var offset: Double
        public var phase: String?
        public init(offset: Double, phase: String? = nil) { self.offset = offset; self.phase = phase }
    }

    /// What the comparison found: both values and how far apart the offsets are.
    public struct Evidence: Sendable, Equatable {
        public var actual: Value
        public var expected: Value
        public var error: Double
    }

    /// The value a session's trace fields hold at an instant (nil: no offset in them).
    public static func capture(_ fields: TraceFields) -> Value? {
        guard case let .double(offset)? = fields.first(where: { $0.0 == "offset" })?.1 else { return nil }
        if case let .string(phase)? = fields.first(where: { $0.0 == "phase" })?.1 { return Value(offset: offset, phase: phase) }
        return Value(offset: offset)
    }

    /// The strategy: `load` gives the value stored for a snapshot (nil: none stored), within
    /// `tolerance` points (at least 0).
    public static func strategy(
        tolerance: Double,
        load: @escaping (_ snapshot: String) throws -> Value?
    ) -> SnapshotStrategy<Value, Value, Evidence> {
        let tolerance = max(0, tolerance)
        return SnapshotStrategy(load: load) { actual, expected in
            let error = abs(actual.offset - expected.offset)
            let evidence = Evidence(actual: actual, expected: expected, error: error)
            var problems: [String] = []
            // NaN is never within any tolerance.
            if !(error <= tolerance) {
                problems.append(
                    "offset \(points(actual.offset)), expected \(points(expected.offset)) ± \(points(tolerance))"
                        + " (off by \(points(error)))")
            }
            if let phase = expected.phase, actual.phase != phase {
                problems.append("phase '\(actual.phase ?? "none")', expected '\(phase)'")
            }
            return SnapshotComparison(
                match: problems.isEmpty, message: problems.isEmpty ? nil : problems.joined(separator: "; "),
                evidence: evidence)
        }
    }

    /// `12.5 pt`: up to three decimals, no trailing zeros.
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "\(value) pt" }
        var text = String((value * 1000).rounded() / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " pt"
    }
}
