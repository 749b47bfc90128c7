/// Where two traces' clocks are lined up before they are compared (`compare-trace --align`). Two
/// live traces of the same gesture start their motion at different times (when the hand moved):
/// compared on their own clocks, the gesture's timing swamps the feel (RMS 233 pt for the same
/// feel). Aligned, each series' chosen moment becomes t = 0.
public enum TraceAlignment: String, Sendable, CaseIterable {
    /// Each on its own clock (recordings of one scenario share it).
    case none
    /// The first sample whose offset has moved more than `motionThreshold` from the first.
    case firstMotion = "first-motion"
    /// The first sample after the last `dragging` one: the finger's release (trace.jsonl only).
    case release

    /// The offset change, in points, that counts as the start of a motion.
    public static let motionThreshold = 0.5

    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public let message: String
        public var description: String { message }
    }

    /// `series` shifted so that its moment is t = 0 (`file` names it in errors).
    public func aligned(_ series: OffsetSeries, file: String) throws(Failure) -> OffsetSeries {
        guard let origin = try origin(of: series, file: file) else { return series }
        var out = series
        out.times = series.times.map { $0 - origin }
        return out
    }

    /// The time that becomes 0; nil for `.none`.
    public func origin(of series: OffsetSeries, file: String) throws(Failure) -> Double? {
        switch self {
        case .none:
            return nil
        case .firstMotion:
            guard let start = series.offsets.first,
                let i = series.offsets.firstIndex(where: { abs($0 - start) > Self.motionThreshold })
            else { throw Failure(message: "\(file): never moves (no offset change over \(Self.motionThreshold) pt): nothing to align") }
            return series.times[i]
        case .release:
            guard let phases = series.phases else {
                throw Failure(message: "\(file): --align release needs a trace.jsonl (its phases); a CSV has none")
            }
            guard let last = phases.lastIndex(of: "dragging") else {
                throw Failure(message: "\(file): no dragging phase: no release to align on")
            }
            return last + 1 < series.count ? series.times[last + 1] : series.times[last]
        }
    }
}
