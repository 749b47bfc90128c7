import ScrollEngine

/// The scrolling part every scene is built around: the window size, the scroll view below a bar
/// of `topInset` points, and the input controller that feeds it. A scene holds one and adds its
/// own content, chrome and rules; the `Scene` protocol's defaults read it. It is also the scene's
/// one time source: `now`, the latest time the scene was given. It holds the feel's
/// (`FeelProfile`) parts beside the physics: the velocity estimator it gives the scroll view and
/// the stretch (`EdgeStretch`) that keeps the overscroll the view reports and draws it.
public final class ScrollHost {
    public private(set) var size: Size
    /// The scene's time (driver seconds): the latest time it was given, by an event (`handle`),
    /// a frame (`advance`) or the scene's own `note`. It never goes back. Every part of the scene
    /// that draws or decides "now" (a header's slide, a refresh message, an indicator) reads it;
    /// none keeps a time of its own.
    public private(set) var now = 0.0
    public let scrollView: ScrollView
    public let input: ScrollInputController
    /// The pull past an edge the scroll view did not show, and its recoil: drawn by `stretched`
    /// when the feel's overscroll is a stretch.
    public let stretch: EdgeStretch
    /// Height of the fixed chrome above the scroll view (a navigation bar), in points.
    public let topInset: Double

    public init(
        size: Size, topInset: Double = 0, contentHeight: Double, feel: FeelProfile,
        input settings: InputSettings, wheelRules: WheelRules = WheelRules()
    ) {
        self.size = size
        self.topInset = topInset
        scrollView = ScrollView(
            viewportHeight: ScrollHost.viewportHeight(size, topInset: topInset),
            contentHeight: contentHeight, physics: feel.physics, velocityEstimator: feel.velocityEstimator)
        input = ScrollInputController(scrollView: scrollView, settings: settings, rules: wheelRules)
        stretch = EdgeStretch(model: feel.overscroll)
        scrollView.overscrollObserver = stretch
    }

    /// The scroll view's height in a window of `size`: what the chrome leaves, at least a point.
    public static func viewportHeight(_ size: Size, topInset: Double) -> Double { max(1, size.height - topInset) }
    public var viewportHeight: Double { scrollView.viewportHeight }

    /// A new feel and input numbers; the offset, a drag, a running motion and a pull stay (the
    /// next motion is the new physics', the next drag measured by the new estimator).
    public func retune(feel: FeelProfile, input settings: InputSettings) {
        scrollView.physics = feel.physics
        scrollView.velocityEstimator = feel.velocityEstimator
        stretch.model = feel.overscroll
        input.settings = settings
    }

    /// Time moves on to `t` (never back); the scroll view is told it too, for the delegate
    /// callbacks the event may cause (`ScrollView.noteTime`). Evaluates no motion.
    public func note(_ t: Double) {
        now = max(now, t)
        scrollView.noteTime(t)
    }

    /// Takes the new window size and gives the scroll view the height it leaves (through `handle`).
    private func resize(to s: Size) {
        size = s
        scrollView.setViewportHeight(Self.viewportHeight(s, topInset: topInset))
    }

    /// A resize, or scroll input for the input controller. Every scene passes its events here
    /// (after taking its own keys), so the host's time and size are the scene's.
    @discardableResult
    public func handle(_ event: InputEvent, at t: Double) -> InputOutcome {
        note(t)
        if case let .resize(s) = event {
            resize(to: s)
            return []
        }
        return input.handle(event, at: t)
    }

    /// Brings input deadlines (a wheel gesture's end) and the scroll view's motion to `t`. A
    /// release found on the way is reported to `onRelease` before the motion is evaluated.
    public func advance(to t: Double, onRelease: () -> Void = {}) {
        note(t)
        if input.processDeadlines(upTo: t).released { onRelease() }
        scrollView.advance(to: t)
    }

    /// Whether the scroll view still moves: a motion, or a stretch recoiling.
    public var isMoving: Bool { scrollView.isMoving || stretch.isRecoiling }

    /// The scrolling content (in the scroll view's coordinates, 0 at its top) as drawn: stretched
    /// toward the pulled edge while a stretch overscroll shows a pull (Android; docs/BEHAVIOUR.md,
    /// "Android physics"), as it is otherwise.
    public func stretched(_ content: [DrawCommand]) -> [DrawCommand] {
        let s = stretch.scale(height: viewportHeight)
        guard s.scale != 1 else { return content }
        return [.stretch(scaleY: s.scale, anchorY: s.atTop ? 0 : viewportHeight, content)]
    }
    /// The next time input does something with no event (a wheel gesture ending).
    public var nextDeadline: Double? { input.nextDeadline }
}
