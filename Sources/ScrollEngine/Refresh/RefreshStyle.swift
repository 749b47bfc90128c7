/// How a feel refreshes: UIKit's (the indicator in the gap the pull opens, the content held while
/// it runs) or Material's (a circle that slides down over content that never moves for it). A
/// physics profile brings its style: one with a Material refresh (`MaterialRefreshPhysics`,
/// Android) the Material one, every other UIKit's.
public enum RefreshStyle: Equatable, Sendable {
    case uikit
    case material(MaterialRefreshConfig)

    /// The style `physics` brings.
    public static func of(_ physics: any ScrollPhysics) -> RefreshStyle {
        physics.nearest((any MaterialRefreshPhysics).self).map { .material($0.materialRefresh) } ?? .uikit
    }

    public var isMaterial: Bool {
        if case .material = self { return true }
        return false
    }

    /// The name a trace or a message gives it.
    public var name: String { isMaterial ? "material" : "uikit" }
}
