import Foundation
import Synchronization
import Testing
import Support

/// Issue #43 item 8: `--watch` and `run --feel`'s live reload went deaf silently when the watched
/// folder was replaced (`rm -rf && tar x`, `mv new root`), deleted and recreated, or past the
/// inotify watch limit. A root is watched again once a folder is back under its name, and what
/// a watch cannot keep is one line in its notices.
struct FolderWatchRootTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-root-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/suite/sub", withIntermediateDirectories: true)
        return folder
    }

    /// The changes until `path` is among them (at most `tries` batches of 5 s: a guard against a
    /// deaf watch, not a speed check).
    static func until(_ path: String, in watch: FolderWatch, tries: Int = 4) -> [String] {
        var all: [String] = []
        for _ in 0..<tries {
            all += watch.changes(within: 5, quiet: 0.05) ?? []
            if all.contains(path) { break }
        }
        return all
    }

    @Test func aRootDeletedAndRecreatedIsWatchedAgainAndSaysSo() throws {
        let top = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let root = top + "/suite"
        let watch = try #require(FolderWatch(roots: [root], skip: { _, _ in false }))
        try FileManager.default.removeItem(atPath: root)
        #expect(Self.until(root, in: watch).contains(root))
        #expect(watch.takeNotices().contains { $0.contains("is gone") || $0.contains("was replaced") })
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        // Back: the root counts as changed, and what is written in it is seen again.
        #expect(Self.until(root, in: watch).contains(root))
        #expect(watch.takeNotices().contains("\(root) was replaced: watching it again"))
        try "x".write(toFile: root + "/sub/a.json", atomically: false, encoding: .utf8)
        #expect(Self.until(root + "/sub/a.json", in: watch).contains(root + "/sub/a.json"))
        #expect(watch.watchedFolders == [root, root + "/sub"])
    }

    @Test func aRootReplacedByAnotherFolderIsWatchedAgain() throws {
        let top = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let root = top + "/suite"
        try FileManager.default.createDirectory(atPath: top + "/new/deep", withIntermediateDirectories: true)
        let watch = try #require(FolderWatch(roots: [root], skip: { _, _ in false }))
        // As `mv suite old && mv new suite`: the old tree's watches must not name the new paths.
        #expect(rename(root, top + "/old") == 0)
        #expect(rename(top + "/new", root) == 0)
        #expect(Self.until(root, in: watch).contains(root))
        #expect(watch.takeNotices().contains("\(root) was replaced: watching it again"))
        try "x".write(toFile: root + "/deep/b.json", atomically: false, encoding: .utf8)
        try "x".write(toFile: top + "/old/sub/c.json", atomically: false, encoding: .utf8)
        let seen = Self.until(root + "/deep/b.json", in: watch)
        #expect(seen.contains(root + "/deep/b.json"), "\(seen)")
        #expect(!seen.contains(root + "/sub/c.json"), "the moved-away tree is not watched under the root's name: \(seen)")
        #expect(watch.watchedFolders == [root, root + "/deep"])
    }

    @Test func foldersPastTheWatchLimitAreNamedInOneLine() throws {
        let top = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let root = top + "/suite"
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
        }
        let watch = try #require(FolderWatch(roots: [root], limit: 2, skip: { _, _ in false }))
        let notices = watch.takeNotices()
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.hasPrefix("cannot watch 3 folders (") == true, "\(notices)")
        #expect(notices.first?.contains("the inotify watch limit is reached") == true)
        #expect(watch.takeNotices().isEmpty, "said once")
        // A folder made later past the limit is named too.
        try FileManager.default.createDirectory(atPath: root + "/d", withIntermediateDirectories: true)
        _ = watch.changes(within: 5, quiet: 0.05)
        let later = "cannot watch 1 folder (\(root)/d): the inotify watch limit is reached (fs.inotify.max_user_watches);"
        #expect(watch.takeNotices() == [later + " changes in it are not seen"])
    }

    final class Lines: Sendable {
        let count = Atomic<Int>(0)
        let lines = Mutex<[String]>([])
    }

    @Test func aFileWatchWhoseFolderIsReplacedReloadsAndKeepsWatching() async throws {
        let top = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let folder = top + "/suite"
        let file = folder + "/feel.json"
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        let seen = Lines()
        let onChange: @Sendable () -> Void = { seen.count.add(1, ordering: .relaxed) }
        let notice: @Sendable (String) -> Void = { line in seen.lines.withLock { $0.append(line) } }
        let started = FolderWatch.onSaves(of: file, onChange, notice: notice)
        let watch = try #require(started)
        defer { watch.stop() }
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(await FolderWatchTests.eventually { seen.lines.withLock { $0.contains { $0.contains("was replaced") } } })
        let before = seen.count.load(ordering: .relaxed)
        #expect(before >= 1)
        try "{\"theme\": \"dark\"}".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(await FolderWatchTests.eventually { seen.count.load(ordering: .relaxed) > before }, "a save after the swap is seen")
    }
}
