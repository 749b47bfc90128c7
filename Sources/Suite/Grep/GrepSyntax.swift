/// A parsed `--grep` pattern: the regular-expression subset `GrepPattern` accepts, as a tree.
indirect enum GrepSyntax: Equatable {
    case empty
    case scalar(GrepScalarTest)
    case sequence([GrepSyntax])
    case alternatives([GrepSyntax])
    /// `min` to `max` times (`max` nil: no upper bound).
    case repetition(GrepSyntax, min: Int, max: Int?)
    case assertion(GrepAssertion)
}

/// What one character of the text must be.
enum GrepScalarTest: Equatable {
    case literal(Unicode.Scalar)
    /// `.`: anything but a line feed.
    case any
    case set(GrepScalarSet)

    func accepts(_ c: Unicode.Scalar) -> Bool {
        switch self {
        case .literal(let l): c == l
        case .any: c != "\n"
        case .set(let s): s.contains(c)
        }
    }
}

/// A bracket expression or a class escape (`[a-z_]`, `[^/]`, `\d`, `\W`).
struct GrepScalarSet: Equatable {
    var ranges: [ClosedRange<UInt32>] = []
    var negated = false

    func contains(_ c: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(c.value) } != negated
    }

    static let digit = GrepScalarSet(ranges: [0x30...0x39])
    static let word = GrepScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = GrepScalarSet(ranges: [0x09...0x0D, 0x20...0x20])

    static func isWord(_ c: Unicode.Scalar) -> Bool { word.contains(c) }
}

/// A zero-width test at a position of the text.
enum GrepAssertion: Equatable {
    /// `^`, `$`: the start and the end of the text.
    case start, end
    /// `\b`, `\B`.
    case wordBoundary, notWordBoundary
}
