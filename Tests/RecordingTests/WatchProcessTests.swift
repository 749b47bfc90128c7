import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue #43 items 5, 8 and 11 through the program: `test --watch` on a linked suite, with a
/// JUnit file inside the suite, and with the suite folder deleted and made again. Each waits for
/// lines of output (a guard against a hung child, not a speed check).
@MainActor
@Suite struct WatchProcessTests {
    typealias Collected = WatchTests.Collected

    /// Starts `overscroll-app args…` in the fixture's folder, output gathered.
    static func start(_ args: [String], in f: SuiteFixture) throws -> (Process, Collected)? {
        guard let executable = CommandLineRunner.binary("overscroll-app") else {
            Issue.record("overscroll-app not built (run `swift build --build-tests`)")
            return nil
        }
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.currentDirectoryURL = f.root
        p.environment = CommandLineRunner.environment()
        let pipe = Pipe(), out = Collected()
        p.standardOutput = pipe
        p.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { h in out.append(h.availableData) }
        try p.run()
        return (p, out)
    }

    static func end(_ p: Process) {
        guard p.isRunning else { return }
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
    }

    /// Item 11: a suite named through a link is watched (before: exit 2, "Bad file descriptor").
    @Test func aLinkedSuiteIsWatchedUnderItsName() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0)]))
        #expect(symlink(f.path("suite"), f.path("link")) == 0)
        guard let (p, out) = try Self.start(["test", "link", "--watch", "--workers", "1", "--artifacts", "results"], in: f) else { return }
        defer { Self.end(p) }
        #expect(await WatchTests.waitFor("watching link for changes", in: out, p), "\(out.all)")
        #expect(!out.all.contains("Bad file descriptor"), "\(out.all)")
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.1)]))
        #expect(await WatchTests.waitFor("watching link for changes", count: 2, in: out, p), "\(out.all)")
        #expect(out.all.contains("changed: link/a.json — running 1 scenario"), "\(out.all)")
    }

    /// Item 5: the JUnit file a rerun writes inside the suite starts no run. The rerun wrote it
    /// before it printed "watching"; a change made after that is the next thing the watch sees.
    @Test func aJUnitFileInsideTheSuiteStartsNoRun() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.1)]))
        let args = ["test", "suite", "--watch", "--workers", "1", "--artifacts", "results", "--junit", "suite/junit.xml"]
        guard let (p, out) = try Self.start(args, in: f) else { return }
        defer { Self.end(p) }
        #expect(await WatchTests.waitFor("watching suite for changes", in: out, p), "\(out.all)")
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.05)]))
        #expect(await WatchTests.waitFor("watching suite for changes", count: 2, in: out, p), "\(out.all)")
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.15)]))
        #expect(await WatchTests.waitFor("watching suite for changes", count: 3, in: out, p), "\(out.all)")
        let changes = out.all.components(separatedBy: "\n").filter { $0.hasPrefix("changed: ") }
        #expect(
            changes == ["changed: suite/a.json — running 1 scenario", "changed: suite/b.json — running 1 scenario"],
            "\(out.all)")
        #expect(FileTree.isRegularFile(f.path("suite/junit.xml")))
    }

    /// Item 8: the suite folder deleted and made again is watched again, said in one line, and
    /// what changes in it afterwards reruns (before: the watch went deaf, still "watching").
    @Test func aSuiteFolderMadeAgainIsWatchedAgain() async throws {
        let f = try SuiteFixture()
        let scenario = SuiteFixture.listScenario([("s", 0)])
        try f.write("suite/a.json", scenario)
        guard let (p, out) = try Self.start(["test", "suite", "--watch", "--workers", "1", "--artifacts", "results"], in: f) else {
            return
        }
        defer { Self.end(p) }
        #expect(await WatchTests.waitFor("watching suite for changes", in: out, p), "\(out.all)")
        try FileManager.default.removeItem(atPath: f.path("suite"))
        try f.write("suite/a.json", scenario)
        #expect(await WatchTests.waitFor("suite was replaced: watching it again", in: out, p), "\(out.all)")
        #expect(await WatchTests.waitFor("watching suite for changes", count: 2, in: out, p), "\(out.all)")
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.1)]))
        #expect(await WatchTests.waitFor("changed: suite/b.json — running 1 scenario", in: out, p), "\(out.all)")
    }
}
