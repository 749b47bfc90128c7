/// Look and timing of the `ios` spinner style: UIKit's `UIActivityIndicatorView` (docs/BEHAVIOUR.md,
/// "Refresh indicators"). Eight rounded spokes around the centre; while refreshing the brightest
/// spoke steps one position clockwise every `stepSeconds` and the ones behind it fade; while
/// pulling the spokes appear one by one, clockwise from 12 o'clock, with the pull.
public struct ActivityIndicatorTiming: Sendable, Equatable {
    /// Number of spokes.
    public var spokes: Int = 8
    /// Seconds per step of the loop (8 steps: one turn per second).
    public var stepSeconds: Double = 0.125
    /// Opacity of the faintest spoke; the brightest is 1, the others evenly between.
    public var minimumOpacity: Double = 0.25
    /// Spoke length as a fraction of the indicator's diameter.
    public var lengthFraction: Double = 0.28
    /// Spoke width as a fraction of the indicator's diameter.
    public var widthFraction: Double = 0.1

    public init() {}

    /// Spokes shown while pulling with `progress` (0…1): at least one as soon as there is a pull.
    public func spokesShown(progress: Double) -> Int {
        guard progress > 0 else { return 0 }
        return min(spokes, max(1, Int((min(progress, 1) * Double(spokes) - 1e-9).rounded(.up))))
    }

    /// Index of the brightest spoke `elapsed` seconds into the loop (0 = 12 o'clock), stepping.
    public func leadingSpoke(elapsed: Double, stepSeconds step: Double) -> Int {
        guard spokes > 0, step > 0 else { return 0 }
        let n = Int((max(elapsed, 0) / step).rounded(.down))
        return n % spokes
    }

    /// Opacity of spoke `i` when `lead` is the brightest: 1 for the lead, then lower for each
    /// position behind it (counter-clockwise), down to `minimumOpacity`.
    public func opacity(spoke i: Int, lead: Int) -> Double {
        guard spokes > 1 else { return 1 }
        let behind = ((lead - i) % spokes + spokes) % spokes
        return 1 - (1 - minimumOpacity) * Double(behind) / Double(spokes - 1)
    }
}
