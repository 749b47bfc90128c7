import ScrollEngine

/// A named snapshot of a scenario: `{"at": 1.2, "snapshot": "pulled"}` names the frame at
/// exactly t = 1.2 s (rendered at that instant even off the fps grid). `overscroll test`
/// compares it with `__snapshots__/<scenario>/<name>.png`; the optional fields override the
/// suite's tolerances for this snapshot only. With `"trace": {"offset": -60, "phase":
/// "idle", "tolerance": 0.5}` it is a trace snapshot instead: the scroll view's offset (and
/// phase) at the instant against the values written there (`TraceSnapshot`), no pixels and
/// no golden file.
public struct Snapshot: Sendable, Equatable {
    /// `[A-Za-z0-9._-]{1,80}`, unique within the scenario.
    public var name: String
    /// Seconds from the start.
    public var at: Double
    /// Regions in points painted one fixed colour on both images before comparing.
    public var mask: [Rect] = []
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// Matching threshold 0…1 of the comparison.
    public var threshold: Double?
    /// Where it was defined (`events[3]`), for messages.
    public var field: String
    /// A trace snapshot's expected values (nil: an image snapshot).
    public var trace: TraceSnapshot.Value?
    /// How far, in points, a trace snapshot's offset may be from `trace.offset`.
    public var traceTolerance = TraceSnapshot.defaultTolerance

    public init(name: String, at: Double, field: String) {
        self.name = name; self.at = at; self.field = field
    }

    /// Names the run writes beside the snapshot folders of a scenario's artifacts; a snapshot may
    /// not use them.
    public static let reservedNames: Set<String> = ["trace.jsonl", "trace.html"]

    /// Longest snapshot name.
    public static let maxNameLength = 80

    /// True when `name` is `[A-Za-z0-9._-]{1,80}` and not `.` or `..`.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxNameLength, name != ".", name != ".." else { return false }
        return name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x5F || c == 0x2D
        }
    }
}
