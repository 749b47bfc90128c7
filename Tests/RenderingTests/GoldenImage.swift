import Foundation
import Imaging
import Rendering
import Testing
import Support

/// Golden PNGs under `Goldens/`, compared through the product's comparison (`CompareRunner`, as
/// `overscroll compare`: pixelmatch-compatible, threshold 0.1, anti-aliased pixels not counted)
/// with a few pixels of tolerance, or (re)written when the environment has
/// `OVERSCROLL_UPDATE_GOLDENS=1`. The scenes' goldens are checked by `overscroll test
/// Tests/Scenarios` instead.
enum GoldenImage {
    static let updateKey = "OVERSCROLL_UPDATE_GOLDENS"
    /// Pixels allowed to differ.
    static let maxDifferingPixels = 12

    static var updating: Bool { ProcessInfo.processInfo.environment[updateKey] == "1" }

    /// The source folder of the goldens (written to when updating).
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    static func check(_ image: ImageSurface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = name + ".png"
        let png: [UInt8]
        do { png = try image.snapshot().pngBytes() } catch {
            Issue.record("\(file): cannot encode: \(error)", sourceLocation: sourceLocation)
            return
        }
        if updating {
            #expect(throws: Never.self, "writing \(file)", sourceLocation: sourceLocation) {
                try AtomicFileWriter.write(png, toPath: sourceFolder.appendingPathComponent(file).path)
            }
            return
        }
        guard let golden = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens") else {
            Issue.record("missing golden \(file); run with \(updateKey)=1", sourceLocation: sourceLocation)
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-golden-\(UUID().uuidString)")
        let actual = work.appendingPathComponent(file).path
        do { try AtomicFileWriter.write(png, toPath: actual) } catch {
            Issue.record("\(file): cannot write \(actual): \(error)", sourceLocation: sourceLocation)
            return
        }
        let options = CompareOptions(maxDiffPixels: maxDifferingPixels, diffPath: work.appendingPathComponent("diff-" + file).path, threads: 1)
        let report = CompareRunner.run(pairs: [.init(name: file, expected: golden.path, actual: actual)], singleFile: true, options: options)
        for e in report.errors { Issue.record("\(file): \(e)", sourceLocation: sourceLocation) }
        for f in report.frames where !f.match {
            Issue.record("\(file): \(f.differing) pixels differ; actual and diff in \(work.path)", sourceLocation: sourceLocation)
        }
        if report.errors.isEmpty && report.failed == 0 { try? FileManager.default.removeItem(at: work) }
    }
}
