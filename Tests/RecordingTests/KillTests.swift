import Foundation
import Testing
@testable import Recording
@testable import ScrollEngine
import Support

/// SIGKILL `record` and `verify --update` at random moments: after each kill, what the next run
/// does first (taking the folder: finish or roll back the swap, remove stale staging) leaves the
/// folder fully old or fully new, with no temporary file beside it.
/// `make test` kills each command at the first 3 moments of the seeded sequence; `make soak`
/// (`OVERSCROLL_SOAK=1`) at 30 (60 kills in all, about 100 s).
@Suite(.serialized) struct KillTests {
    /// Kills per command.
    static let kills = ProcessInfo.processInfo.environment["OVERSCROLL_SOAK"] == "1" ? 30 : 3

    func scenario(_ dir: URL, _ name: String, to y: Int) throws -> String {
        let text = """
            {"scene": "list", "size": [160, 200], "scale": 1, "fps": 20, "duration": 0.6, "rows": 40,
             "events": [{"at": 0.05, "drag": {"from": [80, 190], "to": [80, \(y)], "duration": 0.3}}]}
            """
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func listing(_ dir: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in FileTree.entries(of: dir) { out[name] = FileManager.default.contents(atPath: dir + "/" + name) ?? Data() }
        return out
    }

    /// Runs `args` to the end and returns its wall time.
    func timedRun(_ args: [String]) throws -> Double {
        let start = Date()
        let r = try CommandLineRunner.run("overscroll-app", args)
        #expect(r.status == 0, "\(args): \(r.err)")
        return Date().timeIntervalSince(start)
    }

    func killLoop(
        folder: String, parent: URL, ownership: ResultFolder.Ownership, states: [[String: Data]],
        command: (Int) -> [String], duration: Double
    ) throws {
        var random = SplitMix64(state: 20261130)
        for i in 0..<Self.kills {
            let p = try CommandLineRunner.start("overscroll-app", command(i))
            let delay = Double(random.next() % 1000) / 1000 * duration * 1.1
            usleep(UInt32(delay * 1e6))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let next = try ResultFolder(replacing: folder, flag: "--out", ownership: ownership)
            next.abandon()
            let now = listing(folder)
            #expect(states.contains(now), "kill \(i) after \(delay) s left a mixed folder: \(now.keys.sorted())")
            let beside = FileTree.entries(of: parent.path).filter { $0.hasPrefix(".") }
            #expect(beside.isEmpty, "kill \(i) left \(beside)")
        }
    }

    /// Makes two scenarios and their reference results (old and new), fills the folder with the
    /// old one, then kills `args(scenario, folder)` runs that alternate between them.
    func killTest(folderName: String, ownership: ResultFolder.Ownership, args: @escaping (String, String) -> [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-kill-\(UUID().uuidString)")
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try scenario(dir, "a.json", to: 60), b = try scenario(dir, "b.json", to: 120)
        let refA = dir.appendingPathComponent("refA").path, refB = dir.appendingPathComponent("refB").path
        _ = try timedRun(args(a, refA))
        let duration = try timedRun(args(b, refB))
        let states = [listing(refA), listing(refB)]
        #expect(states[0] != states[1])
        let folder = work.appendingPathComponent(folderName).path
        _ = try timedRun(args(a, folder))
        try killLoop(
            folder: folder, parent: work, ownership: ownership, states: states,
            command: { args($0 % 2 == 0 ? b : a, folder) }, duration: duration)
    }

    @Test func killedRecordingsLeaveTheFolderOldOrNew() throws {
        try killTest(folderName: "u", ownership: .manifest(legacy: { OutputDirectory.isRecordingOutput($0) })) { scenario, folder in
            ["record", scenario, "--out", folder, "--no-progress"]
        }
    }

    @Test func killedGoldenUpdatesLeaveTheSetOldOrNew() throws {
        try killTest(folderName: "g", ownership: .keepUnreplaced) { scenario, folder in
            ["verify", scenario, "--goldens", folder, "--frames", "every:2", "--update"]
        }
    }
}
