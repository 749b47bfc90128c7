import Foundation

/// Parameters of a damped spring. Units: mass (arbitrary), stiffness per second², ratio unitless.
public struct SpringParameters: Sendable, Equatable, Codable {
    public var mass: Double
    public var stiffness: Double
    /// 1 = critically damped (iOS bounce), < 1 oscillates, > 1 overdamped.
    public var dampingRatio: Double

    public init(mass: Double = 1, stiffness: Double = 100, dampingRatio: Double = 1) {
        self.mass = mass
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// UIScrollView's bounce: mass 1, stiffness 100, critically damped.
    public static let iOSBounce = SpringParameters()
}

/// A damped spring from `from` towards `to`, starting with velocity `v0` (points/s).
/// Closed-form solution for under-, critically and over-damped springs.
public struct SpringSimulation: Simulation {
    public let parameters: SpringParameters
    public let from: Double
    public let to: Double
    public let v0: Double
    public let positionTolerance: Double
    public let velocityTolerance: Double

    private enum Solution: Sendable {
        case critical(omega: Double, a: Double, b: Double)
        case under(decay: Double, omegaD: Double, a: Double, b: Double)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }
    private let solution: Solution

    public init(
        _ parameters: SpringParameters = .iOSBounce, from: Double, to: Double, v0: Double,
        positionTolerance: Double = 0.05, velocityTolerance: Double = 1
    ) {
        precondition(
            parameters.mass > 0 && parameters.stiffness > 0 && parameters.dampingRatio >= 0,
            "spring needs mass > 0, stiffness > 0, damping ratio ≥ 0")
        self.parameters = parameters
        self.from = from
        self.to = to
        self.v0 = v0
        self.positionTolerance = positionTolerance
        self.velocityTolerance = velocityTolerance
        let omega = (parameters.stiffness / parameters.mass).squareRoot()
        let zeta = parameters.dampingRatio
        let a = from - to
        if abs(zeta - 1) < 1e-9 {
            solution = .critical(omega: omega, a: a, b: v0 + omega * a)
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            solution = .under(decay: zeta * omega, omegaD: omegaD, a: a, b: (v0 + zeta * omega * a) / omegaD)
        } else {
            let s = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + s
            let r2 = -zeta * omega - s
            let c2 = (v0 - r1 * a) / (r2 - r1)
            solution = .over(r1: r1, r2: r2, c1: a - c2, c2: c2)
        }
    }

    /// Displacement from `to` and its derivative.
    private func state(at t: Double) -> (x: Double, v: Double) {
        switch solution {
        case let .critical(omega, a, b):
            let e = exp(-omega * t)
            return ((a + b * t) * e, (b - omega * (a + b * t)) * e)
        case let .under(decay, omegaD, a, b):
            let e = exp(-decay * t)
            let c = cos(omegaD * t), s = sin(omegaD * t)
            let x = e * (a * c + b * s)
            let v = e * ((b * omegaD - decay * a) * c - (a * omegaD + decay * b) * s)
            return (x, v)
        case let .over(r1, r2, c1, c2):
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    public func position(at t: Double) -> Double {
        isDone(at: t) ? to : to + state(at: t).x
    }

    public func velocity(at t: Double) -> Double {
        isDone(at: t) ? 0 : state(at: t).v
    }

    public var finalPosition: Double { to }

    public func isDone(at t: Double) -> Bool {
        let s = state(at: t)
        return abs(s.x) < positionTolerance && abs(s.v) < velocityTolerance
    }
}
