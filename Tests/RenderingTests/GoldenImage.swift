import Foundation
import Imaging
import Rendering
import Testing
import Support

/// Golden PNGs under `Goldens/`, compared in memory through the product's comparison
/// (`CompareRunner.compare`, as `overscroll compare`: pixelmatch-compatible, threshold 0.1,
/// anti-aliased pixels not counted) with a few pixels of tolerance. `OVERSCROLL_RECORD=MODE`
/// writes them into the source folder as `overscroll test --update MODE` does (missing, changed,
/// all). The scenes' goldens are checked by `overscroll test Tests/Scenarios` instead.
enum GoldenImage {
    /// Pixels allowed to differ.
    static let maxDifferingPixels = 12

    /// The source folder of the goldens (written to when recording).
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// The record mode `environment` asks for (none when `OVERSCROLL_RECORD` is unset).
    static func mode(_ environment: [String: String]) -> Result<RecordMode, RecordMode.Invalid> {
        Result { () throws(RecordMode.Invalid) -> RecordMode in try RecordMode.fromEnvironment(environment) ?? .none }
    }

    /// What one check came to.
    enum Outcome: Equatable {
        case passed
        /// The golden was written (`created` when there was none) or found byte-identical.
        case created, changed, unchanged
        /// A failure, one line; `actual.png` and `diff.png` are kept in `keptIn` when set.
        case failed(String, keptIn: String?)
    }

    /// Checks `image` against the golden `name` and records an issue when it fails.
    static func check(_ image: ImageSurface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mode: RecordMode
        switch self.mode(ProcessInfo.processInfo.environment) {
        case .success(let m): mode = m
        case .failure(let e): Issue.record("\(e)", sourceLocation: sourceLocation); return
        }
        let golden = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens")
        if case .failed(let why, let kept) = check(image.snapshot(), name, mode: mode, golden: golden, writeTo: sourceFolder) {
            Issue.record("\(name).png: \(why)\(kept.map { "; actual and diff in \($0)" } ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// Compares `pixels` in memory with the PNG at `golden` (nil: none), writes the golden into
    /// `writeTo` as `mode` asks; keeps files (in a temporary folder) only for a failure.
    static func check(_ pixels: PixelBuffer, _ name: String, mode: RecordMode, golden: URL?, writeTo folder: URL) -> Outcome {
        let file = name + ".png"
        let old = golden.flatMap { FileManager.default.contents(atPath: $0.path) }.map { [UInt8]($0) }
        let image = pixels.rgbaImage()
        var matches = false, diff: RGBAImage?
        var failure = "missing golden; run with \(RecordMode.environmentKey)=missing"
        if let old {
            do {
                let expected = try PNGDecoder.decode(old, file: file)
                if expected.width != image.width || expected.height != image.height {
                    failure = "golden is \(expected.width)×\(expected.height) but the image is \(image.width)×\(image.height)"
                } else {
                    let options = CompareOptions(maxDiffPixels: maxDifferingPixels, threads: 1)
                    let (frame, d) = try CompareRunner.compare(expected, image, name: file, options: options, makeDiff: true)
                    matches = frame.match
                    diff = d
                    failure = "\(frame.differing) pixels differ"
                }
            } catch {
                failure = "\(error)"
            }
        }
        if mode.writes(missing: old == nil, matches: matches) {
            do {
                let png = try pixels.pngBytes()
                if png == old { return .unchanged }
                try AtomicFileWriter.write(png, toPath: folder.appendingPathComponent(file).path)
                return old == nil ? .created : .changed
            } catch {
                return .failed("cannot write the golden: \(error)", keptIn: nil)
            }
        }
        if matches { return .passed }
        // Only a failure leaves files behind: the actual image and the diff, for a look.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-golden-\(UUID().uuidString)")
        do {
            try AtomicFileWriter.write(try pixels.pngBytes(), toPath: work.appendingPathComponent(file).path)
            if let diff {
                try AtomicFileWriter.write(try PNGEncoder.diff.encode(diff), toPath: work.appendingPathComponent("diff-" + file).path)
            }
        } catch {
            return .failed(failure + " (and cannot keep the images: \(error))", keptIn: nil)
        }
        return .failed(failure, keptIn: work.path)
    }
}
