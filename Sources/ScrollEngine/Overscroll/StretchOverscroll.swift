/// A stretch overscroll (Android 12's): the rules of a pull past an edge shown as a stretch of
/// the content instead of an offset. The host's `EdgeStretch` keeps the pull the scroll view
/// reports (`Overscroll`), lets it recoil after the release and draws the content stretched by
/// `stretchScale` toward the pulled edge.
public protocol StretchOverscroll: Sendable {
    /// The vertical scale (≥ 1) the content is drawn with for a pull of `pull` points past an
    /// edge in a viewport `height` points high.
    func stretchScale(pull: Double, height: Double) -> Double
    /// The pull's return to 0 after the finger lets go.
    func stretchRecoil(from pull: Double) -> any Simulation
    /// The pull a fling makes when it meets an edge at `velocity` (offset points/s; negative at
    /// the top): from 0 out and back (EdgeEffect's `onAbsorb`).
    func stretchAbsorb(velocity: Double) -> any Simulation
    /// The pull's motion when the finger lets go `pull` points past an edge at `velocity` (offset
    /// points/s), and whether the release still flings the content (false: the stretch takes
    /// the velocity). By default the pull recoils from where it is and the content flings.
    func stretchRelease(pull: Double, velocity: Double) -> (motion: any Simulation, flings: Bool)
    /// This stretch for a profile whose motion is now `physics` (its numbers retuned); itself by
    /// default.
    func retuned(for physics: any ScrollPhysics) -> any StretchOverscroll
}

public extension StretchOverscroll {
    func stretchRelease(pull: Double, velocity: Double) -> (motion: any Simulation, flings: Bool) {
        (stretchRecoil(from: pull), true)
    }

    func retuned(for physics: any ScrollPhysics) -> any StretchOverscroll { self }
}
