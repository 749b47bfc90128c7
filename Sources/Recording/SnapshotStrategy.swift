/// One way of checking a snapshot, in the spirit of swift-snapshot-testing's
/// `Snapshotting<Value, Format>`: what is captured at the snapshot's instant (`Value`), the
/// reference stored for it (`Reference`, read from where the snapshot's reference lives), and
/// what comparing the two found (`Evidence`). `overscroll test` and `overscroll verify` check
/// every snapshot through `check` — capture, compare, verdict — and each turns the verdict
/// into its own outcome (a `SnapshotResult`, a line of the keyframe report). Two strategies:
/// `ImageSnapshot` (a rendered frame against its golden PNG) and `TraceSnapshot` (the scroll
/// view's offset and phase against a stored value, within a tolerance).
public struct SnapshotStrategy<Value, Reference, Evidence> {
    /// Reads the reference stored at `location`: nil when none is stored; throws when one is
    /// there but cannot be read (the error says why).
    public var load: (_ location: String) throws -> Reference?
    /// Compares a captured value with its reference; throws when the reference, once read,
    /// cannot be used (not a PNG, say).
    public var compare: (_ value: Value, _ reference: Reference) throws -> SnapshotComparison<Evidence>

    public init(
        load: @escaping (_ location: String) throws -> Reference?,
        compare: @escaping (_ value: Value, _ reference: Reference) throws -> SnapshotComparison<Evidence>
    ) {
        self.load = load
        self.compare = compare
    }

    /// Checks `value` against the reference stored at `location`.
    public func check(_ value: Value, against location: String) -> SnapshotVerdict<Reference, Evidence> {
        let reference: Reference
        do {
            guard let stored = try load(location) else { return .missing }
            reference = stored
        } catch {
            return .unreadable(error, reference: nil)
        }
        do { return .compared(reference, try compare(value, reference)) } catch {
            return .unreadable(error, reference: reference)
        }
    }
}

/// What comparing a captured value with its reference found.
public struct SnapshotComparison<Evidence> {
    /// Within the tolerance.
    public var match: Bool
    /// Why it does not match, in one line (nil: the strategy leaves the wording to the command).
    public var message: String?
    public var evidence: Evidence

    public init(match: Bool, message: String? = nil, evidence: Evidence) {
        self.match = match; self.message = message; self.evidence = evidence
    }
}

/// The verdict on one snapshot.
public enum SnapshotVerdict<Reference, Evidence> {
    /// No reference is stored.
    case missing
    /// A reference is there but cannot be read or used (`reference`: what was read, if anything).
    case unreadable(any Error, reference: Reference?)
    /// Compared.
    case compared(Reference, SnapshotComparison<Evidence>)
}
