import Foundation
import Testing

/// A Lottie file whose frames never come back from rlottie (its own malformed-repeater
/// reproducer, `Fixtures/slow-lottie/repro_infinite_loop.json`) ends `record`, `test` and `verify`
/// with the `--lottie-timeout` error, exit 2, within a second or two of the deadline — not when
/// rlottie's rasterizer threads finally give up minutes later (`exit` joined them; the process now
/// leaves with `_exit` while such a call is under way). Also with both cores kept busy.
@Suite(.serialized) struct LottieHangExitTests {
    /// The deadline given to `--lottie-timeout`, and the most the process may outlive it.
    static let deadline = 1.0
    static let grace = 2.0
    /// A hard stop far beyond the grace (the old behaviour took about two minutes).
    static let hardStop = 40

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/slow-lottie/repro_infinite_loop.json")

    /// A refresh started by F5 whose loop starts at frame 30 of the file: a frame rlottie 0.1
    /// spends seconds to minutes on, depending on what it rendered before and the pixel size.
    static func scenario(lottie: String) -> String {
        """
        {"scene": "coordinator", "size": [200, 300], "scale": 1, "fps": 20, "duration": 1,
         "refresh": {"duration": 5.0},
         "indicator": {"lottie": "\(lottie)", "segments": {"loop": [30, 50]}},
         "events": [{"at": 0.0, "key": "F5"}, {"at": 0.5, "snapshot": "looping"}]}
        """
    }

    struct Timed {
        var result: CommandLineRunner.Result
        var seconds: Double
    }

    /// Runs `overscroll args…` under `timeout` (so a regression costs `hardStop`, not minutes).
    func timed(_ args: [String]) throws -> Timed {
        let overscroll = try #require(CommandLineRunner.binary("overscroll"), "overscroll not built")
        let start = ContinuousClock.now
        let r = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "\(Self.hardStop)", overscroll.path] + args)
        return Timed(result: r, seconds: (ContinuousClock.now - start) / .seconds(1))
    }

    /// A folder holding the scenario (in a suite folder of its own) and a copy of the fixture.
    func sandbox() throws -> (dir: URL, scenario: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-hang-\(UUID().uuidString)")
        let suite = dir.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
        let lottie = dir.appendingPathComponent("hang.json")
        try FileManager.default.copyItem(at: Self.fixture, to: lottie)
        let scenario = suite.appendingPathComponent("hang.json")
        try Data(Self.scenario(lottie: lottie.path).utf8).write(to: scenario)
        return (dir, scenario)
    }

    /// Two processes spinning on the two cores for as long as `body` runs.
    func withBusyCores<T>(_ body: () throws -> T) throws -> T {
        let loops = try (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "while :; do :; done"]
            try p.run()
            return p
        }
        defer {
            // SIGKILL: a child of the test process may start with SIGTERM blocked.
            for p in loops {
                kill(p.processIdentifier, SIGKILL)
                p.waitUntilExit()
            }
        }
        return try body()
    }

    func check(_ command: String, busy: Bool) throws {
        let (dir, scenario) = try sandbox()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeout = ["--lottie-timeout", "\(Self.deadline)"]
        let args: [String]
        switch command {
        case "record": args = ["record", scenario.path, "--out", dir.appendingPathComponent("frames").path] + timeout
        case "verify": args = ["verify", scenario.path, "--goldens", dir.appendingPathComponent("goldens").path, "--update"] + timeout
        default:
            args = ["test", scenario.deletingLastPathComponent().path, "--artifacts", dir.appendingPathComponent("results").path] + timeout
        }
        let run = try busy ? withBusyCores { try timed(args) } : timed(args)
        let r = run.result
        #expect(!r.signalled, "\(command) was killed after \(Self.hardStop) s: it did not end after its error")
        #expect(r.status == 2, "\(command): status \(r.status), stderr: \(r.err)")
        let error = "did not render within 1 s (--lottie-timeout)"
        #expect(r.err.contains(error) || r.out.contains(error), "\(command): \(r.err)\(r.out)")
        #expect(run.seconds < Self.deadline + Self.grace, "\(command) took \(run.seconds) s with a \(Self.deadline) s deadline")
        // Nothing was made from a failed recording: no frames, no goldens.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens").path))
    }

    @Test(arguments: ["record", "verify", "test"]) func endsPromptlyAfterTheError(command: String) throws {
        try check(command, busy: false)
    }

    @Test(arguments: ["record", "verify", "test"]) func endsPromptlyWithBothCoresBusy(command: String) throws {
        try check(command, busy: true)
    }
}
