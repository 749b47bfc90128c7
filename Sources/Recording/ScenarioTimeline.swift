/// The instants a scenario is driven through: every frame of the fps grid and every snapshot
/// instant, in time order. `record` and `test` step through the same instants, so a snapshot
/// shows exactly what a recording shows at that time; a snapshot on the grid (within a
/// nanosecond of a frame's time) shares that frame.
public struct ScenarioTimeline: Sendable {
    /// One instant: a grid frame, snapshots, or both.
    public struct Instant: Sendable, Equatable {
        public var t: Double
        /// Frame number when the instant is on the fps grid.
        public var frame: Int?
        /// Indexes into `Scenario.snapshots` taken at this instant, in file order.
        public var snapshots: [Int] = []
    }

    public let instants: [Instant]

    public init(_ scenario: Scenario) {
        let count = scenario.frameCount
        var grid = (0..<count).map { Instant(t: scenario.time(ofFrame: $0), frame: $0) }
        var extra: [Instant] = []
        for (k, snap) in scenario.snapshots.enumerated() {
            let nearest = min(count - 1, max(0, Int((snap.at * scenario.fps).rounded())))
            if abs(grid[nearest].t - snap.at) < 1e-9 {
                grid[nearest].snapshots.append(k)
            } else if let j = extra.firstIndex(where: { $0.t == snap.at }) {
                extra[j].snapshots.append(k)
            } else {
                extra.append(Instant(t: snap.at, frame: nil, snapshots: [k]))
            }
        }
        guard !extra.isEmpty else { instants = grid; return }
        extra.sort { $0.t < $1.t }
        var merged: [Instant] = []
        merged.reserveCapacity(grid.count + extra.count)
        var k = 0
        for instant in grid {
            while k < extra.count, extra[k].t < instant.t { merged.append(extra[k]); k += 1 }
            merged.append(instant)
        }
        merged += extra[k...]
        instants = merged
    }
}
