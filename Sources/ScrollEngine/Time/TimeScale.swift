/// Slow motion (`run --time-scale F`, Ctrl+T in the window): maps the real clock to the session
/// clock the whole engine runs on — input times, and so release velocities, motions, refresh
/// actions and timeouts. At 0.25× a drag four times slower in real time is the same drag, so a
/// fling seen slowly is the same fling. A change of scale is continuous: the session time at
/// the change stays where it was.
public struct TimeScale: Sendable, Equatable {
    /// The scales `--time-scale` accepts.
    public static let range = 0.1...1.0
    /// The slow motion Ctrl+T toggles to.
    public static let slowMotion = 0.25

    /// Session seconds per real second now.
    public private(set) var scale: Double
    /// The scale chosen at start (`--time-scale`); Ctrl+T goes back to it.
    public let chosen: Double
    private var realBase = 0.0
    private var sessionBase = 0.0

    public init(_ scale: Double = 1) {
        let s = min(max(scale, Self.range.lowerBound), Self.range.upperBound)
        self.scale = s
        chosen = s
    }

    /// The session time at real time `r` (seconds since the clock started).
    public func session(atReal r: Double) -> Double { sessionBase + (r - realBase) * scale }

    /// Real seconds until session time `s` arrives, from real time `r` (0 when it has).
    public func realDelay(untilSession s: Double, fromReal r: Double) -> Double { max(0, (s - session(atReal: r)) / scale) }

    /// Changes the scale at real time `r`; the session time does not jump.
    public mutating func set(_ newScale: Double, atReal r: Double) {
        sessionBase = session(atReal: r)
        realBase = r
        scale = min(max(newScale, Self.range.lowerBound), Self.range.upperBound)
    }

    /// Ctrl+T: slow motion, or back to the chosen scale (to 1× when 0.25× was chosen).
    public mutating func toggleSlowMotion(atReal r: Double) {
        let slowNow = scale == Self.slowMotion
        set(slowNow ? (chosen == Self.slowMotion ? 1 : chosen) : Self.slowMotion, atReal: r)
    }
}

/// A time scale as the window shows it: `0.25×`.
public enum TimeScaleText {
    public static func format(_ scale: Double) -> String {
        var s = String((scale * 100).rounded() / 100)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s + "×"
    }
}
