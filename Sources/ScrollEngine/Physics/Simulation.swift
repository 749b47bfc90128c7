/// A one-dimensional motion that is a pure function of time.
///
/// `t` is seconds since the simulation started; positions are points, velocities points per second.
/// Simulations are evaluated at each frame's time, never integrated with wall-clock steps.
public protocol Simulation: Sendable {
    func position(at t: Double) -> Double
    func velocity(at t: Double) -> Double
    func isDone(at t: Double) -> Bool
    /// The position the simulation comes to rest at.
    var finalPosition: Double { get }
    /// Whether the motion is springing back from past an edge at `t` (trace phase `bouncing`).
    func isBouncing(at t: Double) -> Bool
}

public extension Simulation {
    func isBouncing(at t: Double) -> Bool { false }
}
