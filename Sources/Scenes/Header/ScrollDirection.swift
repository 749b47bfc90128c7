import ScrollEngine

/// The scroll direction the header scene last saw (trace field `direction`). `none` before any
/// direction and whenever the content is near the top.
public enum ScrollDirection: String, Sendable, Equatable {
    case none, down, up
}
