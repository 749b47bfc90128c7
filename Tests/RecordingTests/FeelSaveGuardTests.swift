import Foundation
import Testing

@testable import Recording
@testable import Scenes

/// Issue #44, item 2: S in the tuning panel never writes over a feel file that was edited outside
/// the window since the session read it — above all an edit that does not parse (two good changes
/// and a stray comma used to be dropped by the next S).
@Suite struct FeelSaveGuardTests {
    func withFile(_ text: String, _ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-feelguard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("f.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    static let original = FeelText.file(Feel(physics: "android"))

    @Test func theFileAsReadMayBeSavedOver() throws {
        try withFile(Self.original) { path in
            var guardian = FeelSaveGuard()
            guardian.noteRead(try FeelFile.read(path))
            #expect(guardian.refusal(toOverwrite: path) == nil)
        }
    }

    @Test func anOutsideEditThatDoesNotParseIsNeverSavedOver() throws {
        try withFile(Self.original) { path in
            var guardian = FeelSaveGuard()
            guardian.noteRead(try FeelFile.read(path))
            // Two valid changes and a stray comma, as a user types them.
            var edited = Self.original.replacingOccurrences(of: "\"theme\": \"light\"", with: "\"theme\": \"dark\",,")
            edited = edited.replacingOccurrences(of: "\"timeout\": 30", with: "\"timeout\": 12")
            #expect(edited != Self.original)
            try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
            let refusal = try #require(guardian.refusal(toOverwrite: path))
            #expect(refusal.hasPrefix("not saved: \(path) holds an edit that does not parse (\(path):"), "\(refusal)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == edited, "the user's text is untouched")
        }
    }

    @Test func anOutsideEditThatParsesWaitsForItsReload() throws {
        try withFile(Self.original) { path in
            var guardian = FeelSaveGuard()
            guardian.noteRead(try FeelFile.read(path))
            let edited = FeelText.file(Feel(physics: "gnome"))
            try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
            #expect(guardian.refusal(toOverwrite: path)?.contains("changed outside the window") == true)
            guardian.noteRead(try FeelFile.read(path))  // the reload
            #expect(guardian.refusal(toOverwrite: path) == nil)
        }
    }

    @Test func aFileThatIsGoneMayBeWrittenAgain() throws {
        try withFile(Self.original) { path in
            var guardian = FeelSaveGuard()
            guardian.noteRead(try FeelFile.read(path))
            try FileManager.default.removeItem(atPath: path)
            #expect(guardian.refusal(toOverwrite: path) == nil)
        }
    }

    @Test func aFileReplacedByAFIFOIsRefusedNotRead() throws {
        try withFile(Self.original) { path in
            var guardian = FeelSaveGuard()
            guardian.noteRead(try FeelFile.read(path))
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            let refusal = try #require(guardian.refusal(toOverwrite: path))
            #expect(refusal.contains("FIFO"), "\(refusal)")
        }
    }
}
