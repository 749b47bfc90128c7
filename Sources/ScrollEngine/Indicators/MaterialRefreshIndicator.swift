import Foundation

/// Draws the Material refresh indicator (`MaterialRefreshLook`): a raised circle with the
/// progress ring and, while pulling, the arrow at the ring's end, as `SwipeRefreshLayout` and
/// `CircularProgressDrawable` draw them (docs/BEHAVIOUR.md, "Android physics").
public struct MaterialRefreshIndicator: Sendable, Equatable {
    public var config: MaterialRefreshConfig
    /// The circle's fill and the ring's (and arrow's) colour.
    public var background: Color
    public var ring: Color

    public init(config: MaterialRefreshConfig = MaterialRefreshConfig(), background: Color, ring: Color) {
        self.config = config
        self.background = background
        self.ring = ring
    }

    /// The commands for `look` with the circle centred on `centerX` (points, in the list's
    /// coordinates: y 0 is its top).
    public func commands(_ look: MaterialRefreshLook, centerX: Double) -> [DrawCommand] {
        guard look.scale > 0 else { return [] }
        let d = config.circleDiameter, r = d / 2
        let center = Point(centerX, look.top + r)
        // The elevation's shadow (4 dp): soft rings under the circle, a little below it.
        var body: [DrawCommand] = (1...3).map { i in
            let grow = Double(i) * 0.75
            return .fill(
                Rect(x: center.x - r - grow, y: center.y - r - grow + 1.5, width: d + 2 * grow, height: d + 2 * grow),
                Color(r: 0, g: 0, b: 0, a: 0.07), cornerRadius: r + grow)
        }
        body.append(.fill(Rect(x: center.x - r, y: look.top, width: d, height: d), background, cornerRadius: r))
        let color = Color(r: ring.r, g: ring.g, b: ring.b, a: ring.a * look.ringAlpha)
        if let arc = look.arc.stroke(center: center, radius: config.ringRadius, lineWidth: config.strokeWidth, color: color) {
            body.append(.arc(arc))
        }
        if look.arrowScale > 0 { body.append(arrow(look, center: center, color: color)) }
        return [.group(opacity: 1, translate: Point(0, 0), scale: look.scale, anchor: center, clip: nil, body)]
    }

    /// `CircularProgressDrawable.Ring.drawTriangle`: a triangle w·s wide and h·s high whose base
    /// lies across the ring at its end, pointing on clockwise, turned with the arc's end.
    func arrow(_ look: MaterialRefreshLook, center: Point, color: Color) -> DrawCommand {
        let w = config.arrowWidth * look.arrowScale, h = config.arrowHeight * look.arrowScale
        let radius = config.ringRadius, y = config.strokeWidth / 2
        // At 3 o'clock (angle 0), before the rotation to the arc's end.
        let local = [Point(radius - w / 2, y), Point(radius + w / 2, y), Point(radius, y + h)]
        let angle = ArcSpan.radians(turns: look.arc.end)
        let c = cos(angle), s = sin(angle)
        return .polygon(local.map { Point(center.x + $0.x * c - $0.y * s, center.y + $0.x * s + $0.y * c) }, color)
    }
}
