/// Which snapshots get a trace viewer and a `trace.jsonl` (`overscroll test --trace MODE`).
/// A trace costs a second rendering pass over the frames around each traced snapshot, so a
/// missing golden (nothing to compare with; its actual image is kept) is traced only with `on`.
public enum TraceMode: String, Codable, Sendable, CaseIterable {
    /// Every snapshot that ran: passed, missing and failing.
    case on
    /// None: no trace viewer, no `trace.jsonl`.
    case off
    /// The snapshots that differ from their golden: failed, flaky, or whose golden is unreadable
    /// (the default).
    case retainOnFailure = "retain-on-failure"

    /// Whether `snapshot` of a run in this mode is traced.
    public func traces(_ snapshot: SnapshotResult) -> Bool {
        switch self {
        case .on: return true
        case .off: return false
        case .retainOnFailure: return snapshot.isFailure && snapshot.status != .missing
        }
    }
}
