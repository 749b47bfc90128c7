import Foundation
import Imaging
import Testing

/// Golden keyframes of the scene scenarios, kept beside the scenarios in
/// `Tests/Scenarios/Goldens/<scene>/` and found from this file's path (nothing is bundled, and the
/// PNGs sit outside every target).
///
/// Keyframes are compared with Imaging's pixelmatch-compatible `CompareRunner` (YIQ threshold 0.1,
/// anti-aliased pixels not counted) and a small tolerance. A missing golden fails. Goldens are
/// written only when the environment has `OVERSCROLL_UPDATE_GOLDENS=1`, each file atomically.
enum SceneGolden {
    static let updateKey = "OVERSCROLL_UPDATE_GOLDENS"
    /// Pixels a keyframe may differ by (beyond anti-aliasing) and still match.
    static let maxDifferingPixels = 60

    static var updating: Bool { ProcessInfo.processInfo.environment[updateKey] == "1" }

    /// `Tests/Scenarios` in the source tree.
    static var scenarioFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
    }

    /// The goldens of one scene.
    static func folder(scene: String) -> URL {
        scenarioFolder.appendingPathComponent("Goldens").appendingPathComponent(scene)
    }

    /// Compares `keyframes` (PNG bytes by name) with the scene's goldens, or rewrites the goldens
    /// when updating. On a mismatch the actual frames and diff images stay in a temporary folder
    /// named in the failure.
    static func check(_ keyframes: [(name: String, png: [UInt8])], scene: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldens = folder(scene: scene)
        if updating {
            for k in keyframes {
                try AtomicFileWriter.write(k.png, toPath: goldens.appendingPathComponent(k.name + ".png").path)
            }
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-goldens-\(scene)-\(UUID().uuidString)")
        let actual = work.appendingPathComponent("actual"), diff = work.appendingPathComponent("diff")
        for k in keyframes {
            try AtomicFileWriter.write(k.png, toPath: actual.appendingPathComponent(k.name + ".png").path)
        }
        let options = CompareOptions(maxDiffPixels: maxDifferingPixels, diffPath: diff.path, threads: 2)
        let report = CompareRunner.run(expected: goldens.path, actual: actual.path, options: options)
        for e in report.errors {
            Issue.record("\(scene) goldens: \(e) (write them with \(updateKey)=1)", sourceLocation: sourceLocation)
        }
        for f in report.frames where !f.match {
            Issue.record("\(scene)/\(f.name): \(f.differing) pixels differ; actual and diff in \(work.path)",
                         sourceLocation: sourceLocation)
        }
        if report.errors.isEmpty && report.failed == 0 { try? FileManager.default.removeItem(at: work) }
    }
}
