import Foundation
import Testing

/// Issue #29 item 16: what the README tells a new user to do works. Its `.gitignore` lines,
/// put in a git repository, ignore a results folder and every `.overscroll-manifest` but no
/// golden or stack record; it says the pager pages vertically, which is what the pager does.
@Suite struct ReadmeAdviceTests {
    static func readme() throws -> String {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir = dir.deletingLastPathComponent() }
        return try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theReadmesGitignoreIgnoresResultsAndManifestsButNotGoldens() throws {
        let text = try Self.readme()
        let block = try #require(
            text.components(separatedBy: "```gitignore\n").dropFirst().first?.components(separatedBy: "```").first,
            "the README has a ```gitignore block")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-ignore-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "test-results/results.json", "test-results/.overscroll-manifest", "suite/__snapshots__/pull/.overscroll-manifest",
            "suite/__snapshots__/pull/pulled.png", "suite/__snapshots__/stack.json", "suite/pull.json"
        ]
        for f in files {
            let path = root + "/" + f
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        try block.write(toFile: root + "/.gitignore", atomically: true, encoding: .utf8)
        let git = URL(fileURLWithPath: "/usr/bin/git")
        #expect(try CommandLineRunner.run(executable: git, ["init", "-q", root]).status == 0)
        func ignored(_ f: String) throws -> Bool {
            try CommandLineRunner.run(executable: git, ["-C", root, "check-ignore", "-q", f]).status == 0
        }
        for f in files.prefix(3) { #expect(try ignored(f), "\(f) should be ignored") }
        for f in files.dropFirst(3) { #expect(try !ignored(f), "\(f) should be committed") }
    }

    @Test func theReadmeSaysThePagerPagesVertically() throws {
        let text = try Self.readme()
        #expect(text.contains("the pager (4) too: its full-screen pages are stacked top to bottom"))
        #expect(text.contains("a sideways drag does\nnothing"))
    }
}
