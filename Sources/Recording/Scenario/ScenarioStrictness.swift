extension Scenario {
    /// The rules where goldens are made (`record`, `test`, `verify`; not the live window): no
    /// event or snapshot after `duration` (it would be silently dropped). The error names the
    /// event.
    public func checkStrict() throws(ScenarioError) {
        for (i, e) in events.enumerated() {
            let field = i < eventFields.count ? eventFields[i] : "events[\(i)]"
            if e.at > duration + 1e-9 {
                throw ScenarioError(
                    field: field, reason: "at \(Self.seconds(e.at)) s is after the scenario's duration (\(Self.seconds(duration)) s)")
            }
            if case let .drag(_, _, d) = e.kind, e.at + d > duration + 1e-9 {
                throw ScenarioError(
                    field: field,
                    reason: "drag ends at \(Self.seconds(e.at + d)) s, after the scenario's duration (\(Self.seconds(duration)) s)")
            }
        }
        for s in snapshots where s.at > duration + 1e-9 {
            throw ScenarioError(
                field: s.field,
                reason: "snapshot '\(s.name)' at \(Self.seconds(s.at)) s is after the scenario's duration (\(Self.seconds(duration)) s)")
        }
    }

    static func seconds(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : "\(v)"
    }
}
