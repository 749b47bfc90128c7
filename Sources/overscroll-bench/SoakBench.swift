import Foundation
import Rendering
import Scenes
import ScrollEngine
import Support

/// Long random input against the `coordinator` scene on a virtual clock: drags, wheel bursts,
/// resizes and keys (refreshes included) for many simulated minutes, every frame built and every
/// tenth drawn, with the resident set size sampled along the way. After a warm-up the RSS must
/// not grow, and the coordinator must never show an offset other than the one it holds.
@MainActor
enum SoakBench {
    struct Result {
        var simulatedSeconds: Double
        var frames: Int
        var events: Int
        var refreshes: Int
        /// (simulated seconds, RSS MB) samples.
        var rss: [(Double, Double)]
        var lockViolations: Int
        var wallSeconds: Double
        /// RSS growth from the end of the warm-up (first quarter) to the end, MB.
        var growthMB: Double
    }

    static let fps = 60.0
    /// Frames between two drawn frames.
    static let drawEvery = 10
    /// RSS samples taken over the run.
    static let samples = 20

    static func run(quick: Bool) throws -> Result {
        let minutes = quick ? 10.0 : 180.0
        var options = SceneOptions()
        options.size = Size(390, 844)
        options.rows = 10_000
        options.refresh.duration = 0.6
        options.refresh.timeout = 2
        let renderer = CairoRenderer()
        let session = try Session(scene: "coordinator", options: options, textMeasurer: renderer.text, runtime: .virtual())
        guard let scene = session.scene as? CoordinatorScene else { throw BenchError("soak: no coordinator scene") }
        let surface = try ImageSurface(width: 390, height: 1000)
        var rng = SplitMix64(state: 2026)
        let frames = Int(minutes * 60 * fps)
        var nextEventFrame = 0
        var events = 0, violations = 0
        var rss: [(Double, Double)] = []
        let t0 = Date()
        var pending: [(Double, InputEvent)] = []
        for i in 0..<frames {
            let t = Double(i) / fps
            if i >= nextEventFrame {
                pending += gesture(at: t, rng: &rng, size: scene.size)
                nextEventFrame = i + Int.random(in: 3...90, using: &rng)
            }
            while let first = pending.first, first.0 <= t {
                session.advance(to: first.0)
                session.handle(first.1, at: first.0)
                pending.removeFirst()
                events += 1
            }
            session.advance(to: t)
            if scene.coordinator.state == .refreshing, scene.scrollView.contentOffset != scene.coordinator.heldOffset(at: t) {
                violations += 1
            }
            let model = session.frame()
            _ = session.traceFields()
            if i % drawEvery == 0 {
                renderer.render(model, into: surface.context, scale: 1)
            }
            if i % (frames / samples) == 0 || i == frames - 1 {
                rss.append((t, Double(ProcStatus.rssKiB ?? 0) / 1024))
                Log.progress("soak: \(Int(t / 60)) of \(Int(minutes)) simulated minutes, RSS \(Report.f(rss.last!.1, 1)) MB")
            }
        }
        let warm = rss[rss.count / 4].1
        return Result(
            simulatedSeconds: minutes * 60, frames: frames, events: events, refreshes: scene.coordinator.refreshes,
            rss: rss, lockViolations: violations, wallSeconds: Date().timeIntervalSince(t0),
            growthMB: (rss.last?.1 ?? warm) - warm)
    }

    /// One random gesture starting at `t`: a drag (mostly pulls from near the top), a wheel
    /// burst, a resize or a key.
    static func gesture(at t: Double, rng: inout SplitMix64, size: Size) -> [(Double, InputEvent)] {
        var out: [(Double, InputEvent)] = []
        var time = t
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...4:
            let x = Double.random(in: 20...(size.width - 20), using: &rng)
            var y = Double.random(in: 40...(size.height * 0.6), using: &rng)
            out.append((time, .pointerDown(Point(x, y))))
            for _ in 0..<Int.random(in: 2...25, using: &rng) {
                time += Double.random(in: 0.008...0.03, using: &rng)
                y += Double.random(in: -30...45, using: &rng)
                out.append((time, .pointerMove(Point(x, y))))
            }
            out.append((time + 0.01, .pointerUp(Point(x, y))))
        case 5...6:
            let precise = Bool.random(using: &rng)
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                out.append(
                    (
                        time,
                        .wheel(
                            dy: precise ? Double.random(in: -4...4, using: &rng) : Double(Int.random(in: -2...3, using: &rng)),
                            precise: precise)
                    ))
                time += Double.random(in: 0.01...0.05, using: &rng)
            }
        case 7:
            out.append((time, .resize(Size(size.width, Double.random(in: 400...1000, using: &rng)))))
        default:
            let keys: [Key] = [.f5, .escape, .end, .home, .pageDown, .up]
            out.append((time, .key(keys.randomElement(using: &rng)!, [])))
        }
        return out
    }
}
