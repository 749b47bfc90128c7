import Foundation

/// The pull indicator's opacity curve of the refreshable view (docs/BEHAVIOUR.md, "Pull to refresh: the refreshable
/// view"): min(1, √o^(o/(T/2)) / T), with o the pull distance and T the threshold, both in points; 0 when o ≤ 0.
public enum PullOpacity {
    public static func value(pullDistance o: Double, threshold t: Double) -> Double {
        guard o > 0, t > 0 else { return 0 }
        let v = pow(o.squareRoot(), o / (t / 2)) / t
        return v.isFinite ? min(1, v) : 1
    }
}
