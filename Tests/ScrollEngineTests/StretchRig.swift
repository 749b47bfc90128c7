@testable import ScrollEngine

/// A scroll view with the stretch a host keeps beside it (`EdgeStretch`, its overscroll
/// observer), wired as `ScrollHost` wires them: the Android feel's by default.
final class StretchRig {
    let sv: ScrollView
    let stretch: EdgeStretch

    init(
        viewportHeight: Double = 800, contentHeight: Double, feel: FeelProfile = .android
    ) {
        sv = ScrollView(
            viewportHeight: viewportHeight, contentHeight: contentHeight, physics: feel.physics, velocityEstimator: feel.velocityEstimator)
        stretch = EdgeStretch(model: feel.overscroll)
        sv.overscrollObserver = stretch
    }

    var pull: Double { stretch.pull }
    /// The scale and anchor the content is drawn with.
    var scale: (scale: Double, atTop: Bool) { stretch.scale(height: sv.viewportHeight) }
}
