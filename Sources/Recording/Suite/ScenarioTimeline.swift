/// The instants a scenario is driven through: every frame of the fps grid and every snapshot
/// instant, in time order. `record` and `test` step through the same instants, so a snapshot
/// shows exactly what a recording shows at that time; a snapshot on the grid shares its frame.
public struct ScenarioTimeline: Sendable {
    /// One instant: a grid frame, snapshots, or both.
    public struct Instant: Sendable, Equatable {
        public var t: Double
        /// Frame number when the instant is on the fps grid.
        public var frame: Int?
        /// Indexes into `Scenario.snapshots` taken at this instant.
        public var snapshots: [Int] = []
    }

    public let instants: [Instant]

    public init(_ scenario: Scenario) {
        var out: [Instant] = []
        out.reserveCapacity(scenario.frameCount + scenario.snapshots.count)
        for i in 0..<scenario.frameCount { out.append(Instant(t: scenario.time(ofFrame: i), frame: i)) }
        let order = scenario.snapshots.indices.sorted { (scenario.snapshots[$0].at, $0) < (scenario.snapshots[$1].at, $1) }
        var merged: [Instant] = []
        merged.reserveCapacity(out.count + order.count)
        var k = 0
        for instant in out {
            while k < order.count, scenario.snapshots[order[k]].at < instant.t {
                let t = scenario.snapshots[order[k]].at
                if merged.last?.t == t { merged[merged.count - 1].snapshots.append(order[k]) } else {
                    merged.append(Instant(t: t, frame: nil, snapshots: [order[k]]))
                }
                k += 1
            }
            var here = instant
            while k < order.count, scenario.snapshots[order[k]].at == instant.t { here.snapshots.append(order[k]); k += 1 }
            merged.append(here)
        }
        while k < order.count {
            let t = scenario.snapshots[order[k]].at
            if merged.last?.t == t { merged[merged.count - 1].snapshots.append(order[k]) } else {
                merged.append(Instant(t: t, frame: nil, snapshots: [order[k]]))
            }
            k += 1
        }
        instants = merged
    }
}
