import ScrollEngine

/// The direction-reactive header (docs/BEHAVIOUR.md, "Direction-reactive header") as a value type; time is passed in (seconds).
///
/// Fed the sentinel's minY on each change (0 at the top, negative when scrolled down; points),
/// with dy = newY − oldY:
/// - newY > `nearTopThreshold` (−50): the header shows and the direction resets (always, near the top);
/// - else dy < −`directionThreshold` (−1): scrolling down, the header hides;
/// - else dy > `directionThreshold` (1): scrolling up, the header shows;
/// - else (|dy| ≤ 1, jitter) nothing changes.
///
/// Hidden means offset −(height + gap) = −64 and opacity 0. A change of the hidden state animates
/// the presented value with the ease-in-out curve over `animationDuration` (0.2 s), starting from
/// wherever the previous animation was, so a reversal mid-way does not jump.
public struct DirectionalHeaderTracker: Sendable, Equatable {
    public var config: HeaderConfig
    /// The last observed minY; nil before the first observation.
    public private(set) var lastY: Double?
    public private(set) var isHidden = false
    public private(set) var direction: ScrollDirection = .none
    /// Number of times the hidden state flipped.
    public private(set) var toggles = 0
    private var fromFraction = 0.0
    private var toFraction = 0.0
    private var animationStart = -Double.infinity

    public init(config: HeaderConfig = HeaderConfig()) { self.config = config }

    /// Reports the sentinel at `newY` at time `t`. The first observation only records the position.
    public mutating func observe(minY newY: Double, at t: Double) {
        guard newY.isFinite else { return }
        guard let oldY = lastY else { lastY = newY; return }
        guard newY != oldY else { return }
        lastY = newY
        let dy = newY - oldY
        if newY > config.nearTopThreshold {
            direction = .none
            setHidden(false, at: t)
        } else if dy < -config.directionThreshold {
            direction = .down
            setHidden(true, at: t)
        } else if dy > config.directionThreshold {
            direction = .up
            setHidden(false, at: t)
        }
    }

    private mutating func setHidden(_ hidden: Bool, at t: Double) {
        guard hidden != isHidden else { return }
        fromFraction = hiddenFraction(at: t)
        toFraction = hidden ? 1 : 0
        animationStart = t
        isHidden = hidden
        toggles += 1
    }

    /// How hidden the header is at `t`: 0 shown … 1 hidden, eased.
    public func hiddenFraction(at t: Double) -> Double {
        let d = config.animationDuration
        let p = d > 0 ? min(max((t - animationStart) / d, 0), 1) : 1
        if p >= 1 { return toFraction }
        return fromFraction + (toFraction - fromFraction) * config.easing(p)
    }

    /// Vertical offset of the header at `t` (points; 0 shown, −(height + gap) hidden).
    public func offset(at t: Double) -> Double { config.hiddenOffset * hiddenFraction(at: t) }
    /// Opacity of the header at `t` (1 shown, 0 hidden).
    public func opacity(at t: Double) -> Double { 1 - hiddenFraction(at: t) }
    /// True while the show/hide animation is still running at `t`.
    public func isAnimating(at t: Double) -> Bool { t < animationStart + config.animationDuration }
}
