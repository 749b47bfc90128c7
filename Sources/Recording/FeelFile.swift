import Foundation
import Scenes
import Support

/// Reads a feel file (`run --feel`, the scenario field `feel`): a regular file of at most
/// `maxBytes`, UTF-8, parsed by `FeelParser`; a relative Lottie path is resolved against the
/// feel file's folder. Errors are one line naming the file (and the field, line and column).
public enum FeelFile {
    /// A feel file is a few hundred bytes; anything past this is not one.
    public static let maxBytes = 1 << 20

    public static func load(_ path: String) throws(FeelError) -> Feel {
        try parse(read(path), file: path)
    }

    /// The text of the feel file at `path` (a regular file, at most `maxBytes`, UTF-8).
    public static func read(_ path: String) throws(FeelError) -> String {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maxBytes: maxBytes) } catch {
            throw FeelError(file: path, field: "", reason: describe(error))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FeelError(file: path, field: "", reason: "not UTF-8 text")
        }
        return text
    }

    /// The feel `text` (read from `path`) holds.
    public static func parse(_ text: String, file path: String) throws(FeelError) -> Feel {
        var feel = try FeelParser.parse(text, file: path)
        if !feel.lottie.isEmpty, !feel.lottie.hasPrefix("/") {
            feel.lottie = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(feel.lottie).path
        }
        return feel
    }

    static func describe(_ error: InputFile.Failure) -> String {
        switch error {
        case .missing: "cannot read the feel file (no such file)"
        case let .unreadable(_, reason): "cannot read the feel file (\(reason))"
        case let .notRegular(_, kind): "is \(kind), not a regular file; not read as a feel file"
        case let .tooLarge(_, size, limit): "\(InputFile.megabytes(size)) is over the feel file limit of \(InputFile.megabytes(limit))"
        }
    }
}
