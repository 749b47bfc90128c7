/// A scene whose scroll input goes through a `ScrollInputController`: the overlay reads the rule
/// of its last wheel gesture (steps, tracking, pulling).
public protocol WheelInputScene: Scene {
    var input: ScrollInputController { get }
}

extension ListScene: WheelInputScene {}
extension TitleScene: WheelInputScene {}
extension HeaderScene: WheelInputScene {}
extension PagerScene: WheelInputScene {}
extension CoordinatorScene: WheelInputScene {}
extension RefreshableScene: WheelInputScene {}
