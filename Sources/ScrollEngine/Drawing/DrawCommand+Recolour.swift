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
                return .group(opacity: opacity, translate: translate, scale: scale, anchor: anchor, clip: clip, children.recoloured(to: color))
            case .text: return command
            }
        }
    }
}
