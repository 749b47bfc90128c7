import Foundation
import Testing

/// `__generate` writes all or nothing: with writes failing part way (a file size limit stands in
/// for a full disk: `ulimit -f`, SIGXFSZ ignored, so a write past it fails with EFBIG as one on
/// a full disk fails with ENOSPC), it exits 2 naming the file and leaves OUT absent, so the
/// rerun is not refused as "not empty".
@Suite struct GenerateAllOrNothingTests {
    @Test func aWriteThatFailsLeavesNothingAndTheRerunWorks() throws {
        let sandbox = try Sandbox()
        let binary = try #require(CommandLineRunner.binary("overscroll"))
        // 8 blocks of 512 bytes: the small completions fit, the larger ones do not.
        let limited = try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" __generate out", binary.path],
            in: sandbox.box)
        #expect(limited.status == 2, "\(limited.err)")
        #expect(limited.err.hasPrefix("overscroll __generate: out/"), "\(limited.err)")
        #expect(limited.err.contains("cannot write: File too large"), "\(limited.err)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("out")), "nothing of OUT is left")
        #expect(FileTreeNames.hidden(in: sandbox.box).isEmpty, "no staging folder is left")
        // The rerun, without the limit, into the same OUT (and into an existing empty one).
        #expect(try CommandLineRunner.run(["__generate", sandbox.path("out")]).status == 0)
        try FileManager.default.createDirectory(atPath: sandbox.path("empty"), withIntermediateDirectories: true)
        #expect(try CommandLineRunner.run(["__generate", sandbox.path("empty")]).status == 0)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: sandbox.path("empty")).filter { $0.hasSuffix(".1") }.count > 5)
    }
}

/// Dot-files of a folder other than the sandbox's own decoys.
enum FileTreeNames {
    static func hidden(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasPrefix(".") && $0 != ".git" && $0 != ".gitignore"
        }
    }
}
