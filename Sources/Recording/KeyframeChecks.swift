import Foundation
import Imaging
import Rendering

/// The keyframes `overscroll verify` checked, in frame order: each rendered frame against its
/// golden through the image strategy (`ImageSnapshot`, golden read as `compare` reads files),
/// gathered into the comparison's report — the frames, or the errors that make it exit 2 — and
/// the goldens that do not exist.
struct KeyframeChecks {
    /// A rendered keyframe; its PNG is encoded at most once, and only when a file needs it.
    struct Frame {
        let name: String
        let pixels: PixelBuffer
        private var png: [UInt8]?

        init(name: String, pixels: PixelBuffer) { self.name = name; self.pixels = pixels }

        mutating func encoded() throws -> [UInt8] {
            if let png { return png }
            let bytes = try pixels.pngBytes()
            png = bytes
            return bytes
        }
    }

    /// A golden the record mode writes: `old` is its current bytes when known (`.some(nil)`: it
    /// does not exist; nil: not read, the writer reads it).
    struct Write {
        var old: [UInt8]??
    }

    let options: GoldenVerifier.Options
    private(set) var frames: [CompareRunner.ComparedFrame] = []
    private(set) var errors: [String] = []
    private(set) var missing: [String] = []

    init(options: GoldenVerifier.Options) { self.options = options }

    /// Compares `frame` with its golden (nothing is compared when every golden is written);
    /// returns the golden write the record mode asks for.
    mutating func check(_ frame: inout Frame) throws -> Write? {
        if options.update == .all { return Write(old: nil) }
        let golden = options.goldens.appendingPathComponent(frame.name).path
        let compare = options.compare
        let strategy = ImageSnapshot.strategy(
            name: frame.name, options: compare,
            makeDiff: compare.diffPath != nil || compare.reportDirectory != nil,
            reading: .following, names: (golden, "the recorded \(frame.name)"),
            threads: compare.threads)
        switch strategy.check(frame.pixels.rgbaImage(), against: golden) {
        case .missing:
            missing.append(frame.name)
            return options.update.writes(missing: true, matches: false) ? Write(old: .some(nil)) : nil
        case let .unreadable(error, bytes):
            errors.append(message(error, golden: golden, bytes: bytes))
            return nil
        case let .compared(bytes, result):
            if let size = result.evidence.otherSize {
                // As `compare` reports it: a golden that does not decode says so first.
                errors.append(
                    decodeError(bytes, golden: golden)
                        ?? ImagingError.sizeMismatch(
                            expected: golden, expectedSize: (size.width, size.height),
                            actual: "the recorded \(frame.name)", actualSize: (frame.pixels.width, frame.pixels.height)
                        ).description)
                return nil
            }
            guard let comparison = result.evidence.comparison else { return nil }
            var compared = CompareRunner.ComparedFrame(comparison: comparison)
            if let diff = result.evidence.diff { compared.diffPNG = try PNGEncoder.diff.encode(diff) }
            if !comparison.match && compare.reportDirectory != nil {
                compared.expectedPNG = bytes
                compared.actualPNG = try frame.encoded()
            }
            frames.append(compared)
            return options.update.writes(missing: false, matches: comparison.match) ? Write(old: .some(bytes)) : nil
        }
    }

    /// The comparison's report, its diff images and HTML report written (none with an error).
    func report() -> CompareReport {
        CompareRunner.report(frames: frames, errors: errors, options: options.compare)
    }

    /// The error line of a golden that cannot be compared: the decoder's own words for bytes
    /// that do not decode (as `compare` names them), else the reader's.
    private func message(_ error: any Error, golden: String, bytes: [UInt8]?) -> String {
        if let bytes, let decoding = decodeError(bytes, golden: golden) { return decoding }
        if case let .unreadable(detail)? = error as? ImageSnapshot.ReadFailure, let detail { return detail }
        return "\(error)"
    }

    /// Why `bytes` do not decode as a PNG; nil when they do.
    private func decodeError(_ bytes: [UInt8], golden: String) -> String? {
        do { _ = try PNGDecoder.decode(bytes, file: golden, maxPixels: options.compare.maxPixels) } catch { return "\(error)" }
        return nil
    }
}
