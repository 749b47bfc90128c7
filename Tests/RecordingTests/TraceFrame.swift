import Foundation
import Rendering
@testable import Recording
import ScrollEngine

/// One parsed `trace.jsonl` line, with typed accessors for tests.
struct TraceFrame {
    let fields: [String: JSONValue]

    init(line: String) throws {
        guard case let .object(kv) = try JSONParser.parse(line) else { throw ScenarioError(field: "", reason: "not an object") }
        fields = Dictionary(kv, uniquingKeysWith: { a, _ in a })
    }

    func double(_ k: String) -> Double? { if case let .number(v)? = fields[k] { return v } else { return nil } }
    func int(_ k: String) -> Int { Int(double(k) ?? -1) }
    func string(_ k: String) -> String? { if case let .string(s)? = fields[k] { return s } else { return nil } }
    func bool(_ k: String) -> Bool? { if case let .bool(b)? = fields[k] { return b } else { return nil } }
    func isNull(_ k: String) -> Bool { fields[k] == .null }
    var t: Double { double("t") ?? .nan }
    var state: String { string("state") ?? "" }
    var offset: Double { double("offset") ?? .nan }
}

enum ScenarioFiles {
    /// Tests/Scenarios in this checkout.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    static func load(_ relative: String) throws -> Scenario {
        let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        return try ScenarioParser.parse(text)
    }

    /// Runs a scenario headless without pixels and returns its trace.
    @MainActor
    static func trace(_ relative: String) async throws -> [TraceFrame] {
        let s = try load(relative)
        var out: [TraceFrame] = []
        try await Recorder(renderer: CairoRenderer()).drive(s, render: false) { i, t, session, _ in
            out.append(try TraceFrame(line: TraceLine.json(frame: i, t: t, fields: session.traceFields())))
        }
        return out
    }
}
