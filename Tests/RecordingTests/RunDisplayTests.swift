import Foundation
import Testing

/// Issue 19 items 6 and 7: `overscroll run` and `make run` with a display where no server
/// answers fail at once, in one line naming it, instead of running an invisible window forever.
@Suite struct RunDisplayTests {
    /// An X display number with no server (no socket in /tmp/.X11-unix).
    static func deadDisplay() -> String {
        var n = 7391
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { n += 1 }
        return ":\(n)"
    }

    /// Runs `executable args…` with `environment`; ends it (and fails) if it is still running
    /// after `limit` seconds, a guard against the old behaviour of running forever.
    static func run(
        _ executable: URL, _ args: [String], environment: [String: String], limit: Double = 60,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("run-display-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.environment = environment
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        let deadline = Date().addingTimeInterval(limit)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if p.isRunning {
            p.terminate()
            Issue.record("still running after \(limit) s", sourceLocation: sourceLocation)
        }
        p.waitUntilExit()
        return (p.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    static func environment(display: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env[k] = nil }
        if let display { env["DISPLAY"] = display }
        return env
    }

    @Test func runWithADeadDisplayFailsInOneLineNamingIt() throws {
        let bin = try #require(CommandLineRunner.binary("overscroll"), "overscroll not built")
        let display = Self.deadDisplay()
        let r = try Self.run(bin, ["run", "--scene", "list"], environment: Self.environment(display: display))
        #expect(r.status == 1)
        let lines = r.output.split(separator: "\n")
        #expect(lines.count == 1, "\(r.output)")
        #expect(lines.first?.contains("'\(display)' (DISPLAY)") == true, "\(r.output)")
    }

    @Test func makeRunChecksTheDisplayBeforeBuilding() throws {
        guard let make = ["/usr/bin/make", "/bin/make"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("make is not installed"); return
        }
        guard FileManager.default.fileExists(atPath: "Makefile") else { Issue.record("not run from the project root"); return }
        // SWIFT=false: a build would fail loudly ("build] Error"); the display check must come first.
        for display in [nil, Self.deadDisplay()] {
            let r = try Self.run(
                URL(fileURLWithPath: make), ["--no-print-directory", "run", "SWIFT=false"],
                environment: Self.environment(display: display))
            #expect(r.status != 0)
            #expect(r.output.contains("make run: "), "\(r.output)")
            #expect(!r.output.contains("build] Error") && !r.output.contains("false build"), "\(r.output)")
            if let display { #expect(r.output.contains("'\(display)'"), "\(r.output)") }
        }
    }
}
