import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("TitleOpacityTracker (BEHAVIOUR.md: Scroll-linked title)")
struct TitleOpacityTrackerTests {
    @Test("opacity is 0 / 0.5 / 1 at offsets 0 / 28 / 56 for a 56 pt header")
    func seedNumbers() {
        #expect(TitleOpacityTracker.opacity(offsetY: 0, headerHeight: 56) == 0)
        #expect(TitleOpacityTracker.opacity(offsetY: 28, headerHeight: 56) == 0.5)
        #expect(TitleOpacityTracker.opacity(offsetY: 56, headerHeight: 56) == 1)
        #expect(TitleOpacityTracker.opacity(offsetY: 200, headerHeight: 56) == 1)
        #expect(TitleOpacityTracker.opacity(offsetY: -10, headerHeight: 56) == 0)
    }

    @Test("opacity stays 0 while the header height is unknown")
    func unknownHeight() {
        var tracker = TitleOpacityTracker(title: "노트 A")
        let line = tracker.sentinelChanged(minY: -83.6)
        #expect(tracker.offsetY == 83.6)
        #expect(tracker.opacity == 0)
        #expect(tracker.headerTextOpacity == 1)
        #expect(line == "navTitleTrace source=scrollSentinel, title=노트 A, offsetY=83.6, headerHeight=0.0, opacity=0.0")
        #expect(tracker.headerGeometryChanged(height: 0) == nil, "a zero height is ignored")
        #expect(tracker.headerHeight == 0)
        #expect(tracker.opacity == 0)
    }

    @Test("trace lines follow the source's log, one per change")
    func traceLines() {
        var tracker = TitleOpacityTracker(title: "노트 A")
        #expect(
            tracker.headerGeometryChanged(height: 56)
                == "navTitleTrace source=headerGeometry, title=노트 A, offsetY=0.0, headerHeight=56.0, opacity=0.0")
        #expect(
            tracker.sentinelChanged(minY: -28)
                == "navTitleTrace source=scrollSentinel, title=노트 A, offsetY=28.0, headerHeight=56.0, opacity=0.5")
        #expect(tracker.headerTextOpacity == 0.5)
        #expect(
            tracker.sentinelChanged(minY: -56)
                == "navTitleTrace source=scrollSentinel, title=노트 A, offsetY=56.0, headerHeight=56.0, opacity=1.0")
        #expect(tracker.headerTextOpacity == 0)
        // No change, no line.
        #expect(tracker.sentinelChanged(minY: -56) == nil)
        #expect(tracker.headerGeometryChanged(height: 56) == nil)
    }

    @Test("pulling past the top measures offset 0 and writes nothing new")
    func pullDown() {
        var tracker = TitleOpacityTracker(title: "T")
        _ = tracker.headerGeometryChanged(height: 56)
        #expect(tracker.sentinelChanged(minY: 30) == nil)
        #expect(tracker.offsetY == 0)
        #expect(tracker.sentinelChanged(minY: .nan) == nil)
        #expect(tracker.headerGeometryChanged(height: .infinity) == nil)
    }
}
