import Foundation

/// Runs a program to completion, capturing standard output and error in files (no pipe
/// dead-locks), and times it on the wall clock.
enum ProcessRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Wall-clock milliseconds from launch to exit.
        var wallMs: Double
        /// CPU milliseconds (user + system) of the process and its threads (RUSAGE_CHILDREN delta).
        var cpuMs: Double
    }

    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-bench-\(getpid())")

    static func run(_ executable: String, _ arguments: [String], passStderr: Bool = false) throws -> Result {
        let fm = FileManager.default
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        defer { try? outHandle.close(); try? errHandle.close() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.standardOutput = outHandle
        p.standardError = passStderr ? FileHandle.standardError : errHandle
        p.standardInput = FileHandle.nullDevice
        let cpu0 = childrenCPUMs()
        let t0 = Stopwatch.nowMs()
        try p.run()
        p.waitUntilExit()
        let wall = Stopwatch.nowMs() - t0
        let cpu = childrenCPUMs() - cpu0
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Result(status: p.terminationStatus, stdout: out, stderr: err, wallMs: wall, cpuMs: cpu)
    }

    /// User + system CPU time of reaped child processes so far, ms.
    static func childrenCPUMs() -> Double {
        var u = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &u)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(u.ru_utime) + ms(u.ru_stime)
    }

    /// Absolute path of a program on PATH, if any.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// This executable (for re-exec) and the `overscroll` binary beside it.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
    static var overscrollPath: String? {
        let p = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("overscroll").path
        return FileManager.default.isExecutableFile(atPath: p) ? p : nil
    }
}
