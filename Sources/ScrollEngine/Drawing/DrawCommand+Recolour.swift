extension Array where Element == DrawCommand {
    /// The same drawing in `color`: every stroke and fill takes its red, green and blue and keeps
    /// its own alpha (a spoke's grade, a faded arc), groups recursively; text keeps its colour.
    /// A Lottie's vector fallback is drawn so in the animation's colour.
    public func recoloured(to color: Color) -> [DrawCommand] {
        func tint(_ c: Color) -> Color { Color(r: color.r, g: color.g, b: color.b, a: c.a) }
        return map { command in
            switch command {
            case let .fill(r, c, radius): return .fill(r, tint(c), cornerRadius: radius)
            case let .line(from, to, c, width): return .line(from: from, to: to, color: tint(c), width: width)
            case let .capsule(from, to, c, width): return .capsule(from: from, to: to, color: tint(c), width: width)
            case var .arc(a):
                a.color = tint(a.color)
                return .arc(a)
            case var .lottie(f):
                f.fallback = f.fallback.recoloured(to: color)
                return .lottie(f)
            case let .group(opacity, translate, scale, anchor, clip, children):
                return .group(
                    opacity: opacity, translate: translate, scale: scale, anchor: anchor, clip: clip, children.recoloured(to: color))
            case let .stretch(scaleY, anchorY, children):
                return .stretch(scaleY: scaleY, anchorY: anchorY, children.recoloured(to: color))
            case let .polygon(points, c): return .polygon(points, tint(c))
            case .text: return command
            }
        }
    }

    /// The mean distance from `center` of the strokes (arc radii, the far ends of capsules and
    /// lines), groups' translation and scale applied; nil when there are none.
    public func meanRadius(about center: Point) -> Double? {
        var sum = 0.0, n = 0.0
        func walk(_ cs: [DrawCommand], dx: Double, dy: Double, scale: Double, anchor: Point) {
            func place(_ p: Point) -> Point {
                Point(anchor.x + (p.x - anchor.x) * scale + dx, anchor.y + (p.y - anchor.y) * scale + dy)
            }
            for c in cs {
                switch c {
                case let .arc(a):
                    let p = place(a.center)
                    sum += a.radius * scale + ((p.x - center.x) * (p.x - center.x) + (p.y - center.y) * (p.y - center.y)).squareRoot()
                    n += 1
                case let .capsule(from, to, _, _), let .line(from, to, _, _):
                    let a = place(from), b = place(to)
                    let da = ((a.x - center.x) * (a.x - center.x) + (a.y - center.y) * (a.y - center.y)).squareRoot()
                    let db = ((b.x - center.x) * (b.x - center.x) + (b.y - center.y) * (b.y - center.y)).squareRoot()
                    sum += (da + db) / 2
                    n += 1
                case let .group(_, t, s, anc, _, children):
                    // Nested transforms are rare here (one level); compose the translation and scale.
                    walk(children, dx: dx + t.x, dy: dy + t.y, scale: scale * s, anchor: s == 1 ? anchor : anc)
                default: break
                }
            }
        }
        walk(self, dx: 0, dy: 0, scale: 1, anchor: center)
        return n > 0 ? sum / n : nil
    }
}
