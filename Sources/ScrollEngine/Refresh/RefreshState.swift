/// The refresh states (docs/BEHAVIOUR.md, "Pull to refresh: the coordinator"); the refreshable
/// view uses them too but never enters `.triggered`.
public enum RefreshState: Equatable, Sendable {
    case idle
    /// Pulling with progress 0…1 of the threshold.
    case pulling(Double)
    /// Past the threshold: releasing starts a refresh.
    case triggered
    case refreshing
    /// The action succeeded and the indicator shows its finish (a check mark, a Lottie's finish
    /// segment) for the minimum time (`doneSeconds`, 0 = this state is skipped) before the return.
    case done
    /// Returning to rest after the action ended.
    case completing

    public var name: String {
        switch self {
        case .idle: return "idle"
        case .pulling: return "pulling"
        case .triggered: return "triggered"
        case .refreshing: return "refreshing"
        case .done: return "done"
        case .completing: return "completing"
        }
    }

    /// Whether `self → next` is a legal transition (the state machines' precondition).
    public func canMove(to next: RefreshState) -> Bool {
        switch (self, next) {
        case (.idle, .pulling), (.idle, .triggered), (.idle, .refreshing): return true
        case (.pulling, .pulling), (.pulling, .triggered), (.pulling, .idle), (.pulling, .refreshing): return true
        case (.triggered, .pulling), (.triggered, .refreshing), (.triggered, .idle): return true
        case (.refreshing, .completing), (.refreshing, .done), (.done, .completing): return true
        case (.completing, .idle): return true
        default: return false
        }
    }

    /// Stops the program when `self → next` is neither the same state (a mode's data changed) nor a
    /// legal transition; `machine` names the state machine in the message.
    func checkMove(to next: RefreshState, in machine: String) {
        precondition(self == next || canMove(to: next), "\(machine): \(name) → \(next.name)")
    }
}

/// Every number of the coordinator, named (docs/BEHAVIOUR.md, "Pull to refresh: the coordinator").
public struct RefreshCoordinatorConfig: Sendable, Equatable {
    /// Pull distance that triggers, and the header height (pt).
    public var threshold = 80.0
    /// Once triggered, the state stays triggered until the pull falls below this fraction of the threshold.
    public var hysteresis = 0.9
    /// Top safe-area inset (pt); 0 on the desktop.
    public var safeTop = 0.0
    /// Ease from the release position to the locked offset (s).
    public var startDuration = 0.25
    /// Ease back to rest after the action ended (s).
    public var completeDuration = 0.4
    /// Minimum time (s) the finish ("done") shows after a successful refresh before the return;
    /// 0 (the default) skips the done state.
    public var doneSeconds = 0.0
    /// An offset this far (pt) from the held one is corrected.
    public var lockTolerance = 0.5
    /// Height of the gap the content is held at while refreshing (pt); nil = `threshold`.
    public var lockHeight: Double?
    public init() {}

    /// The held gap: `lockHeight`, or the trigger distance when none is set.
    public var effectiveLockHeight: Double { lockHeight ?? threshold }
}
