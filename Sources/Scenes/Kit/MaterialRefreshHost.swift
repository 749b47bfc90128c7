import ScrollEngine

/// A refresh scene's Material pull-to-refresh, under a physics that has one (Android;
/// docs/BEHAVIOUR.md, "Android physics"): the `MaterialRefreshMachine` fed from the scroll view
/// (the finger's pull past the top, which the list does not follow) and the input, its actions
/// run by the scene's runner, and its drawing. The scene routes F5, Esc, results, releases and
/// frames here instead of to its own refresh, and hears of a start through `onStart` and of the
/// end through `onFinish` (both for its `RefreshPresentation`).
final class MaterialRefreshHost {
    private(set) var machine: MaterialRefreshMachine
    let indicator: MaterialRefreshIndicator
    private unowned let host: ScrollHost
    private let runner: RefreshActionRunner
    private let behaviour: RefreshBehaviour
    /// A refresh started (its action did).
    var onStart: () -> Void = {}
    /// The refresh ended: rows gained, or the failure (an error, a cancel, the timeout).
    var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in }

    /// Nil unless `options.physics` has a Material refresh.
    init?(options o: SceneOptions, host: ScrollHost, runner: RefreshActionRunner) {
        guard let m = o.physics.nearest((any MaterialRefreshPhysics).self) else { return nil }
        machine = MaterialRefreshMachine(config: m.materialRefresh, timeout: o.refresh.timeout)
        // The circle is the surface raised 4 dp: Material's dark theme lightens it by 9 % white
        // (its elevation overlay; white stays white).
        let c = o.theme.cellBackground, w = 0.09
        let raised = Color(r: c.r + (1 - c.r) * w, g: c.g + (1 - c.g) * w, b: c.b + (1 - c.b) * w)
        indicator = MaterialRefreshIndicator(config: m.materialRefresh, background: raised, ring: o.theme.accent)
        self.host = host
        self.runner = runner
        behaviour = o.refresh
        host.scrollView.claimsTopPull = machine.takesPull
    }

    func send(_ event: MaterialRefreshMachine.Event, at t: Double) {
        let effects = machine.handle(event, at: t)
        host.scrollView.claimsTopPull = machine.takesPull
        for effect in effects {
            switch effect {
            case let .startAction(token):
                runner.start(token: token, behaviour: behaviour, at: t)
                onStart()
            case let .cancelAction(token): runner.cancel(token: token)
            case let .finished(outcome): onFinish(outcome)
            }
        }
    }

    /// The finger's distance past the top now, as the machine takes it.
    func pull(at t: Double) {
        send(.pull(distance: max(0, -host.scrollView.pull), direct: host.input.isDirectInputActive), at: t)
    }

    /// The finger let go: at the distance it last pulled (the scroll view drops a claimed pull
    /// at the release).
    func release(at t: Double) {
        guard case let .pulling(d) = machine.mode else { return }
        send(.release(distance: d), at: t)
    }

    var state: RefreshState { machine.state }
    var isAnimating: Bool { machine.isAnimating }
    var deadline: Double? { machine.ticket.deadline }

    /// The indicator at `t`, over the list (y 0 its top) `width` points wide; none when hidden.
    func commands(at t: Double, width: Double) -> [DrawCommand] {
        guard let look = look(at: t) else { return [] }
        return indicator.commands(look, centerX: width / 2)
    }

    func look(at t: Double) -> MaterialRefreshLook? {
        machine.look(at: t) { MaterialSpinnerStyle().loopArc(elapsed: $0) }
    }
}
