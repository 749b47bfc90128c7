/// Numbers of the refreshable scroll view (docs/BEHAVIOUR.md, "Pull to refresh: the refreshable view"), named.
public struct RefreshableConfig: Sendable, Equatable {
    /// Distance from the top the view is placed at (the source's `offset` parameter, pt).
    public var topOffset = 0.0
    /// Base threshold when `topOffset` is 0 (pt).
    public var defaultThreshold = 75.0
    /// Base threshold when `topOffset` > 0 (pt).
    public var offsetThreshold = 25.0
    /// After scrolling into the content, the view must rest at exactly the top this long (s)
    /// before a pull can trigger again.
    public var readyRest = 0.1
    /// Ease-in duration of the return after completion (s).
    public var completeDuration = 0.1
    /// Minimum time (s) the finish ("done") shows after a successful refresh before the return;
    /// 0 (the default) skips the done state.
    public var doneSeconds = 0.0
    /// Content rows: count, box size (pt), spacing (pt).
    public var boxSize = Size(200, 40)
    public var boxSpacing = 8.0
    public init() {}

    /// The trigger distance: base + topOffset.
    public var threshold: Double { (topOffset > 0 ? offsetThreshold : defaultThreshold) + topOffset }
}
