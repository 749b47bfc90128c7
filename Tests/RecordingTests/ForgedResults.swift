import Foundation
import Testing

/// A results folder forged as a hostile CI artifact would be (issue 43): its first scenario's
/// entry is moved to `scenario` (a `..`, absolute or linked path whose decoy scenario file
/// exists), with golden paths that agree with it and its snapshots "missing", so only the
/// path checks stand between `accept` and a golden written beside the decoy.
enum ForgedResults {
    /// Rewrites `folder/results.json` of the box; writes a copy of `suite/a.json` at the decoy.
    static func plant(in s: Sandbox, folder: String, scenario: String, decoy: String) throws {
        let file = s.path(folder + "/results.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var scenarios = try #require(json["scenarios"] as? [[String: Any]])
        let old = try #require(scenarios.first?["scenario"] as? String)
        let name = String((scenario.split(separator: "/").last ?? "").dropLast(5))
        let parent = scenario.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let goldens = (parent.isEmpty ? "." : parent) + "/__snapshots__/" + name
        scenarios[0]["scenario"] = scenario
        scenarios[0]["goldens"] = goldens
        var snaps = try #require(scenarios[0]["snapshots"] as? [[String: Any]])
        for k in snaps.indices {
            snaps[k]["golden"] = goldens + "/" + (snaps[k]["snapshot"] as? String ?? "") + ".png"
            snaps[k]["status"] = "missing"
            snaps[k]["goldenSHA256"] = nil
        }
        scenarios[0]["snapshots"] = snaps
        json["scenarios"] = scenarios
        if let suite = json["suite"] as? [String] { json["suite"] = suite.map { $0 == old ? scenario : $0 } }
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createDirectory(
            atPath: (decoy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: s.path("suite/a.json"), toPath: decoy)
    }

    /// The three forged paths of the matrix: `..`, absolute, and through a link in the box
    /// (`linked` → the sandbox's outside folder); each names a decoy in `outside/`.
    static func paths(_ s: Sandbox) throws -> [(scenario: String, decoy: String)] {
        if !FileManager.default.fileExists(atPath: s.path("linked")) {
            try FileManager.default.createDirectory(atPath: s.outside + "/linked", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: s.path("linked"), withDestinationPath: s.outside + "/linked")
        }
        return [
            ("../outside/up.json", s.outside + "/up.json"), (s.outside + "/abs.json", s.outside + "/abs.json"),
            ("linked/through.json", s.outside + "/linked/through.json")
        ]
    }
}
