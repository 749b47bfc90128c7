import Foundation
import Imaging
import Testing
@testable import Recording
@testable import Suite

/// Goldens written by another encoder (an earlier build's zlib, #35's row deflater now) are the
/// same images: `--update=all` leaves them as they are, and a renamed scenario's goldens are
/// still recognised. Their bytes differ from what this build writes; their pixels do not.
@MainActor
@Suite struct EncoderChangeTests {
    /// Rewrites every golden of `folder` with zlib level 1 (the encoder before the row deflater):
    /// the same pixels, other bytes.
    static func reencodeWithZlib(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".png") {
            let path = folder + "/" + name
            let image = try PNGDecoder.decodeFile(atPath: path)
            let bytes = Data(try PNGEncoder(level: 1, strategy: .standard, filter: .fixed(.up)).encode(image))
            #expect(bytes != (try Data(contentsOf: URL(fileURLWithPath: path))), "the two encoders write other bytes")
            try bytes.write(to: URL(fileURLWithPath: path))
            files[name] = bytes
        }
        return files
    }

    @Test func updateAllLeavesGoldensOfTheSamePixelsUntouched() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        let folder = f.path("suite/__snapshots__/a")
        let before = try Self.reencodeWithZlib(folder)
        #expect(await f.run { $0.options.update = .all } == 0, "\(f.text)")
        #expect(try f.results().snapshots.map(\.written) == [.unchanged, .unchanged], "\(f.text)")
        for (name, bytes) in before {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) == bytes, "\(name) rewritten")
        }
        // A golden that does differ is still rewritten.
        try SuiteFixture.perturb(folder + "/mid.png")
        #expect(await f.run { $0.options.update = .all } == 0, "\(f.text)")
        #expect(try f.results().snapshots.map(\.written) == [.unchanged, .changed], "\(f.text)")
    }

    @Test func aRenameIsFoundWhenAnotherEncoderWroteTheGoldens() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        _ = try Self.reencodeWithZlib(f.path("suite/__snapshots__/a"))
        try FileManager.default.moveItem(atPath: f.path("suite/a.json"), toPath: f.path("suite/b.json"))
        #expect(await f.run() == 1)
        #expect(f.text.contains("likely renamed to \(f.path("suite/b.json"))"), "\(f.text)")
    }
}

/// `verify --update` too: keyframe goldens another encoder wrote stay as they are.
@MainActor
@Suite struct VerifyEncoderChangeTests {
    @Test func verifyUpdateLeavesGoldensOfTheSamePixelsUntouched() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-encoder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(SnapshotPipelineTests.scenarioText.utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        let args = ["verify", "a.json", "--goldens", "g", "--frames", "0,6", "--update"]
        var r = try CommandLineRunner.run("overscroll-app", args, in: dir)
        #expect(r.status == 0, "\(r.err)")
        let before = try EncoderChangeTests.reencodeWithZlib(dir + "/g")
        #expect(before.count == 2)
        r = try CommandLineRunner.run("overscroll-app", args, in: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("0 created, 0 changed, 2 unchanged"), "\(r.out)")
        for (name, bytes) in before {
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/" + name)) == bytes, "\(name) rewritten")
        }
    }
}
