/// The list's own scroll observer, downstream of the coordinator — the analogue of SwiftUI's
/// internal delegate in the coordinator's source (docs/BEHAVIOUR.md, Sources). It remembers the offset it last saw and, on a layout pass
/// (resize, content change), puts the scroll view back there. While the coordinator suppresses
/// forwarding its memory goes stale, so a layout pass during a refresh disturbs the offset: the
/// very disturbance the event-based lock exists to correct.
public final class ContentSync: ScrollViewDelegate {
    public private(set) var lastSeenOffset: Double = 0
    /// `didScroll` events received.
    public private(set) var received = 0

    public init() {}

    public func scrollViewDidScroll(_ sv: ScrollView, at t: Double) {
        received += 1
        lastSeenOffset = sv.contentOffset
    }

    /// A layout pass: restores the offset this observer believes in.
    public func layout(_ sv: ScrollView) {
        if !sv.isDragging && !sv.isMoving && sv.contentOffset != lastSeenOffset {
            sv.setContentOffset(lastSeenOffset)
        }
    }
}
