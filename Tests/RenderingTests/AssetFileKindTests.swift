import Foundation
import Testing
@testable import Rendering

/// An asset is a regular file or an error naming it: a FIFO `fonts.conf` would block
/// fontconfig's read forever.
@Suite struct AssetFileKindTests {
    @Test func aFIFOAFolderOrADanglingLinkIsRefusedARegularFileOrALinkToOneIsTaken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("fonts.conf").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.conf"), withIntermediateDirectories: true)
        try Data("<fontconfig/>".utf8).write(to: folder.appendingPathComponent("real.conf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.conf").path, withDestinationPath: "real.conf")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("fifo-link.conf").path, withDestinationPath: "fonts.conf")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gone.conf").path, withDestinationPath: "nothing")
        func check(_ name: String) -> String {
            do { return try AssetLocator.regularFile(folder.appendingPathComponent(name)) == nil ? "missing" : "ok" } catch {
                return error.description
            }
        }
        #expect(
            check("fonts.conf") == "\(folder.path)/fonts.conf: is a FIFO, not a regular file (the assets folder must hold regular files)")
        #expect(check("fifo-link.conf").contains("is a FIFO, not a regular file"))
        #expect(check("dir.conf").contains("is a folder, not a regular file"))
        #expect(check("gone.conf").contains("a link to nothing"))
        #expect(check("real.conf") == "ok" && check("link.conf") == "ok")
        #expect(check("absent.conf") == "missing")
    }
}
