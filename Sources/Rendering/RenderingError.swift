import CCairo

/// A drawing resource that could not be made (cairo refused a surface): one line naming it.
public struct RenderingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// The error for a cairo surface of `width`×`height` pixels that failed with `status`.
    static func surface(_ width: Int, _ height: Int, _ status: cairo_status_t) -> RenderingError {
        RenderingError("cannot make a \(width)×\(height) pixel image: \(String(cString: cairo_status_to_string(status)))")
    }
}
