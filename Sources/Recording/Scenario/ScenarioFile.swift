import Foundation
import Scenes
import ScrollEngine
import Support

/// Loads a scenario file where goldens are made: parsed, the scene known, a relative Lottie path
/// resolved against the file's folder, and the strict rules checked. Errors are one line
/// naming the file and the field.
public enum ScenarioFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        package init(message: String) { self.message = message }
        public var description: String { message }
    }

    /// The largest scenario file read by default (`--max-scenario-size` raises it): parsing
    /// takes about 13 times the file's size in memory (30 MB: 409 MB). Real scenarios are a few
    /// kB; an hour of pointer motion captured at 120 Hz about 20 MB.
    public static let defaultMaxBytes = 32 << 20

    /// The text of the scenario file at `path`: a regular file of at most `maxBytes`, UTF-8.
    /// Errors are one line naming the file (and the limit and its flag when it is too large).
    public static func read(_ path: String, maxBytes: Int = defaultMaxBytes) throws(Failure) -> String {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes) } catch { throw Failure(message: describe(error)) }
        if let why = ScenarioEncoding.problem(bytes) { throw Failure(message: "\(path): \(why)") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The one-line message for a scenario file that cannot be read.
    public static func describe(_ error: InputFile.Failure) -> String {
        switch error {
        case let .missing(path): "\(path): cannot read the scenario file (no such file)"
        case let .unreadable(path, reason): "\(path): cannot read the scenario file (\(reason))"
        case .notRegular: "\(error); not read as a scenario"
        case let .tooLarge(path, size, limit):
            "\(path): \(InputFile.megabytes(size)) is over the scenario size limit of \(InputFile.megabytes(limit))"
                + " (--max-scenario-size MB raises it)"
        }
    }

    /// The feel file `name` a scenario at `scenario` names, relative to the scenario's folder.
    public static func feel(_ name: String, scenario: String) throws(ScenarioError) -> Feel {
        let file = name.hasPrefix("/") ? name : URL(fileURLWithPath: scenario).deletingLastPathComponent().appendingPathComponent(name).path
        do { return try FeelFile.load(file) } catch { throw ScenarioError(field: "feel", reason: "\(error)") }
    }

    /// `physics`: the JSON text of the physics of a scenario without its own (`overscroll.json`).
    public static func load(_ path: String, maxBytes: Int = defaultMaxBytes, physics: String? = nil) throws(Failure) -> Scenario {
        let text = try read(path, maxBytes: maxBytes)
        do {
            let fallback = physics.flatMap { try? JSONParser.parse($0) }
            var s = try ScenarioParser.parse(
                text, physics: fallback,
                loadFeel: { name throws(ScenarioError) in try feel(name, scenario: path) })
            if let lottie = s.options.indicator.lottiePath, !lottie.hasPrefix("/") {
                s.options.indicator.lottiePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(lottie).path
            }
            if let file = s.reference?.file, !file.hasPrefix("/") {
                s.reference?.file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
            }
            try s.checkStrict()
            return s
        } catch {
            throw Failure(message: error.message(file: path))
        }
    }
}
