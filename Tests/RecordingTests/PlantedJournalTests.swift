import Foundation
import Testing
@testable import Recording
@testable import Support

/// Issue 33, item 1: a swap journal a repository ships (`.NAME.swap`) is never trusted. Every
/// command that reads journals — a plain `test` (through the goldens), `verify`, `record --out`,
/// `test --artifacts`, `merge-reports --artifacts` — is run by the real binary beside planted
/// journals of each format: nothing they name is deleted, moved or copied, each journal is left
/// as it was and named on standard error. With `OVERSCROLL_TEST_BIN_DIR` set to a build of the
/// version before, these tests fail: that version deleted the folders the lines named and moved
/// the decoys into the results folder.
@Suite struct PlantedJournalTests {
    struct Run: Sendable, CustomTestStringConvertible {
        var args: [String]
        /// True when the command only reads the folders beside which journals are planted.
        var reads: Bool
        var testDescription: String { args.prefix(2).joined(separator: " ") + (args.contains("--update=all") ? " --update" : "") }
    }

    static let runs: [Run] = [
        Run(args: ["test", "suite", "--workers", "1"], reads: false),
        Run(args: ["test", "suite", "--workers", "2", "--artifacts", "results"], reads: false),
        Run(args: ["test", "suite", "--workers", "1", "--artifacts", "results", "--update=all", "--prune"], reads: false),
        Run(args: ["verify", "suite/a.json", "--goldens", "g", "--frames", "0,4"], reads: true),
        Run(args: ["verify", "suite/a.json", "--goldens", "g", "--frames", "0,4", "--update"], reads: false),
        Run(args: ["record", "suite/a.json", "--out", "out", "--no-progress"], reads: false),
        Run(args: ["merge-reports", "shard", "--artifacts", "merged"], reads: false)
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var run: Run
        var journal: PlantedJournal
        var testDescription: String { "\(run.testDescription) × \(journal.rawValue)" }
    }

    static let cases = runs.flatMap { r in PlantedJournal.allCases.map { Case(run: r, journal: $0) } }

    @Test(arguments: cases) func aPlantedJournalMovesAndDeletesNothing(_ c: Case) throws {
        let s = try Sandbox(copying: try TreeInvariantTests.template.get())
        try c.journal.plant(in: s)
        let before = Sandbox.tree(s.box), outside = Sandbox.tree(s.outside)
        let r = try s.run(c.run.args)
        let after = Sandbox.tree(s.box)
        #expect(Sandbox.tree(s.outside) == outside, "\(c.testDescription): changed a decoy outside the sandbox: \(r.err)")
        // Every planted journal, link and folder, and the decoys in the box, are as they were.
        let planted = before.keys.filter { path in
            let name = Sandbox.split(path).name
            return name.hasSuffix(".swap") || name.contains(".staging-1") || name.contains(".old-1") || path.hasPrefix(".git")
                || path == "README.md"
        }
        for path in planted { #expect(after[path] == before[path], "\(c.testDescription): \(path) changed: \(r.err)") }
        let leaks = Sandbox.leaksSecret(s.box, among: Sandbox.changes(before, after))
        #expect(leaks.isEmpty, "\(c.testDescription): decoy bytes in \(leaks)")
        #expect(r.err.contains(".swap") && r.err.contains("not a swap journal of this folder"), "\(c.testDescription): \(r.err)")
        if c.run.reads {
            #expect(r.status == 0, "\(c.testDescription): \(r.err)")
        } else {
            #expect(r.status == 2, "\(c.testDescription): \(r.status) \(r.err)")
            #expect(r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }.count == 1, "\(c.testDescription): \(r.err)")
        }
    }

    /// The first repro: a plain `overscroll test suite` (it only reads the goldens) beside a
    /// golden folder's planted journal runs as usual, says so in one line, and touches nothing.
    @Test(arguments: PlantedJournal.allCases) func aPlainTestReadsGoldensBesideAPlantedJournal(_ journal: PlantedJournal) throws {
        let s = try Sandbox(copying: try TreeInvariantTests.template.get())
        try journal.plant(in: s)
        for other in PlantedJournal.destinations where other != "suite/__snapshots__/a" {
            let (parent, name) = Sandbox.split(other)
            for leftover in [".swap", ".staging-1", ".old-1"] {
                FileTree.remove(s.path((parent.isEmpty ? "" : parent + "/") + "." + name + leftover))
            }
        }
        let outside = Sandbox.tree(s.outside)
        let journalBefore = FileTree.read(s.path("suite/__snapshots__/.a.swap"))
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
        #expect(r.status == 0, "\(r.out) \(r.err)")
        let notes = r.err.split(separator: "\n").filter { $0.contains(".a.swap") }
        #expect(notes.count == 1 && notes[0].hasPrefix("note: "), "\(r.err)")
        #expect(Sandbox.tree(s.outside) == outside)
        #expect(FileTree.read(s.path("suite/__snapshots__/.a.swap")) == journalBefore)
        #expect(FileTree.entries(of: s.path("results")).filter { !["report", "results.json", ".overscroll-manifest"].contains($0) }.isEmpty)
    }

    /// The journal itself: the current format names no path, and one of the previous format is
    /// read only when its lines are exactly the names this folder derives.
    @Test func theJournalNamesNoPathAndOldLinesAreOnlyCompared() throws {
        let journal = SwapJournal(pid: 42, newInode: 7)
        #expect(String(decoding: journal.bytes, as: UTF8.self) == "overscroll swap 3\npid 42\nnew 7\n")
        #expect(try SwapJournal.parse(journal.bytes, parent: "/p", name: "g").get() == journal)
        let derived = Array("overscroll swap 2 7\n/p/.g.staging-42\n/p/.g.old-42\n/p/g\nnotes\n".utf8)
        #expect(try SwapJournal.parse(derived, parent: "/p", name: "g").get() == journal)
        for foreign in [
            "overscroll swap 2 7\n/elsewhere\n/p/.g.old-42\n/p/g\n", "overscroll swap 2 7\n/p/.g.staging-42\n/p/.g.old-43\n/p/g\n",
            "overscroll swap 2 7\n/p/.g.staging-42/../..\n/p/.g.old-42\n/p/g\n", "/p/.g.staging-42\n/p/.g.old-42\n/p/g\n",
            "overscroll swap 3\npid 42\nnew 7\n/etc\n", "overscroll swap 3\npid -1\nnew 7\n", "overscroll swap 3\npid 42\nnew x\n"
        ] {
            #expect(throws: SwapJournal.Mismatch.self, "\(foreign)") {
                try SwapJournal.parse(Array(foreign.utf8), parent: "/p", name: "g").get()
            }
        }
    }
}
