import CommandLineKit
import Foundation
import Recording
import ScrollEngine
import Support

/// `curve edge` and `curve wheel`: a profile's answer at the edge and to a wheel notch, the
/// kinds that besides `fling` take `--physics NAME` and `--compare NAME` (#30 item 6).
extension CurveCommand {
    /// The --physics profile, or the default one.
    static func chosenPhysics(_ a: ParsedArguments) -> any ScrollPhysics {
        a.value(flags.physics).flatMap { PhysicsRegistry.physics(named: $0) } ?? PhysicsRegistry.defaultProfile.physics
    }

    /// One notch: the profile's programmatic motion from --x0 by --step over --duration, as
    /// `ScrollView.step(by:duration:at:)` starts it (unbounded here: no list ends).
    static func wheelStep(_ physics: any ScrollPhysics, _ a: ParsedArguments) -> any Simulation {
        let x0 = a.value(flags.x0) ?? 0
        let step = a.value(flags.step) ?? InputSettings().pointsPerNotch
        return physics.animation(from: x0, to: x0 + step, duration: a.value(flags.duration) ?? WheelRules().stepDuration)
    }

    /// What a drag `pull` points past the top shows under `physics` in a viewport `height` high:
    /// the offset past the edge, the stretch's scale (1 without one) and how far the content's
    /// far end moved (the offset shown plus the stretch of the whole viewport).
    static func edgeAnswer(_ physics: any ScrollPhysics, pull: Double, height: Double) -> (shown: Double, scale: Double, moved: Double) {
        let bounds = ScrollBounds(minOffset: 0, maxOffset: .greatestFiniteMagnitude, viewportHeight: height)
        let shownOffset = physics.userOffset(forRaw: -pull, in: bounds)
        let shown = -shownOffset
        let stretch = PhysicsRegistry.profile(for: physics).overscroll.stretch
        let stretched = stretch?.stretchScale(pull: -pull - shownOffset, height: height) ?? 1
        return (shown, stretched, shown + (stretched - 1) * height)
    }

    /// `curve edge`: one row per --pull; with --compare NAME, NAME's three columns too.
    static func edge(_ a: ParsedArguments) throws -> Int32 {
        let plotPath = try plotOutput(a)
        let height = a.value(flags.viewport) ?? 800
        guard let pulls = a.value(flags.pull) else { throw UsageError(message: "curve edge: --pull X1,X2,… is required") }
        guard pulls.allSatisfy({ $0 >= 0 }) else { throw UsageError(message: "curve edge: --pull distances must be ≥ 0") }
        let first = chosenPhysics(a)
        let second = a.value(flags.compare).flatMap { PhysicsRegistry.physics(named: $0) }
        var out = "pull\tshown\tscale\tmoved"
        if let second { out += "\tshown_\(second.name)\tscale_\(second.name)\tmoved_\(second.name)" }
        out += "\n"
        var points: [(Double, Double)] = [], otherPoints: [(Double, Double)] = []
        for pull in pulls {
            let e = edgeAnswer(first, pull: pull, height: height)
            out += "\(fmt(pull))\t\(fmt(e.shown))\t\(String(format: "%.6f", e.scale))\t\(fmt(e.moved))"
            points.append((pull, e.moved))
            if let second {
                let o = edgeAnswer(second, pull: pull, height: height)
                out += "\t\(fmt(o.shown))\t\(String(format: "%.6f", o.scale))\t\(fmt(o.moved))"
                otherPoints.append((pull, o.moved))
            }
            out += "\n"
        }
        StandardStreams.output(out)
        if let plotPath {
            let title =
                second.map { "edge: \(first.name) (blue) and \($0.name) (red), viewport \(NumberText.format(height)) pt" }
                ?? "edge: \(first.name), viewport \(NumberText.format(height)) pt"
            try writePlot(
                LinePlot(
                    title: title, xLabel: "pull (pt)", yLabel: "moved (pt)",
                    series: second == nil ? [points] : [points, otherPoints]), to: plotPath)
        }
        return 0
    }
}
