import Foundation
import Testing

/// Issue #44, item 7: `record` guessed "about 158.7 MB of PNG" where 18–27 MB were written. It now
/// guesses nothing before the run and tells, at the end, the bytes its folder holds.
@Suite struct RecordSizeLineTests {
    @Test func theEndLineTellsTheBytesWrittenAndNoGuessComesFirst() throws {
        let sandbox = try Sandbox()
        let scenario = sandbox.path("s.json")
        try Data(
            """
            {"scene": "coordinator", "size": [200, 300], "scale": 1, "fps": 20, "duration": 1,
             "events": [{"at": 0.1, "key": "F5"}]}
            """.utf8
        ).write(to: URL(fileURLWithPath: scenario))
        let out = sandbox.path("frames")
        let r = try CommandLineRunner.run(["record", scenario, "--out", out, "--no-progress"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("record: 21 frames of 200×300 pixels\n"), "\(r.err)")
        #expect(!r.err.contains("about"), "no size is guessed: \(r.err)")
        // The bytes on the disk, each linked repeat of a frame once.
        var inodes: Set<UInt64> = [], bytes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: out) {
            var info = stat()
            #expect(lstat(out + "/" + name, &info) == 0)
            if inodes.insert(UInt64(info.st_ino)).inserted { bytes += Int(info.st_size) }
        }
        let written = bytes < 1 << 20 ? "\(bytes / 1024) kB" : "\((Double(bytes) / Double(1 << 20) * 10).rounded() / 10) MB"
        #expect(r.err.contains("recorded 21 frames (\(written) written) to \(out)"), "\(bytes) bytes: \(r.err)")
    }
}
