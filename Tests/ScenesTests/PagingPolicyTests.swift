import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("PagingPolicy (BEHAVIOUR.md: Vertical pager)")
struct PagingPolicyTests {
    let policy = PagingPolicy()
    let h = 800.0

    @Test("past half a page goes to the neighbour, otherwise stays")
    func distance() {
        #expect(policy.step(displacement: 401, velocity: 0, pageHeight: h) == 1)
        #expect(policy.step(displacement: -401, velocity: 0, pageHeight: h) == -1)
        #expect(policy.step(displacement: 400, velocity: 0, pageHeight: h) == 0)
        #expect(policy.step(displacement: -250, velocity: 100, pageHeight: h) == 0)
    }

    @Test("a flick above the threshold changes page; a flick back cancels")
    func velocity() {
        #expect(policy.step(displacement: 40, velocity: 301, pageHeight: h) == 1)
        #expect(policy.step(displacement: -40, velocity: -301, pageHeight: h) == -1)
        #expect(policy.step(displacement: 40, velocity: 300, pageHeight: h) == 0)
        #expect(policy.step(displacement: 500, velocity: -1000, pageHeight: h) == 0)
        #expect(policy.step(displacement: -500, velocity: 1000, pageHeight: h) == 0)
        #expect(policy.step(displacement: .nan, velocity: 1000, pageHeight: h) == 0)
    }

    @Test func pagePhysicsSpringsOntoTheNeighbourSlotFromThePagingRule() {
        let physics = PageScrollPhysics(parent: PhysicsProfile.iOS, policy: PagingPolicy(), spring: SpringParameters(stiffness: 300))
        func target(offset: Double, velocity: Double) -> Double? {
            let r = Release(offset: offset, velocity: velocity, bounds: ScrollBounds(minOffset: 0, maxOffset: 1600, viewportHeight: 800))
            return physics.ballisticSimulation(after: r)?.finalPosition
        }
        #expect(target(offset: 800 + 401, velocity: 0) == 1600)
        #expect(target(offset: 800 + 399, velocity: 0) == 800)
        #expect(target(offset: 800 - 401, velocity: 0) == 0)
        #expect(target(offset: 800 + 10, velocity: 301) == 1600)
        #expect(target(offset: 800 + 10, velocity: -301) == 800)
    }
}
