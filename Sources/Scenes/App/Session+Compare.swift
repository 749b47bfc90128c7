import ScrollEngine

/// `run --compare` and `record --compare` (docs/BEHAVIOUR.md, "Comparing two physics"): the
/// window split into two panes of the same scene, the left under the session's physics, the
/// right under `options.compare` (`comparison`). One input drives both: a pointer's position
/// is taken relative to the pane it is in and given to both panes at that place; wheel, keys and
/// resizes go to both. Each pane is labelled with its physics and draws its own debug overlay.
extension Session {
    /// A pane of a window `window` points large: half its width (whole points), its height.
    static func paneSize(of window: Size) -> Size {
        Size(max(1, (window.width / 2).rounded(.down)), window.height)
    }

    /// Where the right-hand pane starts (its left edge, points from the window's).
    var rightPaneX: Double { windowSize.width - Self.paneSize(of: windowSize).width }

    /// `p` relative to the pane it falls in.
    func paneRelative(_ p: Point) -> Point {
        let pane = Self.paneSize(of: windowSize).width
        let x = p.x >= rightPaneX ? p.x - rightPaneX : p.x
        return Point(min(x, pane), p.y)
    }

    /// The event each pane gets for the window's `event`.
    func paneEvent(_ event: InputEvent) -> InputEvent {
        switch event {
        case let .pointerDown(p): return .pointerDown(paneRelative(p))
        case let .pointerMove(p): return .pointerMove(paneRelative(p))
        case let .pointerUp(p): return .pointerUp(paneRelative(p))
        case let .resize(s): return .resize(Self.paneSize(of: s))
        default: return event
        }
    }

    func handleCompared(_ event: InputEvent, at t: Double, _ c: Session) {
        if case let .resize(s) = event { windowSize = s }
        let e = paneEvent(event)
        handleOwn(e, at: t)
        c.handleOwn(e, at: t)
        if c.quitRequested { quit() }
    }

    /// Both panes side by side, a divider between them, each labelled with its physics.
    func comparedFrame(_ c: Session) -> FrameModel {
        let left = paneFrame(), right = c.paneFrame()
        let pane = Self.paneSize(of: windowSize), x = rightPaneX
        let clip = Rect(x: 0, y: 0, width: pane.width, height: pane.height)
        var commands: [DrawCommand] = [
            .group(opacity: 1, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: clip, left.commands),
            .fill(Rect(x: x, y: 0, width: pane.width, height: pane.height), right.background, cornerRadius: 0),
            .group(opacity: 1, translate: Point(x, 0), scale: 1, anchor: Point(0, 0), clip: clip, right.commands),
            .fill(
                Rect(x: pane.width - 1, y: 0, width: 1 + x - pane.width, height: pane.height), options.theme.separator.withAlpha(1),
                cornerRadius: 0)
        ]
        commands += Self.label(options.profile.name, paneX: 0, pane: pane, theme: options.theme)
        commands += Self.label(c.options.profile.name, paneX: x, pane: pane, theme: options.theme)
        return FrameModel(size: windowSize, background: left.background, commands: commands)
    }

    /// A pane's label: its physics' name in a small pill in the pane's top right corner, over the
    /// status area where no scene puts content (at the bottom it covered the pager card's subtitle).
    static func label(_ name: String, paneX: Double, pane: Size, theme: Theme) -> [DrawCommand] {
        let width = min(pane.width - 16, max(56, Double(name.count) * 8 + 20)), height = 20.0
        let r = Rect(x: paneX + pane.width - width - labelInset, y: labelInset, width: width, height: height)
        return [
            .fill(r, theme.overlayText.withAlpha(0.72), cornerRadius: height / 2),
            .text(name, r, TextStyle(size: 12, weight: .semibold, color: theme.overlayBackground, alignment: .center))
        ]
    }

    /// The label's distance from the pane's top and right edges (pt).
    static let labelInset = 6.0

    /// The right-hand pane's trace fields, named `compare.FIELD`, after the feel of each pane.
    func comparedTraceFields(_ c: Session) -> TraceFields {
        [("physics", .string(options.profile.name)), ("compare", .string(c.options.profile.name))]
            + c.paneTraceFields().filter { $0.0 != "scene" }.map { ("compare.\($0.0)", $0.1) }
    }
}
