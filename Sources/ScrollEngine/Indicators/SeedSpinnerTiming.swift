/// Timings of the `seed` spinner style (docs/BEHAVIOUR.md, "Pull to refresh: the refreshable view").
///
/// The arc is SwiftUI's circle trimmed from 0 to `trimEnd`, rotated by `rotation`: SwiftUI's circle
/// starts at 3 o'clock, so a rotation of 270° puts the arc's start at 12 o'clock.
public struct SeedSpinnerTiming: Sendable, Equatable {
    /// Trim end (fraction of the circle) when the loop starts.
    public var trimFrom: Double = 0.6
    /// Trim end at the far end of each half cycle.
    public var trimTo: Double = 0
    /// Seconds of one trim half cycle; the trim auto-reverses, so a full trim cycle is twice this.
    public var trimSeconds: Double = 1.5
    /// Ease-in timing curve of the trim, cubic-Bézier control points (Core Animation's easeIn).
    public var trimCurve: CubicBezierCurve = .easeIn
    /// Rotation in degrees when the loop starts (clockwise, 0 = the circle's start at 3 o'clock).
    public var rotationFromDegrees: Double = 270
    /// Rotation in degrees at the end of one rotation cycle.
    public var rotationToDegrees: Double = 630
    /// Seconds of one rotation cycle (linear, repeating without reversing).
    public var rotationSeconds: Double = 1

    public init() {}
}
