import ScrollEngine

/// What both refreshing scenes (`CoordinatorScene`, `RefreshableScene`) show of a refresh's end,
/// apart from their machine's decisions: the rows it brought, the one message it leaves
/// (`RefreshMessageBanner`) and when that message shows and goes (docs/BEHAVIOUR.md, "Refresh
/// messages"), and the trace's `error`. It hears of a refresh only through the machine's effects
/// (a start, the one `.finished` end) and of the screen through `update`; it never asks the machine.
///
/// A failure's message waits until the indicator has gone (it never slides over a ring still
/// drawn); a new refresh drops a message still waiting; a new pull dismisses the one showing.
public struct RefreshPresentation: Sendable {
    /// Seconds a message stays before it slides out.
    public let messageSeconds: Double
    /// Whether a cancel (Esc) leaves a "Cancelled" message (the coordinator) or none (the refreshable view).
    public let showsCancel: Bool
    /// The message showing (sliding in, shown, sliding out).
    public private(set) var banner: RefreshMessageBanner?
    /// The failure of the last refresh whose message waits for the indicator to go.
    public private(set) var pendingFailure: RefreshFailure?
    /// The failure text of the last refresh, if it ended with a failure (an error, a cancel, the
    /// timeout); none while a refresh runs or after one that brought rows.
    public private(set) var lastError: String?
    public init(messageSeconds: Double, showsCancel: Bool) {
        self.messageSeconds = messageSeconds
        self.showsCancel = showsCancel
    }

    /// A refresh started (its action did): a message still waiting is dropped.
    public mutating func started() {
        pendingFailure = nil
        lastError = nil
    }

    /// A refresh ended with `outcome`; returns the rows it brought (0 for a failure).
    public mutating func finished(_ outcome: Result<Int, RefreshFailure>) -> Int {
        switch outcome {
        case let .success(n):
            lastError = nil
            return n
        case let .failure(e):
            lastError = e.message
            if showsCancel || !e.isCancellation { pendingFailure = e }
            return 0
        }
    }

    /// Shows a waiting failure's message once the indicator is hidden; a pull (`state` pulling)
    /// dismisses the message showing; a message that has gone is dropped. `now` is the scene's
    /// time (`ScrollHost.now`); the presentation keeps none.
    public mutating func update(indicatorHidden: Bool, state: RefreshState, at now: Double) {
        if let e = pendingFailure, indicatorHidden {
            pendingFailure = nil
            banner = RefreshMessageBanner(failure: e, at: now, displaySeconds: messageSeconds)
        }
        guard var b = banner else { return }
        if case .pulling = state { b.dismiss(at: now) }
        banner = b.isGone(at: now) ? nil : b
    }

    /// True while, at the scene's time `now`, the message slides in or out, or waits to show.
    public func isAnimating(at now: Double) -> Bool {
        if pendingFailure != nil { return true }
        guard let b = banner else { return false }
        return now < b.shownAt + RefreshMessageBanner.slideSeconds || now >= b.dismissedAt
    }

    /// The next time after `now` the message changes with no input (the start of its dismissal).
    public func nextDeadline(after now: Double) -> Double? { banner?.nextDeadline(after: now) }

    /// The trace's `error` field.
    public var errorTrace: TraceValue { lastError.map { .string($0) } ?? .null }
}
