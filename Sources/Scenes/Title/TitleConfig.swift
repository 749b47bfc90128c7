/// Every number and text of the `title` scene (docs/BEHAVIOUR.md, "Scroll-linked title"). Sizes in points.
public struct TitleConfig: Sendable, Equatable {
    /// The document title: the large header text and the navigation title.
    public var title = "노트 A"
    /// Height of the navigation bar above the scrolling content.
    public var navigationBarHeight: Double = 44
    /// Type size of the navigation bar's centred title.
    public var navigationTitleSize: Double = 17
    /// Type size of the large title header.
    public var largeTitleSize: Double = 34
    /// Space above and below the large title text inside the header.
    public var headerPaddingTop: Double = 8
    public var headerPaddingBottom: Double = 8
    /// Left and right margin of the header and body text.
    public var horizontalInset: Double = 16
    /// Type size of the body paragraphs.
    public var bodySize: Double = 17
    /// Vertical space between body paragraphs, and after the header.
    public var paragraphSpacing: Double = 12
    /// Empty space after the last paragraph.
    public var bottomPadding: Double = 32
    /// Number of body paragraphs (cycling through `paragraphs`).
    public var paragraphCount = 24
    /// Pending `navTitleTrace` lines kept when nobody drains them; the oldest are dropped.
    public var maxPendingTraceLines = 4096
    /// The body text, mixed Korean and English.
    public var paragraphs: [String] = [
        "오늘 정리할 내용은 스크롤과 제목의 관계다. When the big title leaves the screen, the bar above takes it over.",
        "헤더가 절반쯤 가려지면 위쪽 제목도 절반만 보인다. The fade follows the finger, not a timer.",
        "The header's height is measured from its laid-out text, never typed in as a constant.",
        "높이를 아직 모르면 투명도는 0으로 둔다. 잘못된 값으로 나누는 것보다 기다리는 편이 낫다.",
        "A sentinel with no height sits at the top of the content and reports where the content starts.",
        "배경은 불투명하게 남겨서 아래 구분선이 비치지 않게 한다. Only the words fade away.",
        "Each change of either measurement writes one trace line, so a log shows what the screen did.",
        "맨 아래까지 내려갔다가 다시 올라오면 제목이 천천히 본문으로 돌아온다."
    ]

    public init() {}
}
