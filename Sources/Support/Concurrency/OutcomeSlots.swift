import Synchronization

/// Fixed slots written by concurrent workers, read once they are done.
public final class OutcomeSlots<Value: Sendable>: Sendable {
    private let storage: Mutex<[Value]>

    public init(count: Int, initial: Value) { storage = Mutex([Value](repeating: initial, count: count)) }

    public func set(_ index: Int, _ value: Value) { storage.withLock { $0[index] = value } }

    public var values: [Value] { storage.withLock { $0 } }
}
