/// Estimates release velocity from pointer samples.
///
/// Keeps samples of the last `window` seconds (a sample at the time of the previous one replaces
/// it: the window stamps one time per batch of events). The velocity is the `estimator`'s: a
/// least-squares slope over the samples, or iOS's weighted mean of the last sample-to-sample
/// velocities (`VelocityEstimator`). If the newest sample is older than `window` at release, the
/// velocity is 0.
public struct VelocityTracker: Sendable {
    public var window: Double
    public var estimator: VelocityEstimator
    private var samples: [(t: Double, y: Double)] = []

    public init(window: Double = 0.100, estimator: VelocityEstimator = .leastSquares) {
        self.window = window
        self.estimator = estimator
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(y: Double, at t: Double) {
        if estimator == .iOSWeighted, let last = samples.last, last.t == t { samples.removeLast() }
        samples.append((t, y))
        samples.removeAll { $0.t < t - window }
    }

    /// Velocity (units of y per second) as seen at time `t`.
    public func velocity(at t: Double) -> Double {
        switch estimator {
        case .leastSquares: return leastSquaresVelocity(at: t)
        case .iOSWeighted: return weightedVelocity(at: t)
        }
    }

    private func leastSquaresVelocity(at t: Double) -> Double {
        let recent = samples.filter { $0.t >= t - window }
        guard let last = recent.last, t - last.t <= window, recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let mt = recent.reduce(0) { $0 + $1.t } / n
        let my = recent.reduce(0) { $0 + $1.y } / n
        var num = 0.0, den = 0.0
        for s in recent {
            num += (s.t - mt) * (s.y - my)
            den += (s.t - mt) * (s.t - mt)
        }
        guard den > 1e-12 else { return 0 }
        let v = num / den
        return v.isFinite ? v : 0
    }

    /// The weighted mean of the last three sample-to-sample velocities (a pair missing counts 0).
    private func weightedVelocity(at t: Double) -> Double {
        let recent = samples.filter { $0.t >= t - window }
        guard let last = recent.last, t - last.t <= min(window, VelocityEstimator.iOSStoppedAfter) else { return 0 }
        var v = 0.0
        for (age, weight) in VelocityEstimator.iOSWeights.reversed().enumerated() {
            let end = recent.count - 1 - age
            guard end >= 1 else { break }
            let a = recent[end - 1], b = recent[end]
            let dt = b.t - a.t
            if dt > 0 { v += weight * (b.y - a.y) / dt }
        }
        return v.isFinite ? v : 0
    }
}
