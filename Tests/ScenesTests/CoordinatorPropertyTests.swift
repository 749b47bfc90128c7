import Synchronization
import Testing
@testable import ScrollEngine
@testable import Scenes
import Support

/// Counts actions the coordinator starts.
final class ActionCounter: Sendable {
    let count = Mutex(0)
}

/// Generated input streams against the coordinator's invariants (docs/BEHAVIOUR.md, "Pull to refresh: the
/// coordinator": the lock, one refresh at a time, the resync).
@Suite struct CoordinatorPropertyTests {
    static let streams = 3000
    static let fps = 60.0
    static let seconds = 3.0

    /// A random timeline of drags, wheel bursts, resizes and keys.
    static func events(_ rng: inout SplitMix64, size: Size) -> [(Double, InputEvent)] {
        var out: [(Double, InputEvent)] = []
        var t = Double.random(in: 0...0.3, using: &rng)
        while t < seconds {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:  // a drag, usually downwards from near the top
                let x = Double.random(in: 10...(size.width - 10), using: &rng)
                var y = Double.random(in: 50...(size.height - 50), using: &rng)
                out.append((t, .pointerDown(Point(x, y))))
                for _ in 0..<Int.random(in: 1...30, using: &rng) {
                    t += Double.random(in: 0.004...0.05, using: &rng)
                    y += Double.random(in: -40...60, using: &rng)
                    out.append((t, .pointerMove(Point(x, y))))
                }
                t += Double.random(in: 0...0.2, using: &rng)
                out.append((t, .pointerUp(Point(x, y))))
            case 4...5:  // a wheel burst: notches or precise
                let precise = Bool.random(using: &rng)
                for _ in 0..<Int.random(in: 1...12, using: &rng) {
                    let dy = precise ? Double.random(in: -3...3, using: &rng) : Double(Int.random(in: -2...3, using: &rng))
                    out.append((t, .wheel(dy: dy, precise: precise)))
                    t += Double.random(in: 0.005...0.12, using: &rng)
                }
            case 6:
                out.append((t, .resize(Size(size.width, Double.random(in: 300...1000, using: &rng)))))
            case 7:
                let keys: [(Key, KeyModifiers)] = [
                    (.f5, []), (.r, .control), (.escape, []), (.end, []), (.home, []), (.down, []), (.pageDown, [])
                ]
                let k = keys.randomElement(using: &rng)!
                out.append((t, .key(k.0, k.1)))
            case 8:  // garbage the adapter would drop, delivered anyway: must be harmless
                out.append((t, .wheel(dy: [Double.nan, .infinity, 1e9].randomElement(using: &rng)!, precise: true)))
            default:
                break
            }
            t += Double.random(in: 0.01...0.6, using: &rng)
        }
        return out.filter { $0.0 <= seconds }
    }

    @Test func coordinatorInvariantsHoldForGeneratedStreams() async throws {
        for seed in 0..<UInt64(Self.streams) {
            try await check(seed: seed)
        }
    }

    /// Set to a seed to print its frames.
    var debugSeed: UInt64? { nil }

    func check(seed: UInt64) async throws {
        var rng = SplitMix64(state: seed)
        var options = SceneOptions()
        options.size = Size(390, Double.random(in: 500...900, using: &rng))
        options.rows = Int.random(in: 0...300, using: &rng)
        options.refresh.duration = Double.random(in: 0.02...1.5, using: &rng)
        options.refresh.outcome = RefreshBehaviour.Outcome.allCases.randomElement(using: &rng)!
        options.refresh.timeout = Double.random(in: 0.3...2.5, using: &rng)
        let counter = ActionCounter()
        let runtime = RefreshRuntime(
            clock: VirtualClock(),
            action: { behaviour, timer in
                counter.count.withLock { $0 += 1 }
                return try await RefreshActionRunner.simulated(behaviour, timer)
            })
        let session = try Session(scene: "coordinator", options: options, runtime: runtime)
        let scene = try #require(session.scene as? CoordinatorScene)
        let events = Self.events(&rng, size: options.size)
        var next = 0
        var eventsPrevFrame = 0
        var prev: (state: RefreshState, offset: Double, corrections: Int, forwarded: Int, refreshes: Int)?
        let frames = Int(Self.seconds * Self.fps)
        for i in 0...frames {
            let t = Double(i) / Self.fps
            var eventsThisFrame = 0
            while next < events.count, events[next].0 <= t {
                await session.settle(to: events[next].0)
                session.handle(events[next].1, at: events[next].0)
                next += 1
                eventsThisFrame += 1
            }
            await session.settle(to: t)
            // A paused wheel gesture that coasted in this frame moved the content as a delta would.
            if let coast = scene.input.lastCoast, coast > t - 1 / Self.fps { eventsThisFrame += 1 }
            let c = scene.coordinator
            let offset = scene.scrollView.contentOffset
            if debugSeed == seed {
                print(
                    "DBG t=\(t) ev=\(events[max(0,next-eventsThisFrame)..<next].map { "\($0.0) \($0.1)" }) state=\(c.state)"
                        + " off=\(offset) corr=\(c.corrections) fwd=\(c.forwarded) phase=\(scene.scrollView.phase)")
            }
            let state = c.state
            #expect(offset.isFinite, "seed \(seed): non-finite offset")
            if state == .refreshing || state == .completing {
                #expect(
                    offset == c.heldOffset(at: t), "seed \(seed) t=\(t): offset \(offset) ≠ held \(String(describing: c.heldOffset(at: t)))"
                )
            }
            if let p = prev {
                let dc = c.corrections - p.corrections
                // An animated programmatic scroll disturbs on the frame after its key: allow one frame of lag.
                let recentEvents = eventsThisFrame + eventsPrevFrame
                #expect(dc <= recentEvents + 1, "seed \(seed) t=\(t): \(dc) corrections for \(recentEvents) events")
                if recentEvents == 0 && p.state == .refreshing && state == .refreshing {
                    #expect(dc == 0, "seed \(seed) t=\(t): corrections without a disturbance")
                    let from = c.heldOffset(at: c.refreshStart) ?? offset
                    let allowed = abs(from - c.lockedOffset) * 3 / Self.fps / c.config.startDuration + 1e-9
                    #expect(abs(offset - p.offset) <= allowed, "seed \(seed) t=\(t): jump \(offset - p.offset) > \(allowed)")
                }
                let locked: Set<String> = ["refreshing", "completing"]
                // (Within one refresh: one can end and the next start between two frames.)
                if locked.contains(p.state.name) && locked.contains(state.name) && c.refreshes == p.refreshes {
                    #expect(c.forwarded == p.forwarded, "seed \(seed) t=\(t): forwarded grew while locked")
                }
                if p.state == .completing && state == .idle && recentEvents == 0 && scene.scrollView.phase == .idle {
                    #expect(c.forwarded == p.forwarded + 1, "seed \(seed) t=\(t): resync should forward exactly one event")
                }
                #expect(c.refreshes - p.refreshes <= max(1, eventsThisFrame), "seed \(seed): too many refreshes in one frame")
            }
            prev = (state, offset, c.corrections, c.forwarded, c.refreshes)
            eventsPrevFrame = eventsThisFrame
        }
        // Illegal state transitions are preconditions in the state machine: reaching here means none.
        let c = scene.coordinator
        await session.waitForActions()
        #expect(counter.count.withLock { $0 } == c.refreshes, "seed \(seed): actions started ≠ refreshes")
    }
}
