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
        return config.style.definition.loopArc(elapsed: t)
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
}
