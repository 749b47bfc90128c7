import Foundation

/// The `ios` spinner style, UIKit's `UIActivityIndicatorView` (docs/BEHAVIOUR.md, "Refresh
/// indicators"). Eight rounded spokes around the centre; while refreshing the brightest spoke
/// steps one position clockwise every `stepSeconds` and the ones behind it fade; while pulling the
/// spokes appear one by one, clockwise from 12 o'clock, with the pull. Drawn as spokes, not an arc.
public struct IOSSpinnerStyle: SpinnerStyleDefinition {
    public var name: String { "ios" }
    /// Number of spokes.
    public var spokes: Int = 8
    /// Seconds per step of the loop (8 steps: one turn per second).
    public var stepSeconds: Double = 0.125
    /// Opacity of the faintest spoke; the brightest is 1, the others evenly between.
    public var minimumOpacity: Double = 0.25
    /// Spoke length as a fraction of the indicator's diameter.
    public var lengthFraction: Double = 0.28
    /// Spoke width as a fraction of the indicator's diameter.
    public var widthFraction: Double = 0.1

    public init() {}

    /// One turn of the lead spoke.
    public var firstCycleSeconds: Double { stepSeconds * Double(spokes) }

    /// As an arc (for the blend and the traces), the lit part of the ring turning.
    public func loopArc(elapsed t: Double) -> ArcSpan {
        let turn = stepSeconds * Double(max(spokes, 1))
        let start = turn > 0 ? t / turn : 0
        return ArcSpan(start: start, end: start + 0.875)
    }

    /// The spokes show the pull by appearing, not by fading.
    public var fadesWithPull: Bool { false }

    /// Spokes shown while pulling with `progress` (0…1): at least one as soon as there is a pull.
    public func spokesShown(progress: Double) -> Int {
        guard progress > 0 else { return 0 }
        return min(spokes, max(1, Int((min(progress, 1) * Double(spokes) - 1e-9).rounded(.up))))
    }

    /// Index of the brightest spoke `elapsed` seconds into the loop (0 = 12 o'clock), stepping.
    public func leadingSpoke(elapsed: Double, stepSeconds step: Double) -> Int {
        guard spokes > 0, step > 0 else { return 0 }
        let n = Int((max(elapsed, 0) / step).rounded(.down))
        return n % spokes
    }

    /// Opacity of spoke `i` when `lead` is the brightest: 1 for the lead, then lower for each
    /// position behind it (counter-clockwise), down to `minimumOpacity`.
    public func opacity(spoke i: Int, lead: Int) -> Double {
        guard spokes > 1 else { return 1 }
        let behind = ((lead - i) % spokes + spokes) % spokes
        return 1 - (1 - minimumOpacity) * Double(behind) / Double(spokes - 1)
    }

    /// The spokes: appearing with the pull, then stepping around with graded opacity while
    /// refreshing.
    public func commands(of indicator: RefreshIndicator, _ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        let config = indicator.config
        let look = indicator.appearance(phase, at: t)
        guard look.opacity > 0, spokes > 0 else { return [] }
        var alphas: [Double]
        switch phase {
        case .hidden, .done:  // the check mark is drawn by `RefreshIndicator`
            return []
        case let .pulling(progress, _, _), let .triggered(_, progress, _, _):
            let n = spokesShown(progress: progress)
            alphas = (0..<spokes).map { $0 < n ? 1 : 0 }
        case let .disarmed(progress, _, _):
            let n = spokesShown(progress: min(progress, config.disarmedReach))
            alphas = (0..<spokes).map { $0 < n ? 1 : 0 }
        case let .refreshing(loop), let .completing(_, loop):
            let step = config.reduceMotion ? config.effectiveReducedTurnSeconds / Double(spokes) : stepSeconds
            let lead = leadingSpoke(elapsed: t - loop.since, stepSeconds: step)
            alphas = (0..<spokes).map { opacity(spoke: $0, lead: lead) }
        }
        let d = config.diameter
        let width = d * widthFraction * indicator.strokeWidthFraction(phase)
        let outer = d / 2 - width / 2
        let inner = outer - d * lengthFraction
        var drawn: [DrawCommand] = []
        for (i, alpha) in alphas.enumerated() where alpha > 0 {
            let angle = ArcSpan.radians(turns: Double(i) / Double(spokes))
            let (c, s) = (cos(angle), sin(angle))
            drawn.append(
                .capsule(
                    from: Point(center.x + inner * c, center.y + inner * s),
                    to: Point(center.x + outer * c, center.y + outer * s),
                    color: config.color.withAlpha(config.color.a * alpha), width: width))
        }
        return RefreshIndicator.wrap(drawn, opacity: look.opacity, scale: look.scale, center: center)
    }
}

extension SpinnerStyle {
    /// The `ios` style with `style`'s numbers.
    public static func ios(_ style: IOSSpinnerStyle = IOSSpinnerStyle()) -> SpinnerStyle { SpinnerStyle(style) }
}
