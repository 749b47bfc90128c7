/// How the vector spinner loops while refreshing (docs/BEHAVIOUR.md, "Refresh indicators").
public enum SpinnerStyle: Sendable, Equatable {
    /// The refreshable view's SwiftUI spinner (docs/BEHAVIOUR.md, "Pull to refresh: the
    /// refreshable view"): trim end eases between two lengths, rotation is linear.
    case seed(SeedSpinnerTiming = SeedSpinnerTiming())
    /// Android's Material circular progress: the arc grows then shrinks each cycle while the
    /// whole drawing rotates.
    case material(MaterialSpinnerTiming = MaterialSpinnerTiming())
    /// UIKit's activity indicator: eight rounded spokes with graded opacity, stepping around.
    case ios(ActivityIndicatorTiming = ActivityIndicatorTiming())

    /// The default seed style.
    public static let seedDefault = SpinnerStyle.seed()
    /// Style names accepted by `init(name:)`.
    public static let names = ["seed", "material", "ios"]

    /// Parses `seed`, `material` or `ios` (the `--spinner` flag and the scenario field).
    public init?(name: String) {
        switch name.lowercased() {
        case "seed": self = .seed()
        case "material": self = .material()
        case "ios": self = .ios()
        default: return nil
        }
    }

    /// `seed`, `material` or `ios`.
    public var name: String {
        switch self {
        case .seed: "seed"
        case .material: "material"
        case .ios: "ios"
        }
    }

    /// Seconds of the style's first cycle: the time over which the loop blends out of the pull
    /// arc (continuity at the progress → loop switch).
    public var firstCycleSeconds: Double {
        switch self {
        case let .seed(t): t.trimSeconds
        case let .material(t): t.cycleSeconds
        case let .ios(t): t.stepSeconds * Double(t.spokes)
        }
    }
}
