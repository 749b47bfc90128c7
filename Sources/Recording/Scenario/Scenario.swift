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
    /// The feel file the scenario names (`feel`), as written; its numbers are in `options`.
    public var feel: String?
    /// The feel file's values (nil: none named).
    public var feelValues: Feel?
    /// Draw the tuning panel over every frame (`tuningPanel`): the window's panel, with the
    /// scenario's feel, in recordings only when asked.
    public var tuningPanel = false
    public var events: [TimedEvent] = []
    /// Named snapshots (`{"at": t, "snapshot": name}` entries of `events`), in file order.
    public var snapshots: [Snapshot] = []
    /// The JSON path of each entry of `events` (`events[3]`) when parsed from a file, for messages.
    public var eventFields: [String] = []
    /// A recorded offset the scenario's must stay close to (`"reference"`; `overscroll test` checks it).
    public var reference: TraceReference?

    public init() {}

    /// Number of frames recorded.
    public var frameCount: Int { Int((duration * fps - 1e-9).rounded(.up)) + 1 }

    /// Time of frame `i`; the last frame is at exactly `duration`.
    public func time(ofFrame i: Int) -> Double {
        i == frameCount - 1 ? duration : Double(i) / fps
    }

    /// The timeline expanded to primitive input events in time order (a drag becomes down,
    /// moves at `dragSampleRate` Hz and up), all at once: for short scenarios and tests. A run
    /// takes them lazily from `primitiveEvents` (memory follows the file, not the duration).
    /// Events after `until` (default: the recording's end) are left out.
    public func expandedEvents(dragSampleRate: Double = 120, until: Double? = nil) -> [(t: Double, event: InputEvent)] {
        Array(primitiveEvents(dragSampleRate: dragSampleRate, until: until))
    }
}

/// One entry of a scenario's `events` array.
public struct TimedEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case down(Point), move(Point), up(Point)
        /// Pointer down at `from`, straight line to `to` over `duration` seconds, up.
        case drag(from: Point, to: Point, duration: Double)
        case wheel(dy: Double, precise: Bool, source: WheelSource = .unknown)
        /// Touchpad fingers lifted or resting (`"touchpad": "lift" | "hold" | "release"`).
        case touchpad(TouchpadSignal)
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

/// A scenario's `"reference": {"file": …, "maxRms": …}`: a trace.jsonl or `t,offset` CSV (a path
/// relative to the scenario) whose offset the recording's must match within `maxRms` points
/// (`TraceComparison`), or `overscroll test` fails the scenario.
public struct TraceReference: Sendable, Equatable {
    public var file: String
    public var maxRms: Double
    public init(file: String, maxRms: Double) { self.file = file; self.maxRms = maxRms }
}
