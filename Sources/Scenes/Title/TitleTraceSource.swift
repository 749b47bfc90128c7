/// Which measurement produced a `navTitleTrace` line (docs/BEHAVIOUR.md, "Scroll-linked title"): the large title header's laid-out
/// height, or the zero-height sentinel at the top of the scrolling content.
public enum TitleTraceSource: String, Sendable, Equatable {
    case headerGeometry
    case scrollSentinel
}
