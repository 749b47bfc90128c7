/// A frame that scrolled by whole device pixels: most of its pixels are the kept frame's, moved.
///
/// `ScrollShift.between` finds, between the list on screen and the next, a top-level clipped
/// group (a scroll view's viewport) whose children are the old children moved vertically by the
/// same amount, and that amount a whole number of device pixels. Then the window copies the
/// pixels that moved (`copy`: `source` rows to `source + dy`) and repaints only `repaint`: the
/// strip that came into view, the rects of commands that entered or left, of everything outside
/// the group that covers the moved pixels (fixed elements: the navigation bar, an indicator, an
/// overlay), and of what changed outside the group.
///
/// Exactness: cairo draws a command moved by whole device pixels as the same pixels moved (fills
/// are snapped to whole pixels, glyph positions quantised within the pixel, paths in fixed
/// point), so a pixel copied from where a command drew before equals drawing it anew. A shift by
/// a fraction of a pixel antialiases differently and is never copied: a fling whose offset moves
/// by fractions of a pixel per frame is repainted as before (`DirtyRegion`).
public struct ScrollShift: Sendable, Equatable {
    /// The device pixels moved: each row of `copy` comes from `dy` rows above it (below when negative).
    public var copy: PixelRect
    /// Device pixels the content moved down (negative: up).
    public var dy: Int
    /// Rects to repaint after the copy (merged, inside the canvas).
    public var repaint: [PixelRect]

    /// Commands moved by at most this much off the shift (points) still count as moved by it.
    static let epsilon = 1e-7
    /// Old commands searched ahead for a match of each new one.
    static let lookahead = 24

    /// The shift from `old` to `new` at `scale` pixels per point, or nil when the frame did not
    /// scroll by whole device pixels (then repaint the `DirtyRegion`).
    public static func between(_ old: FrameModel?, _ new: FrameModel, scale: Double, canvas: PixelRect) -> ScrollShift? {
        guard let old, old.size == new.size, old.background == new.background, old.commands.count == new.commands.count,
            scale > 0, !canvas.isEmpty
        else { return nil }
        // The scrolling group: same attributes in both lists, unit scale and opacity, a clip, children that differ.
        var best: (index: Int, area: Double)?
        for i in new.commands.indices {
            guard case let .group(o1, t1, s1, a1, c1?, ch1) = old.commands[i],
                case let .group(o2, t2, s2, a2, c2?, ch2) = new.commands[i],
                o1 == 1, o2 == 1, s1 == 1, s2 == 1, t1 == t2, a1 == a2, c1 == c2, ch1 != ch2
            else { continue }
            let area = c1.width * c1.height
            if area > (best?.area ?? 0) { best = (i, area) }
        }
        guard let g = best?.index, case let .group(_, translate, _, _, clip?, oldChildren) = old.commands[g],
            case let .group(_, _, _, _, _, newChildren) = new.commands[g],
            let match = match(oldChildren, newChildren, scale: scale)
        else { return nil }
        let dy = match.dyPixels
        // The clip in device pixels: `inner` holds only whole pixels (copied), `outer` every pixel it touches.
        let cx0 = (clip.x + translate.x) * scale, cy0 = (clip.y + translate.y) * scale
        let cx1 = (clip.maxX + translate.x) * scale, cy1 = (clip.maxY + translate.y) * scale
        guard cx0.isFinite, cy0.isFinite, cx1.isFinite, cy1.isFinite else { return nil }
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1e6), 1e6)) }
        let inner = PixelRect(
            x: clamp(cx0.rounded(.up)), y: clamp(cy0.rounded(.up)),
            width: clamp(cx1.rounded(.down)) - clamp(cx0.rounded(.up)),
            height: clamp(cy1.rounded(.down)) - clamp(cy0.rounded(.up))
        ).intersection(canvas)
        let outer = PixelRect(
            x: clamp(cx0.rounded(.down)), y: clamp(cy0.rounded(.down)),
            width: clamp(cx1.rounded(.up)) - clamp(cx0.rounded(.down)),
            height: clamp(cy1.rounded(.up)) - clamp(cy0.rounded(.down))
        ).intersection(canvas)
        let moved = PixelRect(x: inner.x, y: inner.y + dy, width: inner.width, height: inner.height)
        let copy = inner.intersection(moved)
        guard !copy.isEmpty else { return nil }
        var repaint = outer.subtracting(copy)
        func add(_ b: DirtyRegion.Bounds, shift: Double = 0, within area: PixelRect?) {
            switch b {
            case .none: return
            case .infinite: repaint.append(area ?? canvas)
            case let .rect(r):
                let rects = DirtyRegion.pixels(
                    [Rect(x: r.x, y: r.y + shift, width: r.width, height: r.height)], scale: scale, canvas: canvas)
                for p in rects {
                    let q = area.map { p.intersection($0) } ?? p
                    if !q.isEmpty { repaint.append(q) }
                }
            }
        }
        // Children that entered or left: where they draw now, and where their old pixels were copied to.
        let inGroup = DirtyRegion.Transform.identity.group(translate: translate, scale: 1, anchor: Point(0, 0))
        for c in match.unmatchedNew { add(DirtyRegion.bounds(of: c).transformed(inGroup), within: copy) }
        for c in match.unmatchedOld { add(DirtyRegion.bounds(of: c).transformed(inGroup), shift: match.dyPoints, within: copy) }
        // Everything outside the group: repainted where it covers the moved pixels (before and
        // after the move), and where it changed.
        for i in new.commands.indices where i != g {
            let b1 = DirtyRegion.bounds(of: old.commands[i]), b2 = DirtyRegion.bounds(of: new.commands[i])
            add(b2, within: copy)
            add(b1, shift: match.dyPoints, within: copy)
            if old.commands[i] != new.commands[i] {
                var a = old, b = new
                a.commands = [old.commands[i]]; b.commands = [new.commands[i]]
                repaint += DirtyRegion.between(a, b, scale: scale, canvas: canvas)
            }
        }
        let merged = DirtyRegion.merged(repaint.filter { !$0.isEmpty })
        // Not worth it when the repaint covers the moved pixels anyway (a merged box, a fill under the list).
        guard !merged.contains(where: { $0.contains(copy) }) else { return nil }
        return ScrollShift(copy: copy, dy: dy, repaint: merged)
    }

    struct Match {
        var dyPoints: Double
        var dyPixels: Int
        var unmatchedOld: [DrawCommand] = []
        var unmatchedNew: [DrawCommand] = []
    }

    /// Pairs `new`'s commands, in order, with `old`'s moved by one vertical shift of whole device
    /// pixels; nil when there is none or fewer than half of the new commands are moved old ones.
    static func match(_ old: [DrawCommand], _ new: [DrawCommand], scale: Double) -> Match? {
        guard let dy = candidateShift(old, new) else { return nil }
        let px = dy * scale
        guard px.isFinite, abs(px) < 1e6, abs(px - px.rounded()) < epsilon * scale, px.rounded() != 0 else { return nil }
        var m = Match(dyPoints: dy, dyPixels: Int(px.rounded()))
        var i = 0
        var matched = 0
        for c in new {
            var found: Int?
            var k = i
            while k < old.count && k < i + lookahead {
                if moved(old[k], by: dy, equals: c) { found = k; break }
                k += 1
            }
            if let f = found {
                m.unmatchedOld += old[i..<f]
                i = f + 1
                matched += 1
            } else {
                m.unmatchedNew.append(c)
            }
        }
        m.unmatchedOld += old[i...]
        guard matched * 2 >= new.count, matched > 0 else { return nil }
        return m
    }

    /// The vertical move of the first new text that is an old text moved (same string, style, x, size).
    static func candidateShift(_ old: [DrawCommand], _ new: [DrawCommand]) -> Double? {
        for c in new.prefix(lookahead) {
            guard case let .text(s, r, st) = c else { continue }
            for o in old {
                if case let .text(s0, r0, st0) = o, s0 == s, st0 == st, r0.x == r.x, r0.width == r.width, r0.height == r.height {
                    let d = r.y - r0.y
                    return d == 0 ? nil : d
                }
            }
        }
        return nil
    }

    /// True when `a` moved down by `dy` points is `b` (up to `epsilon`).
    static func moved(_ a: DrawCommand, by dy: Double, equals b: DrawCommand) -> Bool {
        func near(_ y0: Double, _ y1: Double) -> Bool { abs(y0 + dy - y1) <= epsilon }
        func near(_ p: Point, _ q: Point) -> Bool { p.x == q.x && near(p.y, q.y) }
        func near(_ r: Rect, _ s: Rect) -> Bool { r.x == s.x && r.width == s.width && r.height == s.height && near(r.y, s.y) }
        switch (a, b) {
        case let (.fill(r1, c1, k1), .fill(r2, c2, k2)):
            return c1 == c2 && k1 == k2 && near(r1, r2)
        case let (.text(s1, r1, st1), .text(s2, r2, st2)):
            return s1 == s2 && st1 == st2 && near(r1, r2)
        case let (.line(f1, t1, c1, w1), .line(f2, t2, c2, w2)), let (.capsule(f1, t1, c1, w1), .capsule(f2, t2, c2, w2)):
            return c1 == c2 && w1 == w2 && near(f1, f2) && near(t1, t2)
        case let (.polygon(p1, c1), .polygon(p2, c2)):
            return c1 == c2 && p1.count == p2.count && zip(p1, p2).allSatisfy { near($0, $1) }
        default:
            return false
        }
    }
}

extension PixelRect {
    /// This rect without `o`: up to four rects (above, below, left, right of the overlap).
    func subtracting(_ o: PixelRect) -> [PixelRect] {
        let i = intersection(o)
        if i.isEmpty { return isEmpty ? [] : [self] }
        var out: [PixelRect] = []
        if i.y > y { out.append(PixelRect(x: x, y: y, width: width, height: i.y - y)) }
        if i.maxY < maxY { out.append(PixelRect(x: x, y: i.maxY, width: width, height: maxY - i.maxY)) }
        if i.x > x { out.append(PixelRect(x: x, y: i.y, width: i.x - x, height: i.height)) }
        if i.maxX < maxX { out.append(PixelRect(x: i.maxX, y: i.y, width: maxX - i.maxX, height: i.height)) }
        return out
    }
}
