/// Whether two display lists would look the same on screen up to a fraction of a device pixel:
/// the same commands, with every edge, end point and centre within `tolerance` device pixels,
/// colours and opacities within half a level of 8 bits, and Lottie frames on the same image.
///
/// The window skips frames that look the same as the one on screen while something animates, so
/// a slow animation (the reduced-motion spinner moves ~0.1 px per frame) is repainted and
/// presented only every few frames, in steps smaller than `tolerance`. When motion stops the last
/// frame is drawn exactly.
public enum VisualEquivalence {
    /// Device pixels an edge may move without the frame being drawn again.
    public static let defaultTolerance = 0.25

    public static func looksSame(_ a: FrameModel, _ b: FrameModel, scale: Double, tolerance: Double = defaultTolerance) -> Bool {
        guard a.size == b.size, a.background == b.background, scale > 0, tolerance >= 0 else { return false }
        return same(a.commands, b.commands, points: tolerance / scale)
    }

    /// `points`: the tolerance in the commands' own points (device pixels ÷ every scale above).
    private static func same(_ a: [DrawCommand], _ b: [DrawCommand], points t: Double) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i] != b[i] {
            if !same(a[i], b[i], points: t) { return false }
        }
        return true
    }

    private static func same(_ a: DrawCommand, _ b: DrawCommand, points t: Double) -> Bool {
        switch (a, b) {
        case let (.fill(r1, c1, k1), .fill(r2, c2, k2)):
            return near(r1, r2, t) && near(c1, c2) && abs(k1 - k2) <= t
        case let (.text(s1, r1, st1), .text(s2, r2, st2)):
            // Width and height decide wrapping and ellipsizing: they must not change at all.
            return s1 == s2 && r1.width == r2.width && r1.height == r2.height
                && abs(r1.x - r2.x) <= t && abs(r1.y - r2.y) <= t
                && st1.size == st2.size && st1.weight == st2.weight && st1.alignment == st2.alignment && near(st1.color, st2.color)
        case let (.line(f1, to1, c1, w1), .line(f2, to2, c2, w2)):
            return near(f1, f2, t) && near(to1, to2, t) && near(c1, c2) && abs(w1 - w2) <= t
        case let (.arc(x), .arc(y)):
            let drawsX = x.color.a > 0 && x.endAngle != x.startAngle, drawsY = y.color.a > 0 && y.endAngle != y.startAngle
            guard drawsX, drawsY else { return drawsX == drawsY }
            // An end moves along the circle by the angle change × the radius.
            let r = max(abs(x.radius), abs(y.radius)) + max(x.lineWidth, y.lineWidth) / 2
            return near(x.center, y.center, t) && abs(x.radius - y.radius) <= t && abs(x.lineWidth - y.lineWidth) <= t
                && abs(x.startAngle - y.startAngle) * r <= t && abs(x.endAngle - y.endAngle) * r <= t
                && (x.endAngle > x.startAngle) == (y.endAngle > y.startAngle) && near(x.color, y.color)
        case let (.lottie(x), .lottie(y)):
            return x.animation == y.animation && x.frameIndex == y.frameIndex && x.tint == y.tint
                && near(x.rect, y.rect, t) && same(x.fallback, y.fallback, points: t)
        case let (.group(o1, t1, s1, a1, c1, ch1), .group(o2, t2, s2, a2, c2, ch2)):
            guard abs(o1 - o2) <= levelStep, near(t1, t2, t), a1 == a2, s1 > 0, s2 > 0 else { return false }
            if let c1, let c2 { guard near(c1, c2, t / s1) else { return false } } else if c1 != c2 { return false }
            // A scale change moves a child point p by |Δs|·|p − anchor|: allow it only when it
            // stays inside the tolerance for every child's bounds.
            if s1 != s2 {
                guard let extent = reach(ch1, from: a1), abs(s1 - s2) * extent <= t else { return false }
            }
            return same(ch1, ch2, points: t / s1)
        default:
            return false
        }
    }

    /// Half a level of an 8-bit channel.
    static let levelStep = 0.5 / 255

    private static func near(_ a: Color, _ b: Color) -> Bool {
        abs(a.r - b.r) <= levelStep && abs(a.g - b.g) <= levelStep && abs(a.b - b.b) <= levelStep && abs(a.a - b.a) <= levelStep
    }

    private static func near(_ a: Point, _ b: Point, _ t: Double) -> Bool { abs(a.x - b.x) <= t && abs(a.y - b.y) <= t }

    private static func near(_ a: Rect, _ b: Rect, _ t: Double) -> Bool {
        abs(a.x - b.x) <= t && abs(a.y - b.y) <= t && abs(a.maxX - b.maxX) <= t && abs(a.maxY - b.maxY) <= t
    }

    /// The farthest any child can draw from `anchor`, in points (nil when unbounded).
    private static func reach(_ children: [DrawCommand], from anchor: Point) -> Double? {
        var far = 0.0
        for c in children {
            switch DirtyRegion.bounds(of: c) {
            case .none: continue
            case .infinite: return nil
            case let .rect(r):
                let dx = max(abs(r.x - anchor.x), abs(r.maxX - anchor.x)), dy = max(abs(r.y - anchor.y), abs(r.maxY - anchor.y))
                far = max(far, (dx * dx + dy * dy).squareRoot())
            }
        }
        return far
    }
}
