import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue 33, items 3 to 7: what a suite walk takes as a scenario, where it goes, which golden
/// and artifact folders its scenarios get, and what a killed prune leaves. Each runs the real
/// binary in a sandbox; with `OVERSCROLL_TEST_BIN_DIR` set to a build of the version before, the
/// runs fail as the issue describes (goldens pruned, rewritten through a link, artifacts lost,
/// leftovers kept).
@Suite struct SuiteWalkTests {
    /// A sandbox with `suite/a.json` and `suite/b.json` and their goldens.
    func twoScenarios() throws -> Sandbox {
        let s = try Sandbox()
        try s.write("suite/a.json", HostileTreeTests.scenario())
        try s.write("suite/b.json", HostileTreeTests.scenario(to: 90))
        let r = try s.run(["test", "suite", "--update=missing", "--workers", "1", "--artifacts", "results"])
        try #require(r.status == 0, "\(r.err)")
        FileTree.remove(s.path("results"))
        return s
    }

    /// The bytes of `scenario` as a hostile save would leave them.
    enum Unreadable: String, CaseIterable, Sendable {
        case nonUTF8Byte, utf16WithMark, utf16WithoutMark, unquotedKeys

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .nonUTF8Byte: Array(text.replacingOccurrences(of: "\"list\"", with: "\"li\u{1}st\"").utf8).map { $0 == 1 ? 0xE9 : $0 }
            case .utf16WithMark: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16WithoutMark: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .unquotedKeys:
                Array(text.replacingOccurrences(of: "\"scene\"", with: "scene").replacingOccurrences(of: "\"events\"", with: "events").utf8)
            }
        }

        /// What the error names.
        var named: String {
            switch self {
            case .nonUTF8Byte: "not UTF-8 text (byte 0xE9 at line 1, column 14)"
            case .utf16WithMark: "UTF-16 text (little-endian, byte-order mark FF FE)"
            case .utf16WithoutMark: "UTF-16 text (every other byte is NUL)"
            case .unquotedKeys: "not valid JSON (line 1, column 2"
            }
        }
    }

    // 3. A scenario that cannot be read is an error (exit 2, naming why), and its goldens are
    // never obsolete: `--prune` deletes none of them.
    @Test(arguments: Unreadable.allCases) func anUnreadableScenarioIsAnErrorAndItsGoldensStay(_ kind: Unreadable) throws {
        let s = try twoScenarios()
        try Data(kind.bytes(HostileTreeTests.scenario())).write(to: URL(fileURLWithPath: s.path("suite/a.json")))
        let goldens = Sandbox.tree(s.path("suite/__snapshots__"))
        for args in [["--prune"], ["--update=all", "--prune"], []] {
            let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"] + args)
            #expect(r.status == 2, "\(kind) \(args): \(r.out) \(r.err)")
            let lines = r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }
            #expect(lines.count == 1 && lines[0].contains("suite/a.json: " + kind.named), "\(kind) \(args): \(r.err)")
            #expect(!r.err.contains("not a scenario") && !r.out.contains("pruned"), "\(kind) \(args): \(r.out) \(r.err)")
            #expect(Sandbox.tree(s.path("suite/__snapshots__")) == goldens, "\(kind) \(args)")
        }
    }

    // 3. Valid JSON without the keys is still skipped with a note; its name's goldens stay too.
    @Test func aJSONFileThatIsNotAScenarioNeverMakesGoldensObsolete() throws {
        let s = try twoScenarios()
        try s.write("suite/a.json", "{\"title\": \"a config now\"}")
        let goldens = Sandbox.tree(s.path("suite/__snapshots__/a"))
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results", "--prune"])
        #expect(r.status == 0 && r.err.contains("suite/a.json: not a scenario"), "\(r.out) \(r.err)")
        #expect(Sandbox.tree(s.path("suite/__snapshots__/a")) == goldens)
    }

    // 3. A file or folder name that is not UTF-8 is reported (exit 2, the name with \x escapes).
    @Test(arguments: [false, true]) func aNameThatIsNotUTF8IsAnError(folder: Bool) throws {
        let s = try twoScenarios()
        let name: [UInt8] = Array(s.path("suite/caf").utf8) + [0xE9] + Array((folder ? "" : ".json").utf8) + [0]
        if folder {
            name.withUnsafeBufferPointer { _ = mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) }
        } else {
            let text = Array(HostileTreeTests.scenario().utf8)
            let fd = name.withUnsafeBufferPointer {
                open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
            }
            try #require(fd >= 0)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let goldens = Sandbox.tree(s.path("suite/__snapshots__"))
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results", "--prune"])
        #expect(r.status == 2 && r.err.contains("suite/caf\\xE9") && r.err.contains("not UTF-8"), "\(r.out) \(r.err)")
        #expect(Sandbox.tree(s.path("suite/__snapshots__")) == goldens)
    }

    // 4. A symlinked sub-folder is never followed: nothing of the project it points at is
    // rewritten or pruned (a note names the link).
    @Test func aSymlinkedSubfolderIsNotFollowedOutOfTheSuite() throws {
        let s = try twoScenarios()
        let other = s.outside + "/other-project"
        try FileManager.default.createDirectory(atPath: other + "/__snapshots__/x", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: other + "/__snapshots__/gone", withIntermediateDirectories: true)
        try Data(HostileTreeTests.scenario().utf8).write(to: URL(fileURLWithPath: other + "/x.json"))
        try Data((Sandbox.secret + " x").utf8).write(to: URL(fileURLWithPath: other + "/__snapshots__/x/s1.png"))
        try Data((Sandbox.secret + " gone").utf8).write(to: URL(fileURLWithPath: other + "/__snapshots__/gone/g.png"))
        try s.link("suite/vendor", to: "../../outside/other-project")
        let outside = Sandbox.tree(s.outside)
        for args in [["--update=all", "--prune"], ["--update=missing"], []] {
            let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"] + args)
            #expect(r.status == 0 && r.err.contains("suite/vendor: a symlink to a folder, not followed"), "\(args): \(r.out) \(r.err)")
            #expect(Sandbox.tree(s.outside) == outside, "\(args)")
        }
    }

    // 5. Two scenarios whose goldens would share a folder are refused, naming both; no golden
    // of either is pruned or written.
    @Test(arguments: ["a.JSON", "a.Json"]) func namesThatCollideOnTheGoldenFolderAreRefused(other: String) throws {
        let s = try twoScenarios()
        try s.write("suite/" + other, HostileTreeTests.scenario(snapshots: 1))
        let goldens = Sandbox.tree(s.path("suite/__snapshots__"))
        for args in [["--prune"], ["--update=all", "--prune"]] {
            let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"] + args)
            let lines = r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }
            #expect(
                r.status == 2 && lines.count == 1 && lines[0].contains("__snapshots__/a/") && lines[0].contains("suite/a.json")
                    && lines[0].contains("suite/" + other), "\(args): \(r.out) \(r.err)")
            #expect(Sandbox.tree(s.path("suite/__snapshots__")) == goldens, "\(args)")
        }
    }

    // 6. The artifact folders of two scenarios never nest: a passing `s/login.json` keeps the
    // failure artifacts of `s/login/errors.json`, whoever finishes last.
    @Test func artifactFoldersOfTwoScenariosNeverNest() throws {
        // (A file given without .json, `s/login`, and `s/login/errors.json` cannot both exist.)
        let paths = ["s/login.json", "s/login/errors.json", "s/login.JSON", "_up/x.json", "../x.json", "report/a.json", "results.json"]
        let folders = paths.map { SuiteEntry(path: $0, frames: 0, snapshotNames: []).artifactFolder }
        for (i, a) in folders.enumerated() {
            for (j, b) in folders.enumerated() where i != j {
                #expect(a != b && !b.hasPrefix(a + "/"), "\(paths[i]) → \(a), \(paths[j]) → \(b)")
            }
        }
        let s = try Sandbox()
        // The passing scenario is the slower one, so with two workers it finishes last.
        try s.write("s/login.json", HostileTreeTests.scenario(snapshots: 8))
        try s.write("s/login/errors.json", HostileTreeTests.scenario(snapshots: 1))
        var r = try s.run(["test", "s", "--update=missing", "--workers", "1", "--artifacts", "results"])
        try #require(r.status == 0, "\(r.err)")
        try s.write("s/login/errors.json", HostileTreeTests.scenario(to: 100, snapshots: 1))
        r = try s.run(["test", "s", "--workers", "2", "--artifacts", "results"])
        #expect(r.status == 1, "\(r.out) \(r.err)")
        let results = try SuiteOutputs.read(s.path("results/results.json"))
        let files =
            results.scenarios.flatMap { $0.snapshots.flatMap { [$0.actual, $0.expected, $0.diff, $0.traceViewer] } }.compactMap { $0 }
            + results.scenarios.compactMap(\.trace)
        #expect(!files.isEmpty)
        for file in files { #expect(FileTree.isRegularFile(s.path("results/" + file)), "\(file) is missing") }
        r = try s.run(["merge-reports", "results", "--artifacts", "merged"])
        #expect(r.status == 1, "\(r.err)")
    }

    // 7. The same with a real SIGKILL, sent once the prune of the gone scenario's folder has
    // left something beside it: the next plain run removes it all.
    @Test func aPruneKilledMidSwapLeavesNothingAfterTheNextRun() throws {
        let s = try twoScenarios()
        let tree = s.path("suite/__snapshots__")
        var killed = 0
        for _ in 0..<20 where killed == 0 {
            FileTree.remove(s.path("suite/b.json"))
            let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results", "--prune"], signal: SIGKILL) {
                FileTree.entries(of: tree).contains { $0.hasPrefix(".b.") }
            }
            if r.signalled && FileTree.entries(of: tree).contains(where: { $0.hasPrefix(".b.") }) {
                killed += 1
                let next = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
                #expect(next.status == 0, "\(next.out) \(next.err)")
                #expect(FileTree.entries(of: tree).filter { $0.hasPrefix(".") }.isEmpty, "\(FileTree.entries(of: tree))")
                #expect(!FileTree.exists(s.path("suite/.__snapshots__.lock")))
            } else {
                try s.write("suite/b.json", HostileTreeTests.scenario(to: 90))
                _ = try s.run(["test", "suite", "--update=missing", "--workers", "1", "--artifacts", "results"])
            }
        }
        #expect(killed == 1, "no SIGKILL landed inside the prune's swap in 20 tries")
    }

    // 7. A prune killed while it swapped a gone scenario's golden folder leaves its lock, journal
    // and staging in `__snapshots__` (and the suite's tree lock): any later run removes them,
    // and only them.
    @Test(arguments: [false, true]) func aKilledPruneOfAGoneScenarioIsCleanedByTheNextRun(afterExchange: Bool) throws {
        let s = try twoScenarios()
        FileTree.remove(s.path("suite/b.json"))
        let tree = "suite/__snapshots__"
        // The state a SIGKILL leaves, by the exact names the writer uses.
        if afterExchange {
            // The emptied set is in place; the old one sits at the staging path.
            try FileManager.default.moveItem(atPath: s.path(tree + "/b"), toPath: s.path(tree + "/.b.staging-999999"))
            try s.write(tree + "/b/.overscroll-manifest", "overscroll manifest 1\n")
        } else {
            try s.write(tree + "/.b.staging-999999/.overscroll-manifest", "overscroll manifest 1\n")
        }
        let newSet = afterExchange ? tree + "/b" : tree + "/.b.staging-999999"
        var info = stat()
        _ = lstat(s.path(newSet), &info)
        try s.write(tree + "/.b.swap", "overscroll swap 3\npid 999999\nnew \(info.st_ino)\n")
        try s.write(tree + "/.b.lock", "999999\n")
        try s.write("suite/.__snapshots__.lock", "999999\n")
        // A sibling's look-alikes stay: they are not the exact names of a leftover.
        try s.write(tree + "/.b.staging-x/keep.txt", "not a leftover")
        try s.write(tree + "/.b.swap.bak", "not a leftover")
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
        #expect(r.status == 0, "\(r.out) \(r.err)")
        let left = FileTree.entries(of: s.path(tree)).filter { $0.hasPrefix(".") }
        #expect(left == [".b.staging-x", ".b.swap.bak"], "\(left)")
        #expect(!FileTree.exists(s.path("suite/.__snapshots__.lock")))
        // The folder is fully old or fully new, never half.
        let pngs = FileTree.entries(of: s.path(tree + "/b")).filter { $0.hasSuffix(".png") }
        #expect(pngs == (afterExchange ? [] : ["s1.png", "s2.png"]), "\(pngs)")
        // The next prune finishes the job: the gone scenario's folder goes, emptied or not.
        let pruned = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results", "--prune"])
        #expect(pruned.status == 0, "\(pruned.out) \(pruned.err)")
        // (`stack.json` is the goldens' record of the rendering stack, written with them.)
        #expect(FileTree.entries(of: s.path(tree)).filter { !$0.hasPrefix(".") && $0 != "stack.json" } == ["a"])
    }
}
