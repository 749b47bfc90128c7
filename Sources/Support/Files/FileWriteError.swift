/// Why an output file could not be written (`AtomicFileWriter`): one line naming the file and the
/// reason, ready to print after `error:`. Control characters in the name are escaped.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, already quoted for a message (`OutputPaths.quoted`).
    public let file: String
    public let detail: String

    public init(file: String, detail: String) {
        self.file = file
        self.detail = detail
    }

    public var description: String { TerminalText.escaped("\(file): \(detail)") }
}
