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

    /// `python3 -c SCRIPT PATH`'s output: ACLs are set and read through its os.setxattr and
    /// os.getxattr (no setfacl needed).
    static func python(_ script: String, _ path: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let text = String(decoding: Sandbox.readAll(out.fileHandleForReading.fileDescriptor), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? text : nil
    }

    /// A folder's POSIX ACL (`user:nobody:r-x` besides the mode's entries) is the new folder's too.
    @Test func anExistingResultsFolderKeepsItsACL() throws {
        let s = try HostileTreeTests().suite()
        try s.write("results/mine.txt", "a file of the user's\n")
        let set = """
            from os import setxattr; from struct import pack; from sys import argv
            e = [(1, 7, 0xffffffff), (2, 5, 65534), (4, 5, 0xffffffff), (0x10, 5, 0xffffffff), (0x20, 0, 0xffffffff)]
            setxattr(argv[1], 'system.posix_acl_access', pack('<I', 2) + b''.join(pack('<HHI', *x) for x in e))
            """
        let get = "import os, sys; print(os.getxattr(sys.argv[1], 'system.posix_acl_access').hex())"
        // A file system without ACLs (or no python3): nothing to check.
        guard Self.python(set, s.path("results")) != nil, let acl = Self.python(get, s.path("results")) else { return }
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileTree.isRegularFile(s.path("results/results.json")))
        #expect(Self.python(get, s.path("results")) == acl)
    }

    /// Runs `overscroll test … --artifacts results` in the box as `nobody` (setpriv).
    static func runAsNobody(_ s: Sandbox) throws -> (status: Int32, err: String) {
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
        return (p.terminationStatus, text)
    }

    /// Without root, a folder of another user, or of a group this user is not in, cannot be
    /// recreated faithfully: refused, one line, nothing changed; a folder of this user's own
    /// keeps its mode and the user's folder inside it (run as `nobody` when the tests run as root).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func withoutRootAFolderThatCannotBeRecreatedFaithfullyIsRefused() throws {
        let s = try HostileTreeTests().suite()
        // nobody owns the box, but not `results` (root's), then its group (root's).
        #expect(Sandbox.shell("/bin/chown", ["-R", "65534:65534", s.root]) == 0)
        for (owner, group, words) in [(uid_t(0), gid_t(0), "owned by user 0"), (65534, 0, "is of group 0")] {
            FileTree.remove(s.path("results"))
            try s.write("results/mine.txt", "a file of the user's\n")
            #expect(lchown(s.path("results"), owner, group) == 0 && chmod(s.path("results"), 0o777) == 0)
            let before = Sandbox.tree(s.box)
            let r = try Self.runAsNobody(s)
            let lines = r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }
            #expect(r.status == 2 && lines.count == 1, "\(r.status) \(r.err)")
            #expect(r.err.contains(words) && r.err.contains("nothing changed"), "\(r.err)")
            #expect(Sandbox.changes(before, Sandbox.tree(s.box)).isEmpty)
        }
        FileTree.remove(s.path("results"))
        try s.write("results/keep/mine.txt", "a folder of the user's\n")
        #expect(Sandbox.shell("/bin/chown", ["-R", "65534:65534", s.path("results")]) == 0)
        #expect(chmod(s.path("results"), 0o700) == 0)
        let r = try Self.runAsNobody(s)
        #expect(r.status == 0, "\(r.err)")
        var info = stat()
        #expect(lstat(s.path("results"), &info) == 0 && info.st_mode & 0o7777 == 0o700 && info.st_uid == 65534)
        #expect(FileTree.isRegularFile(s.path("results/keep/mine.txt")))
        #expect(FileTree.isRegularFile(s.path("results/results.json")))
    }
}
