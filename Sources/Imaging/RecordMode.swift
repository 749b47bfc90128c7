import Support

/// Which goldens a run writes instead of only comparing them — the one switch of
/// `overscroll test --update MODE`, `overscroll verify --update` (which is `all`) and the
/// rendering tests' goldens. `OVERSCROLL_RECORD=MODE` in the environment sets it for all three
/// when no flag does; a flag given on the command line wins.
public enum RecordMode: String, Codable, Sendable, CaseIterable {
    /// Compare only (the default).
    case none
    /// Create goldens that do not exist.
    case missing
    /// Create missing goldens and rewrite those that do not match (or cannot be read).
    case changed
    /// Write every golden (files whose bytes are unchanged are left untouched).
    case all

    /// The environment variable that sets the mode when no flag does.
    public static let environmentKey = "OVERSCROLL_RECORD"

    /// A value of `OVERSCROLL_RECORD` that is not a mode.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        public let value: String
        public var description: String {
            "\(RecordMode.environmentKey)=\(TerminalText.escaped(value)): expected one of "
                + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The mode `environment` asks for: nil when `OVERSCROLL_RECORD` is unset or empty, an
    /// error naming the variable for any value that is not a mode.
    public static func fromEnvironment(_ environment: [String: String]) throws(Invalid) -> RecordMode? {
        guard let text = environment[environmentKey], !text.isEmpty else { return nil }
        guard let mode = RecordMode(rawValue: text) else { throw Invalid(value: text) }
        return mode
    }

    /// Whether a golden is written: `missing` when there is none, `matches` when the image is
    /// within tolerance of a readable golden.
    public func writes(missing: Bool, matches: Bool) -> Bool {
        switch self {
        case .none: return false
        case .missing: return missing
        case .changed: return missing || !matches
        case .all: return true
        }
    }
}
