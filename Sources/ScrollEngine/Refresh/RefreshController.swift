/// A refresh scene's pull to refresh, whichever style the feel brings (`RefreshStyle`): the one
/// seam between a scene and the machine that decides its refreshes. The scene hands it the keys
/// (F5 `trigger`, Esc `cancel`), the finished actions (`deliver`), the input's release and every
/// frame; it hears of a start through `onStart`, of the end through `onFinish` (both for its
/// `RefreshPresentation`) and, if it listens, of a change the presentation should see through
/// `onChange`. Three conformers: `CoordinatorRefresh` (the coordinator that holds the content),
/// `RefreshableRefresh` (the drop-in view's machine) and `MaterialRefresh` (Android's circle).
/// A scene makes one with `RefreshStyle.makeController` and replaces it when a retune changes
/// the style (only while it is idle: a refresh in progress ends in the style it started in).
public protocol RefreshController: AnyObject {
    /// The style this controller draws and decides in.
    var style: RefreshStyle { get }
    /// The state as every refresh machine names it (the trace's `state`).
    var state: RefreshState { get }
    /// Refreshes started so far (the trace's `refreshes`).
    var refreshes: Int { get }
    /// The next time it changes with no input (a timeout, a ready time, a done hold).
    var deadline: Double? { get }
    /// Whether it still changes with time with no input.
    var isAnimating: Bool { get }
    /// Whether nothing of a refresh is left to finish or show: the style may then change.
    var isIdle: Bool { get }
    /// A refresh started (its action did).
    var onStart: () -> Void { get set }
    /// The refresh ended: rows gained, or the failure (an error, a cancel, the timeout).
    var onFinish: (Result<Int, RefreshFailure>) -> Void { get set }
    /// Called after an event that may change what the presentation shows (the refreshable view
    /// after each of its machine's events; the Material refresh at a refresh's end).
    var onChange: () -> Void { get set }

    /// F5 or Ctrl+R: a refresh with no pull.
    func trigger(at t: Double)
    /// Esc: ends a running refresh from outside.
    func cancel(at t: Double)
    /// A finished action, from the scene's runner.
    func deliver(_ result: RefreshResult, at t: Double)
    /// The finger (or the wheel gesture) let go.
    func inputReleased(at t: Double)
    /// The scroll input has been applied to the scroll view (after each input event).
    func inputApplied(at t: Double)
    /// A frame at `t`, after the scroll view advanced.
    func frame(at t: Double)
    /// The scroll view's `didScroll`, for a controller the scene feeds its callbacks.
    func scrolled(at t: Double)
    /// The scroll view's `didEndDragging`, for a controller the scene feeds its callbacks.
    func endedDragging(at t: Double)
    /// What it draws over the content (y 0 the top of the list), `width` points wide.
    func overlay(at t: Double, width: Double) -> [DrawCommand]
    /// Whether its own indicator has gone; nil when the scene draws the indicator itself.
    func indicatorGone(at t: Double) -> Bool?
    /// Gives back what it claimed of the scroll view, before another controller takes its place.
    func detach()
}

extension RefreshController {
    public var onChange: () -> Void {
        get { {} }
        set {}
    }
    public func scrolled(at t: Double) {}
    public func endedDragging(at t: Double) {}
    public func overlay(at t: Double, width: Double) -> [DrawCommand] { [] }
    public func indicatorGone(at t: Double) -> Bool? { nil }
    public func detach() {}
}
