import Scenes
import ScrollEngine

/// The input a live session received, kept for `overscroll run --capture FILE.json`: every
/// event the window fed the session with its session time (seconds since the window opened),
/// plus the scene, the window size and scale, the frame rate and the scene options, turned into
/// a scenario that `overscroll record` replays.
///
/// Timing: events keep their exact session times, so the replay handles each one at the same
/// second as the window did. What differs is when frames are drawn: the window draws at its own
/// pump times (after vsync, only when something changed), the recorder at i/fps. At a frame time
/// both share, the session state is the same; the window's frames in between are not resampled.
/// A refresh action runs on the real clock live and on the virtual clock in the replay, so its
/// end may land up to one window frame apart.
public struct CaptureLog: Sendable {
    /// The scenario header: scene, size (points), scale (pixels per point), fps and options.
    public private(set) var base: Scenario
    /// Captured events in arrival order, times in seconds.
    public private(set) var events: [TimedEvent] = []

    /// Starts a log for a session showing `scene` with `options` (its `size` is the window's
    /// size in points) drawn at `scale` pixels per point, presenting `fps` frames per second.
    public init(scene: String, options: SceneOptions, scale: Double = 1, fps: Double = 60) {
        var s = Scenario()
        s.scene = scene
        s.size = options.size
        s.options = options
        s.options.indicator.lottie = nil
        s.duration = 0
        base = s
        describeDisplay(scale: scale, fps: fps)
    }

    /// Names the feel file the session ran with (`run --feel`, an absolute path): the captured
    /// scenario reads it (`"feel"`), as it is when the scenario is recorded.
    public mutating func nameFeel(_ path: String) { base.feel = path }

    /// Sets the scale (pixels per point) and frame rate (frames per second) once the window
    /// knows them; both are clamped to the scenario's ranges.
    public mutating func describeDisplay(scale: Double, fps: Double) {
        base.scale = min(ScenarioParser.maxScale, max(0.25, scale.isFinite ? scale : 1))
        base.fps = min(ScenarioParser.maxFPS, max(1, fps.isFinite ? fps : 60))
    }

    /// Records one event at session time `t` (seconds). Events with no scenario form (window
    /// close) and non-finite ones are left out; times never go backwards.
    public mutating func record(_ event: InputEvent, at t: Double) {
        guard event.isSane, t.isFinite else { return }
        let at = max(0, t, events.last?.at ?? 0)
        let side = ScenarioParser.maxSide
        func clamp(_ p: Point) -> Point { Point(min(side, max(-side, p.x)), min(side, max(-side, p.y))) }
        let kind: TimedEvent.Kind
        switch event {
        case let .pointerDown(p): kind = .down(clamp(p))
        case let .pointerMove(p): kind = .move(clamp(p))
        case let .pointerUp(p): kind = .up(clamp(p))
        case let .wheel(dy, precise, source): kind = .wheel(dy: dy, precise: precise, source: source)
        case let .touchpad(signal): kind = .touchpad(signal)
        case let .key(k, m): kind = .key(k, m)
        case let .resize(s): kind = .resize(Size(min(side, s.width), min(side, s.height)))
        case let .setPage(n): kind = .page(n)
        case .quit: return
        }
        events.append(TimedEvent(at: at, kind: kind))
    }

    /// The scenario of the session that ended at `end` (seconds): it lasts until then (at least
    /// until the last event), capped at `ScenarioParser.maxDuration`.
    public func scenario(endingAt end: Double) -> Scenario {
        var s = base
        let last = events.last?.at ?? 0
        s.duration = min(ScenarioParser.maxDuration, max(last, end.isFinite ? end : last))
        s.events = events.filter { $0.at <= s.duration }
        return s
    }

    /// The scenario as JSON text (see `ScenarioWriter`).
    public func json(endingAt end: Double) -> String {
        ScenarioWriter.json(scenario(endingAt: end))
    }
}
