import Foundation
import Testing
import Support

/// `InputFile.read`: regular files only, up to a limit; a FIFO or a device is refused at once.
@Suite struct InputFileTests {
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func readsARegularFileUpToItsLimit() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.json").path
        let bytes = (0..<100_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.read(path) == bytes)
        #expect(try InputFile.read(path, maxBytes: 100_000) == bytes)
        #expect(throws: InputFile.Failure.tooLarge(path: path, bytes: 100_000, limit: 99_999)) {
            try InputFile.read(path, maxBytes: 99_999)
        }
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.read(path, maxBytes: 0) == [])
        #expect(throws: InputFile.Failure.missing(path: path + "x")) { try InputFile.read(path + "x") }
    }

    @Test func refusesWhatIsNotARegularFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: InputFile.Failure.notRegular(path: fifo, kind: "a FIFO")) { try InputFile.read(fifo) }
        #expect(throws: InputFile.Failure.notRegular(path: "/dev/zero", kind: "a character device")) { try InputFile.read("/dev/zero") }
        #expect(throws: InputFile.Failure.notRegular(path: dir.path, kind: "a folder")) { try InputFile.read(dir.path) }
        let file = dir.appendingPathComponent("f").path, link = dir.appendingPathComponent("l").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(symlink(file, link) == 0)
        #expect(try InputFile.read(link) == Array("x".utf8))
        #expect(throws: InputFile.Failure.notRegular(path: link, kind: "a symbolic link")) { try InputFile.read(link, followLinks: false) }
    }

    @Test func sizesAreShortAndExact() {
        #expect(InputFile.megabytes(812) == "812 bytes")
        #expect(InputFile.megabytes(3 << 19) == "1.5 MB")
        #expect(InputFile.megabytes(32 << 20) == "32 MB")
    }
}
