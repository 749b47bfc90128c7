/// A release motion that may stop at an edge it meets (Android's fling): when it ends there,
/// and at what velocity, for the stretch the edge absorbs (`Overscroll.edge`).
public protocol EdgeImpactSimulation: Simulation {
    /// The time the motion meets an edge and the velocity it has then; nil if it ends inside.
    var edgeImpact: (time: Double, velocity: Double)? { get }
}
