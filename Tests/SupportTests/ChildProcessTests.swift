import Foundation
import Support
import Testing

/// `ChildProcess`, the one spawner (suite workers, the bench): exit codes and signals, pipes both
/// ways, files, the environment added, stop, and a program that cannot start.
@Suite struct ChildProcessTests {
    static let shell = "/bin/sh"

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theExitCodeAndTheSignalAreTold() throws {
        let three = try ChildProcess(Self.shell, ["-c", "exit 3"]).wait()
        #expect(three.code == 3 && three.signal == nil && three.shellStatus == 3)
        #expect(three.problem("it") == "it exited with status 3")
        let clean = try ChildProcess(Self.shell, ["-c", "exit 0"]).wait()
        #expect(clean.problem("it") == nil)
        let killed = try ChildProcess(Self.shell, ["-c", "kill -9 $$"]).wait()
        #expect(killed.signal == 9 && killed.shellStatus == 137)
        #expect(killed.problem("the worker") == "the worker died of signal 9")
    }

    @Test func pipesCarryLinesBothWays() throws {
        let child = try ChildProcess("/bin/cat", [], stdin: .pipe, stdout: .pipe)
        let line = Array("one line\n".utf8)
        #expect(line.withUnsafeBytes { write(child.input, $0.baseAddress, $0.count) } == line.count)
        child.closeInput()
        var got: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.output, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            got += chunk[0..<n]
        }
        #expect(got == line)
        #expect(child.wait().code == 0)
    }

    @Test func streamsGoToFilesAndTheEnvironmentIsAdded() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path, err = folder.appendingPathComponent("err").path
        let child = try ChildProcess(
            Self.shell, ["-c", "printf %s \"$CHILD_PROCESS_TEST\"; printf e >&2"],
            environment: ["CHILD_PROCESS_TEST": "added"], stdin: .discard, stdout: .file(out), stderr: .file(err))
        #expect(child.wait().code == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "added")
        #expect(try String(contentsOfFile: err, encoding: .utf8) == "e")
        // The rest of the environment is this process's.
        let path = folder.appendingPathComponent("path").path
        _ = try ChildProcess(Self.shell, ["-c", "printf %s \"$PATH\""], environment: ["X": "1"], stdout: .file(path)).wait()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ProcessInfo.processInfo.environment["PATH"] ?? "")
    }

    @Test func stopEndsARunningChildAndPollSeesIt() throws {
        let child = try ChildProcess("/bin/sleep", ["30"], stdin: .discard, stdout: .discard, stderr: .discard)
        #expect(child.poll() == nil)
        // A generous grace (10 s), so only a SIGTERM that does not arrive ends in SIGKILL.
        let exit = child.stop(graceSteps: 500)
        #expect(exit.signal == SIGTERM)
        #expect(child.poll() == exit && child.wait() == exit)
    }

    @Test func aProgramThatCannotStartThrowsNamingIt() {
        #expect(throws: ChildProcess.SpawnError.self) {
            try ChildProcess("/nonexistent/program", [], stdin: .pipe, stdout: .pipe)
        }
        do {
            _ = try ChildProcess("/nonexistent/program", [])
        } catch {
            #expect(error.description.hasPrefix("cannot start /nonexistent/program: "))
        }
    }
}
