import Foundation

/// The refresh indicator as a value: scenes call `commands(_:center:at:)` each frame.
///
/// The vector kind emits `.arc` commands; the Lottie kind emits `.lottie` with the vector commands
/// as its fallback (drawn if the file cannot be drawn in time).
public struct RefreshIndicator: Sendable, Equatable {
    public var config: SpinnerConfig
    public var kind: IndicatorKind

    public init(config: SpinnerConfig = SpinnerConfig(), kind: IndicatorKind = .vector) {
        self.config = config
        self.kind = kind
    }

    /// The display list for `phase`, centred on `center` (points), at scene time `t` (seconds).
    public func commands(_ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        let vector = vectorCommands(phase, center: center, at: t)
        guard case let .lottie(info, tint) = kind, let mode = lottieMode(phase, info: info, at: t) else {
            return vector
        }
        let side = config.lottieSide
        let rect = Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
        let frame = LottieFrame(animation: info, mode: mode, rect: rect, tint: tint, fallback: vector)
        var look = appearance(phase, at: t, opacityFromPull: false)
        if case .disarmed = phase { look.opacity *= config.disarmedLottieOpacity }
        return Self.wrap([.lottie(frame)], opacity: look.opacity, scale: look.scale, center: center)
    }

    /// The arc shown for `phase` at `t` (nil when hidden). Angles in turns from 12 o'clock.
    public func arc(_ phase: IndicatorPhase, at t: Double) -> ArcSpan? {
        switch phase {
        case .hidden, .done:
            return nil
        case let .pulling(progress, _, _), let .triggered(_, progress, _, _):
            return SpinnerMotion.progressArc(progress)
        case let .disarmed(progress, _, _):
            return SpinnerMotion.progressArc(min(progress, config.disarmedReach))
        case let .refreshing(loop), let .completing(_, loop):
            return SpinnerMotion.refreshingArc(
                config, elapsed: t - loop.since,
                handoff: SpinnerMotion.progressArc(loop.handoffProgress))
        }
    }

    /// Opacity (0…1) and scale (about the centre) of the indicator for `phase` at `t`.
    public func appearance(_ phase: IndicatorPhase, at t: Double, opacityFromPull: Bool = true) -> (opacity: Double, scale: Double) {
        switch phase {
        case .hidden:
            return (0, 1)
        case let .pulling(_, o, threshold), let .disarmed(_, o, threshold):
            return (opacityFromPull ? pullOpacity(o, threshold) : 1, 1)
        case let .triggered(since, _, o, threshold):
            let opacity = opacityFromPull ? pullOpacity(o, threshold) : 1
            return (opacity, pulseScale(elapsed: t - since))
        case let .refreshing(loop):
            return (loopOpacity(loop, at: t, fromPull: opacityFromPull), 1)
        case let .completing(fraction, loop):
            let f = min(max(fraction, 0), 1)
            let opacity = loopOpacity(loop, at: t, fromPull: opacityFromPull) * (1 - f)
            return (opacity, 1 + (config.completingEndScale - 1) * f)
        case let .done(_, fraction):
            let f = min(max(fraction, 0), 1)
            return (1 - f, 1 + (config.completingEndScale - 1) * f)
        }
    }

    /// Scale of the trigger pulse `elapsed` seconds after the trigger: 1 → `pulseScale` → 1.
    public func pulseScale(elapsed: Double) -> Double {
        guard config.pulseSeconds > 0, elapsed >= 0, elapsed < config.pulseSeconds else { return 1 }
        let u = elapsed / config.pulseSeconds
        let bump = 4 * u * (1 - u)  // 0 → 1 → 0
        return 1 + (config.pulseScale - 1) * bump
    }

    private func loopOpacity(_ loop: RefreshLoop, at t: Double, fromPull: Bool) -> Double {
        guard fromPull else { return 1 }
        let w = SpinnerMotion.blendWeight(elapsed: t - loop.since, over: config.handoffFadeSeconds)
        // A loop that follows a pull starts at what the last pull frame showed (floored like it).
        let start = loop.handoffProgress > 0 ? max(loop.handoffOpacity, min(config.pullOpacityFloor, 1)) : loop.handoffOpacity
        return start + (1 - start) * w
    }

    /// The pull's opacity: the pull curve, never below `pullOpacityFloor` once there is a pull;
    /// 1 for a style that does not fade with the pull (the `ios` spokes appear one by one instead).
    private func pullOpacity(_ o: Double, _ threshold: Double) -> Double {
        guard o > 0 else { return 0 }
        if !config.style.definition.fadesWithPull { return 1 }
        return max(PullOpacity.value(pullDistance: o, threshold: threshold), min(config.pullOpacityFloor, 1))
    }

    private func vectorCommands(_ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        if case let .done(since, _) = phase {
            let look = appearance(phase, at: t)
            guard look.opacity > 0 else { return [] }
            return Self.wrap(
                DoneMark.commands(config, center: center, elapsed: t - since), opacity: look.opacity, scale: look.scale, center: center)
        }
        return config.style.definition.commands(of: self, phase, center: center, at: t)
    }

    /// The indicator drawn as an arc (`arc(_:at:)`) with its appearance: what a style draws
    /// unless it draws itself.
    public func arcCommands(_ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        guard let span = arc(phase, at: t) else { return [] }
        let look = appearance(phase, at: t)
        guard look.opacity > 0,
            let stroke = span.stroke(
                center: center, radius: config.diameter / 2,
                lineWidth: config.lineWidth * strokeWidthFraction(phase), color: config.color)
        else { return [] }
        return Self.wrap([.arc(stroke)], opacity: look.opacity, scale: look.scale, center: center)
    }

    private func lottieMode(_ phase: IndicatorPhase, info: LottieAnimationInfo, at t: Double) -> LottieFrame.Mode? {
        let segments = info.segments
        switch phase {
        case .hidden:
            return nil
        case let .pulling(progress, _, _), let .triggered(_, progress, _, _):
            if let pull = segments.pull { return .frame(LottieSegments.pullFrame(pull, progress: progress)) }
            return .scrub(min(max(progress, 0), 1) * config.lottieScrubPerProgress)
        case let .disarmed(progress, _, _):
            if let pull = segments.pull { return .frame(LottieSegments.pullFrame(pull, progress: min(progress, config.disarmedReach))) }
            return .scrub(min(max(progress, 0), config.disarmedReach) * config.lottieScrubPerProgress)
        case let .refreshing(loop), let .completing(_, loop):
            if let range = segments.loop {
                return .frame(LottieSegments.loopFrame(range, elapsed: t - loop.since, frameRate: info.frameRate), playing: range)
            }
            // Start the loop at the frame the scrub showed, so the switch does not jump.
            let lead = loop.handoffProgress * config.lottieScrubPerProgress * info.duration
            return .loop(elapsedSeconds: max(t - loop.since, 0) + lead)
        case let .done(since, _):
            // No finish segment: the vector check mark stands in.
            guard let finish = segments.finish else { return nil }
            return .frame(LottieSegments.finishFrame(finish, elapsed: t - since, frameRate: info.frameRate), playing: finish)
        }
    }

    /// The stroke (spoke) width for `phase`, as a fraction of the armed width.
    public func strokeWidthFraction(_ phase: IndicatorPhase) -> Double {
        if case .disarmed = phase { return config.disarmedWidthFraction }
        return 1
    }

    /// `children` in a group with `opacity` and `scale` about `center` (none when both are 1).
    public static func wrap(_ children: [DrawCommand], opacity: Double, scale: Double, center: Point) -> [DrawCommand] {
        if opacity >= 1, scale == 1 { return children }
        return [
            .group(
                opacity: min(max(opacity, 0), 1), translate: Point(0, 0), scale: scale,
                anchor: center, clip: nil, children)
        ]
    }
}
