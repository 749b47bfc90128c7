import Testing
@testable import ScrollEngine

@Suite("ScrollView.spring")
struct ScrollViewSpringTests {
    final class Recorder: ScrollViewDelegate {
        var ended = 0
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at t: Double) { ended += 1 }
    }

    @Test("springs to the target with continuous velocity and reports the end")
    func spring() {
        let sv = ScrollView(viewportHeight: 100, contentHeight: 1000)
        let recorder = Recorder()
        sv.delegate = recorder
        sv.spring(to: 300, velocity: 500, parameters: SpringParameters(stiffness: 300), at: 1)
        #expect(sv.isMoving)
        #expect(sv.targetOffset == 300)
        #expect(sv.velocity == 500)
        sv.advance(to: 1.05)
        #expect(sv.phase == .decelerating)
        #expect(sv.contentOffset > 0 && sv.contentOffset < 300)
        var t = 1.05
        while sv.isMoving && t < 5 { t += 1.0 / 60; sv.advance(to: t) }
        #expect(sv.contentOffset == 300)
        #expect(recorder.ended == 1)
        #expect(t < 2.5)
    }

    @Test("clamps to the bounds and is ignored while dragging")
    func bounds() {
        let sv = ScrollView(viewportHeight: 100, contentHeight: 200)
        sv.spring(to: 5000, velocity: 0, parameters: .iOSBounce, at: 0)
        #expect(sv.targetOffset == 100)
        sv.beginDrag(pointerY: 0, at: 0.1)
        sv.spring(to: 0, velocity: 0, parameters: .iOSBounce, at: 0.1)
        #expect(sv.isDragging)
    }
}
