/// Fixed slots written by concurrent workers, read once they are done.
final class OutcomeSlots<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value]
    private let lock = NSLockLite()

    init(count: Int, initial: Value) { storage = [Value](repeating: initial, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { storage[index] = value } }

    var values: [Value] { lock.withLock { storage } }
}

extension OutcomeSlots where Value == CompareRunner.FrameOutcome {
    convenience init(count: Int) { self.init(count: count, initial: CompareRunner.FrameOutcome()) }
}
