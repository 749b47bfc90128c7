import Foundation
import Imaging
@testable import Recording
@testable import Suite
import Support

/// A small suite in a temporary folder: scenario files, their goldens, and a runner whose output
/// is captured.
@MainActor
final class SuiteFixture {
    let root: URL
    let lines = LineBox()
    /// Applied to each run's runner before it runs (reporters, the parse seam).
    var prepare: (SuiteRunner) -> Void = { _ in }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A list scenario with snapshots at the given times (name → seconds).
    static func listScenario(_ snapshots: [(String, Double)], extra: String = "", size: String = "[200, 300]") -> String {
        let snaps = snapshots.map { ", {\"at\": \($0.1), \"snapshot\": \"\($0.0)\"\(extra)}" }.joined()
        return """
            {"scene": "list", "size": \(size), "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
             "events": [{"at": 0.05, "drag": {"from": [100, 250], "to": [100, 120], "duration": 0.2}}\(snaps)]}
            """
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Runs `overscroll test` in this process with `configure` applied; returns the exit status.
    func run(_ paths: [String]? = nil, _ configure: (inout SuiteRunner.Config) -> Void = { _ in }) async -> Int32 {
        var config = SuiteRunner.Config()
        config.paths = paths ?? [root.appendingPathComponent("suite").path]
        config.artifacts = path("results")
        config.workers = 1
        config.workingFolder = root.path
        configure(&config)
        let runner = SuiteRunner()
        let box = lines
        box.clear()
        runner.output = { box.append($0) }
        runner.errorOutput = { box.append("stderr: " + $0) }
        prepare(runner)
        return await runner.run(config)
    }

    var text: String { lines.all.joined(separator: "\n") }

    func results(_ folder: String = "results") throws -> SuiteResults {
        try SuiteOutputs.read(path(folder) + "/results.json")
    }

    /// Paints a block of pixels into a PNG file (a golden that no longer matches).
    static func perturb(_ path: String, x: Int = 10, y: Int = 10, size: Int = 6) throws {
        var image = try PNGDecoder.decodeFile(atPath: path)
        for yy in y..<(y + size) { for xx in x..<(x + size) { image.setPixel(x: xx, y: yy, 255, 0, 0) } }
        try AtomicFileWriter.write(try PNGEncoder.fast.encode(image), toPath: path)
    }
}

/// Lines written from any thread.
final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ s: String) { lock.lock(); lines.append(s); lock.unlock() }
    func clear() { lock.lock(); lines.removeAll(); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}
