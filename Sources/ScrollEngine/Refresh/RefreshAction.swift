import Synchronization

/// The outcome of one refresh action, tagged with the refresh it belongs to.
public struct RefreshResult: Sendable, Equatable {
    public var token: Int
    /// Rows the action found, or the error text.
    public var outcome: Result<Int, RefreshFailure>
}

/// Why a refresh ended without new rows.
public struct RefreshFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    /// The failure of a refresh the user cancelled (Esc): not an error to show in red.
    public static let cancelled = RefreshFailure("cancelled")
    /// True for `cancelled`.
    public var isCancellation: Bool { self == .cancelled }
}

/// Runs refresh actions on Swift concurrency and hands their results back to the scene through a
/// mailbox the scene drains on its own thread. The action sleeps on a `RefreshTimer` pinned to the
/// refresh's start on the injected clock: a `VirtualClock` in recordings and tests, the continuous
/// clock in the window.
public final class RefreshActionRunner {
    /// The work a refresh does. Throws to fail; honours cancellation. It waits only through the
    /// timer it is given, so when it ends depends on when its refresh started, not on when its
    /// task happened to run.
    public typealias Action = @Sendable (RefreshBehaviour, RefreshTimer) async throws -> Int

    private let mailbox = ResultMailbox()
    private let clock: any Clock<Duration>
    private let virtual: VirtualClock?
    /// Called (from any thread) when a result is posted, to wake an idle event loop.
    private let wake: @Sendable () -> Void
    private let action: Action
    // Touched only on the scene's thread: the runner is not Sendable, so the compiler keeps it there.
    private var tasks: [Int: Task<Void, Never>] = [:]

    public init(
        clock: any Clock<Duration>, wake: @escaping @Sendable () -> Void = {}, action: @escaping Action = RefreshActionRunner.simulated
    ) {
        self.clock = clock
        self.virtual = clock as? VirtualClock
        self.wake = wake
        self.action = action
    }

    /// The scripted action of scenarios: sleeps `duration` on the clock, then succeeds with
    /// `newRows`, throws, or never returns (hang), per `behaviour.outcome`.
    public static let simulated: Action = { behaviour, timer in
        switch behaviour.outcome {
        case .success:
            try await timer.sleep(untilElapsed: behaviour.duration)
            return behaviour.newRows
        case .failure:
            try await timer.sleep(untilElapsed: behaviour.duration)
            throw RefreshFailure("network error (simulated)")
        case .hang:
            var hours = 1.0
            while true {
                try await timer.sleep(untilElapsed: hours * 3600)
                hours += 1
            }
        }
    }

    /// Starts the action for refresh `token`, begun at `t` seconds of the driver's time (the
    /// time of the event or frame that started the refresh).
    public func start(token: Int, behaviour: RefreshBehaviour, at t: Double) {
        let action = self.action, virtual = self.virtual
        let timer = RefreshTimer.pinned(to: clock, startedAt: t)
        let post: @Sendable (RefreshResult) -> Void = { [mailbox, wake] r in
            mailbox.post(r)
            wake()
        }
        virtual?.taskStarted()
        tasks[token] = Task {
            let outcome: Result<Int, RefreshFailure>
            do {
                outcome = .success(try await action(behaviour, timer))
            } catch is CancellationError {
                outcome = .failure(.cancelled)
            } catch let e as RefreshFailure {
                outcome = .failure(e)
            } catch {
                outcome = .failure(RefreshFailure("\(error)"))
            }
            post(RefreshResult(token: token, outcome: outcome))
            virtual?.taskFinished()
        }
    }

    /// Cancels refresh `token` (Esc, timeout). Its late result, if any, is ignored by the owner.
    public func cancel(token: Int) {
        tasks.removeValue(forKey: token)?.cancel()
    }

    /// A dropped runner (its session closed) cancels its actions: none stays suspended on a
    /// clock that will never advance again.
    deinit {
        for task in tasks.values { task.cancel() }
    }

    /// Results posted since the last call.
    public func drain() -> [RefreshResult] {
        let r = mailbox.take()
        for x in r { tasks.removeValue(forKey: x.token) }
        return r
    }

    /// Waits until actions woken by a virtual clock have reached their next suspension.
    public nonisolated(nonsending) func waitForActions() async {
        await virtual?.quiescent()
    }
}

/// A thread-safe queue of results, written by action tasks and drained by the scene.
final class ResultMailbox: Sendable {
    private let box = Mutex<[RefreshResult]>([])
    func post(_ r: RefreshResult) { box.withLock { $0.append(r) } }
    func take() -> [RefreshResult] {
        box.withLock { b in
            let r = b; b.removeAll(); return r
        }
    }
}
