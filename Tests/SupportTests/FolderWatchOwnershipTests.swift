import Foundation
import Testing
import Support

/// Issue #43 item 11: `test LINK --watch` on a linked suite exited 2 with "Bad file descriptor":
/// a root that could not be watched closed the inotify descriptor in `init` and again in `deinit`.
/// Now the descriptor is closed once, and a root that is a link is watched where it leads.
struct FolderWatchOwnershipTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-own-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aRootThatCannotBeWatchedLeavesItsOwnReasonInErrno() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        errno = 0
        #expect(FolderWatch(roots: [folder, folder + "/gone"], skip: { _, _ in false }) == nil)
        // The second close of the old code failed with EBADF and left it in errno.
        #expect(errno == ENOENT, "errno \(errno): \(String(cString: strerror(errno)))")
    }

    @Test func aRootThatIsALinkIsWatchedWhereItLeadsUnderTheNameGiven() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/suite/sub", withIntermediateDirectories: true)
        #expect(symlink(folder + "/suite", folder + "/link") == 0)
        let watch = try #require(FolderWatch(roots: [folder + "/link"], skip: { _, _ in false }))
        #expect(watch.watchedFolders == [folder + "/link", folder + "/link/sub"])
        try "x".write(toFile: folder + "/suite/sub/a.json", atomically: false, encoding: .utf8)
        #expect(watch.changes(within: 5, quiet: 0.05) == [folder + "/link/sub/a.json"])
    }
}
