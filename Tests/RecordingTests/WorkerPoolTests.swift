import Foundation
import Testing
@testable import Recording
@testable import Suite

/// `overscroll test --workers N` starts its worker processes before it looks for scenarios; the
/// ones no lane takes (fewer scenarios than workers) are ended and reaped when the run ends.
@MainActor
@Suite struct WorkerPoolTests {
    @Test func workersStartFirstAndUnusedOnesAreReaped() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteRunnerTests.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        // A stand-in worker: notes its pid, reads its input to the end, notes that it ended.
        let marks = f.path("marks")
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        let script = try f.write("worker.sh", "#!/bin/sh\necho $$ > '\(marks)'/$$\ncat > /dev/null\necho done >> '\(marks)'/$$\n")
        chmod(script, 0o755)
        // One scenario: this process runs it, and none of the 3 workers started for --workers 4 gets a job.
        #expect(
            await f.run {
                $0.workers = 4; $0.workerExecutable = script
            } == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: marks)
        #expect(names.count == 3, "\(names)")
        for name in names {
            let text = try String(contentsOfFile: marks + "/" + name, encoding: .utf8)
            #expect(text.hasSuffix("done\n"), "worker \(name) ended when its input closed")
            if let pid = pid_t(name) { #expect(kill(pid, 0) != 0, "worker \(name) was reaped") }
        }
        #expect(try f.results().scenarios.allSatisfy { $0.error == nil })
    }
}
