import Scenes
import ScrollEngine

/// A scenario's timeline as primitive input events in time order, made as they are taken: a drag
/// is a down, moves at `dragSampleRate` Hz and an up, and each move exists only once the clock
/// reaches it. A merge of one cursor per `events` entry (a heap on time, then file order), so
/// memory follows the file, never the duration: twenty overlapping one-hour drags hold twenty
/// cursors, not 8.6 million moves.
public struct ScenarioEvents: Sequence, IteratorProtocol {
    public typealias Element = (t: Double, event: InputEvent)

    /// One entry's next primitive event: `step` 0 is its first.
    private struct Cursor {
        var entry: Int
        var step: Int
        var t: Double
        /// Earlier in the heap: sooner, then earlier in the file, then earlier within the entry.
        func precedes(_ other: Cursor) -> Bool {
            if t != other.t { return t < other.t }
            if entry != other.entry { return entry < other.entry }
            return step < other.step
        }
    }

    private let events: [TimedEvent]
    /// Per entry: a drag's move count and its last move made (see `dragSteps`); (0, 0) otherwise.
    private let dragPlans: [(steps: Int, lastMove: Int)]
    private let dragSampleRate: Double
    private let end: Double
    private var heap: [Cursor] = []

    /// The most cursors held at once so far (for tests: at most one per entry of `events`).
    public private(set) var mostPending = 0

    /// Events after `until` (default: the recording's end) are left out.
    public init(_ scenario: Scenario, dragSampleRate: Double = 120, until: Double? = nil) {
        events = scenario.events
        self.dragSampleRate = dragSampleRate
        let end = until ?? scenario.duration
        self.end = end
        dragPlans = scenario.events.map { te in
            guard case let .drag(_, _, d) = te.kind else { return (0, 0) }
            return Self.dragSteps(te, duration: d, rate: dragSampleRate, end: end)
        }
        for i in events.indices { if let t = time(i, 0) { push(Cursor(entry: i, step: 0, t: t)) } }
    }

    /// The time of the next event, nil at the end.
    public var nextTime: Double? { heap.first?.t }

    public mutating func next() -> Element? {
        guard let c = heap.first else { return nil }
        let out = (c.t, event(c.entry, c.step))
        if let t = time(c.entry, c.step + 1) {
            heap[0] = Cursor(entry: c.entry, step: c.step + 1, t: t)
            siftDown(0)
        } else {
            let last = heap.removeLast()
            if !heap.isEmpty { heap[0] = last; siftDown(0) }
        }
        return out
    }

    // MARK: - One entry's primitive events

    /// Moves of a drag: `steps` in all; only those up to the end are made (a drag may be
    /// declared far past it). Step 0 is the down, 1…`lastMove` the moves, then the up.
    private static func dragSteps(_ te: TimedEvent, duration d: Double, rate: Double, end: Double) -> (steps: Int, lastMove: Int) {
        let steps = Swift.max(1, Int((d * rate).rounded(.up)))
        let lastMove = te.at > end ? 0 : Swift.min(steps, Int(((end - te.at) / d * Double(steps)).rounded(.down)) + 1)
        return (steps, lastMove)
    }

    /// Time of step `k` of entry `i`, nil when it has no such step (or it lies past the end).
    private func time(_ i: Int, _ k: Int) -> Double? {
        let te = events[i]
        let t: Double
        switch te.kind {
        case .wait: return nil
        case let .drag(_, _, d):
            let (steps, lastMove) = dragPlans[i]
            if k == 0 {
                t = te.at
            } else if k <= lastMove {
                t = te.at + d * (Double(k) / Double(steps))
            } else if k == lastMove + 1 {
                t = te.at + d
            } else {
                return nil
            }
        default:
            guard k == 0 else { return nil }
            t = te.at
        }
        return t <= end ? t : nil
    }

    /// Step `k` of entry `i` (its time given by `time`).
    private func event(_ i: Int, _ k: Int) -> InputEvent {
        let te = events[i]
        switch te.kind {
        case let .down(p): return .pointerDown(p)
        case let .move(p): return .pointerMove(p)
        case let .up(p): return .pointerUp(p)
        case let .drag(from, to, _):
            let (steps, lastMove) = dragPlans[i]
            if k == 0 { return .pointerDown(from) }
            if k > lastMove { return .pointerUp(to) }
            let f = Double(k) / Double(steps)
            return .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f))
        case let .wheel(dy, precise, source): return .wheel(dy: dy, precise: precise, source: source)
        case let .touchpad(signal): return .touchpad(signal)
        case let .key(k, m): return .key(k, m)
        case let .resize(s): return .resize(s)
        case let .page(n): return .setPage(n)
        case .wait: preconditionFailure("a wait has no events")
        }
    }

    // MARK: - Binary min-heap

    private mutating func push(_ c: Cursor) {
        heap.append(c)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].precedes(heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
        mostPending = Swift.max(mostPending, heap.count)
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var best = i
            if l < heap.count && heap[l].precedes(heap[best]) { best = l }
            if r < heap.count && heap[r].precedes(heap[best]) { best = r }
            if best == i { return }
            heap.swapAt(i, best)
            i = best
        }
    }
}

extension Scenario {
    /// The timeline as primitive events, made lazily (see `ScenarioEvents`).
    public func primitiveEvents(dragSampleRate: Double = 120, until: Double? = nil) -> ScenarioEvents {
        ScenarioEvents(self, dragSampleRate: dragSampleRate, until: until)
    }
}
