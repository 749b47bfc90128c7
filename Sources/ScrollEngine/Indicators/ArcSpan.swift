import Foundation

/// A circular arc as two angles in turns, measured clockwise from 12 o'clock. Values are not
/// wrapped (a loop keeps counting turns), so consecutive frames can be compared directly.
public struct ArcSpan: Sendable, Equatable {
    /// Where the arc starts, in turns from 12 o'clock, clockwise.
    public var start: Double
    /// Where the arc ends, in turns from 12 o'clock, clockwise; `end ≥ start` for a visible arc.
    public var end: Double

    public init(start: Double, end: Double) { self.start = start; self.end = end }

    /// Length in turns.
    public var length: Double { end - start }

    /// Linear blend: `self` at w = 0, `other` at w = 1.
    public func blended(to other: ArcSpan, _ w: Double) -> ArcSpan {
        ArcSpan(start: start + (other.start - start) * w, end: end + (other.end - end) * w)
    }

    /// Cairo angle in radians (0 = 3 o'clock, clockwise with y down) of `turns` from 12 o'clock.
    public static func radians(turns: Double) -> Double { turns * 2 * .pi - .pi / 2 }

    /// The stroke for this arc, or nil when it is empty (no length).
    public func stroke(center: Point, radius: Double, lineWidth: Double, color: Color) -> ArcStroke? {
        guard length > 1e-9 else { return nil }
        // A full circle or more is drawn as exactly one turn (cairo would overdraw the caps).
        let e = min(end, start + 1)
        return ArcStroke(
            center: center, radius: radius, lineWidth: lineWidth,
            startAngle: Self.radians(turns: start), endAngle: Self.radians(turns: e), color: color)
    }
}
