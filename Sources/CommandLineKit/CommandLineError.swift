/// A bad command line, in one line naming the flag or argument (no program or command prefix:
/// the caller adds `overscroll record: ` or `overscroll compare: error: `). Exit status 2.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// Made only inside the kit, so every message is built (and its echoed words escaped) here.
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
