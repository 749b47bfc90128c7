import Recording
import Scenes
import ScrollEngine

/// The scripted fling of the `list` scene: a 600 pt upward drag over 0.1 s (≈ 6000 pt/s) starting
/// at 0.1 s, released, then decelerating, sampled at 60 fps. It travels ≈ 3600 pt, short of the end
/// of a 100-row list at either size, so the 1e2 and 1e7 cases show the same rows moving the same
/// way and differ only in the row count.
final class ListFling {
    let session: Session
    let frameCase: FrameCase
    let fps = 60.0
    let frameCount: Int
    private let events: [(t: Double, event: InputEvent)]
    private var next = 0

    /// `seconds` of fling (frames = seconds·fps + 1).
    init(_ c: FrameCase, seconds: Double, textMeasurer: any TextMeasurer) throws {
        frameCase = c
        var scenario = Scenario()
        scenario.scene = "list"
        scenario.size = Size(c.width, c.height)
        scenario.scale = c.scale
        scenario.fps = fps
        scenario.duration = seconds
        scenario.options.size = scenario.size
        scenario.options.rows = c.rows
        let x = c.width / 2, y0 = c.height * 0.8
        scenario.events = [TimedEvent(at: 0.1, kind: .drag(from: Point(x, y0), to: Point(x, y0 - 600), duration: 0.1))]
        frameCount = scenario.frameCount
        events = scenario.expandedEvents()
        session = try Session(scene: "list", options: scenario.options, textMeasurer: textMeasurer, runtime: .virtual())
    }

    func time(ofFrame i: Int) -> Double { Double(i) / fps }

    /// Delivers the events up to frame `i`'s time, advances the clock and returns its display list.
    func frame(_ i: Int) -> FrameModel {
        let t = time(ofFrame: i)
        while next < events.count, events[next].t <= t {
            let (te, e) = events[next]
            session.advance(to: te)
            session.handle(e, at: te)
            next += 1
        }
        session.advance(to: t)
        return session.frame()
    }
}
