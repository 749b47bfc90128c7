import Testing
@testable import ScrollCore

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
}
