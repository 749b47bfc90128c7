/// The coordinator as a scene's `RefreshController`: UIKit's style, the content held while the
/// action runs. It hears the scroll view as its delegate (`attach(to:)`), so the input's own
/// callbacks need no forwarding; F5 starts a refresh with no pull.
extension RefreshCoordinator: RefreshController {
    public var style: RefreshStyle { .uikit }
    public var isAnimating: Bool { isLocked }
    public var isIdle: Bool { state == .idle && !isLocked }
    public func trigger(at t: Double) { beginRefresh(at: t, fromGesture: false) }
    public func inputApplied(at t: Double) {}
    public func frame(at t: Double) { advance(to: t) }
}
