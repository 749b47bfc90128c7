@testable import ScrollEngine
@testable import Scenes

/// Drives a session frame by frame on a virtual clock, awaiting refresh actions before each
/// frame as the recorder does, so results of scripted actions arrive in tests.
final class SessionDriver {
    let session: Session
    let fps = 60.0
    private(set) var t = 0.0

    init(
        _ scene: String, _ configure: (inout SceneOptions) -> Void = { _ in },
        measurer: any TextMeasurer = ApproximateTextMeasurer()
    ) throws {
        var o = SceneOptions()
        configure(&o)
        session = try Session(scene: scene, options: o, textMeasurer: measurer)
        session.advance(to: 0)
    }

    var scene: any Scene { session.scene }
    func frame() -> FrameModel { session.frame() }
    func send(_ event: InputEvent) { session.handle(event, at: t) }

    func wait(_ seconds: Double) async {
        let end = t + seconds - 1e-9
        while t < end {
            t += 1 / fps
            await session.settle(to: t)
        }
    }

    /// A pointer drag from `fromY` to `toY` over `duration`, one move per frame; `hold` rests the
    /// finger before release; `release` false leaves the finger down.
    func drag(fromY: Double, toY: Double, duration: Double, hold: Double = 0, release: Bool = true) async {
        send(.pointerDown(Point(200, fromY)))
        let steps = max(1, Int((duration * fps).rounded()))
        for i in 1...steps {
            await wait(1 / fps)
            send(.pointerMove(Point(200, fromY + (toY - fromY) * Double(i) / Double(steps))))
        }
        if hold > 0 { await wait(hold) }
        if release { send(.pointerUp(Point(200, toY))) }
    }
}

/// One drawn element of a display list, in window coordinates, with what of it is visible
/// (its rect clipped by every enclosing group's clip) and its effective opacity.
struct PlacedCommand {
    var command: DrawCommand
    var rect: Rect?
    var visible: Rect?
    var opacity: Double

    var text: String? { if case let .text(s, _, _) = command { return s } else { return nil } }
    var textStyle: TextStyle? { if case let .text(_, _, st) = command { return st } else { return nil } }
}

func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
    return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
}

/// Flattens groups (translation, clip, opacity) into window coordinates; visible rects are also
/// clipped to the frame.
func placed(_ frame: FrameModel) -> [PlacedCommand] {
    var out: [PlacedCommand] = []
    func walk(_ cmds: [DrawCommand], dx: Double, dy: Double, clip: Rect?, opacity: Double) {
        for c in cmds {
            var rect: Rect?
            switch c {
            case let .fill(r, _, _), let .text(_, r, _): rect = Rect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height)
            case let .group(o, t, _, _, gc, children):
                var inner = clip
                if let gc {
                    let g = Rect(x: gc.x + dx + t.x, y: gc.y + dy + t.y, width: gc.width, height: gc.height)
                    inner = inner.map { intersection($0, g) ?? Rect(x: 0, y: 0, width: 0, height: 0) } ?? g
                }
                walk(children, dx: dx + t.x, dy: dy + t.y, clip: inner, opacity: opacity * o)
                continue
            default: break
            }
            let bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
            var visible = rect.flatMap { intersection($0, bounds) }
            if let v = visible, let clip { visible = intersection(v, clip) }
            out.append(PlacedCommand(command: c, rect: rect, visible: visible, opacity: opacity))
        }
    }
    walk(frame.commands, dx: 0, dy: 0, clip: nil, opacity: 1)
    return out
}
