import Foundation
import Testing

/// The real binary with an assets folder whose `fonts.conf` is a FIFO (`OVERSCROLL_ASSETS`):
/// every command that draws text ends with exit 2 and one line naming the file, instead of
/// blocking forever in fontconfig's read. (The test stops a child still running after 120 s,
/// so a regression fails rather than hangs.)
@Suite struct HostileAssetTests {
    @Test func aFIFOFontsConfIsAnErrorNotAHang() throws {
        let sandbox = try Sandbox()
        let assets = sandbox.path("assets")
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        #expect(mkfifo(assets + "/fonts.conf", 0o644) == 0)
        try sandbox.write("s.json", #"{"scene": "list", "size": [120, 160], "duration": 0.1, "events": [{"at": 0.05, "snapshot": "a"}]}"#)
        try sandbox.write(
            "suite/s.json", #"{"scene": "list", "size": [120, 160], "duration": 0.1, "events": [{"at": 0.05, "snapshot": "a"}]}"#)
        for args in [["record", "s.json", "--out", "out"], ["test", "suite"], ["verify", "s.json", "--goldens", "g"]] {
            let r = try Self.run(args, in: sandbox.box, environment: ["OVERSCROLL_ASSETS": assets])
            #expect(!r.stopped, "\(args): still running after 120 s")
            #expect(r.status == 2, "\(args): \(r.err)")
            #expect(r.err.contains("\(assets)/fonts.conf: is a FIFO, not a regular file"), "\(args): \(r.err)")
        }
    }

    static func run(_ args: [String], in folder: String, environment: [String: String]) throws -> (
        status: Int32, err: String, stopped: Bool
    ) {
        let executable = try #require(CommandLineRunner.binary("overscroll"))
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.environment = CommandLineRunner.environment(environment)
        p.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errFile = folder + "/.stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errFile) }
        p.standardError = FileHandle(forWritingAtPath: errFile)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        var waited = 0
        while p.isRunning && waited < 2400 { usleep(50_000); waited += 1 }
        let stopped = p.isRunning
        if stopped { p.terminate(); kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        return (p.terminationStatus, (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "", stopped)
    }
}
