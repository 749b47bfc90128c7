import Foundation

/// Part `window` (README, "Benchmarks"): CPU cost of the real SDL window under Xvfb, 390×844 @1, as % of one
/// core: user + system clock ticks of the app process (all threads, from /proc/PID/stat) over a
/// fixed time, while idle, while the refresh spinner turns (`--refresh-outcome hang`, F5; per
/// spinner style and under reduced motion) and while flinging the list with xdotool drags.
/// Cases run in separate app processes, interleaved over the repetitions; figures are medians.
@MainActor
enum WindowBench {
    enum Action: Sendable { case idle, refresh, fling }

    /// Seconds `timeout` gives the window to appear: a release build starts in well under a second on a quiet
    /// machine, but loading fonts on a shared machine at load 15+ took over 10 s (a bench run lost every figure).
    static let appearTimeout = "60"

    struct Case: Sendable {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var action: Action
        /// Target: at most this % of a core (nil: shown for information).
        var target: Double?
    }

    struct CaseResult {
        var percent = Samples()
    }

    struct Result {
        var cases: [(Case, CaseResult)] = []
        var seconds = 0.0
        var skipped: String?
    }

    static let cases: [Case] = [
        Case(name: "idle", arguments: [], action: .idle, target: 0.5),
        Case(name: "refreshing, Lottie", arguments: [], action: .refresh, target: 5),
        Case(name: "refreshing, seed spinner", arguments: ["--spinner", "seed"], action: .refresh, target: 5),
        Case(name: "refreshing, material spinner", arguments: ["--spinner", "material"], action: .refresh, target: 5),
        Case(name: "refreshing, reduced motion", arguments: ["--spinner", "seed", "--reduce-motion"], action: .refresh, target: 2),
        Case(
            name: "refreshing, seed, texture presenter", arguments: ["--spinner", "seed"],
            environment: ["OVERSCROLL_PRESENTER": "texture"], action: .refresh, target: nil),
        Case(
            name: "refreshing, seed, surface presenter", arguments: ["--spinner", "seed"],
            environment: ["OVERSCROLL_PRESENTER": "surface"], action: .refresh, target: nil),
        // Issue 35: a fling at 2 % of a core, frames unchanged.
        Case(name: "fling (list, repeated drags)", arguments: ["--rows", "5000"], action: .fling, target: 2),
        Case(
            name: "fling, whole frames (OVERSCROLL_DIRTY_RECTS=0)", arguments: ["--rows", "5000"],
            environment: ["OVERSCROLL_DIRTY_RECTS": "0"], action: .fling, target: nil)
    ]

    static func run(quick: Bool) throws -> Result {
        var result = Result()
        guard let bin = ProcessRunner.overscroll(orSkip: &result.skipped, build: "swift build -c release") else { return result }
        guard let xvfb = ProcessRunner.which("Xvfb"), let xdotool = ProcessRunner.which("xdotool"),
            let timeout = ProcessRunner.which("timeout")
        else {
            result.skipped = "Xvfb or xdotool is not installed (apt-get install xvfb xdotool; `make bench` does); window part skipped"
            return result
        }
        let display = try startXvfb(xvfb)
        defer { display.server.stop() }
        let savedDisplay = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", display.name, 1)
        defer {
            if let savedDisplay { setenv("DISPLAY", savedDisplay, 1) } else { unsetenv("DISPLAY") }
        }
        let seconds = quick ? 3.0 : 5.0
        result.seconds = seconds
        var results = cases.map { _ in CaseResult() }
        let reps = quick ? 1 : 3
        for rep in 0..<reps {
            for k in cases.indices {
                let c = cases[(k + rep) % cases.count]
                Log.progress("window: \(c.name) (\(rep + 1)/\(reps))")
                let p = try measure(c, bin: bin, xdotool: xdotool, timeout: timeout, display: display.name, seconds: seconds)
                results[(k + rep) % cases.count].percent.add(p)
            }
        }
        result.cases = Array(zip(cases, results))
        return result
    }

    /// Starts Xvfb on a free display number and waits for its socket.
    private static func startXvfb(_ xvfb: String) throws -> (server: BackgroundProcess, name: String) {
        let fm = FileManager.default
        var n = 90 + Int(getpid() % 50)
        while fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || fm.fileExists(atPath: "/tmp/.X\(n)-lock") { n += 1 }
        let server = try BackgroundProcess(xvfb, [":\(n)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
        for _ in 0..<100 {
            if fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") { return (server, ":\(n)") }
            guard server.isRunning else { break }
            usleep(50_000)
        }
        server.stop()
        throw BenchError("Xvfb did not start on :\(n)")
    }

    private static func measure(
        _ c: Case, bin: String, xdotool: String, timeout: String, display: String,
        seconds: Double
    ) throws -> Double {
        var env = c.environment
        env["DISPLAY"] = display
        env["SDL_VIDEODRIVER"] = "x11"
        let app = try BackgroundProcess(
            bin,
            [
                "run", "--size", "390x844", "--scale", "1", "--refresh-outcome", "hang",
                "--refresh-timeout", "600"
            ] + c.arguments, environment: env)
        defer { app.stop() }
        let search = try ProcessRunner.run(
            timeout, [Self.appearTimeout, xdotool, "search", "--sync", "--onlyvisible", "--name", "Overscroll"])
        guard let window = search.stdout.split(separator: "\n").first.map(String.init), search.status == 0 else {
            throw BenchError("window: the app's window did not appear within \(appearTimeout) s (\(c.name))")
        }
        func xdo(_ args: [String]) throws {
            let r = try ProcessRunner.run(xdotool, args)
            guard r.status == 0 else { throw BenchError("xdotool \(args.joined(separator: " ")) failed: \(r.stderr)") }
        }
        try xdo(["mousemove", "--window", window, "195", "600"])
        usleep(1_000_000)
        if c.action == .refresh {
            try xdo(["key", "--window", window, "F5"])
            usleep(1_000_000)
        }
        guard let t0 = app.cpuTicks() else { throw BenchError("window: cannot read /proc of the app (\(c.name))") }
        let start = Stopwatch.nowMs()
        if c.action == .fling {
            while Stopwatch.nowMs() - start < seconds * 1000 - 1300 {
                try xdo(["mousemove", "--window", window, "195", "700"])
                try xdo(["mousedown", "1"])
                for y in stride(from: 620, through: 220, by: -80) {
                    try xdo(["mousemove", "--window", window, "195", "\(y)"])
                }
                try xdo(["mouseup", "1"])
                usleep(1_200_000)
            }
        }
        let remaining = seconds * 1000 - (Stopwatch.nowMs() - start)
        if remaining > 0 { usleep(UInt32(remaining * 1000)) }
        let elapsed = (Stopwatch.nowMs() - start) / 1000
        guard let t1 = app.cpuTicks(), app.isRunning else { throw BenchError("window: the app exited early (\(c.name))") }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Double(t1 - t0) / hz / elapsed * 100
    }
}
