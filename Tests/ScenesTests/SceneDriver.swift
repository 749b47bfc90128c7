@testable import ScrollEngine
@testable import Scenes

/// Drives a scene on a virtual time line at a fixed frame rate, the way a scenario does: events
/// go to `handle` at the current time, and every frame calls `advance`.
final class SceneDriver {
    let scene: any Scene
    let fps: Double
    private(set) var t: Double

    init(_ scene: any Scene, fps: Double = 60, start: Double = 0) {
        self.scene = scene
        self.fps = fps
        self.t = start
        scene.advance(to: start)
    }

    var frameInterval: Double { 1 / fps }

    func send(_ event: InputEvent) { scene.handle(event, at: t) }

    /// Advances `seconds`, one frame at a time.
    func wait(_ seconds: Double) {
        let end = t + seconds
        while t + frameInterval <= end + 1e-9 {
            t += frameInterval
            scene.advance(to: t)
        }
        if t < end {
            t = end
            scene.advance(to: t)
        }
    }

    /// A pointer drag from `fromY` to `toY` over `duration`, one move per frame; with
    /// `hold` > 0 the pointer rests before release so the release velocity is 0.
    func drag(fromY: Double, toY: Double, duration: Double, hold: Double = 0, x: Double = 100) {
        send(.pointerDown(Point(x, fromY)))
        let steps = max(1, Int((duration * fps).rounded()))
        for i in 1...steps {
            wait(duration / Double(steps))
            send(.pointerMove(Point(x, fromY + (toY - fromY) * Double(i) / Double(steps))))
        }
        if hold > 0 { wait(hold) }
        send(.pointerUp(Point(x, toY)))
    }

    /// Runs frames until the scene stops animating (or `limit` seconds pass).
    func runUntilIdle(limit: Double = 5) {
        let end = t + limit
        while scene.isAnimating && t < end { wait(frameInterval) }
    }
}

/// A measurer with fixed line heights, so layout numbers in tests are exact.
final class FixedTextMeasurer: TextMeasurer {
    var lineHeight: Double
    init(lineHeight: Double) { self.lineHeight = lineHeight }
    func measure(_ text: String, style: TextStyle, width: Double) -> Size { Size(width, lineHeight) }
}

extension FrameModel {
    /// Every command, groups flattened, with the opacity of the groups around it.
    var flattened: [(command: DrawCommand, opacity: Double)] {
        func walk(_ cs: [DrawCommand], _ o: Double, _ out: inout [(command: DrawCommand, opacity: Double)]) {
            for c in cs {
                if case let .group(op, _, _, _, _, children) = c { walk(children, o * op, &out) } else { out.append((c, o)) }
            }
        }
        var out: [(command: DrawCommand, opacity: Double)] = []
        walk(commands, 1, &out)
        return out
    }

    /// Texts drawn, with their boxes and the opacity they are drawn with.
    var texts: [(text: String, rect: Rect, opacity: Double)] {
        flattened.compactMap { item in
            if case let .text(s, r, _) = item.command { return (s, r, item.opacity) }
            return nil
        }
    }

    var fills: [(rect: Rect, color: Color, cornerRadius: Double)] {
        flattened.compactMap { item in
            if case let .fill(r, c, radius) = item.command { return (r, c, radius) }
            return nil
        }
    }
}

extension Scene {
    func traceValue(_ key: String) -> TraceValue? { trace().first { $0.0 == key }?.1 }
}
