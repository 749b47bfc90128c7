import Foundation
import Testing
import Support

/// Issue 43, item 2: a results folder that already exists keeps its mode (sticky and setgid
/// bits included) and, run as root, its owner and group when `test --artifacts`, `record --out`,
/// `merge-reports --artifacts` or the config's `artifacts` replace it; a user's file in it stays.
@Suite struct FolderModeTests {
    /// The commands, each with the folder it replaces.
    static let commands: [(args: [String], folder: String)] = [
        (["test", "suite", "--workers", "1", "--artifacts", "results"], "results"),
        (["record", "suite/a.json", "--out", "out", "--no-progress"], "out"),
        (["merge-reports", "shard", "--artifacts", "merged"], "merged"),
        (["test", "suite", "--workers", "1"], "suite/from-config")
    ]

    /// Modes with their owners (a foreign owner only when run as root).
    static var setups: [(mode: mode_t, owner: uid_t)] {
        let me = geteuid()
        return [(0o700, me), (0o1777, me), (0o2750, me)] + (me == 0 ? [(0o750, 65534), (0o1777, 65534)] : [])
    }

    static func plantFolder(_ s: Sandbox, _ folder: String, mode: mode_t, owner: uid_t) throws {
        try s.write(folder + "/mine.txt", "a file of the user's\n")
        #expect(lchown(s.path(folder), owner, owner == geteuid() ? uid_t.max : owner) == 0)
        #expect(chmod(s.path(folder), mode) == 0)
    }

    @Test func anExistingResultsFolderKeepsItsModeAndOwner() throws {
        let s = try HostileTreeTests().suite()
        let shard = try s.run(["test", "suite", "--workers", "1", "--artifacts", "shard"])
        try #require(shard.status == 0, "\(shard.err)")
        try s.write("suite/overscroll.json", "{\"artifacts\": \"from-config\"}\n")
        for (args, folder) in Self.commands {
            for (mode, owner) in Self.setups {
                FileTree.remove(s.path(folder))
                try Self.plantFolder(s, folder, mode: mode, owner: owner)
                var before = stat()
                #expect(lstat(s.path(folder), &before) == 0)
                let r = try s.run(args)
                let what = "\(args.joined(separator: " ")) over \(String(mode, radix: 8)) of \(owner)"
                #expect(r.status == 0, "\(what): \(r.err)")
                var info = stat()
                #expect(lstat(s.path(folder), &info) == 0)
                #expect(info.st_mode & 0o7777 == mode, "\(what): now \(String(info.st_mode & 0o7777, radix: 8))")
                #expect(info.st_uid == before.st_uid && info.st_gid == before.st_gid, "\(what): now \(info.st_uid):\(info.st_gid)")
                #expect(FileManager.default.fileExists(atPath: s.path(folder + "/mine.txt")), "\(what)")
                #expect(FileManager.default.fileExists(atPath: s.path(folder + "/.overscroll-manifest")), "\(what): not replaced")
            }
        }
    }

    /// Without root, a folder of another user cannot be recreated as theirs: refused, one line,
    /// nothing changed (run as `nobody` through setpriv when the tests run as root).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFolderThatCannotBeRecreatedFaithfullyIsRefused() throws {
        let s = try HostileTreeTests().suite()
        // nobody may write in the box but does not own `results`.
        #expect(Sandbox.shell("/bin/chmod", ["-R", "a+rwX", s.root]) == 0)
        try Self.plantFolder(s, "results", mode: 0o777, owner: 0)
        let before = Sandbox.tree(s.box)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", try Sandbox.overscroll().path,
            "test", "suite", "--workers", "1", "--artifacts", "results"
        ]
        p.currentDirectoryURL = URL(fileURLWithPath: s.box)
        p.environment = CommandLineRunner.environment()
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: Sandbox.readAll(err.fileHandleForReading.fileDescriptor), as: UTF8.self)
        p.waitUntilExit()
        let r = (status: p.terminationStatus, err: text)
        #expect(r.status == 2 && r.err.contains("owned by user 0") && r.err.contains("nothing changed"), "\(r.status) \(r.err)")
        #expect(Sandbox.changes(before, Sandbox.tree(s.box)).isEmpty)
    }
}
