import CCairo
import ScrollEngine

/// Draws a `FrameModel` display list into a cairo context. Points are scaled to pixels by
/// `scale`; the caller owns the surface.
public final class CairoRenderer {
    public let text: TextEngine
    public var lottie: (any LottieDrawing)?

    public init(text: TextEngine = TextEngine(), lottie: (any LottieDrawing)? = nil) {
        self.text = text
        self.lottie = lottie
    }

    /// Renders `frame` into `surface` and records whether every pixel is opaque.
    public func render(_ frame: FrameModel, into surface: ImageSurface, scale: Double) {
        render(frame, into: surface.context, scale: scale)
        surface.knownOpaque = frame.background.a >= 1
    }

    /// Renders `frame` into `cr`, whose surface is `frame.size × scale` pixels.
    public func render(_ frame: FrameModel, into cr: OpaquePointer, scale: Double) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        let visible = paintBackground(frame, cr, scale: scale)
        draw(frame.commands, cr: cr, visible: visible)
        cairo_restore(cr)
    }

    /// Paints `frame`'s background over everything inside the clip, then leaves `cr` drawing over
    /// it in points; returns the frame's rect (points).
    private func paintBackground(_ frame: FrameModel, _ cr: OpaquePointer, scale: Double) -> Rect {
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        set(cr, frame.background)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, scale, scale)
        return Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
    }

    /// Repaints only `region` (device pixels) of `cr`'s surface with `frame`, leaving every other
    /// pixel alone. Inside the region the pixels come out exactly as `render` would draw them:
    /// the same commands in the same order, clipped to whole pixels, and top-level commands whose
    /// bounds (`DirtyRegion.bounds`) miss the region are skipped.
    public func render(_ frame: FrameModel, into cr: OpaquePointer, scale: Double, region: [PixelRect]) {
        guard !region.isEmpty, scale > 0 else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        for r in region {
            cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        }
        cairo_clip(cr)
        let visible = paintBackground(frame, cr, scale: scale)
        // Each rect on its own (a strip at the bottom and a bar at the top do not make the list
        // between them dirty), grown by two device pixels: a fill thinner than a pixel is snapped
        // to a whole one, which may lie just outside its bounds.
        let m = 2.0
        let areas = region.map {
            Rect(
                x: (Double($0.x) - m) / scale, y: (Double($0.y) - m) / scale,
                width: (Double($0.width) + 2 * m) / scale, height: (Double($0.height) + 2 * m) / scale)
        }
        for c in frame.commands {
            switch DirtyRegion.bounds(of: c) {
            case .none: continue
            case let .rect(r) where !areas.contains(where: { r.intersects($0) }): continue
            default: draw(c, cr: cr, visible: visible, areas: areas)
            }
        }
        cairo_restore(cr)
    }

    /// Draws `command` as `draw(_:cr:visible:)` does, but inside a plain group (opacity 1, scale 1)
    /// skips the children whose bounds miss every one of `areas` (points, `command`'s space):
    /// they cannot touch a pixel of the clipped region.
    private func draw(_ command: DrawCommand, cr: OpaquePointer, visible: Rect, areas: [Rect]) {
        guard case let .group(opacity, translate, scale, _, clip, children) = command, opacity == 1, scale == 1 else {
            draw(command, cr: cr, visible: visible)
            return
        }
        cairo_save(cr)
        cairo_translate(cr, translate.x, translate.y)
        if let clip {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        let inner = areas.map { Rect(x: $0.x - translate.x, y: $0.y - translate.y, width: $0.width, height: $0.height) }
        for c in children {
            switch DirtyRegion.bounds(of: c) {
            case .none: continue
            case let .rect(r) where !inner.contains(where: { r.intersects($0) }): continue
            default: draw(c, cr: cr, visible: nil)
            }
        }
        cairo_restore(cr)
    }

    private func set(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
    }

    private func draw(_ commands: [DrawCommand], cr: OpaquePointer, visible: Rect?) {
        for c in commands { draw(c, cr: cr, visible: visible) }
    }

    private func draw(_ command: DrawCommand, cr: OpaquePointer, visible: Rect?) {
        switch command {
        case let .fill(rect, color, radius):
            if let visible, !rect.intersects(visible) { return }
            set(cr, color)
            if radius > 0 {
                roundedRect(cr, rect, radius)
                cairo_fill(cr)
            } else {
                fillSnapped(cr, rect)
            }
        case let .text(s, rect, style):
            if let visible, !rect.intersects(visible) { return }
            text.draw(s, in: rect, style: style, cr: cr)
        case let .line(from, to, color, width):
            set(cr, color)
            cairo_set_line_width(cr, width)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        case let .capsule(from, to, color, width):
            guard color.a > 0 else { return }
            cairo_save(cr)
            set(cr, color)
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_new_path(cr)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
            cairo_restore(cr)
        case let .arc(a):
            guard a.endAngle != a.startAngle, a.color.a > 0 else { return }
            set(cr, a.color)
            cairo_set_line_width(cr, a.lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_new_path(cr)
            if a.endAngle > a.startAngle {
                cairo_arc(cr, a.center.x, a.center.y, a.radius, a.startAngle, a.endAngle)
            } else {
                cairo_arc_negative(cr, a.center.x, a.center.y, a.radius, a.startAngle, a.endAngle)
            }
            cairo_stroke(cr)
        case let .lottie(f):
            if lottie?.draw(f, cr: cr) != true {
                draw(lottie?.fallback(for: f) ?? f.fallback, cr: cr, visible: visible)
            }
        case let .group(opacity, translate, scale, anchor, clip, children):
            guard opacity > 0, scale > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, translate.x, translate.y)
            if scale != 1 {
                cairo_translate(cr, anchor.x, anchor.y)
                cairo_scale(cr, scale, scale)
                cairo_translate(cr, -anchor.x, -anchor.y)
            }
            if let clip {
                cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
                cairo_clip(cr)
            }
            if opacity < 1 {
                cairo_push_group(cr)
                draw(children, cr: cr, visible: nil)
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, opacity)
            } else {
                draw(children, cr: cr, visible: nil)
            }
            cairo_restore(cr)
        case let .polygon(points, color):
            guard color.a > 0, let first = points.first else { return }
            set(cr, color)
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
            cairo_fill(cr)
        case let .stretch(scaleY, anchorY, children):
            guard scaleY > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, 0, anchorY)
            cairo_scale(cr, 1, scaleY)
            cairo_translate(cr, 0, -anchorY)
            draw(children, cr: cr, visible: nil)
            cairo_restore(cr)
        }
    }

    /// Fills an axis-aligned rectangle with its edges moved to whole device pixels (at least one
    /// pixel thick), as UIKit aligns views to the pixel grid. Whole-pixel edges keep cairo on its
    /// solid-span fast path; fractional edges force per-pixel coverage blending on every row and
    /// column they cross, which cost more than the rest of a list frame together.
    private func fillSnapped(_ cr: OpaquePointer, _ rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        var x0 = rect.x, y0 = rect.y, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        x0 = x0.rounded(); y0 = y0.rounded(); x1 = x1.rounded(); y1 = y1.rounded()
        if x1 - x0 < 1 { x1 = x0 + 1 }
        if y1 - y0 < 1 { y1 = y0 + 1 }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    private func roundedRect(_ cr: OpaquePointer, _ r: Rect, _ radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        let halfPi = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.y + rad, rad, -halfPi, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, halfPi)
        cairo_arc(cr, r.x + rad, r.maxY - rad, rad, halfPi, 2 * halfPi)
        cairo_arc(cr, r.x + rad, r.y + rad, rad, 2 * halfPi, 3 * halfPi)
        cairo_close_path(cr)
    }
}
