import ScrollEngine

/// Every number and colour of the `pager` scene (docs/BEHAVIOUR.md, "Vertical pager"). Sizes in points.
public struct PagerConfig: Sendable, Equatable {
    /// One colour per page, in page order: green, orange, purple (iOS system colours, light).
    public var pageColors: [Color] = [Color(hex: 0x34C759), Color(hex: 0xFF9500), Color(hex: 0xAF52DE)]
    /// The same in the dark appearance.
    public var darkPageColors: [Color] = [Color(hex: 0x30D158), Color(hex: 0xFF9F0A), Color(hex: 0xBF5AF2)]
    /// The caption card at the bottom of each page: its height and titles (one per page, cycling).
    public var captionHeight: Double = 70
    public var captionTitles = ["Morning run · 아침 달리기", "City lights · 도시의 불빛", "Slow cooking · 느린 요리"]
    /// The release rule (half a page, or a flick faster than 300 pt/s).
    public var policy = PagingPolicy()
    /// Spring that snaps onto a page after a release or a programmatic page change. Stiffer than
    /// the edge bounce so a page lands in about a third of a second.
    public var snapSpring = SpringParameters(mass: 1, stiffness: 300, dampingRatio: 1)
    /// An offset at rest within this distance of a page counts as on the page.
    public var restTolerance: Double = 0.5
    /// The big page number (1-based on screen; the `page` trace field is 0-based).
    public var numberSize: Double = 120
    public var numberHeight: Double = 160
    /// Black: AA contrast on every page colour (white on the light green is 2.2:1).
    public var numberColor = Color.black

    public init() {}
}
