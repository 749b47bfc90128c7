/// What a scroll view tells the owner of its overscroll about the part of a finger's (or a
/// fling's) travel past an edge that its offset did not show (Flutter's `OverscrollNotification`):
/// the view reports it through its one call, `OverscrollObserver.scrollView(_:overscroll:)`, and
/// keeps none of it. The owner (the host's `EdgeStretch`) shows it its own way and answers the
/// two moments where the view needs it back: the drag that grabs it, the release it may absorb.
/// The view is the scroll's clock: each time it evaluates its motion it says so (`tick`), so
/// what the owner shows moves with the offset.
public enum Overscroll: Sendable, Equatable {
    /// The view evaluates its motion at `at` (before it does).
    case tick(at: Double)
    /// A finger lands at `at`: the owner stops what it shows and answers how much it holds
    /// (`OverscrollReply.held`), which the drag then continues from.
    case grab(at: Double)
    /// The finger moved: `unshown` is the whole part of the drag past the edge the offset does not
    /// show (points; negative past the top, 0 inside the bounds).
    case drag(unshown: Double)
    /// The finger let go at `velocity` (offset points/s): the owner answers whether the content
    /// still flings (`OverscrollReply.flings`; false: the overscroll took the velocity).
    case release(velocity: Double, at: Double)
    /// A release motion stopped at an edge: it met it at `impact` with `velocity` (offset points/s),
    /// and the view is now at `at`.
    case edge(velocity: Double, impact: Double, at: Double)
}

/// The owner's answer to an `Overscroll` report.
public struct OverscrollReply: Sendable, Equatable {
    /// The pull past an edge the owner holds, which a grabbing drag continues from (points).
    public var held: Double
    /// Whether a release still flings the content.
    public var flings: Bool

    public init(held: Double = 0, flings: Bool = true) {
        self.held = held
        self.flings = flings
    }
}

/// Who hears a scroll view's overscroll (`ScrollView.overscrollObserver`): the host's stretch.
public protocol OverscrollObserver: AnyObject {
    /// The one call: the part of a drag or fling the scroll view did not show.
    func scrollView(_ scrollView: ScrollView, overscroll: Overscroll) -> OverscrollReply
}
