import Foundation

/// GTK 4's kinetic scrolling (`GtkKineticScrolling`, gtk/gtkkineticscrolling.c; docs/BEHAVIOUR.md,
/// "GNOME physics"), in closed form: deceleration x(t) = c1 + c2·e^(−m·t) with m the deceleration
/// friction (4), until the motion crosses an edge; then the overshoot, a critically damped spring
/// onto that edge, e^(−n·t/2)·(a + b·t) with n the overshoot friction (20), whose excursion is cut
/// at `overshootLimit` (50) past the edge and restarted there at rest, as GTK does. The
/// deceleration ends when the speed falls below 1 point/s, the overshoot within 0.1 point of the
/// edge.
public struct GnomeKineticSimulation: Simulation {
    public static let decelerationFriction = 4.0
    public static let overshootFriction = 20.0
    /// How far past an edge the overshoot may go (points).
    public static let overshootLimit = 50.0

    /// One overshoot: displacement a + b·t, times e^(−n·t/2), from `edge`, starting at `start`.
    struct Overshoot: Sendable {
        var start: Double
        var edge: Double
        var a: Double
        var b: Double
        /// When the excursion reaches the limit (then the next overshoot takes over).
        var cutAt: Double?
        /// Time of the excursion's extreme (0 if it only returns): the end is looked for after it.
        var extreme: Double {
            let half = GnomeKineticSimulation.overshootFriction / 2
            return b == 0 ? 0 : max(0, (b - half * a) / (half * b))
        }
    }

    public let x0: Double
    public let v0: Double
    public let minOffset: Double
    public let maxOffset: Double
    /// When the deceleration ends: at an edge crossing, or when its speed is below 1 point/s.
    public let decelerationEnd: Double
    private let overshoots: [Overshoot]

    public init(x0: Double, v0: Double, min minOffset: Double, max maxOffset: Double) {
        let m = Self.decelerationFriction
        self.x0 = x0
        self.v0 = v0
        self.minOffset = minOffset
        self.maxOffset = max(minOffset, maxOffset)
        if x0 < minOffset || x0 > self.maxOffset {
            decelerationEnd = 0
            let edge = x0 < minOffset ? minOffset : self.maxOffset
            overshoots = Self.overshoots(from: 0, edge: edge, displacement: x0 - edge, velocity: v0, cutting: false)
            return
        }
        let rest = x0 + v0 / m
        let stop = v0 == 0 ? 0 : max(0, log(abs(v0)) / m)
        let edge: Double? = rest < minOffset ? minOffset : (rest > self.maxOffset ? self.maxOffset : nil)
        if let edge {
            // x(t) = rest − (v0/m)·e^(−m·t) reaches the edge when e^(−m·t) = (rest − edge)·m/v0.
            let tc = -log((rest - edge) * m / v0) / m
            decelerationEnd = tc
            overshoots = Self.overshoots(from: tc, edge: edge, displacement: 0, velocity: v0 * exp(-m * tc), cutting: true)
        } else {
            decelerationEnd = stop
            overshoots = []
        }
    }

    /// The overshoot from `start`, and the restart at the limit if its excursion reaches it.
    static func overshoots(from start: Double, edge: Double, displacement a: Double, velocity v: Double, cutting: Bool) -> [Overshoot] {
        let half = overshootFriction / 2
        let b = v + half * a
        var first = Overshoot(start: start, edge: edge, a: a, b: b, cutAt: nil)
        // The excursion peaks where the derivative b − half·(a + b·t) is 0.
        guard cutting, b != 0 else { return [first] }
        let peakTime = (b - half * a) / (half * b)
        let peak = peakTime > 0 ? exp(-half * peakTime) * (a + b * peakTime) : a
        guard abs(peak) > overshootLimit else { return [first] }
        var lo = 0.0, hi = peakTime
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if abs(exp(-half * mid) * (a + b * mid)) < overshootLimit { lo = mid } else { hi = mid }
        }
        first.cutAt = hi
        let limit = overshootLimit * (peak < 0 ? -1 : 1)
        return [first, Overshoot(start: start + hi, edge: edge, a: limit, b: half * limit, cutAt: nil)]
    }

    private func overshoot(at t: Double) -> Overshoot? {
        guard t >= decelerationEnd, !overshoots.isEmpty else { return nil }
        return overshoots.last { t >= $0.start } ?? overshoots[0]
    }

    public func isBouncing(at t: Double) -> Bool { overshoot(at: t) != nil }

    public func position(at t: Double) -> Double {
        if let o = overshoot(at: t) {
            let s = t - o.start
            return o.edge + exp(-Self.overshootFriction / 2 * s) * (o.a + o.b * s)
        }
        if isDone(at: t) { return finalPosition }
        let m = Self.decelerationFriction
        return x0 + v0 / m * (1 - exp(-m * t))
    }

    public func velocity(at t: Double) -> Double {
        if isDone(at: t) { return 0 }
        if let o = overshoot(at: t) {
            let s = t - o.start, half = Self.overshootFriction / 2
            return exp(-half * s) * (o.b - half * (o.a + o.b * s))
        }
        return v0 * exp(-Self.decelerationFriction * t)
    }

    public var finalPosition: Double { overshoots.last?.edge ?? x0 + v0 / Self.decelerationFriction }

    public func isDone(at t: Double) -> Bool {
        if let o = overshoot(at: t) {
            let s = t - o.start
            return o.cutAt == nil && s >= o.extreme && abs(exp(-Self.overshootFriction / 2 * s) * (o.a + o.b * s)) < 0.1
        }
        if !overshoots.isEmpty { return false }
        return t >= decelerationEnd
    }
}
