/// The profiles the registry lists (`PhysicsRegistry.registered`; docs/BEHAVIOUR.md, "Physics
/// profiles").
public extension FeelProfile {
    /// iOS: rubber band and bounce (`PhysicsProfile`), UIKit's refresh, UIScrollView's weighted
    /// release velocity.
    static let iOS = FeelProfile(name: "ios", physics: PhysicsProfile.iOS, velocityEstimator: .iOSWeighted)
    /// Android: the `OverScroller` fling stopped at the edges, Android 12's stretch, Material's
    /// refresh.
    static let android = FeelProfile(
        name: "android", physics: AndroidPhysics(), overscroll: .stretch(AndroidStretch()), refresh: .material(MaterialRefreshConfig()))
    /// GNOME: GTK's kinetic scrolling and overshoot.
    static let gnome = FeelProfile(name: "gnome", physics: GnomePhysics())
    /// No physics: the baseline.
    static let none = FeelProfile(name: "none", physics: NonePhysics())
}
