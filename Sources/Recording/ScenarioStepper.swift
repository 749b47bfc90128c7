import Rendering
import Scenes
import ScrollEngine

/// A recording that cannot be made as specified where goldens are made: a Lottie file that fails
/// to load, or a Lottie frame that misses `--lottie-timeout`. One line naming the file.
public struct StrictRecordingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Recorder {
    /// Runs the scenario through its timeline (every grid frame and every snapshot instant, in
    /// time order) and calls `visit` at each instant. Pixels are drawn only where `render` says
    /// so; `visit` then gets the surface (nil otherwise).
    public func step(
        _ scenario: Scenario, render: (ScenarioTimeline.Instant) -> Bool,
        visit: @MainActor (ScenarioTimeline.Instant, Session, ImageSurface?) async throws -> Void
    ) async throws {
        var options = scenario.options
        if let timeout = lottieTimeout {
            do {
                try IndicatorSetup.resolveStrict(
                    &options.indicator, prefersLottie: SceneCatalog.prefersLottie(scenario.scene),
                    renderer: renderer, lottieTimeout: timeout, report: report)
            } catch {
                throw StrictRecordingError(error.message)
            }
        } else {
            IndicatorSetup.resolve(
                &options.indicator, prefersLottie: SceneCatalog.prefersLottie(scenario.scene),
                renderer: renderer, report: report)
        }
        let session = try Session(scene: scenario.scene, options: options, textMeasurer: renderer.text, runtime: .virtual())
        if scenario.tuningPanel {
            let panel = TuningPanel(feel: scenario.feelValues ?? Feel())
            session.panel = { size, theme in panel.commands(size: size, theme: theme) }
        }
        // Taken as the clock reaches them: a long drag is never held whole.
        var events = scenario.primitiveEvents()
        var surface: ImageSurface?
        for instant in ScenarioTimeline(scenario).instants {
            let t = instant.t
            while let te = events.nextTime, te <= t, let (_, e) = events.next() {
                await session.settle(to: te)
                session.handle(e, at: te)
            }
            await session.settle(to: t)
            var drawn: ImageSurface?
            if render(instant) {
                let model = session.frame()
                let w = Int((model.size.width * scenario.scale).rounded()), h = Int((model.size.height * scenario.scale).rounded())
                let target: ImageSurface
                if let surface, surface.width == w, surface.height == h {
                    target = surface
                } else {
                    target = try ImageSurface(width: w, height: h)
                    surface = target
                }
                renderer.render(model, into: target, scale: scenario.scale)
                if let failure = renderer.lottie?.strictFailure {
                    throw StrictRecordingError(failure + " at t = \(t) s")
                }
                drawn = surface
            }
            try await visit(instant, session, drawn)
        }
    }
}
