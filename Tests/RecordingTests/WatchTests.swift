import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue #29 item 18: `overscroll test --watch` reruns what changed and ends on Ctrl+C without
/// leaving anything behind.
@MainActor
@Suite struct WatchTests {
    /// Output of a child process, gathered on another thread.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.lock(); text += String(decoding: data, as: UTF8.self); lock.unlock() }
        var all: String { lock.lock(); defer { lock.unlock() }; return text }
    }

    /// Waits until `out` holds `needle` `count` times (a guard against a hung child, not a speed check).
    static func waitFor(_ needle: String, count: Int = 1, in out: Collected, _ process: Process) async -> Bool {
        for _ in 0..<1200 {
            if out.all.components(separatedBy: needle).count - 1 >= count { return true }
            if !process.isRunning { return out.all.components(separatedBy: needle).count - 1 >= count }
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        return false
    }

    @Test func watchRerunsTheChangedScenarioThenEverythingForAnAssetAndEndsOnSIGINT() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("end", 0.6)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.removeItem(atPath: f.path("results"))

        guard let executable = CommandLineRunner.binary("overscroll-app") else {
            Issue.record("overscroll-app not built (run `swift build --build-tests`)")
            return
        }
        let p = Process()
        p.executableURL = executable
        p.arguments = ["test", "suite", "--watch", "--workers", "1", "--artifacts", "results"]
        p.currentDirectoryURL = f.root
        p.environment = CommandLineRunner.environment()
        let pipe = Pipe(), out = Collected()
        p.standardOutput = pipe
        p.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { h in out.append(h.availableData) }
        try p.run()
        defer { if p.isRunning { p.terminate() } }

        #expect(await Self.waitFor("watching suite for changes", in: out, p), "\(out.all)")
        #expect(out.all.contains("✓ suite/a.json") && out.all.contains("✓ suite/b.json"), "the first run runs everything")

        // A scenario edited: only it runs again.
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.35)]))
        #expect(await Self.waitFor("watching suite for changes", count: 2, in: out, p), "\(out.all)")
        let rerun = try #require(out.all.components(separatedBy: "changed: ").dropFirst().first)
        #expect(rerun.hasPrefix("suite/a.json — running 1 scenario\n"), "\(rerun)")
        #expect(rerun.contains("✗ suite/a.json  1 failed, 1 passed"), "\(rerun)")
        #expect(!rerun.contains("suite/b.json"), "only what changed: \(rerun)")
        #expect(rerun.contains("obsolete goldens not checked (--watch ran only the changed scenarios)"))

        // An asset (any other file): every scenario runs again.
        try f.write("suite/lottie/spinner.json", "{\"v\": \"5.7.4\"}")
        #expect(await Self.waitFor("watching suite for changes", count: 3, in: out, p), "\(out.all)")
        let all = try #require(out.all.components(separatedBy: "changed: ").dropFirst(2).first)
        #expect(all.hasPrefix("suite/lottie") && all.contains("running every scenario"), "\(all)")
        #expect(all.contains("suite/b.json") && all.contains("suite/a.json"), "\(all)")
        #expect(
            out.all.components(separatedBy: "changed: ").count == 3, "a run's own writes (results, goldens) trigger nothing: \(out.all)")

        // Ctrl+C: ends as any run ends on SIGINT (status 130 in a shell), nothing left behind.
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGINT)
        #expect(Set(FileTree.entries(of: f.root.path)) == ["suite", "results"])
        #expect(Set(FileTree.entries(of: f.path("suite"))) == ["a.json", "b.json", "lottie", "__snapshots__"])
        #expect(try SuiteOutputs.read(f.path("results/results.json")).scenarios.count == 2)
    }

    @Test func whatAChangeReruns() throws {
        let f = try SuiteFixture()
        let a = try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0)]))
        let other = try f.write("elsewhere/c.json", SuiteFixture.listScenario([("s", 0)]))
        let config = try f.write("suite/overscroll.json", "{}")
        let asset = try f.write("suite/data.txt", "x")
        let paths: Set<String> = [OutputPaths.canonical(f.path("suite"))]
        func plan(_ changed: [String]) -> SuiteWatch.Plan { SuiteWatch.plan(changed, configFile: config, paths: paths) }
        #expect(plan([a]).rerun == [OutputPaths.canonical(a)])
        #expect(plan([f.path("suite/.a.json.swp"), f.path("suite/a.json~")]).shown.isEmpty, "editor files")
        #expect(plan([f.path("suite/4913")]).shown.isEmpty, "a probe file already gone")
        #expect(plan([other]).shown.isEmpty, "a scenario outside the suite")
        let c = plan([a, config])
        #expect(c.rerun == nil && c.reloadConfig)
        #expect(plan([asset]).rerun == nil && !plan([asset]).reloadConfig)
        try FileManager.default.removeItem(atPath: a)
        #expect(plan([a]).rerun == [] && plan([a]).shown == [a], "a removed scenario: named, nothing to run")
    }
}
