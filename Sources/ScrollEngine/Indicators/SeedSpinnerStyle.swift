/// The `seed` spinner style, the refreshable view's SwiftUI spinner (docs/BEHAVIOUR.md, "Pull to
/// refresh: the refreshable view"): the trim end eases between two lengths, the rotation is linear.
///
/// The arc is SwiftUI's circle trimmed from 0 to `trimEnd`, rotated by `rotation`: SwiftUI's circle
/// starts at 3 o'clock, so a rotation of 270° puts the arc's start at 12 o'clock.
public struct SeedSpinnerStyle: SpinnerStyleDefinition {
    public var name: String { "seed" }
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

    /// One trim half cycle.
    public var firstCycleSeconds: Double { trimSeconds }

    public func loopArc(elapsed t: Double) -> ArcSpan {
        let rotation =
            rotationFromDegrees
            + (rotationToDegrees - rotationFromDegrees) * (rotationSeconds > 0 ? t / rotationSeconds : 0)
        // SwiftUI's circle starts at 3 o'clock, a quarter turn after 12 o'clock.
        let start = (rotation + 90) / 360 - 1
        var trim = trimFrom
        if trimSeconds > 0 {
            let u = (t / trimSeconds).truncatingRemainder(dividingBy: 2)
            let eased = u <= 1 ? trimCurve(u) : trimCurve(2 - u)
            trim = trimFrom + (trimTo - trimFrom) * eased
        }
        return ArcSpan(start: start, end: start + max(trim, 0))
    }
}

extension SpinnerStyle {
    /// The `seed` style with `style`'s numbers.
    public static func seed(_ style: SeedSpinnerStyle = SeedSpinnerStyle()) -> SpinnerStyle { SpinnerStyle(style) }
    /// The default seed style.
    public static let seedDefault = SpinnerStyle.seed()
}
