import Foundation
import Recording

/// A scenario's `reference` checked against its recording (`overscroll test`): the message that
/// fails the scenario (with the time of the largest error, whose trace frames the results keep),
/// or nil when the recorded offset is within `maxRms` of the reference's.
enum ReferenceCheck {
    static func problem(_ reference: TraceReference, recorded: OffsetSeries, scenario: String) -> (message: String, at: Double?)? {
        let ref: OffsetSeries
        do { ref = try OffsetSeries.load(reference.file) } catch { return ("\(scenario): reference: \(error.message)", nil) }
        guard recorded.count > 0 else { return ("\(scenario): reference: the recording has no frames to compare", nil) }
        let score: TraceComparison
        do { score = try TraceComparison.compare(reference: ref, trace: recorded) } catch {
            return ("\(scenario): reference \(reference.file): \(error.description)", nil)
        }
        // Fail closed: a score that is not a finite number (NaN compares false with everything) never passes.
        guard score.rms.isFinite, score.maxError.isFinite else {
            return (
                "\(scenario): reference \(reference.file): the score is not a finite number"
                    + " (rms \(score.rms), max error \(score.maxError)); the reference's or the recording's offsets are too large to"
                    + " compare", nil
            )
        }
        guard score.rms > reference.maxRms else { return nil }
        return (
            "\(scenario): reference \(reference.file): rms \(String(format: "%.3f", score.rms)) pt is over maxRms"
                + " \(NumberFormat.short(reference.maxRms)) pt "
                + "(max \(String(format: "%.2f", score.maxError)) pt at t = \(String(format: "%.3f", score.maxErrorAt)) s; "
                + "overscroll compare-trace REFERENCE TRACE --plot FILE.png shows both)", score.maxErrorAt
        )
    }
}
