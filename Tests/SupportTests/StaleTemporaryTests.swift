import Foundation
import Support
import Testing

/// A run killed while a result file (`--junit`) was staged leaves `.NAME.tmp-PID-N` beside it;
/// the next write of that file removes it — only this user's regular files of processes gone.
@Suite struct StaleTemporaryTests {
    @Test func onlyAGoneWritersTemporaryFilesAreRemoved() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-stale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gone: Int32 = 4_194_000
        try #require(!FileTree.processIsAlive(gone))
        let names = [
            ".j.xml.tmp-\(gone)-7", ".j.xml.tmp-\(getpid())-8", ".j.xml.tmp-1-9", "j.xml", ".k.xml.tmp-\(gone)-1", ".j.xml.tmp-x-1"
        ]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        try FileManager.default.createDirectory(atPath: dir + "/.j.xml.tmp-\(gone)-folder", withIntermediateDirectories: true)
        AtomicFileWriter.removeStaleTemporaries(of: dir + "/j.xml")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(left == Set(names.dropFirst() + [".j.xml.tmp-\(gone)-folder"]))
    }
}
