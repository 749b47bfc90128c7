import Foundation
import Imaging
import Testing
@testable import Recording
@testable import ScrollEngine
import Support

/// Issue "never lose a user's files": each case reproduces an edge that lost or mixed files.
@Suite struct OutputSafetyTests {
    static let scenarioText = """
        {"scene": "list", "size": [120, 160], "scale": 1, "fps": 10, "duration": 0.5, "rows": 40,
         "events": [{"at": 0.1, "drag": {"from": [60, 140], "to": [60, 40], "duration": 0.2}}]}
        """

    /// A fresh folder with `s.json` (the scenario above) in it.
    func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(Self.scenarioText.utf8).write(to: dir.appendingPathComponent("s.json"))
        return dir
    }

    func listing(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            out[name] = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) ?? Data("<not a file>".utf8)
        }
        return out
    }

    // 1. An output that is an input, or a device.
    @Test func compareRefusesADiffOverAnInputOrADevice() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = try CommandLineTests.twoPNGs(in: dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: a))
        var r = try CommandLineRunner.run(["compare", a, b, "--diff", a])
        #expect(r.status == 2 && r.err.contains("--diff") && r.err.contains("EXPECTED"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == before)
        r = try CommandLineRunner.run(["compare", a, b, "--diff", "/dev/null"])
        #expect(r.status == 2 && r.err.contains("not a regular file"))
        r = try CommandLineRunner.run(["compare", dir.path, dir.path, "--report", dir.appendingPathComponent("report").path])
        #expect(r.status == 2 && r.err.contains("lies inside"))
        r = try CommandLineRunner.run("overscroll-app", ["curve", "decelerate", "--plot", "/dev/null"])
        #expect(r.status == 2 && r.err.contains("--plot"))
        #expect(throws: (any Error).self) { try LiveCapture.checkWritable("/dev/null") }
        #expect(throws: FileWriteError.self) { try AtomicFileWriter.write([1, 2, 3], toPath: "/dev/null") }
    }

    // 2. verify writing its recording or its diffs into the goldens.
    @Test func verifyNeverWritesIntoTheGoldens() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = dir.appendingPathComponent("s.json").path, g = dir.appendingPathComponent("g")
        #expect(try CommandLineRunner.run("overscroll-app", ["verify", s, "--goldens", g.path, "--update", "--frames", "0,5"]).status == 0)
        try Data("stale".utf8).write(to: g.appendingPathComponent("frame-00005.png"))
        try Data("keep".utf8).write(to: g.appendingPathComponent("frame-00099.png"))
        let before = listing(g)
        for extra in [["--out", g.path], ["--diff", g.path], ["--report", g.appendingPathComponent("r").path], ["--out", dir.path]] {
            let r = try CommandLineRunner.run("overscroll-app", ["verify", s, "--goldens", g.path, "--frames", "0,5"] + extra)
            #expect(r.status == 2, "\(extra)")
            #expect(r.err.contains(extra[0]))
        }
        #expect(listing(g) == before)
    }

    // 3. record deleting the user's entries named frame-*.
    @Test func recordKeepsEverythingItDidNotWrite() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = dir.appendingPathComponent("s.json").path, u = dir.appendingPathComponent("u")
        try FileManager.default.createDirectory(at: u.appendingPathComponent("frame-mine"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: u.appendingPathComponent("frame-mine/inside.txt"))
        try Data("notes".utf8).write(to: u.appendingPathComponent("notes.txt"))
        try Data("x".utf8).write(to: u.appendingPathComponent("frame-00042.txt"))
        try FileManager.default.createSymbolicLink(atPath: u.appendingPathComponent("frame-link").path, withDestinationPath: s)
        // A longer earlier recording: its extra frames are the tool's and go.
        try Data("old frame".utf8).write(to: u.appendingPathComponent("frame-00020.png"))
        let r = try CommandLineRunner.run("overscroll-app", ["record", s, "--out", u.path, "--no-progress"])
        #expect(r.status == 0, "\(r.err)")
        let names = Set(listing(u).keys)
        #expect(names.isSuperset(of: ["frame-mine", "notes.txt", "frame-00042.txt", "frame-link", "frame-00005.png", "trace.jsonl"]))
        #expect(!names.contains("frame-00020.png"))
        #expect(FileManager.default.contents(atPath: u.appendingPathComponent("frame-mine/inside.txt").path) == Data("mine".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: u.appendingPathComponent("frame-link").path)) == s)
        // Rerun: the previous run's files are replaced, the user's kept again.
        #expect(try CommandLineRunner.run("overscroll-app", ["record", s, "--out", u.path, "--no-progress"]).status == 0)
        #expect(Set(listing(u).keys) == names)
    }

    // 4 and 15. A folder in the way: refused before recording, one line, nothing changed.
    @Test func aFolderInTheWayIsRefusedBeforeRecording() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s = dir.appendingPathComponent("s.json").path, u = dir.appendingPathComponent("u")
        try FileManager.default.createDirectory(at: u.appendingPathComponent("frame-00003.png"), withIntermediateDirectories: true)
        let before = listing(u)
        var r = try CommandLineRunner.run("overscroll-app", ["record", s, "--out", u.path, "--no-progress"])
        #expect(r.status == 2)
        #expect(r.err.contains("frame-00003.png") && !r.err.contains("staging") && !r.err.contains("Cocoa"))
        #expect(r.err.split(separator: "\n").count == 2)  // the estimate line and the error
        #expect(listing(u) == before)
        #expect(FileTree.entries(of: dir.path).allSatisfy { !$0.hasPrefix(".u.") })
        r = try CommandLineRunner.run("overscroll-app", ["record", s, "--out", ""])
        #expect(r.status == 2 && r.err.contains("--out needs a non-empty path"))
        r = try CommandLineRunner.run("overscroll-app", ["record", s, "--out", s])
        #expect(r.status == 2 && r.err.contains("is a file"))
    }

    // 6. Two runs into one folder at once.
    @Test func aSecondRunIntoTheSameFolderFailsAtOnce() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let u = dir.appendingPathComponent("u").path
        let held = try ResultFolder(replacing: u, flag: "--out", ownership: .keepUnreplaced)
        let r = try CommandLineRunner.run(
            "overscroll-app", ["record", dir.appendingPathComponent("s.json").path, "--out", u, "--no-progress"])
        #expect(r.status == 2 && r.err.contains("another overscroll run is writing this folder"))
        held.abandon()
        #expect(
            try CommandLineRunner.run("overscroll-app", ["record", dir.appendingPathComponent("s.json").path, "--out", u, "--no-progress"])
                .status == 0)
    }

    // 7. Staging left by a killed run is removed by the next; SIGTERM removes its own.
    @Test func staleStagingIsRemovedAndSigtermCleansUp() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let u = dir.appendingPathComponent("u").path
        for stale in [".u.staging-999999", ".u.old-999999", ".u.partial-999999-42"] {
            try FileManager.default.createDirectory(atPath: dir.appendingPathComponent(stale).path, withIntermediateDirectories: true)
        }
        #expect(
            try CommandLineRunner.run("overscroll-app", ["record", dir.appendingPathComponent("s.json").path, "--out", u, "--no-progress"])
                .status == 0)
        #expect(FileTree.entries(of: dir.path).sorted() == ["s.json", "u"])

        let long = dir.appendingPathComponent("long.json")
        let longScenario =
            #"{"scene": "list", "size": [390, 844], "scale": 2, "fps": 60, "duration": 60, "rows": 5000, "#
            + #""events": [{"at": 0, "drag": {"from": [100, 800], "to": [100, 0], "duration": 60}}]}"#
        try Data(longScenario.utf8).write(to: long)
        let p = try CommandLineRunner.start(
            "overscroll-app", ["record", long.path, "--out", dir.appendingPathComponent("v").path, "--no-progress"])
        var sawStaging = false
        for _ in 0..<400 where !sawStaging {
            sawStaging = FileTree.entries(of: dir.path).contains { $0.hasPrefix(".v.staging-") }
            usleep(10_000)
        }
        #expect(sawStaging)
        p.terminate()
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(FileTree.entries(of: dir.path).sorted() == ["long.json", "s.json", "u"])
    }

    // 5. An interrupted swap is finished (or rolled back) by the next run.
    @Test func anInterruptedSwapIsFinishedByTheNextRun() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("g").path
        // The state after a kill between the two renames: the journal, the new set in staging,
        // the old set moved aside, no destination.
        let staging = dir.appendingPathComponent(".g.staging-999999").path, old = dir.appendingPathComponent(".g.old-999999").path
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
        try Data("new".utf8).write(to: URL(fileURLWithPath: staging + "/frame-00000.png"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: old + "/frame-00000.png"))
        try FileManager.default.createDirectory(atPath: old + "/user-folder", withIntermediateDirectories: true)
        var info = stat()
        _ = lstat(staging, &info)
        // The journal says which phase the swap reached (the process of its staging and old
        // folders, the new set's inode), nothing more; the user's folder is found in the old set.
        let journal = "overscroll swap 3\npid 999999\nnew \(info.st_ino)\n"
        try Data(journal.utf8).write(to: dir.appendingPathComponent(".g.swap"))
        let next = try ResultFolder(replacing: g, flag: "--goldens", ownership: .keepUnreplaced)
        next.abandon()
        #expect(FileManager.default.contents(atPath: g + "/frame-00000.png") == Data("new".utf8))
        #expect(OutputPaths.kind(of: g + "/user-folder") == .folder)
        #expect(FileTree.entries(of: dir.path).sorted() == ["g", "s.json"])
    }

    // 8. Frames of 0 pixels or above cairo's limit: refused at parse time, naming the event.
    @Test func oneFrameSizeRuleForSizeResizeAndScale() {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(#"{"size": [1, 1], "scale": 0.25}"#) }
        do {
            _ = try ScenarioParser.parse(
                #"{"size": [390, 844], "scale": 4, "events": [{"at": 0, "wait": 0}, {"at": 1, "resize": [8192, 8192]}]}"#)
            Issue.record("a 32768-pixel resize was accepted")
        } catch {
            #expect(error.field == "events[1].resize")
            #expect(error.description.contains("32767"))
        }
        #expect((try? ScenarioParser.parse(#"{"size": [390, 844], "scale": 4}"#)) != nil)
    }

    // 9. A closed or full standard error never traps; a bad scenario still exits 2.
    @Test func aFullStandardErrorNeverTraps() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"fps": 0}"#.utf8).write(to: bad)
        let r = try CommandLineRunner.run(
            "overscroll-app", ["record", bad.path, "--out", dir.appendingPathComponent("o").path], stderrPath: "/dev/full")
        #expect(r.status == 2 && !r.signalled)
        let ok = try CommandLineRunner.run(
            "overscroll-app", ["record", dir.appendingPathComponent("s.json").path, "--out", dir.appendingPathComponent("o").path],
            stderrPath: "/dev/full")
        #expect(ok.status == 0 && !ok.signalled)
    }

    // 12. A drag declared far past the end is not expanded past it.
    @Test func dragsExpandOnlyUpToTheRecordingsEnd() throws {
        let s = try ScenarioParser.parse(
            #"{"duration": 0.1, "events": [{"at": 0, "drag": {"from": [10, 10], "to": [10, 500], "duration": 3600}}]}"#)
        let events = s.expandedEvents()
        #expect(events.count <= 20)
        #expect(events.allSatisfy { $0.t <= 0.1 })
        #expect(events.count >= 12)  // down plus the moves of the first 0.1 s at 120 per second
    }

    // 14. Absurd recordings say their size first and need --allow-large.
    @Test func hugeRecordingsAreRefusedWithAnEstimate() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.json")
        try Data(#"{"fps": 240, "duration": 3600}"#.utf8).write(to: huge)
        let r = try CommandLineRunner.run("overscroll-app", ["record", huge.path, "--out", dir.appendingPathComponent("o").path])
        #expect(r.status == 2 && r.err.contains("864001 frames") && r.err.contains("--allow-large"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o").path))
    }

    // 16. Hostile names reach the terminal escaped; a symlink loop is named as one.
    @Test func messagesEscapeControlBytesAndNameSymlinkLoops() throws {
        #expect(OutputPaths.printable("a\u{1B}[31mb") == "a\\x1B[31mb")
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let loop = dir.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let r = try CommandLineRunner.run(["compare", loop, dir.appendingPathComponent("s.json").path])
        #expect(r.status == 2 && r.err.contains("symlink loop"))
    }
}
