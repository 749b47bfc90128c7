/// Groups wheel/touchpad events into a gesture with an end.
///
/// SDL2 reports wheel events without begin/end phases. A gesture starts at the first event and
/// ends `idleTimeout` seconds after the last one; that end is the "release" for momentum and for
/// pull-to-refresh. The release velocity is the sum of the deltas in the last `velocityWindow`
/// seconds before the last event, divided by that window (points per second).
public struct WheelGesture: Sendable {
    public var idleTimeout: Double
    public var velocityWindow: Double
    public private(set) var isActive = false
    public private(set) var lastEventTime: Double = 0
    /// Whether any event of this gesture was a notch (integer, non-precise).
    public private(set) var sawNotches = false
    private var deltas: [(t: Double, d: Double)] = []

    public init(idleTimeout: Double = 0.090, velocityWindow: Double = 0.150) {
        self.idleTimeout = idleTimeout
        self.velocityWindow = velocityWindow
    }

    /// Records a delta in points (positive = content offset increases). Returns true if it began a gesture.
    @discardableResult
    public mutating func add(delta: Double, precise: Bool, at t: Double) -> Bool {
        let began = !isActive
        if began { deltas.removeAll(keepingCapacity: true); sawNotches = false }
        isActive = true
        lastEventTime = t
        if !precise { sawNotches = true }
        deltas.append((t, delta))
        deltas.removeAll { $0.t < t - velocityWindow }
        return began
    }

    /// The time the gesture ends if no further event arrives.
    public var endTime: Double? { isActive ? lastEventTime + idleTimeout : nil }

    /// Ends the gesture; returns the release velocity (points/s).
    public mutating func end() -> Double {
        let v = velocity
        isActive = false
        deltas.removeAll(keepingCapacity: true)
        return v
    }

    /// The velocity the gesture would be released with now (points/s; 0 when inactive).
    public var velocity: Double {
        guard isActive else { return 0 }
        let recent = deltas.filter { $0.t >= lastEventTime - velocityWindow }
        guard recent.count >= 2 else { return 0 }
        let v = recent.reduce(0) { $0 + $1.d } / velocityWindow
        return v.isFinite ? v : 0
    }

    /// The mean time between the gesture's recent deltas (s; nil with fewer than two): how long
    /// a pause must last before it is a pause and not the next delta on its way.
    public var interval: Double? {
        let recent = deltas.filter { $0.t >= lastEventTime - velocityWindow }
        guard recent.count >= 2, let first = recent.first else { return nil }
        return (lastEventTime - first.t) / Double(recent.count - 1)
    }
}
