/// Custom pull-to-refresh coordinator, attached to an existing scroll view at run time
/// (docs/BEHAVIOUR.md, "Pull to refresh: the coordinator", and the shape of its source).
///
/// It takes the scroll view's delegate slot, keeps the original delegate and forwards every
/// callback to it, except `didScroll` while the offset is held. The decisions live in
/// `RefreshCoordinatorMachine`; this owner turns callbacks and calls into its events and performs
/// the effects it returns on the scroll view, the action runner (`RefreshActions`) and the scene
/// (`onStart`, and `onFinish`: every end — result, failure, cancel, timeout — once). Its own offset changes use the
/// non-notifying setter, so they never come back to it as `didScroll`.
public final class RefreshCoordinator: ScrollViewDelegate {
    public private(set) var machine: RefreshCoordinatorMachine

    /// The original delegate (weak, as UIKit's slot).
    public private(set) weak var originalDelegate: (any ScrollViewDelegate)?
    private weak var attachedView: ScrollView?
    /// Strong while locked, so a rebuilt view tree cannot free the view mid-refresh.
    public private(set) var lockedView: ScrollView?

    /// Runs the refresh actions (start, cancel).
    private let actions: any RefreshActions
    /// What an action does and how long a refresh may run.
    public private(set) var behaviour: RefreshBehaviour
    /// Whether direct input (finger, active wheel gesture) moves the content now.
    public var isDirectInput: () -> Bool = { false }
    /// Called when a refresh started (its action did).
    public var onStart: () -> Void = {}
    /// Called when a refresh ended: rows gained, or the failure.
    public var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in }

    /// `physics`: the scroll view's, which makes the eases of the held offset.
    public init(
        config: RefreshCoordinatorConfig = RefreshCoordinatorConfig(), actions: any RefreshActions,
        behaviour: RefreshBehaviour = RefreshBehaviour(), physics: any ScrollPhysics = PhysicsProfile.iOS
    ) {
        machine = RefreshCoordinatorMachine(config: config, timeout: behaviour.timeout, physics: physics)
        self.actions = actions
        self.behaviour = behaviour
    }

    /// New numbers while running (a feel file saved): the state and a refresh in progress stay.
    public func retune(config: RefreshCoordinatorConfig, behaviour: RefreshBehaviour, physics: any ScrollPhysics) {
        self.behaviour = behaviour
        machine.retune(config: config, timeout: behaviour.timeout, physics: physics)
    }

    /// Takes the delegate slot of `scrollView`, keeping the original delegate to forward to.
    public func attach(to scrollView: ScrollView) {
        guard attachedView !== scrollView else { return }
        originalDelegate = scrollView.delegate
        attachedView = scrollView
        scrollView.delegate = self
    }

    // MARK: the machine's view

    public var config: RefreshCoordinatorConfig { machine.config }
    public var state: RefreshState { machine.state }
    public var isLocked: Bool { machine.isLocked }
    public var statistics: RefreshStatistics { machine.statistics }
    public var corrections: Int { machine.statistics.corrections }
    public var forwarded: Int { machine.statistics.forwarded }
    public var refreshes: Int { machine.statistics.refreshes }
    public var refreshStart: Double { machine.refreshStart }
    /// When the running refresh times out.
    public var deadline: Double? { machine.doneUntil ?? machine.ticket.deadline }
    /// Sets the trigger distance (not while a refresh holds the offset).
    public func setThreshold(_ threshold: Double) { machine.setThreshold(threshold) }
    /// When the done state began, if the current (or completing) refresh went through it.
    public var doneSince: Double? { machine.hold?.doneSince }
    public var startPull: Double { machine.hold?.startPull ?? 0 }
    public var startedByGesture: Bool { machine.hold?.startedByGesture ?? false }
    public var lockedOffset: Double { machine.lockedOffset }
    public var progress: Double { machine.progress }
    public func heldOffset(at t: Double) -> Double? { machine.heldOffset(at: t) }
    /// The held offset's velocity while the coordinator eases it (nil otherwise).
    public func heldVelocity(at t: Double) -> Double? { machine.heldVelocity(at: t) }

    // MARK: calls

    /// Drives the easing (start and completion animations), the timeout and the end of completion.
    public func advance(to t: Double) {
        send(.frame, at: t)
    }

    /// Starts a refresh programmatically (F5), or from a release while triggered.
    public func beginRefresh(at t: Double, fromGesture: Bool) {
        guard attachedView != nil || lockedView != nil else { return }
        send(.begin(fromGesture: fromGesture), at: t)
    }

    /// Cancels a running refresh (Esc).
    public func cancel(at t: Double) {
        send(.cancel, at: t)
    }

    /// Delivers an action's result. Results of older refreshes are ignored.
    public func deliver(_ result: RefreshResult, at t: Double) {
        send(.deliver(result), at: t)
    }

    /// The input that started the last pull was released (pointer up, wheel gesture end).
    public func inputReleased(at t: Double) { send(.inputReleased, at: t) }

    /// Hands `event` to the machine and performs its effects on `view` (the view that called back),
    /// or else on the locked view, or else on the attached one.
    private func send(_ event: RefreshCoordinatorMachine.Event, at t: Double, from view: ScrollView? = nil) {
        guard let view = view ?? lockedView ?? attachedView else { return }
        let effects = machine.handle(event, at: t, input: InputFacts(view, directInput: isDirectInput()))
        for effect in effects {
            switch effect {
            case let .scroll(e): view.perform(e, at: t)
            case let .startAction(token):
                actions.start(token: token, behaviour: behaviour, at: t)
                onStart()
            case let .cancelAction(token): actions.cancel(token: token)
            case let .finished(outcome): onFinish(outcome)
            case .forwardDidScroll: originalDelegate?.scrollViewDidScroll(view, at: t)
            case .holdView: lockedView = view
            case .releaseView: lockedView = nil
            }
        }
    }

    // MARK: delegate

    public func scrollViewDidScroll(_ sv: ScrollView, at t: Double) {
        send(.didScroll, at: t, from: sv)
    }

    public func scrollViewWillBeginDragging(_ sv: ScrollView, at t: Double) {
        originalDelegate?.scrollViewWillBeginDragging(sv, at: t)
    }

    public func scrollViewWillEndDragging(_ sv: ScrollView, velocity: Double, at t: Double) {
        originalDelegate?.scrollViewWillEndDragging(sv, velocity: velocity, at: t)
    }

    public func scrollViewDidEndDragging(_ sv: ScrollView, willDecelerate: Bool, at t: Double) {
        send(.didEndDragging, at: t, from: sv)
        originalDelegate?.scrollViewDidEndDragging(sv, willDecelerate: willDecelerate, at: t)
    }

    public func scrollViewDidEndDecelerating(_ sv: ScrollView, at t: Double) {
        originalDelegate?.scrollViewDidEndDecelerating(sv, at: t)
    }
}
