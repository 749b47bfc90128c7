/// Which device pixels can differ between two display lists: the window repaints and presents
/// only these (docs/ARCHITECTURE.md, "From an SDL event to pixels").
///
/// The lists are compared command by command at the same index (the order decides what is drawn
/// over what). Where two commands differ, both of their bounds are dirty; two groups that differ
/// only in their children are compared child by child, through the group's transform and clip.
/// Every pixel outside the result is covered by the same commands in the same order in both lists,
/// so it comes out the same. Bounds are generous (anti-aliasing, pixel snapping, text overhang):
/// a larger region costs time, never correctness.
public enum DirtyRegion {
    /// Device pixels added around every bound (anti-aliased edges, snapped fills, image filtering).
    public static let marginPixels = 2
    /// More rects than this are merged into their bounding box.
    public static let maxRects = 8

    /// The rects (inside `canvas`, merged, non-empty) whose pixels may differ when `new` replaces
    /// `old`, drawn at `scale` pixels per point. `old` nil (nothing kept) means the whole canvas.
    public static func between(_ old: FrameModel?, _ new: FrameModel, scale: Double, canvas: PixelRect) -> [PixelRect] {
        guard !canvas.isEmpty else { return [] }
        guard let old, old.size == new.size, old.background == new.background else { return [canvas] }
        var damage = Damage()
        diff(old.commands, new.commands, transform: .identity, clip: nil, into: &damage)
        if damage.everything { return [canvas] }
        return pixels(damage.rects, scale: scale, canvas: canvas)
    }

    /// The area (in points, untransformed) `command` can touch; nil when it draws nothing;
    /// `.infinite` when it cannot be bounded (text without a box height).
    public static func bounds(of command: DrawCommand) -> Bounds {
        switch command {
        case let .fill(rect, _, radius):
            if rect.width > 0 && rect.height > 0 { return .rect(rect) }
            // A square-cornered fill of no size draws nothing; a rounded one still builds a
            // (degenerate) path around its corners: the normalised box, grown by half its size.
            guard radius > 0, rect.width.isFinite, rect.height.isFinite else { return .none }
            let w = abs(rect.width), h = abs(rect.height), g = max(w, h) / 2
            return .rect(Rect(x: min(rect.x, rect.maxX) - g, y: min(rect.y, rect.maxY) - g, width: w + 2 * g, height: h + 2 * g))
        case let .text(_, rect, style):
            // Wrapped to the box width and ellipsized to its height, but at least one line is
            // shown and ink can overhang the logical box: a line above and below, a size aside.
            guard rect.width > 0, rect.height > 0 else { return .infinite }
            let m = max(style.size, 0)
            return .rect(Rect(x: rect.x - m, y: rect.y - m, width: rect.width + 2 * m, height: rect.height + 3 * m))
        case let .line(from, to, _, width), let .capsule(from, to, _, width):
            // A capsule's round caps reach half its width past its ends, as a line's square box does.
            let h = max(width, 0) / 2 + 1
            let x0 = min(from.x, to.x), y0 = min(from.y, to.y)
            return .rect(Rect(x: x0 - h, y: y0 - h, width: abs(to.x - from.x) + 2 * h, height: abs(to.y - from.y) + 2 * h))
        case let .arc(a):
            guard a.endAngle != a.startAngle, a.color.a > 0 else { return .none }
            let r = abs(a.radius) + max(a.lineWidth, 0) / 2 + 1
            return .rect(Rect(x: a.center.x - r, y: a.center.y - r, width: 2 * r, height: 2 * r))
        case let .lottie(f):
            var b = Bounds.rect(f.rect)
            for c in f.fallback { b = b.union(bounds(of: c)) }
            return b
        case let .group(opacity, translate, scale, anchor, clip, children):
            guard opacity > 0, scale > 0 else { return .none }
            var b = Bounds.none
            for c in children { b = b.union(bounds(of: c)) }
            let t = Transform.identity.group(translate: translate, scale: scale, anchor: anchor)
            return b.transformed(t).clipped(clip.map { t.apply($0) })
        case let .polygon(points, color):
            guard color.a > 0, let first = points.first else { return .none }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return .rect(Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2))
        case let .stretch(scaleY, anchorY, children):
            guard scaleY > 0 else { return .none }
            var b = Bounds.none
            for c in children { b = b.union(bounds(of: c)) }
            guard case let .rect(r) = b else { return b }
            let y0 = anchorY + (r.y - anchorY) * scaleY, y1 = anchorY + (r.maxY - anchorY) * scaleY
            return .rect(Rect(x: r.x, y: min(y0, y1), width: r.width, height: abs(y1 - y0)))
        }
    }

    /// Bounds of a command in points.
    public enum Bounds: Sendable, Equatable {
        case none
        case rect(Rect)
        case infinite

        func union(_ o: Bounds) -> Bounds {
            switch (self, o) {
            case (.infinite, _), (_, .infinite): return .infinite
            case (.none, _): return o
            case (_, .none): return self
            case let (.rect(a), .rect(b)):
                let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                return .rect(Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0))
            }
        }

        func transformed(_ t: Transform) -> Bounds {
            if case let .rect(r) = self { return .rect(t.apply(r)) }
            return self
        }

        func clipped(_ clip: Rect?) -> Bounds {
            guard let clip else { return self }
            switch self {
            case .none: return .none
            case .infinite: return .rect(clip)
            case let .rect(r):
                let x0 = max(r.x, clip.x), y0 = max(r.y, clip.y)
                let x1 = min(r.maxX, clip.maxX), y1 = min(r.maxY, clip.maxY)
                return x1 > x0 && y1 > y0 ? .rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) : .none
            }
        }
    }

    /// A group's mapping from its children's points to the frame's: uniform scale, then offset.
    struct Transform: Equatable {
        var scale: Double
        var dx: Double
        var dy: Double
        static let identity = Transform(scale: 1, dx: 0, dy: 0)

        func apply(_ p: Point) -> Point { Point(p.x * scale + dx, p.y * scale + dy) }

        func apply(_ r: Rect) -> Rect {
            let o = apply(Point(r.x, r.y))
            return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
        }

        /// The transform of a group's children (translate, then scale about `anchor`), as the
        /// renderer applies it.
        func group(translate: Point, scale s: Double, anchor: Point) -> Transform {
            let origin = apply(Point(translate.x + anchor.x - s * anchor.x, translate.y + anchor.y - s * anchor.y))
            return Transform(scale: scale * s, dx: origin.x, dy: origin.y)
        }
    }

    struct Damage {
        var rects: [Rect] = []
        var everything = false

        mutating func add(_ b: Bounds) {
            switch b {
            case .none: break
            case .infinite: everything = true
            case let .rect(r): rects.append(r)
            }
        }
    }

    private static func diff(_ a: [DrawCommand], _ b: [DrawCommand], transform: Transform, clip: Rect?, into damage: inout Damage) {
        let n = max(a.count, b.count)
        for i in 0..<n {
            if damage.everything { return }
            let x: DrawCommand? = i < a.count ? a[i] : nil
            let y: DrawCommand? = i < b.count ? b[i] : nil
            if x == y { continue }
            if case let .group(o1, t1, s1, an1, c1, ch1)? = x, case let .group(o2, t2, s2, an2, c2, ch2)? = y,
                o1 == o2, t1 == t2, s1 == s2, an1 == an2, c1 == c2
            {
                guard o1 > 0, s1 > 0 else { continue }
                let inner = transform.group(translate: t1, scale: s1, anchor: an1)
                let innerClip = intersect(clip, c1.map { inner.apply($0) })
                if let innerClip, innerClip.width <= 0 || innerClip.height <= 0 { continue }
                diff(ch1, ch2, transform: inner, clip: innerClip, into: &damage)
                continue
            }
            for c in [x, y] {
                guard let c else { continue }
                damage.add(bounds(of: c).transformed(transform).clipped(clip))
            }
        }
    }

    private static func intersect(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        return Rect(x: x0, y: y0, width: max(min(a.maxX, b.maxX) - x0, 0), height: max(min(a.maxY, b.maxY) - y0, 0))
    }

    /// Rects in points → whole device pixels with the margin, inside the canvas, merged.
    static func pixels(_ rects: [Rect], scale: Double, canvas: PixelRect) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            let x0 = r.x * scale, y0 = r.y * scale, x1 = r.maxX * scale, y1 = r.maxY * scale
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return [canvas] }
            // Clamp before converting so huge coordinates cannot overflow Int.
            func px(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
            let px0 = px((x0).rounded(.down), canvas.x - marginPixels, canvas.maxX) - marginPixels
            let py0 = px((y0).rounded(.down), canvas.y - marginPixels, canvas.maxY) - marginPixels
            let px1 = px((x1).rounded(.up), canvas.x, canvas.maxX + marginPixels) + marginPixels
            let py1 = px((y1).rounded(.up), canvas.y, canvas.maxY + marginPixels) + marginPixels
            let p = PixelRect(x: px0, y: py0, width: px1 - px0, height: py1 - py0).intersection(canvas)
            if !p.isEmpty { out.append(p) }
        }
        return merged(out)
    }

    /// Merges rects that overlap or touch until none do; more than `maxRects` become one.
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            var cur = r
            var changed = true
            while changed {
                changed = false
                if let k = out.firstIndex(where: { $0.touches(cur) }) {
                    cur = cur.union(out.remove(at: k))
                    changed = true
                }
            }
            out.append(cur)
        }
        if out.count > maxRects {
            return [out.dropFirst().reduce(out[0]) { $0.union($1) }]
        }
        return out
    }
}
