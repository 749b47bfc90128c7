/// The scroll-linked navigation title (docs/BEHAVIOUR.md, "Scroll-linked title") as a value type.
///
/// Two measurements feed it, each only when it changes: the large title header's height (points,
/// from its laid-out size; 0 or a non-finite value is ignored, so the height stays unknown until a
/// real layout arrives) and the minY of a zero-height sentinel at the content top (points in the
/// scroll view's coordinate space; 0 at rest, negative when scrolled into the content).
///
/// - scroll offset = max(−minY, 0)
/// - navigation title opacity = 0 while the header height is 0 (unknown), else
///   clamp(offset / headerHeight, 0, 1): 0 / 0.5 / 1 at offsets 0 / 28 / 56 for a 56 pt header
/// - the header's text fades as 1 − that; its background stays opaque.
///
/// Each accepted change returns one `navTitleTrace …` line describing the new state.
public struct TitleOpacityTracker: Sendable, Equatable {
    /// The text shown both as the large title and as the navigation title.
    public var title: String
    /// Scroll offset measured by the sentinel (points, ≥ 0).
    public private(set) var offsetY: Double = 0
    /// Laid-out header height (points); 0 while unknown.
    public private(set) var headerHeight: Double = 0

    public init(title: String) { self.title = title }

    /// The opacity rule, on its own so the numbers can be checked directly.
    public static func opacity(offsetY: Double, headerHeight: Double) -> Double {
        guard headerHeight > 0, headerHeight.isFinite, offsetY.isFinite else { return 0 }
        return min(max(offsetY / headerHeight, 0), 1)
    }

    /// Opacity of the navigation bar's centred title, 0…1.
    public var opacity: Double { Self.opacity(offsetY: offsetY, headerHeight: headerHeight) }
    /// Opacity of the large title header's text, 0…1 (its background is not faded).
    public var headerTextOpacity: Double { 1 - opacity }

    /// The header was laid out with `height` points. Returns the trace line, or nil when the
    /// value is ignored (≤ 0, non-finite) or did not change.
    public mutating func headerGeometryChanged(height: Double) -> String? {
        guard height.isFinite, height > 0, height != headerHeight else { return nil }
        headerHeight = height
        return traceLine(source: .headerGeometry)
    }

    /// The sentinel moved to `minY`. Returns the trace line, or nil when the measured offset did
    /// not change (for instance while the content is pulled down past the top).
    public mutating func sentinelChanged(minY: Double) -> String? {
        guard minY.isFinite else { return nil }
        let offset = max(-minY, 0)
        guard offset != offsetY else { return nil }
        offsetY = offset
        return traceLine(source: .scrollSentinel)
    }

    /// `navTitleTrace source=…, title=…, offsetY=…, headerHeight=…, opacity=…` with numbers in
    /// Swift's shortest round-trip form (`56.0`, `0.5`), as the source's log prints them.
    public func traceLine(source: TitleTraceSource) -> String {
        "navTitleTrace source=\(source.rawValue), title=\(title), offsetY=\(offsetY), headerHeight=\(headerHeight), opacity=\(opacity)"
    }
}
