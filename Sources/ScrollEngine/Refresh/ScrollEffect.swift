/// What a refresh state machine asks of the scroll view. Each machine has its own effect type
/// (`RefreshCoordinatorMachine.Effect`, `RefreshableMachine.Effect`) that wraps these with the
/// effects only its owner performs; the owners switch over their machine's effects exhaustively.
public enum ScrollEffect: Equatable, Sendable {
    /// Puts the offset where the refresh holds it without telling the delegate (`correctContentOffset`).
    case correctOffset(Double)
    /// Sets the offset as any scroll would: the delegate hears of it.
    case setOffset(Double)
    case setInsetTop(Double)
    case cancelDrag
    case stopMotion
    case setScrollEnabled(Bool)
    /// Brings the content to `offset` below a newly opened gap: springs back inside the bounds
    /// if it is outside them, otherwise animates there.
    case moveIntoGap(Double)
    /// Returns the content to `offset` as the gap closes after a refresh, with the physics'
    /// refresh return planned for `duration` (`ScrollView.returnAfterRefresh`).
    case returnAfterRefresh(to: Double, duration: Double)
    /// Brings an offset left outside the bounds back inside (`ScrollView.returnToBounds`).
    case returnToBounds
}

/// What a refresh state machine may know of the world when it handles an event: the input
/// (is a finger or an active wheel gesture moving the content?) and the scroll view's geometry.
public struct InputFacts: Equatable, Sendable {
    /// Direct input (finger down, active wheel gesture) moves the content now.
    public var directInput: Bool
    public var offset: Double
    public var insetTop: Double
    public var isDragging: Bool
    /// A motion of the scroll view (a release motion, an animation, a refresh return) still runs.
    public var isMoving: Bool

    public init(directInput: Bool, offset: Double, insetTop: Double = 0, isDragging: Bool = false, isMoving: Bool = false) {
        self.directInput = directInput
        self.offset = offset
        self.insetTop = insetTop
        self.isDragging = isDragging
        self.isMoving = isMoving
    }

    /// The facts of `scrollView` now, with `directInput` as the input controller reports it.
    public init(_ scrollView: ScrollView, directInput: Bool) {
        self.init(
            directInput: directInput, offset: scrollView.contentOffset,
            insetTop: scrollView.contentInsetTop, isDragging: scrollView.isDragging, isMoving: scrollView.isMoving)
    }
}

extension ScrollView {
    /// Performs a refresh machine's scroll-view effect at time `t`.
    public func perform(_ effect: ScrollEffect, at t: Double) {
        noteTime(t)
        switch effect {
        case let .correctOffset(y): correctContentOffset(y)
        case let .setOffset(y): setContentOffset(y)
        case let .setInsetTop(inset): setContentInsetTop(inset)
        case .cancelDrag: cancelDrag(at: t)
        case .stopMotion: stopMotion()
        case let .setScrollEnabled(enabled): isScrollEnabled = enabled
        case let .moveIntoGap(y):
            returnToBounds(at: t)
            if !isMoving { scroll(to: y, animated: true, at: t) }
        case let .returnAfterRefresh(y, duration): returnAfterRefresh(to: y, duration: duration, at: t)
        case .returnToBounds: returnToBounds(at: t)
        }
    }
}

/// Where a refresh owner sends its action effects: the action runner, or a test's recorder.
public protocol RefreshActions: AnyObject {
    func start(token: Int, behaviour: RefreshBehaviour, at t: Double)
    func cancel(token: Int)
}

extension RefreshActionRunner: RefreshActions {}

/// The counters of a refresh machine, apart from its decisions (trace fields, tests).
public struct RefreshStatistics: Equatable, Sendable {
    /// Actions started.
    public var refreshes = 0
    /// Lock corrections made (the coordinator).
    public var corrections = 0
    /// `didScroll` events delivered downstream (the coordinator).
    public var forwarded = 0
    public init() {}
}
