import Support
/// Why an image could not be read, written or compared.
///
/// `description` is one line naming the file (when known) and the reason, ready to print after
/// `error:`.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG(file: String)
    /// The data ends before a chunk or the image data is complete.
    case truncated(file: String, detail: String)
    /// A chunk's CRC-32 does not match its contents.
    case badCRC(file: String, chunk: String)
    /// zlib rejected the compressed image data (or failed while compressing).
    case zlib(file: String, detail: String)
    /// Structurally valid but outside what this codec supports, or invalid header values.
    case unsupported(file: String, detail: String)
    /// The file could not be read or written.
    case io(file: String, detail: String)
    /// The image has more pixels than the cap (`--max-pixels`).
    case tooLarge(file: String, width: Int, height: Int, maxPixels: Int)
    /// Two images that must have the same size do not.
    case sizeMismatch(expected: String, expectedSize: (Int, Int), actual: String, actualSize: (Int, Int))

    /// One line; control characters from file names or file contents are escaped.
    public var description: String { TerminalText.escaped(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .notPNG(let file):
            return "\(file): not a PNG file (bad signature)"
        case .truncated(let file, let detail):
            return "\(file): truncated PNG (\(detail))"
        case .badCRC(let file, let chunk):
            return "\(file): CRC mismatch in \(chunk) chunk"
        case .zlib(let file, let detail):
            return "\(file): zlib error (\(detail))"
        case .unsupported(let file, let detail):
            return "\(file): unsupported PNG (\(detail))"
        case .tooLarge(let file, let width, let height, let maxPixels):
            return "\(file): image too large (\(width)×\(height) = \(width * height) pixels, over the "
                + "--max-pixels cap of \(maxPixels))"
        case .io(let file, let detail):
            return "\(file): \(detail)"
        case .sizeMismatch(let expected, let expectedSize, let actual, let actualSize):
            return "size mismatch: \(expected) is \(expectedSize.0)×\(expectedSize.1), "
                + "\(actual) is \(actualSize.0)×\(actualSize.1)"
        }
    }

    public static func == (lhs: ImagingError, rhs: ImagingError) -> Bool {
        lhs.description == rhs.description
    }
}
