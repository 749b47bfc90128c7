import Foundation
import Imaging
import Testing

/// `compare` on two folders: only frame files take part, and a frame on one side only is one
/// failure line while the frames both sides have are still compared.
@Suite struct CompareFolderTests {
    typealias T = CompareRunnerTests

    @Test func recordingPicturesAreNotFrames() throws {
        let root = try T.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for side in ["a", "b"] {
            try T.write(T.frame(), "\(root)/\(side)/frame-00000.png")
            try T.write(T.frame(), "\(root)/\(side)/frame-00001.png")
        }
        try T.write(T.frame(), "\(root)/a/contact-sheet.png")
        try T.write(T.frame(shift: 3), "\(root)/b/contact-sheet.png")
        try T.write(T.frame(coloredBlock: true), "\(root)/b/plot.png")
        let r = T.run(["\(root)/a", "\(root)/b"])
        #expect(r.status == 0)
        #expect(r.out == "2 passed, 0 failed\n")
    }

    @Test func everyPNGWhenAFolderHasNoFrameFiles() throws {
        let root = try T.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for side in ["a", "b"] { try T.write(T.frame(), "\(root)/\(side)/start.png") }
        try T.write(T.frame(), "\(root)/a/end.png")
        try T.write(T.frame(coloredBlock: true), "\(root)/b/end.png")
        let r = T.run(["\(root)/a", "\(root)/b"])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix("end.png: "))
        #expect(r.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func oneSidedFramesAreFailuresAndTheRestIsStillCompared() throws {
        let root = try T.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try T.write(T.frame(), "\(root)/a/frame-00000.png")
        try T.write(T.frame(), "\(root)/b/frame-00000.png")
        try T.write(T.frame(), "\(root)/a/frame-00030.png")
        try T.write(T.frame(coloredBlock: true), "\(root)/b/frame-00030.png")
        try T.write(T.frame(), "\(root)/a/frame-00060.png")
        try T.write(T.frame(), "\(root)/b/frame-00090.png")
        let r = T.run(["\(root)/a", "\(root)/b"])
        #expect(r.status == 1, "a failure, not an error")
        #expect(r.err.isEmpty)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("frame-00030.png: "), "the frames both sides have are compared")
        #expect(Array(lines[1...]) == ["missing in ACTUAL: frame-00060.png", "missing in EXPECTED: frame-00090.png", "1 passed, 3 failed"])
        let json = T.run(["\(root)/a", "\(root)/b", "--json"])
        #expect(json.status == 1)
        #expect(
            json.out.contains(
                "\"passed\": 1, \"failed\": 3, \"missing\": [\"missing in ACTUAL: frame-00060.png\", \"missing in EXPECTED:"
                    + " frame-00090.png\"]"))
        // The report lists them too, as the counts do.
        let report = T.run(["\(root)/a", "\(root)/b", "--report", "\(root)/report"])
        #expect(report.status == 1)
        let page = try String(contentsOfFile: "\(root)/report/index.html", encoding: .utf8)
        #expect(page.contains("<h1>1 passed, 3 failed</h1>"))
        #expect(page.contains("<td>frame-00060.png</td><td colspan=\"3\">missing in ACTUAL: frame-00060.png</td><td>FAIL</td>"))
        #expect(page.contains("missing in EXPECTED: frame-00090.png"))
    }

    @Test func jsonPrintsOneObjectEvenWhenTheRunStops() throws {
        let root = try T.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try T.write(T.frame(), "\(root)/a/frame-00000.png")
        try T.write(RGBAImage(width: 10, height: 20, pixels: [UInt8](repeating: 255, count: 10 * 20 * 4)), "\(root)/b/frame-00000.png")
        let r = T.run(["\(root)/a", "\(root)/b", "--json"])
        #expect(r.status == 2)
        #expect(r.out.hasPrefix("{\"frames\": [], \"passed\": 0, \"failed\": 0, \"errors\": [\""), "\(r.out)")
        #expect(r.out.contains("10×20"))
        #expect(!r.err.isEmpty)
    }
}
