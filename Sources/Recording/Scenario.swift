import Scenes
import ScrollEngine

/// A scripted session: the scene, its size and settings, and a timeline of input events.
/// Frames are a pure function of the scenario. See README "Scenarios" for every field.
public struct Scenario: Sendable {
    public var scene = "list"
    public var size = Size(390, 844)
    /// Pixels per point.
    public var scale = 2.0
    /// Frames per second of the recording.
    public var fps = 60.0
    /// Seconds recorded; frames = duration·fps + 1, the last at exactly `duration`.
    public var duration = 3.0
    public var options = SceneOptions()
    public var events: [TimedEvent] = []
    /// Named snapshots (`{"at": t, "snapshot": name}` entries of `events`), in file order.
    public var snapshots: [Snapshot] = []
    /// The JSON path of each entry of `events` (`events[3]`) when parsed from a file, for messages.
    public var eventFields: [String] = []

    public init() {}

    /// Number of frames recorded.
    public var frameCount: Int { Int((duration * fps - 1e-9).rounded(.up)) + 1 }

    /// Time of frame `i`; the last frame is at exactly `duration`.
    public func time(ofFrame i: Int) -> Double {
        i == frameCount - 1 ? duration : Double(i) / fps
    }

    /// The timeline expanded to primitive input events in time order (a drag becomes down,
    /// moves at `dragSampleRate` Hz and up).
    /// Events after `until` (default: the recording's end) are left out: a long drag is expanded
    /// only as far as it is recorded, so memory follows what is rendered, not what is declared.
    public func expandedEvents(dragSampleRate: Double = 120, until: Double? = nil) -> [(t: Double, event: InputEvent)] {
        let end = until ?? duration
        var out: [(t: Double, order: Int, event: InputEvent)] = []
        var order = 0
        func add(_ t: Double, _ e: InputEvent) {
            guard t <= end else { return }
            out.append((t, order, e)); order += 1
        }
        for te in events {
            switch te.kind {
            case let .down(p): add(te.at, .pointerDown(p))
            case let .move(p): add(te.at, .pointerMove(p))
            case let .up(p): add(te.at, .pointerUp(p))
            case let .drag(from, to, d):
                add(te.at, .pointerDown(from))
                let steps = max(1, Int((d * dragSampleRate).rounded(.up)))
                // Only the moves up to the end are made (a drag may be declared far past it).
                let lastStep = te.at > end ? 0 : min(steps, Int(((end - te.at) / d * Double(steps)).rounded(.down)) + 1)
                for k in stride(from: 1, through: lastStep, by: 1) {
                    let f = Double(k) / Double(steps)
                    add(te.at + d * f, .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)))
                }
                add(te.at + d, .pointerUp(to))
            case let .wheel(dy, precise, source): add(te.at, .wheel(dy: dy, precise: precise, source: source))
            case let .key(k, m): add(te.at, .key(k, m))
            case let .resize(s): add(te.at, .resize(s))
            case let .page(n): add(te.at, .setPage(n))
            case .wait: break
            }
        }
        return out.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map { ($0.t, $0.event) }
    }
}

/// One entry of a scenario's `events` array.
public struct TimedEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case down(Point), move(Point), up(Point)
        /// Pointer down at `from`, straight line to `to` over `duration` seconds, up.
        case drag(from: Point, to: Point, duration: Double)
        case wheel(dy: Double, precise: Bool, source: WheelSource = .unknown)
        case key(Key, KeyModifiers)
        case resize(Size)
        case page(Int)
        /// Nothing happens; documents a pause.
        case wait(Double)
    }
    /// Seconds from the start.
    public var at: Double
    public var kind: Kind
    public init(at: Double, kind: Kind) { self.at = at; self.kind = kind }
}
