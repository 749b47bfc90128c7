/// Android's Material pull to refresh as a `RefreshController` (docs/BEHAVIOUR.md, "Android
/// physics"): the `MaterialRefreshMachine` fed from the host's stretch (the finger's pull past the
/// top the scroll view reported, which the list does not stretch for while the machine claims
/// it) and the input, its actions
/// run by the scene's runner, and its circle drawn over the content.
public final class MaterialRefresh: RefreshController {
    public private(set) var machine: MaterialRefreshMachine
    public let indicator: MaterialRefreshIndicator
    private unowned let stretch: EdgeStretch
    private unowned let input: ScrollInputController
    private let runner: RefreshActionRunner
    private let behaviour: RefreshBehaviour
    public var onStart: () -> Void = {}
    public var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in }
    public var onChange: () -> Void = {}

    /// `surface`: the colour of the list's cells (the circle is that surface raised); `ring`: the
    /// arc's colour.
    public init(
        config: MaterialRefreshConfig, behaviour: RefreshBehaviour, stretch: EdgeStretch, input: ScrollInputController,
        runner: RefreshActionRunner, surface c: Color, ring: Color
    ) {
        machine = MaterialRefreshMachine(config: config, timeout: behaviour.timeout)
        // The circle is the surface raised 4 dp: Material's dark theme lightens it by 9 % white
        // (its elevation overlay; white stays white).
        let w = 0.09
        let raised = Color(r: c.r + (1 - c.r) * w, g: c.g + (1 - c.g) * w, b: c.b + (1 - c.b) * w)
        indicator = MaterialRefreshIndicator(config: config, background: raised, ring: ring)
        self.stretch = stretch
        self.input = input
        self.runner = runner
        self.behaviour = behaviour
        stretch.claimsTopPull = machine.takesPull
    }

    public var style: RefreshStyle { .material(machine.config) }
    public var state: RefreshState { machine.state }
    public var refreshes: Int { machine.refreshes }
    public var isAnimating: Bool { machine.isAnimating }
    public var isIdle: Bool { machine.mode == .idle }
    public var deadline: Double? { machine.ticket.deadline }

    private func send(_ event: MaterialRefreshMachine.Event, at t: Double) {
        let effects = machine.handle(event, at: t)
        stretch.claimsTopPull = machine.takesPull
        for effect in effects {
            switch effect {
            case let .startAction(token):
                runner.start(token: token, behaviour: behaviour, at: t)
                onStart()
            case let .cancelAction(token): runner.cancel(token: token)
            case let .finished(outcome):
                onFinish(outcome)
                onChange()
            }
        }
    }

    public func trigger(at t: Double) { send(.trigger, at: t) }
    public func cancel(at t: Double) { send(.endRefreshing, at: t) }
    public func deliver(_ result: RefreshResult, at t: Double) { send(.deliver(result), at: t) }

    /// The finger let go: at the distance it last pulled (the stretch drops a claimed pull at
    /// the release).
    public func inputReleased(at t: Double) {
        guard case let .pulling(d) = machine.mode else { return }
        send(.release(distance: d), at: t)
    }

    /// The finger's distance past the top now, as the machine takes it.
    public func inputApplied(at t: Double) {
        send(.pull(distance: max(0, -stretch.pull), direct: input.isDirectInputActive), at: t)
    }

    public func frame(at t: Double) {
        inputApplied(at: t)
        send(.frame, at: t)
    }

    public func scrolled(at t: Double) { inputApplied(at: t) }
    public func endedDragging(at t: Double) { inputReleased(at: t) }

    public func overlay(at t: Double, width: Double) -> [DrawCommand] {
        guard let look = look(at: t) else { return [] }
        return indicator.commands(look, centerX: width / 2)
    }

    public func indicatorGone(at t: Double) -> Bool? { look(at: t) == nil }

    public func detach() { stretch.claimsTopPull = false }

    /// The circle at `t`; nil when hidden.
    public func look(at t: Double) -> MaterialRefreshLook? {
        machine.look(at: t) { MaterialSpinnerStyle().loopArc(elapsed: $0) }
    }
}
