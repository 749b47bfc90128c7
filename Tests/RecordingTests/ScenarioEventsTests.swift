import Testing
@testable import Recording
import Scenes
import ScrollEngine
import Support

/// Issue 18 item 15: drag samples are made as the clock reaches them, so what a run holds follows
/// the scenario file (one cursor per entry), not the duration.
@Suite struct ScenarioEventsTests {
    /// The expansion as it was: every primitive event made up front, then sorted (the oracle).
    func eager(_ s: Scenario, rate: Double = 120) -> [(t: Double, event: InputEvent)] {
        let end = s.duration
        var out: [(t: Double, order: Int, event: InputEvent)] = []
        func add(_ t: Double, _ e: InputEvent) { if t <= end { out.append((t, out.count, e)) } }
        for te in s.events {
            switch te.kind {
            case let .down(p): add(te.at, .pointerDown(p))
            case let .move(p): add(te.at, .pointerMove(p))
            case let .up(p): add(te.at, .pointerUp(p))
            case let .drag(from, to, d):
                add(te.at, .pointerDown(from))
                let steps = max(1, Int((d * rate).rounded(.up)))
                let lastStep = te.at > end ? 0 : min(steps, Int(((end - te.at) / d * Double(steps)).rounded(.down)) + 1)
                for k in stride(from: 1, through: lastStep, by: 1) {
                    let f = Double(k) / Double(steps)
                    add(te.at + d * f, .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)))
                }
                add(te.at + d, .pointerUp(to))
            case let .wheel(dy, precise, source): add(te.at, .wheel(dy: dy, precise: precise, source: source))
            case let .touchpad(signal): add(te.at, .touchpad(signal))
            case let .key(k, m): add(te.at, .key(k, m))
            case let .resize(size): add(te.at, .resize(size))
            case let .page(n): add(te.at, .setPage(n))
            case .wait: break
            }
        }
        return out.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map { ($0.t, $0.event) }
    }

    /// Random timelines (overlapping drags, ties, drags past the end, every kind of entry): the
    /// lazy merge gives exactly the eager expansion, event for event.
    @Test func theLazyMergeEqualsTheEagerExpansion() {
        var random = SplitMix64(state: 18_15)
        for _ in 0..<200 {
            var s = Scenario()
            s.duration = Double(random.next() % 30 + 1) / 10
            for _ in 0..<Int(random.next() % 8) {
                let at = Double(random.next() % 40) / 10  // ties and entries past the end
                let p = Point(Double(random.next() % 300), Double(random.next() % 300))
                let kind: TimedEvent.Kind
                switch random.next() % 7 {
                case 0, 1, 2: kind = .drag(from: p, to: Point(p.y, p.x), duration: Double(random.next() % 20 + 1) / 20)
                case 3: kind = .down(p)
                case 4: kind = .wheel(dy: 3, precise: false)
                case 5: kind = .key(.space, [])
                default: kind = .wait(0.5)
                }
                s.events.append(TimedEvent(at: at, kind: kind))
            }
            let lazy = Array(s.primitiveEvents())
            let reference = eager(s)
            #expect(lazy.count == reference.count)
            #expect(zip(lazy, reference).allSatisfy { $0.t == $1.t && $0.event == $1.event })
        }
    }

    /// Twenty overlapping drags over the whole recording: 8 moves a frame at 1 fps … the run is
    /// given every one of the 144,000 moves, yet never holds more than one cursor per drag.
    @Test func twentyOverlappingDragsHoldTwentyCursors() {
        var s = Scenario()
        s.duration = 60
        s.fps = 1
        for i in 0..<20 {
            let at = Double(i) * 0.5
            s.events.append(TimedEvent(at: at, kind: .drag(from: Point(50, 100), to: Point(50, 10), duration: 60 - at)))
        }
        var events = s.primitiveEvents()
        var count = 0, last = -1.0
        while let (t, _) = events.next() {
            #expect(t >= last)
            last = t
            count += 1
        }
        let moves = (0..<20).map { Int(((60 - Double($0) * 0.5) * 120).rounded(.up)) }.reduce(0, +)
        #expect(count == moves + 40)  // every move, and a down and an up per drag
        #expect(events.mostPending == 20)
    }
}
