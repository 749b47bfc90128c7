/// What handling one input event (or reaching a time) did, so a scene reacts to what happened
/// instead of comparing counters before and after.
public struct InputOutcome: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The event was scroll input and was taken (even if it had no visible effect).
    public static let consumed = InputOutcome(rawValue: 1 << 0)
    /// A pointer (finger) that was down was lifted: its drag ended.
    public static let pointerReleased = InputOutcome(rawValue: 1 << 1)
    /// A wheel gesture ended: its idle timeout passed, or a pointer took over.
    public static let wheelGestureReleased = InputOutcome(rawValue: 1 << 2)

    /// True when direct input ended (the release that arms a pull to refresh).
    public var released: Bool { !isDisjoint(with: [.pointerReleased, .wheelGestureReleased]) }
}
