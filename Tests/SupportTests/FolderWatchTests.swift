import Foundation
import Synchronization
import Testing
import Support

/// The one inotify wrapper: `FolderWatch` (`test --watch`) and its one-file watch on a thread
/// (`run --feel`'s live reload), which sees a save in place, a save by rename, and stops.
struct FolderWatchTests {
    final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Waits until `condition` holds (a guard against a hung watch, not a speed check).
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition()
    }

    @Test func aFileWatchSeesSavesInPlaceAndByRenameAndNothingElse() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/feel.json"
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        let count = Count()
        let onChange: @Sendable () -> Void = { count.value.add(1, ordering: .relaxed) }
        let started = FolderWatch.onSaves(of: file, onChange)
        let watch = try #require(started)
        try "{\"theme\": \"dark\"}".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(await Self.eventually { count.value.load(ordering: .relaxed) == 1 })
        try "{}".write(toFile: folder + "/.feel.tmp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/.feel.tmp", file) == 0)  // as vim and VS Code save
        #expect(await Self.eventually { count.value.load(ordering: .relaxed) == 2 })
        // Another file of the folder, and a folder made in it, are not the feel file.
        try "x".write(toFile: folder + "/other.json", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(await Self.eventually { count.value.load(ordering: .relaxed) == 3 })
        #expect(count.value.load(ordering: .relaxed) == 3)
        watch.stop()
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        try? await Task.sleep(nanoseconds: 300_000_000)
        #expect(count.value.load(ordering: .relaxed) == 3, "a stopped watch calls nothing")
    }

    @Test func aFolderThatCannotBeWatchedSaysWhy() {
        var why = ""
        let watch = FolderWatch.onSaves(of: "/no/such/folder/feel.json", {}, reason: { why = $0 })
        #expect(watch == nil)
        #expect(why.contains("/no/such/folder"), "\(why)")
    }

    @Test func changesWithinATimeoutReturnsEmptyWhenQuiet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try #require(FolderWatch(roots: [folder], skip: { _, _ in false }))
        #expect(watch.changes(within: 0.05) == [])
        try "x".write(toFile: folder + "/a.json", atomically: false, encoding: .utf8)
        #expect(watch.changes(within: 5, quiet: 0.05) == [folder + "/a.json"])
    }
}
