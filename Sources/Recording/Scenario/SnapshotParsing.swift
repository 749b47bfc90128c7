import ScrollEngine

/// Reads snapshot entries of a scenario's `events` array (`{"at": t, "snapshot": name, …}`).
package enum SnapshotParsing {
    package static let fields = ["at", "snapshot", "mask", "maxDiffPixels", "maxDiffRatio", "threshold", "trace"]
    /// The fields of a trace snapshot's `trace` object.
    package static let traceFields = ["offset", "phase", "tolerance"]
    /// The phases a `trace` may name (the trace's `phase` field).
    package static let phases = ["idle", "dragging", "decelerating", "bouncing", "animating"]

    /// The snapshot `entry` defines, or nil when it is an input event.
    package static func snapshot(_ entry: Reader) throws(ScenarioError) -> Snapshot? {
        guard case let .object(kv) = entry.value, kv.contains(where: { $0.0 == "snapshot" }) else { return nil }
        // A snapshot is an entry's one kind, like an event's: name both kinds found, not the event's field.
        let kinds = ScenarioParser.eventKinds.filter { k in kv.contains(where: { $0.0 == k }) }
        if !kinds.isEmpty { throw entry.error(ScenarioParser.oneKindPerEvent(kinds + ["snapshot"])) }
        try entry.requireObject(known: fields)
        guard let atField = try entry.optional("at") else { throw entry.error("missing field 'at'") }
        let at = try atField.number(min: 0, max: ScenarioParser.maxDuration)
        guard let nameField = try entry.optional("snapshot") else { return nil }
        let name = try nameField.string()
        guard Snapshot.isValidName(name) else {
            throw nameField.error("snapshot name '\(name)' must be 1 to \(Snapshot.maxNameLength) of A-Z a-z 0-9 . _ -")
        }
        guard !Snapshot.reservedNames.contains(name.lowercased()) else {
            throw nameField.error(
                "snapshot name '\(name)' is reserved (the results folder holds the scenario's \(name) beside its snapshots)")
        }
        var snap = Snapshot(name: name, at: at, field: entry.path)
        if let m = try entry.optional("mask") { snap.mask = try rects(m) }
        if let v = try entry.optional("maxDiffPixels") { snap.maxDiffPixels = try v.integer(min: 0, max: Int(Int32.max)) }
        if let v = try entry.optional("maxDiffRatio") { snap.maxDiffRatio = try v.number(min: 0, max: 1) }
        if let v = try entry.optional("threshold") { snap.threshold = try v.number(min: 0, max: 1) }
        if let t = try entry.optional("trace") {
            // A trace snapshot compares no pixels: an image field beside it would do nothing.
            for image in ["mask", "maxDiffPixels", "maxDiffRatio", "threshold"] where try entry.optional(image) != nil {
                throw entry.error("'\(image)' does not apply to a trace snapshot (it compares the offset, not pixels)")
            }
            try t.requireObject(known: traceFields)
            guard let offset = try t.optional("offset") else { throw t.error("missing field 'offset' (points)") }
            var value = TraceSnapshot.Value(offset: try offset.number(min: -TraceSnapshot.maxOffset, max: TraceSnapshot.maxOffset))
            if let p = try t.optional("phase") {
                let phase = try p.string()
                guard phases.contains(phase) else {
                    throw p.error("unknown phase '\(phase)' (phases: \(phases.joined(separator: ", ")))")
                }
                value.phase = phase
            }
            snap.trace = value
            if let v = try t.optional("tolerance") { snap.traceTolerance = try v.number(min: 0, max: TraceSnapshot.maxTolerance) }
        }
        return snap
    }

    /// A `mask` field: `[[x, y, w, h], …]` in points, each with a width and height above 0.
    package static func rects(_ m: Reader) throws(ScenarioError) -> [Rect] {
        var out: [Rect] = []
        for r in try m.array() {
            let parts = try r.array()
            guard parts.count == 4 else { throw r.error("expected [x, y, w, h] in points, got \(parts.count) values") }
            let side = ScenarioParser.maxSide
            let x = try parts[0].number(min: -side, max: side), y = try parts[1].number(min: -side, max: side)
            let w = try parts[2].number(min: 0, max: side), h = try parts[3].number(min: 0, max: side)
            guard w > 0, h > 0 else {
                throw r.error("a mask of zero \(w == 0 ? "width" : "height") covers nothing; give [x, y, w, h] with w and h above 0")
            }
            out.append(Rect(x: x, y: y, width: w, height: h))
        }
        return out
    }

    /// A name used twice is an error naming both events.
    package static func checkUnique(_ snapshots: [Snapshot]) throws(ScenarioError) {
        var seen: [String: String] = [:]
        for s in snapshots {
            if let first = seen[s.name] {
                throw ScenarioError(field: "\(s.field).snapshot", reason: "duplicate snapshot name '\(s.name)' (also \(first))")
            }
            seen[s.name] = s.field
        }
    }
}
