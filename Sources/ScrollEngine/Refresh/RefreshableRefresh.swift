/// The drop-in refreshable view's pull to refresh as a `RefreshController` (docs/BEHAVIOUR.md,
/// "Pull to refresh: the refreshable view"): it owns the `RefreshableMachine`, feeds it the scroll
/// view's callbacks (the scene forwards `scrolled` and `endedDragging`), the keys, the results and
/// the frames, and performs the effects it returns; `onChange` follows every event.
public final class RefreshableRefresh: RefreshController {
    public private(set) var machine: RefreshableMachine
    private unowned let scrollView: ScrollView
    private unowned let input: ScrollInputController
    private let runner: RefreshActionRunner
    private var behaviour: RefreshBehaviour
    public var onStart: () -> Void = {}
    public var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in }
    public var onChange: () -> Void = {}
    /// A refresh ended under the finger: its pull stays drawn (disarmed) until the finger has let
    /// go and the content has returned.
    public private(set) var heldPull = false

    public init(
        config: RefreshableConfig, behaviour: RefreshBehaviour, scrollView: ScrollView, input: ScrollInputController,
        runner: RefreshActionRunner
    ) {
        machine = RefreshableMachine(config: config, timeout: behaviour.timeout)
        self.behaviour = behaviour
        self.scrollView = scrollView
        self.input = input
        self.runner = runner
    }

    /// New numbers: the machine's config and timeout, and the behaviour its actions run with.
    public func retune(config: RefreshableConfig, behaviour: RefreshBehaviour) {
        self.behaviour = behaviour
        machine.retune(config: config, timeout: behaviour.timeout)
    }

    /// A viewport-relative trigger distance follows a resize.
    public func setBaseThreshold(_ threshold: Double) { machine.setBaseThreshold(threshold) }

    public var style: RefreshStyle { .uikit }
    public var state: RefreshState { machine.state }
    public var refreshes: Int { machine.refreshes }
    public var isIdle: Bool { state == .idle && !heldPull && machine.readyAt == nil && !machine.awaitsRelease }

    public var isAnimating: Bool {
        state == .refreshing || state == .done || state == .completing || machine.readyAt != nil
            || (heldPull && !scrollView.isDragging)
    }

    public var deadline: Double? {
        [machine.readyAt, machine.ticket.deadline, machine.doneUntil].compactMap { $0 }.min()
    }

    private func send(_ event: RefreshableMachine.Event, at t: Double) {
        let effects = machine.handle(event, at: t, input: InputFacts(scrollView, directInput: input.isDirectInputActive))
        for effect in effects {
            switch effect {
            case let .scroll(e): scrollView.perform(e, at: t)
            case let .startAction(token):
                runner.start(token: token, behaviour: behaviour, at: t)
                onStart()
            case let .cancelAction(token): runner.cancel(token: token)
            case let .finished(outcome): onFinish(outcome)
            }
        }
        if machine.awaitsRelease {
            heldPull = true
        } else if state != .idle || scrollView.contentOffset >= 0 {
            heldPull = false
        }
        onChange()
    }

    public func trigger(at t: Double) { send(.trigger, at: t) }
    public func cancel(at t: Double) { send(.endRefreshing, at: t) }
    public func deliver(_ result: RefreshResult, at t: Double) { send(.deliver(result), at: t) }
    /// The release reaches the machine as the scroll view's `didEndDragging`.
    public func inputReleased(at t: Double) {}
    public func inputApplied(at t: Double) {}
    public func frame(at t: Double) { send(.frame, at: t) }
    public func scrolled(at t: Double) { send(.didScroll, at: t) }
    public func endedDragging(at t: Double) { send(.didEndDragging, at: t) }
}
