import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("DirectionalHeaderTracker (BEHAVIOUR.md: Direction-reactive header)")
struct DirectionalHeaderTrackerTests {
    func tracker(at y: Double = 0) -> DirectionalHeaderTracker {
        var t = DirectionalHeaderTracker()
        t.observe(minY: y, at: 0)
        return t
    }

    @Test("near the top the header always shows, even scrolling down")
    func nearTop() {
        var t = tracker()
        // The source's printed minY values while starting to scroll down: all above −50.
        for (i, y) in [1.67, 1.33, 1.0, 0.67, 0.0, -0.33, -9.33, -19.33, -28.0, -29.67, -30.67, -36.67].enumerated() {
            t.observe(minY: y, at: Double(i) * 0.016)
        }
        #expect(!t.isHidden)
        #expect(t.direction == .none)
        #expect(t.toggles == 0)
    }

    @Test("scrolling down past the top zone hides the header: offset −64, opacity 0, over 0.2 s")
    func hideOnDown() {
        var t = tracker(at: -100)
        t.observe(minY: -110, at: 1)
        #expect(t.isHidden)
        #expect(t.direction == .down)
        #expect(t.offset(at: 1) == 0)
        #expect(t.opacity(at: 1) == 1)
        #expect(abs(t.offset(at: 1.1) - (-32)) < 1e-4, "ease-in-out is half-way at half time")
        #expect(t.isAnimating(at: 1.19))
        #expect(t.offset(at: 1.2) == -64)
        #expect(t.opacity(at: 1.2) == 0)
        #expect(!t.isAnimating(at: 1.2))
    }

    @Test("scrolling up shows it again")
    func showOnUp() {
        var t = tracker(at: -300)
        t.observe(minY: -320, at: 0.5)
        #expect(t.isHidden)
        t.observe(minY: -318, at: 2)
        #expect(!t.isHidden)
        #expect(t.direction == .up)
        #expect(t.offset(at: 2.2) == 0)
        #expect(t.opacity(at: 2.2) == 1)
    }

    @Test("dy jittering within ±1 neither hides nor shows")
    func noFlicker() {
        var t = tracker(at: -300)
        t.observe(minY: -305, at: 0.1)
        #expect(t.isHidden)
        let toggles = t.toggles
        var time = 0.2
        for y in [-304.2, -305.1, -304.5, -305.0, -304.1, -305.1, -304.3] {
            t.observe(minY: y, at: time)
            time += 0.016
        }
        #expect(t.isHidden)
        #expect(t.toggles == toggles)
        #expect(t.direction == .down)

        var shown = tracker(at: -300)
        shown.observe(minY: -298, at: 0.1)
        for y in [-299.0, -298.5, -299.4, -298.6] { shown.observe(minY: y, at: 0.2) }
        #expect(!shown.isHidden)
        #expect(shown.toggles == 0)
        // Exactly ±1 is not past the threshold.
        shown.observe(minY: -299.6, at: 0.3)
        #expect(!shown.isHidden)
    }

    @Test("a reversal mid-animation continues from where the header is")
    func reversal() {
        var t = tracker(at: -100)
        t.observe(minY: -120, at: 0)
        let mid = t.offset(at: 0.1)
        t.observe(minY: -110, at: 0.1)
        #expect(!t.isHidden)
        #expect(abs(t.offset(at: 0.1) - mid) < 1e-9)
        #expect(t.offset(at: 0.3) == 0)
    }

    @Test("coming back near the top resets the direction")
    func backToTop() {
        var t = tracker(at: -100)
        t.observe(minY: -200, at: 0)
        t.observe(minY: -40, at: 1)
        #expect(!t.isHidden)
        #expect(t.direction == .none)
    }
}
