/// What a refresh state machine asks its owner to do. The machines decide; the owner
/// (`RefreshCoordinator`, `RefreshableScene`) performs these, in order, on the scroll view, the
/// action runner and itself.
public enum RefreshEffect: Equatable, Sendable {
    // The scroll view.
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
    // The action runner.
    case startAction(token: Int)
    case cancelAction(token: Int)
    // The owner.
    /// The refresh ended: rows gained, or the failure.
    case finished(Result<Int, RefreshFailure>)
    /// One `didScroll` goes to the original delegate.
    case forwardDidScroll
    /// Keep the scroll view alive (strongly) until `releaseView`: the refresh owns its offset.
    case holdView
    case releaseView
}

/// What a refresh state machine may know of the world when it handles an event: the input
/// (is a finger or an active wheel gesture moving the content?) and the scroll view's geometry.
public struct InputFacts: Equatable, Sendable {
    /// Direct input (finger down, active wheel gesture) moves the content now.
    public var directInput: Bool
    public var offset: Double
    public var insetTop: Double
    public var isDragging: Bool

    public init(directInput: Bool, offset: Double, insetTop: Double = 0, isDragging: Bool = false) {
        self.directInput = directInput
        self.offset = offset
        self.insetTop = insetTop
        self.isDragging = isDragging
    }

    /// The facts of `scrollView` now, with `directInput` as the input controller reports it.
    public init(_ scrollView: ScrollView, directInput: Bool) {
        self.init(directInput: directInput, offset: scrollView.contentOffset,
                  insetTop: scrollView.contentInsetTop, isDragging: scrollView.isDragging)
    }
}

extension ScrollView {
    /// Performs a scroll-view effect at time `t`; returns false for effects that are not the view's.
    public func perform(_ effect: RefreshEffect, at t: Double) -> Bool {
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
        case .startAction, .cancelAction, .finished, .forwardDidScroll, .holdView, .releaseView:
            return false
        }
        return true
    }
}

/// Where a refresh owner sends its action effects: the action runner, or a test's recorder.
public protocol RefreshActions: AnyObject {
    func start(token: Int, behaviour: RefreshBehaviour)
    func cancel(token: Int)
}

extension RefreshActionRunner: RefreshActions {}

extension RefreshActions {
    /// Performs an action effect; returns false for effects that are not the actions'.
    public func perform(_ effect: RefreshEffect, behaviour: RefreshBehaviour) -> Bool {
        switch effect {
        case let .startAction(token): start(token: token, behaviour: behaviour)
        case let .cancelAction(token): cancel(token: token)
        default: return false
        }
        return true
    }
}
