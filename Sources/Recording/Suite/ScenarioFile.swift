import Foundation
import Scenes
import ScrollEngine

/// Loads a scenario file where goldens are made: parsed, the scene known, a relative Lottie path
/// resolved against the file's folder, and the strict rules checked. Errors are one line
/// naming the file and the field.
public enum ScenarioFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    public static func load(_ path: String) throws(Failure) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(message: "\(path): cannot read the scenario file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(message: "\(path): not UTF-8 text") }
        do {
            var s = try ScenarioParser.parse(text)
            guard SceneCatalog.descriptor(named: s.scene) != nil else {
                throw ScenarioError(field: "scene", reason: "unknown scene '\(s.scene)' (scenes: \(SceneCatalog.names.joined(separator: ", ")))")
            }
            if let lottie = s.options.indicator.lottiePath, !lottie.hasPrefix("/") {
                s.options.indicator.lottiePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(lottie).path
            }
            try s.checkStrict()
            return s
        } catch {
            throw Failure(message: "\(path): \(error)")
        }
    }
}
