/// How a feel shows a pull past an edge (a `FeelProfile`'s part, Flutter's `ScrollBehavior`
/// beside its `ScrollPhysics`): as an offset (the physics' rubber band, or nothing when the
/// physics stops at the edge) or as a stretch of the content (Android 12's `EdgeEffect`).
public enum OverscrollModel: Sendable {
    /// The offset shows what the physics' edge rule lets it; nothing else is drawn.
    case offset
    /// The part the offset does not show is kept by the host (`EdgeStretch`) and drawn as a stretch.
    case stretch(any StretchOverscroll)

    /// The stretch, when the model is one.
    public var stretch: (any StretchOverscroll)? {
        if case let .stretch(s) = self { return s }
        return nil
    }

    /// The name a message gives it.
    public var name: String { stretch == nil ? "offset" : "stretch" }

    /// The model for a profile whose motion is now `physics` (a stretch may measure releases with
    /// the physics' own numbers: `StretchOverscroll.retuned(for:)`).
    public func retuned(for physics: any ScrollPhysics) -> OverscrollModel {
        stretch.map { .stretch($0.retuned(for: physics)) } ?? .offset
    }
}
