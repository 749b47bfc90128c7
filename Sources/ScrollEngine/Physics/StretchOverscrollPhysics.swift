import Foundation

/// A physics that shows a pull past an edge as a stretch of the content instead of an offset
/// (Android 12's stretch overscroll): the scroll view keeps the pull the offset does not show
/// (`ScrollView.pull`), lets it recoil after the release, and the scene draws the content
/// stretched by `stretchScale` toward the pulled edge. A parented physics is asked through its
/// parent (`ScrollPhysics.nearest(_:)`).
public protocol StretchOverscrollPhysics: ScrollPhysics {
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
}

public extension StretchOverscrollPhysics {
    func stretchRelease(pull: Double, velocity: Double) -> (motion: any Simulation, flings: Bool) {
        (stretchRecoil(from: pull), true)
    }
}

/// A release motion that may stop at an edge it meets (Android's fling): when it ends there,
/// and at what velocity, for the stretch the edge absorbs.
public protocol EdgeImpactSimulation: Simulation {
    /// The time the motion meets an edge and the velocity it has then; nil if it ends inside.
    var edgeImpact: (time: Double, velocity: Double)? { get }
}

public extension ScrollPhysics {
    /// This physics as `T`, or its nearest parent that is one (`ParentedScrollPhysics`).
    func nearest<T>(_ type: T.Type) -> T? {
        var current: any ScrollPhysics = self
        while true {
            if let found = current as? T { return found }
            guard let parented = current as? any ParentedScrollPhysics else { return nil }
            current = parented.parent
        }
    }
}
