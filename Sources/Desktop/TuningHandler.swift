import Scenes
import ScrollEngine

/// What the window asks of the tuning panel's owner (`run`'s `LiveFeel`): the window only
/// routes input to it; the owner keeps the panel, applies its feel and saves it.
@MainActor
public protocol TuningHandler: AnyObject {
    var isOpen: Bool { get }
    /// True when `point` (window points) is on the open panel.
    func covers(_ point: Point, size: Size) -> Bool
    func handle(_ event: TuningPanelEvent, session: Session)
}

/// An input for the tuning panel: T, or one of the panel's own.
public enum TuningPanelEvent: Sendable, Equatable {
    case toggle
    case input(TuningInput)
}
