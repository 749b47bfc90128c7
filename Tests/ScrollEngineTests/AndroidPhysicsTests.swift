import Testing
@testable import ScrollEngine

/// The Android profile against numbers computed by hand (python) from AOSP's formulas
/// (docs/BEHAVIOUR.md, "Android physics"), not by the code under test.
@Suite struct AndroidPhysicsTests {
    let physics = AndroidPhysics()
    let bounds = ScrollBounds(minOffset: 0, maxOffset: 100_000, viewportHeight: 800)

    /// The constants: ln 0.78 / ln 0.9 and g·39.37·160·0.84.
    @Test func theConstantsAreAOSPs() {
        #expect(abs(AndroidSpline.decelerationRate - 2.3582018154259448) < 1e-12)
        #expect(abs(AndroidSpline.physicalCoefficient - 51890.2017311999) < 1e-6)
    }

    /// Distance and duration of a fling at 500, 1000 and 3000 points/s (160 dpi per point).
    @Test(arguments: [
        (500.0, 58.32229635721352, 0.33327026489836287),
        (1000.0, 194.31362127989584, 0.5551817750854166),
        (3000.0, 1308.9209669026375, 1.246591397050131)
    ])
    func flingDistanceAndDuration(_ v: Double, _ distance: Double, _ duration: Double) throws {
        let sim = try #require(physics.ballisticSimulation(after: Release(offset: 5000, velocity: v, bounds: bounds)))
        #expect(abs(sim.finalPosition - (5000 + distance)) < 1e-9)
        #expect(!sim.isDone(at: duration - 1e-6) && sim.isDone(at: duration + 1e-9))
        let back = try #require(physics.ballisticSimulation(after: Release(offset: 5000, velocity: -v, bounds: bounds)))
        #expect(abs(back.finalPosition - (5000 - distance)) < 1e-9)
    }

    /// The spline table (AOSP's bisection, transcribed in python) and a point inside the fling.
    @Test func theSplineTableAndAPointOfTheFling() throws {
        #expect(abs(AndroidSpline.table.position[50] - 0.8584111051351724) < 1e-12)
        #expect(abs(AndroidSpline.table.position[25] - 0.583810881323224) < 1e-12)
        #expect(abs(AndroidSpline.table.time[50] - 0.20223014913089796) < 1e-12)
        let sim = AndroidFlingSimulation(x0: 0, v0: 1000, min: 0, max: 100_000)
        let t = sim.splineDuration / 4
        #expect(abs(sim.position(at: t) - 113.44240649252316) < 1e-9)
        #expect(abs(sim.velocity(at: t) - 557.7947590783463) < 1e-9)
    }

    /// A fling towards an edge stops there, at the time the spline reaches it (adjustDuration),
    /// and the offset never leaves the bounds.
    @Test func aFlingStopsAtTheEdge() {
        let sim = AndroidFlingSimulation(x0: 0, v0: 1000, min: 0, max: 100)
        #expect(sim.finalPosition == 100)
        #expect(abs(sim.duration - 0.11662379561015632) < 1e-12)
        for i in 0...100 {
            let x = sim.position(at: Double(i) * 0.002)
            #expect(x >= 0 && x <= 100)
        }
        #expect(sim.edgeVelocity > 0)
        #expect(!sim.isBouncing(at: 0.05))
    }

    /// No rubber band: a drag past either edge shows the edge; a slow release does not fling.
    @Test func noRubberBandAndTheMinimumFlingVelocity() {
        let b = ScrollBounds(minOffset: 0, maxOffset: 500, viewportHeight: 800)
        #expect(physics.userOffset(forRaw: -80, in: b) == 0)
        #expect(physics.userOffset(forRaw: 580, in: b) == 500)
        #expect(physics.userOffset(forRaw: 250, in: b) == 250)
        #expect(physics.ballisticSimulation(after: Release(offset: 200, velocity: 49, bounds: b)) == nil)
        #expect(physics.ballisticSimulation(after: Release(offset: 200, velocity: 50, bounds: b)) != nil)
    }

    /// An offset left past an edge returns along AOSP's springback: 3p² − 2p³ over √(2·d/2000) s.
    @Test func theSpringBack() throws {
        let b = ScrollBounds(minOffset: 0, maxOffset: 500, viewportHeight: 800)
        let sim = try #require(physics.ballisticSimulation(after: Release(offset: -40, velocity: 0, bounds: b)))
        let duration = 0.2  // √(2·40/2000)
        #expect(abs(sim.position(at: duration / 2) - -20) < 1e-9)
        #expect(!sim.isDone(at: duration - 1e-6) && sim.isDone(at: duration + 1e-9) && sim.finalPosition == 0)
    }

    /// In a scroll view: a drag past the top leaves the offset at the top.
    @Test func aScrollViewDragStaysInBounds() {
        let rig = StretchRig(contentHeight: 4000), sv = rig.sv
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.1)
        #expect(sv.contentOffset == 0)
        sv.drag(pointerY: 0, at: 0.2)
        #expect(sv.contentOffset == 100)
    }

    /// The stretch: a drag 200 points past the top of an 800-point viewport keeps the offset at 0
    /// and the pull at −200, drawn as a scale of 1 + 0.016·0.25 + 0.016·(1 − e^(−0.25·e/0.33));
    /// after the release the pull recoils on EdgeEffect's spring (24.657 rad/s, ratio 0.98):
    /// −129.42 after 0.05 s, then 0. The iOS physics never has a pull.
    @Test func theStretchAndItsRecoil() {
        let rig = StretchRig(contentHeight: 4000), sv = rig.sv
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.1)
        #expect(sv.contentOffset == 0 && rig.pull == -200)
        #expect(abs(rig.scale.scale - 1.0179593175081358) < 1e-12 && rig.scale.atTop)
        sv.endDrag(at: 0.2, velocity: 0)
        #expect(rig.stretch.isRecoiling)
        sv.advance(to: 0.25)
        #expect(abs(rig.pull - -129.4226003136645) < 1e-9)
        sv.advance(to: 2)
        #expect(rig.pull == 0 && !rig.stretch.isRecoiling && rig.scale.scale == 1)

        let iosRig = StretchRig(contentHeight: 4000, feel: .iOS), ios = iosRig.sv
        ios.beginDrag(pointerY: 100, at: 0)
        ios.drag(pointerY: 300, at: 0.1)
        #expect(iosRig.pull == 0 && ios.contentOffset < 0 && iosRig.scale.scale == 1)
    }

    /// A pull past the bottom stretches toward the bottom.
    @Test func aPullPastTheBottomStretchesThere() {
        let rig = StretchRig(contentHeight: 1000), sv = rig.sv
        sv.setContentOffset(200)
        sv.beginDrag(pointerY: 500, at: 0)
        sv.drag(pointerY: 400, at: 0.1)
        #expect(sv.contentOffset == 200 && rig.pull == 100 && !rig.scale.atTop && rig.scale.scale > 1)
    }
}
