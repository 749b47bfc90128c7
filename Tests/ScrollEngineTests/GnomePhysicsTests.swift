import Foundation
import Testing
@testable import ScrollEngine

/// The GNOME profile against numbers computed by hand (python) from GtkKineticScrolling's
/// equations (docs/BEHAVIOUR.md, "GNOME physics"), not by the code under test.
@Suite struct GnomePhysicsTests {
    let physics = GnomePhysics()
    let bounds = ScrollBounds(minOffset: 0, maxOffset: 100_000, viewportHeight: 800)

    /// x(t) = x0 + v0/4·(1 − e^(−4t)): a fling travels v0/4 and ends when its speed is below
    /// 1 point/s, at ln(v0)/4 s.
    @Test(arguments: [
        (500.0, 125.0, 1.5536520246055479),
        (1000.0, 250.0, 1.7269388197455342),
        (3000.0, 750.0, 2.0015918919125615)
    ])
    func flingDistanceAndDuration(_ v: Double, _ distance: Double, _ duration: Double) throws {
        let sim = try #require(physics.ballisticSimulation(after: Release(offset: 1000, velocity: v, bounds: bounds)))
        #expect(abs(sim.finalPosition - (1000 + distance)) < 1e-9)
        #expect(!sim.isDone(at: duration - 1e-6) && sim.isDone(at: duration + 1e-9))
        #expect(abs(sim.position(at: 0.25) - (1000 + distance * (1 - exp(-1)))) < 1e-9)
    }

    /// Crossing an edge: from 0 at 2000 points/s with the edge at 300, the motion crosses at
    /// −ln(0.4)/4 s with 800 points/s, then the critically damped overshoot (friction 20) peaks
    /// 0.1 s later at 800·0.1/e past the edge and comes back to it.
    @Test func theOvershootAtAnEdge() {
        let sim = GnomeKineticSimulation(x0: 0, v0: 2000, min: 0, max: 300)
        let tc = 0.22907268296853875
        #expect(abs(sim.decelerationEnd - tc) < 1e-12)
        #expect(abs(sim.velocity(at: tc) - 800) < 1e-6)
        #expect(abs(sim.position(at: tc + 0.1) - 329.43035529371537) < 1e-9)
        #expect(sim.isBouncing(at: tc + 0.05) && !sim.isBouncing(at: tc - 0.05))
        #expect(sim.finalPosition == 300 && sim.isDone(at: 3))
    }

    /// A fast overshoot is cut at 50 points past the edge (GTK's clamp) and returns from there.
    @Test func theOvershootIsCutAtFiftyPoints() {
        let sim = GnomeKineticSimulation(x0: 0, v0: 20000, min: 0, max: 300)
        var peak = 0.0
        for i in 0..<2000 { peak = max(peak, sim.position(at: Double(i) * 0.001)) }
        #expect(peak <= 350 + 1e-9 && peak > 349.9)
        #expect(sim.finalPosition == 300 && sim.isDone(at: 5))
    }

    /// A drag past an edge is followed 1:1 up to 100 points (MAX_OVERSHOOT_DISTANCE).
    @Test func aDragOvershootsOneToOneUpToAHundredPoints() {
        let b = ScrollBounds(minOffset: 0, maxOffset: 500, viewportHeight: 800)
        #expect(physics.userOffset(forRaw: -60, in: b) == -60)
        #expect(physics.userOffset(forRaw: -160, in: b) == -100)
        #expect(physics.userOffset(forRaw: 640, in: b) == 600)
    }
}
