import Foundation
import Imaging
import Testing

/// Runs the built `overscroll` / `overscroll-app` binaries (built by `swift build --build-tests`
/// beside the test bundle). A missing binary fails the test that needs it.
enum CommandLineRunner {
    static func binary(_ name: String) -> URL? {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let local = URL(fileURLWithPath: ".build/debug/\(name)")
        return FileManager.default.isExecutableFile(atPath: local.path) ? local : nil
    }

    struct Result { var status: Int32; var out: String; var err: String; var signalled: Bool }

    /// The environment of a child: this one without `OVERSCROLL_RECORD` (so running the tests
    /// with it, to write the rendering tests' goldens, leaves the fixtures' runs comparing), plus
    /// `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env[RecordMode.environmentKey] = nil
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs `name args…` to the end. `stderr`: a path to send standard error to instead of a pipe
    /// (e.g. /dev/full).
    static func run(_ args: [String], stderrPath: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        try run("overscroll", args, stderrPath: stderrPath, sourceLocation: sourceLocation)
    }

    static func run(
        _ name: String, _ args: [String], in folder: String? = nil, stderrPath: String? = nil,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let executable = try #require(binary(name), "\(name) not built (run `swift build --build-tests`)", sourceLocation: sourceLocation)
        return try run(
            executable: executable, args, in: folder, stderrPath: stderrPath, environment: environment,
            sourceLocation: sourceLocation)
    }

    /// Runs any program to the end, in `folder` (default: the current one): the one subprocess
    /// runner of the tests.
    static func run(
        executable: URL, _ args: [String], in folder: String? = nil, stderrPath: String? = nil,
        environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.environment = environment(extra)
        if let folder { p.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        if let stderrPath {
            guard let handle = FileHandle(forWritingAtPath: stderrPath) else {
                Issue.record("cannot open \(stderrPath)", sourceLocation: sourceLocation)
                return Result(status: -1, out: "", err: "", signalled: false)
            }
            p.standardError = handle
        } else {
            p.standardError = err
        }
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = stderrPath == nil ? err.fileHandleForReading.readDataToEndOfFile() : Data()
        p.waitUntilExit()
        return Result(
            status: p.terminationStatus, out: String(decoding: o, as: UTF8.self),
            err: String(decoding: e, as: UTF8.self), signalled: p.terminationReason == .uncaughtSignal)
    }

    /// Starts `name args…` with output discarded; the caller signals and waits.
    static func start(_ name: String, _ args: [String]) throws -> Process {
        let executable = try #require(binary(name))
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.environment = environment()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }
}
