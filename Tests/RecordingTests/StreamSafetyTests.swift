import Foundation
import Imaging
import Synchronization
import Testing
@testable import Recording
@testable import Suite
@testable import Rendering
import Support

/// Issue 18, the process half: standard streams that are closed, full or a closed pipe; signals
/// to `run --capture`; inputs that are FIFOs or devices; oversized scenarios. Each test runs the
/// real binaries in a temporary folder. Devices are only read from or written to as a command's
/// standard output or input (/dev/full, /dev/zero), never linked to.
@Suite struct StreamSafetyTests {
    static let scenarioText = """
        {"scene": "list", "size": [80, 100], "scale": 1, "fps": 10, "duration": 0.3, "rows": 20,
         "events": [{"at": 0.1, "snapshot": "start"}]}
        """

    /// A fresh folder with `suite/a.json`, `suite/b.json`, `suite/c.json` (the scenario above).
    func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-streams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("suite"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try Data(Self.scenarioText.utf8).write(to: dir.appendingPathComponent("suite/\(name).json")) }
        return dir
    }

    /// Entries of `dir` whose name starts with a dot (locks, staging, swaps).
    func hidden(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(".") }.sorted()
    }

    struct Outcome { var status: Int32; var signalled: Bool; var err: String; var finished: Bool }

    /// Runs `overscroll args…` in `dir` with standard output going to `stdout` (a file handle),
    /// or run through `/bin/sh -c SCRIPT` when `script` is given (`"$BIN"` is the binary). A run
    /// still going after `deadline` seconds is killed and reported as not finished (a hang).
    func run(
        _ args: [String], in dir: URL, stdout: FileHandle? = nil, script: String? = nil,
        environment: [String: String] = [:], deadline: Double = 120
    ) throws -> Outcome {
        let binary = try #require(CommandLineRunner.binary("overscroll"))
        let p = Process()
        p.currentDirectoryURL = dir
        var env = CommandLineRunner.environment()
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["BIN"] = binary.path
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if let script {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script, "sh"] + args
        } else {
            p.executableURL = binary
            p.arguments = args
        }
        let err = Pipe()
        p.standardOutput = stdout ?? FileHandle.nullDevice
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Standard error is read on its own thread so a hang can be ended.
        let text = Mutex<Data>(Data())
        let reader = Thread {
            let d = err.fileHandleForReading.readDataToEndOfFile(); text.withLock { $0 = d }
        }
        reader.start()
        let end = Date(timeIntervalSinceNow: deadline)
        while p.isRunning && Date() < end { usleep(20_000) }
        let finished = !p.isRunning
        if !finished { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        while !reader.isFinished { usleep(5_000) }
        return Outcome(
            status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
            err: String(decoding: text.withLock { $0 }, as: UTF8.self), finished: finished)
    }

    // MARK: - 11. Standard output that fails: the run stops cleanly

    /// A pipe whose reader is gone (`| head -1` once head has exited): `test --update` used to
    /// die of SIGPIPE, leaving its lock and staging folder beside the results folder.
    @Test func testStopsCleanlyOnAClosedPipe() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let r = try run(
            ["test", "suite", "--update=missing", "--workers", "1", "--artifacts", "res"], in: dir, stdout: pipe.fileHandleForWriting)
        #expect(r.finished && !r.signalled && r.status == 2, "\(r)")
        #expect(r.err.contains("cannot write standard output (Broken pipe); stopped after 1 of 3 scenarios"), "\(r.err)")
        #expect(hidden(dir).isEmpty, "left \(hidden(dir))")
        #expect(hidden(dir.appendingPathComponent("suite")).isEmpty, "left \(hidden(dir.appendingPathComponent("suite")))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("suite/__snapshots__/a/start.png").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("res").path))
    }

    /// A full disk (`>/dev/full`), with worker processes: it used to trap (`try!` in FileHandle.write).
    @Test func testStopsCleanlyOnAFullOutput() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let r = try run(["test", "suite", "--update=missing", "--workers", "2", "--artifacts", "res"], in: dir, stdout: full)
        #expect(r.finished && !r.signalled && r.status == 2, "\(r)")
        #expect(r.err.contains("cannot write standard output (No space left on device)"), "\(r.err)")
        #expect(hidden(dir).isEmpty, "left \(hidden(dir))")
        #expect(hidden(dir.appendingPathComponent("suite")).isEmpty, "left \(hidden(dir.appendingPathComponent("suite")))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("res").path))
    }

    /// A closed standard output (`>&-`) is /dev/null: the run completes and writes its results.
    @Test func testRunsToTheEndWithStandardOutputClosed() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(
            ["test", "suite", "--update=missing", "--workers", "2", "--artifacts", "res"], in: dir,
            script: #""$BIN" "$@" >&-"#)
        #expect(r.finished && !r.signalled && r.status == 0, "\(r)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("res/results.json").path))
        #expect(hidden(dir).isEmpty, "left \(hidden(dir))")
    }

    // MARK: - 12. Descriptors 0–2 closed at start

    /// With standard output and error closed, the signal pipe used to get descriptors 1 and 2:
    /// `record` read its own text back as signal numbers and killed itself.
    @Test func recordWithEveryStandardStreamClosed() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (out, closing) in [("out", #""$BIN" "$@" >&- 2>&-"#), ("out-all", #""$BIN" "$@" <&- >&- 2>&-"#)] {
            let r = try run(["record", "suite/a.json", "--out", out], in: dir, script: closing)
            #expect(r.finished && !r.signalled && r.status == 0, "\(closing): \(r)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(out)/frame-00003.png").path))
        }
        let bad = try run(["record", "suite/missing.json", "--out", "out2"], in: dir, script: #""$BIN" "$@" >&- 2>&-"#)
        #expect(bad.finished && !bad.signalled && bad.status == 2, "\(bad)")
    }

    // MARK: - 13. Inputs that are not regular files; a lost main output

    @Test func curveIntoAFullDiskFails() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let r = try run(["curve", "decelerate", "--v0", "800"], in: dir, stdout: full)
        #expect(r.finished && !r.signalled && r.status == 2, "\(r)")
        #expect(r.err == "overscroll curve: cannot write standard output (No space left on device)\n")
        let compare = try run(["compare", "--help"], in: dir, stdout: full)
        #expect(compare.status == 2 && compare.err.contains("overscroll compare: cannot write standard output"), "\(compare)")
    }

    /// A FIFO as a scenario, inside a suite folder, and as a shard's results.json and artifact:
    /// each used to block forever; now each is refused, named.
    @Test func fifosAreRefusedNamed() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("suite/fifo.json").path, 0o600) == 0)
        var r = try run(["record", "suite/fifo.json", "--out", "out"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("suite/fifo.json: is a FIFO, not a regular file"), "\(r)")
        r = try run(["test", "suite", "--artifacts", "res"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("suite/fifo.json: is a FIFO, not a regular file"), "\(r)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("suite/fifo.json"))

        // A shard with a failing snapshot (the golden of another scene), then its artifact swapped for a FIFO.
        r = try run(["test", "suite", "--update=missing", "--artifacts", "seed"], in: dir)
        #expect(r.status == 0, "\(r)")
        let other =
            #"{"scene": "pager", "size": [80, 100], "scale": 1, "fps": 10, "duration": 0.3, "events": [{"at": 0.1, "snapshot": "start"}]}"#
        try Data(other.utf8).write(to: dir.appendingPathComponent("suite/a.json"))
        r = try run(["test", "suite", "--artifacts", "shard"], in: dir)
        #expect(r.status == 1, "\(r)")
        let results = try SuiteOutputs.read(dir.appendingPathComponent("shard/results.json").path)
        let actual = try #require(results.scenarios.flatMap(\.snapshots).compactMap(\.actual).first)
        let artifact = dir.appendingPathComponent("shard/" + actual).path
        try FileManager.default.removeItem(atPath: artifact)
        #expect(mkfifo(artifact, 0o600) == 0)
        r = try run(["merge-reports", "shard", "--artifacts", "merged"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("shard/\(actual): not a regular file"), "\(r)")

        let resultsJSON = dir.appendingPathComponent("shard/results.json").path
        try FileManager.default.removeItem(atPath: resultsJSON)
        #expect(mkfifo(resultsJSON, 0o600) == 0)
        r = try run(["merge-reports", "shard", "--artifacts", "merged"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("shard/results.json: not a regular file"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged").path))
    }

    /// A FIFO nobody writes to, as a compared file or inside a compared folder: an error naming
    /// it, never a wait (a pipe with a writer, `cat b.png | overscroll compare a.png /dev/stdin`, is
    /// still read).
    @Test func compareNeverWaitsOnAFIFO() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        let png = try PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 90, count: 64)))
        for name in ["a/x.png", "b/x.png", "b/y.png"] { try AtomicFileWriter.write(png, toPath: dir.appendingPathComponent(name).path) }
        #expect(mkfifo(dir.appendingPathComponent("a/y.png").path, 0o600) == 0)
        var r = try run(["compare", "a", "b"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("a/y.png"), "\(r)")
        r = try run(["compare", "a/y.png", "b/y.png"], in: dir, deadline: 30)
        #expect(r.finished && r.status == 2 && r.err.contains("a/y.png"), "\(r)")
        r = try run([], in: dir, script: #"cat b/x.png | "$BIN" compare a/x.png /dev/stdin"#, deadline: 30)
        #expect(r.finished && r.status == 0, "\(r)")
    }

    /// A Lottie path that is a FIFO or /dev/zero (read, never written) is named as such, not as
    /// "permission" (and never read without end).
    @Test func lottieThatIsNotAFileIsNamed() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("anim.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device")] {
            #expect(throws: LottieLoadError.unreadable(path: path, reason: "it is \(kind), not a regular file")) {
                _ = try LottieIndicatorSource.load(path: path)
            }
        }
    }

    // MARK: - 14. The scenario size cap

    /// A scenario padded with spaces to `bytes` bytes (valid JSON).
    func padded(_ bytes: Int) -> Data {
        var text = Self.scenarioText
        text += String(repeating: " ", count: max(0, bytes - text.utf8.count))
        return Data(text.utf8)
    }

    @Test func oversizedScenariosAreRefusedNamingTheLimit() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Above the default limit: refused before it is read (a sparse file, no disk used).
        let huge = dir.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(ScenarioFile.defaultMaxBytes + (1 << 20))) == 0)
        var r = try run(["record", "huge.json", "--out", "out"], in: dir)
        #expect(
            r.status == 2 && r.err.contains("huge.json: 33 MB is over the scenario size limit of 32 MB (--max-scenario-size MB raises it)"),
            "\(r)")
        // The flag lowers and raises the limit, for record, verify and test alike.
        try padded(3 << 19).write(to: dir.appendingPathComponent("suite/a.json"))
        r = try run(["record", "suite/a.json", "--out", "out", "--max-scenario-size", "1"], in: dir)
        #expect(r.status == 2 && r.err.contains("suite/a.json: 1.5 MB is over the scenario size limit of 1 MB"), "\(r)")
        r = try run(["verify", "suite/a.json", "--goldens", "g", "--update", "--max-scenario-size", "1"], in: dir)
        #expect(r.status == 2 && r.err.contains("over the scenario size limit of 1 MB"), "\(r)")
        r = try run(["test", "suite", "--artifacts", "res", "--max-scenario-size", "1"], in: dir)
        #expect(r.status == 2 && r.err.contains("suite/a.json: 1.5 MB is over the scenario size limit of 1 MB"), "\(r)")
        r = try run(["record", "suite/a.json", "--out", "out", "--max-scenario-size", "2", "--no-png"], in: dir)
        #expect(r.status == 0, "\(r)")
        r = try run(
            ["test", "suite/a.json", "--artifacts", "res", "--update=missing", "--max-scenario-size", "2", "--workers", "1"], in: dir)
        #expect(r.status == 0, "\(r)")
    }

    // MARK: - 9. run --capture on signals

    /// Ctrl+C, SIGTERM and SIGHUP close the window as Q does: the capture is written, then the
    /// process ends with the signal. (SDL's dummy video driver: no display needed.)
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func runSavesItsCaptureOnASignal(_ signal: Int32) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = try #require(CommandLineRunner.binary("overscroll-app"))
        let p = Process()
        p.executableURL = binary
        p.arguments = ["run", "--scene", "list", "--size", "80x100", "--capture", dir.appendingPathComponent("cap.json").path]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Signalled once its handler is in place (from then on, at any moment, the signal is a
        // quit): the kernel lists caught signals in /proc/PID/status.
        let end = Date(timeIntervalSinceNow: 60)
        while !Self.catches(p.processIdentifier, signal) && p.isRunning && Date() < end { usleep(10_000) }
        kill(p.processIdentifier, signal)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal, "\(text)")
        let saved = try ScenarioFile.load(dir.appendingPathComponent("cap.json").path)
        #expect(saved.scene == "list")
        #expect(text.contains("captured 0 events"), "\(text)")
    }

    /// True when process `pid` has a handler for `signal` (its SigCgt mask in /proc).
    static func catches(_ pid: Int32, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}
