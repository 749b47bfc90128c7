import Foundation

/// The spinner's arcs as pure functions of progress and time.
public enum SpinnerMotion {
    /// The pull arc: from 12 o'clock clockwise through `progress` (clamped to 0…1) of the circle.
    public static func progressArc(_ progress: Double) -> ArcSpan {
        ArcSpan(start: 0, end: min(max(progress, 0), 1))
    }

    /// The steady loop at `elapsed` seconds since it started (no blend), for the config's style,
    /// or the slow fixed arc under reduced motion. Starts at 12 o'clock when `elapsed` = 0.
    public static func loopArc(_ config: SpinnerConfig, elapsed: Double) -> ArcSpan {
        let t = max(elapsed, 0)
        if config.reduceMotion {
            let start = t / config.effectiveReducedTurnSeconds
            return ArcSpan(start: start, end: start + config.reducedArc)
        }
        switch config.style {
        case let .seed(s): return seedArc(s, t)
        case let .material(m): return materialArc(m, t)
        case let .ios(a):
            // The spokes are drawn separately; as an arc, the lit part of the ring turning.
            let turn = a.stepSeconds * Double(max(a.spokes, 1))
            let start = turn > 0 ? t / turn : 0
            return ArcSpan(start: start, end: start + 0.875)
        }
    }

    /// The loop as drawn, continuing from `handoff` (the last pull arc) without a jump.
    ///
    /// The loop is turned so that one of its ends lines up with the handoff's (the start when the
    /// arc has to shrink, the end when it has to grow); the other end's offset then fades out over
    /// `config.blendSeconds` (smoothstep). That end only ever moves slower than the loop would, or
    /// backwards at most as fast, so no frame moves more than the steady loop's frame motion
    /// (given a blend long enough for the length change, which the defaults are).
    public static func refreshingArc(_ config: SpinnerConfig, elapsed: Double, handoff: ArcSpan) -> ArcSpan {
        let first = loopArc(config, elapsed: 0)
        let shrinks = handoff.length >= first.length
        let turn = shrinks ? handoff.start - first.start : handoff.end - first.end
        let loop = loopArc(config, elapsed: elapsed)
        let fade = 1 - blendWeight(elapsed: elapsed, over: config.blendSeconds)
        let startOffset = (handoff.start - first.start - turn) * fade
        let endOffset = (handoff.end - first.end - turn) * fade
        return ArcSpan(start: loop.start + turn + startOffset, end: loop.end + turn + endOffset)
    }

    /// Smoothstep 0 → 1 over `seconds` (1 when `seconds` ≤ 0).
    public static func blendWeight(elapsed: Double, over seconds: Double) -> Double {
        guard seconds > 0 else { return 1 }
        let u = min(max(elapsed / seconds, 0), 1)
        return u * u * (3 - 2 * u)
    }

    static func seedArc(_ s: SeedSpinnerTiming, _ t: Double) -> ArcSpan {
        let rotation = s.rotationFromDegrees
            + (s.rotationToDegrees - s.rotationFromDegrees) * (s.rotationSeconds > 0 ? t / s.rotationSeconds : 0)
        // SwiftUI's circle starts at 3 o'clock, a quarter turn after 12 o'clock.
        let start = (rotation + 90) / 360 - 1
        var trim = s.trimFrom
        if s.trimSeconds > 0 {
            let u = (t / s.trimSeconds).truncatingRemainder(dividingBy: 2)
            let eased = u <= 1 ? s.trimCurve(u) : s.trimCurve(2 - u)
            trim = s.trimFrom + (s.trimTo - s.trimFrom) * eased
        }
        return ArcSpan(start: start, end: start + max(trim, 0))
    }

    static func materialArc(_ m: MaterialSpinnerTiming, _ t: Double) -> ArcSpan {
        guard m.cycleSeconds > 0 else { return ArcSpan(start: 0, end: m.maxArc) }
        let cycles = t / m.cycleSeconds
        let n = cycles.rounded(.down)
        let u = cycles - n
        let travel = m.maxArc - m.minArc
        let h = min(max(m.headFraction, 0.01), 0.99)
        let headP = m.curve(min(u / h, 1))
        let tailP = m.curve(max((u - h) / (1 - h), 0))
        // The tail of each cycle starts where the previous cycle's tail stopped.
        let base = n * travel + cycles * m.advancePerCycleDegrees / 360
        return ArcSpan(start: base + travel * tailP, end: base + m.minArc + travel * headP)
    }
}
