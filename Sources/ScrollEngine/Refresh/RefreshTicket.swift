/// The bookkeeping every refresh shares, in one place: which refresh is current (its token, so a
/// late result of an older one is ignored), when it started, and when it times out — the one
/// place its deadline and failure are computed (each machine checks the deadline at a frame).
public struct RefreshTicket: Equatable, Sendable {
    /// Seconds after which a running refresh is cancelled (`RefreshBehaviour.timeout`).
    public var timeout: Double
    /// The token of the latest refresh (0 before the first).
    public private(set) var token = 0
    /// When the latest refresh started; kept after it ends (the indicator still draws from it).
    public private(set) var startedAt: Double?
    /// A refresh is running: its result has not come, nor was it cancelled or timed out.
    public private(set) var isRunning = false

    public init(timeout: Double) { self.timeout = timeout }

    /// Starts a refresh at `t`; returns its token.
    public mutating func start(at t: Double) -> Int {
        token += 1
        startedAt = t
        isRunning = true
        return token
    }

    /// The running refresh ended (result, cancel, timeout).
    public mutating func end() { isRunning = false }

    /// Whether `result` belongs to the running refresh.
    public func accepts(_ result: RefreshResult) -> Bool { isRunning && result.token == token }

    /// When the running refresh times out.
    public var deadline: Double? {
        guard isRunning, let start = startedAt else { return nil }
        return start + timeout
    }

    public func hasTimedOut(at t: Double) -> Bool { deadline.map { t >= $0 } ?? false }

    /// The failure of a refresh that timed out: "timed out after 30 s".
    public var timeoutFailure: RefreshFailure { RefreshFailure(Self.timeoutMessage(timeout)) }

    public static func timeoutMessage(_ timeout: Double) -> String {
        let seconds = timeout == timeout.rounded() && abs(timeout) < 1e15 ? "\(Int(timeout)) s" : "\(timeout) s"
        return "timed out after \(seconds)"
    }
}
