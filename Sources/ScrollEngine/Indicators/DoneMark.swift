/// The vector styles' finish (the "done" state, `IndicatorPhase.done`): a check mark in the
/// spinner's colour and stroke, fitted in its circle, drawn in stroke by stroke over `drawSeconds`
/// (the short stroke, then the long one).
public enum DoneMark {
    /// Seconds over which the mark is drawn in.
    public static let drawSeconds = 0.2
    /// The mark's three points as fractions of the diameter from the centre (y down): the left
    /// end, the corner at the bottom, the right end.
    static let points: [(x: Double, y: Double)] = [(-0.33, 0.02), (-0.1, 0.26), (0.35, -0.23)]

    /// The mark, `elapsed` seconds after it began, centred on `center`.
    public static func commands(_ config: SpinnerConfig, center: Point, elapsed: Double) -> [DrawCommand] {
        let d = config.diameter
        let p = points.map { Point(center.x + $0.x * d, center.y + $0.y * d) }
        let lengths = zip(p, p.dropFirst()).map { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [] }
        // Length of the mark drawn so far (all of it once drawSeconds have passed).
        var left = drawSeconds > 0 ? total * min(max(elapsed / drawSeconds, 0), 1) : total
        var out: [DrawCommand] = []
        for (i, length) in lengths.enumerated() where left > 0 {
            let f = min(left / length, 1)
            let end = Point(p[i].x + (p[i + 1].x - p[i].x) * f, p[i].y + (p[i + 1].y - p[i].y) * f)
            out.append(.capsule(from: p[i], to: end, color: config.color, width: config.lineWidth))
            left -= length
        }
        return out
    }
}
