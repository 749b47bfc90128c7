/// How the Material refresh indicator looks at one moment (`MaterialRefreshMachine.look(at:)`),
/// drawn by `MaterialRefreshIndicator`.
public struct MaterialRefreshLook: Sendable, Equatable {
    /// The circle's top, points below the list's top (negative: partly or wholly above it).
    public var top: Double
    /// The circle's scale (1 full size; it grows in and shrinks away).
    public var scale: Double
    /// The ring's arc (turns from 12 o'clock, clockwise, rotation included).
    public var arc: ArcSpan
    /// The arrow's scale at the arc's end (0: no arrow).
    public var arrowScale: Double
    /// The ring's opacity.
    public var ringAlpha: Double

    public init(top: Double, scale: Double, arc: ArcSpan, arrowScale: Double, ringAlpha: Double) {
        self.top = top; self.scale = scale; self.arc = arc; self.arrowScale = arrowScale; self.ringAlpha = ringAlpha
    }

    /// The look of a pull of `distance` points past the top (`SwipeRefreshLayout.moveSpinner`):
    /// the circle follows the finger 1:1 up to the trigger and then slows (the slingshot
    /// tension), the arc grows to `maxTrim` between 40 % and 100 % of the trigger with the arrow,
    /// and the ring is faint until the trigger.
    public static func pull(_ distance: Double, _ c: MaterialRefreshConfig) -> MaterialRefreshLook {
        let d = max(0, distance)
        let dragPercent = min(1, d / c.target)
        let adjusted = max(dragPercent - 0.4, 0) * 5 / 3
        let extra = d - c.target
        let slingshot = c.target
        let tensionSlingshot = max(0, min(extra, slingshot * 2) / slingshot)
        let q = tensionSlingshot / 4
        let tension = (q - q * q) * 2
        let top = c.hiddenTop + slingshot * dragPercent + slingshot * tension * 2
        let trim = min(c.maxTrim, adjusted * 0.8)
        let rotation = (-0.25 + 0.4 * adjusted + tension * 2) * 0.5
        // CircularProgressDrawable measures from 3 o'clock; ArcSpan from 12 (a quarter turn before).
        let start = rotation + 0.25
        return MaterialRefreshLook(
            top: top, scale: 1, arc: ArcSpan(start: start, end: start + trim),
            arrowScale: min(1, adjusted), ringAlpha: d > c.target ? 1 : c.startingAlpha)
    }
}
