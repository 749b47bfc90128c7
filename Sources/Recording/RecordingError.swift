/// A recording that could not be written: one line naming the output file or folder.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
