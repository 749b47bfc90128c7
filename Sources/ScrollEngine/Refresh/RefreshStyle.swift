/// How a feel refreshes: UIKit's (the indicator in the gap the pull opens, the content held while
/// it runs) or Material's (a circle that slides down over content that never moves for it). A
/// feel brings its style (`FeelProfile.refresh`: Android's the Material one, the others UIKit's).
public enum RefreshStyle: Equatable, Sendable {
    case uikit
    case material(MaterialRefreshConfig)

    public var isMaterial: Bool {
        if case .material = self { return true }
        return false
    }

    /// The name a trace or a message gives it.
    public var name: String { isMaterial ? "material" : "uikit" }
}
