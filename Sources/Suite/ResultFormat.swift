import Recording
import Support

/// A file `overscroll test` and `overscroll merge-reports` write besides the results folder, made
/// from the suite's results alone (`--junit FILE`). Listing a format in `ResultFormats.all` gives
/// both commands its option (help, man page, completions), its output check (never onto an
/// input, never inside the results folder) and its write: staged with the results folder, renamed into place once that is committed.
public protocol ResultFormat: Sendable {
    /// The option's name without dashes (`junit` for `--junit`).
    var option: String { get }
    /// The placeholder of the option's value in help (`FILE`).
    var valueName: String { get }
    /// What the option writes, one line (the help of both commands).
    var help: String { get }
    /// The file's text for `suite`; `artifacts` is the results folder as given on the command
    /// line, for paths to its artifacts.
    func text(_ suite: SuiteResults, artifacts: String) -> String
}

/// The result formats both commands offer, in help order. One line per format.
public enum ResultFormats {
    public static let all: [any ResultFormat] = [
        JUnitWriter()
    ]
}

/// One result file asked for: a format and the path it goes to.
public struct ResultFile: Sendable {
    public var format: any ResultFormat
    public var path: String

    public init(_ format: any ResultFormat, path: String) {
        self.format = format
        self.path = path
    }

    /// `--junit`, for error messages.
    public var flag: String { "--" + format.option }

    /// The file, for `OutputPaths.check`.
    var output: OutputPaths.Output { OutputPaths.Output(path, flag: flag, folder: false) }

    /// Writes the file beside its destination, to be renamed over it once the whole run is
    /// known to succeed (`artifacts`: the results folder as given).
    func stage(_ suite: SuiteResults, artifacts: String) throws -> StagedFile {
        // A run killed while this file was staged left its temporary file beside it.
        AtomicFileWriter.removeStaleTemporaries(of: path)
        return try AtomicFileWriter.stage(Array(format.text(suite, artifacts: artifacts).utf8), toPath: path)
    }

    /// Stages every file of `files`; if one cannot be written, none is kept.
    static func stage(_ files: [ResultFile], _ suite: SuiteResults, artifacts: String) throws -> [StagedFile] {
        var staged: [StagedFile] = []
        do {
            for file in files { staged.append(try file.stage(suite, artifacts: artifacts)) }
        } catch {
            for s in staged { s.abandon() }
            throw error
        }
        return staged
    }
}
