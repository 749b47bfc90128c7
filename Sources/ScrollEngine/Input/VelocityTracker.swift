/// Estimates release velocity from pointer samples.
///
/// Keeps samples of the last `window` seconds; at release, a least-squares slope over them gives
/// the velocity. If the newest sample is older than `window` at release, the velocity is 0.
public struct VelocityTracker: Sendable {
    public var window: Double
    private var samples: [(t: Double, y: Double)] = []

    public init(window: Double = 0.100) { self.window = window }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(y: Double, at t: Double) {
        samples.append((t, y))
        samples.removeAll { $0.t < t - window }
    }

    /// Velocity (units of y per second) as seen at time `t`.
    public func velocity(at t: Double) -> Double {
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
}
