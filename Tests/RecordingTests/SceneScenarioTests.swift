import Testing
import Scenes
import ScrollEngine

/// The scenarios of the `title`, `pager` and `header` scenes (`Tests/Scenarios/*.json`), run
/// headless: the trace at known moments. Their named snapshots are compared with
/// `Tests/Scenarios/__snapshots__/` by `overscroll test Tests/Scenarios` (`make test`).
@MainActor
@Suite("Scene scenarios")
struct SceneScenarioTests {
    @Test("title: scroll down through the header and back")
    func title() async throws {
        let run = try await KeyframeRun(scenarioFile: "title-scroll")
        let header = try #require(run.number("headerHeight", at: 0))
        #expect(header > 40 && header < 90, "measured from the laid-out title")
        #expect(run.number("titleOpacity", at: 0) == 0)
        #expect(run.number("scrollOffsetY", at: 0.6) == 33)
        #expect(run.number("titleOpacity", at: 0.6) == 33 / header)
        #expect(run.number("titleOpacity", at: 1.5) == 1)
        let returning = try #require(run.number("titleOpacity", at: 2.5))
        #expect(returning > 0 && returning < 1)
        #expect(try #require(run.number("offset", at: 2.7)) < 0, "pulled past the top")
        #expect(run.number("scrollOffsetY", at: 2.7) == 0)
        #expect(run.number("titleOpacity", at: 2.7) == 0)
        #expect(run.value("phase", at: 3.5) == .string("bouncing") || run.value("phase", at: 3.5) == .string("idle"))

        let lines = run.titleTraceLines
        #expect(lines.first == "navTitleTrace source=headerGeometry, title=노트 A, offsetY=0.0, headerHeight=\(header), opacity=0.0")
        #expect(
            lines.contains("navTitleTrace source=scrollSentinel, title=노트 A, offsetY=33.0, headerHeight=\(header), opacity=\(33 / header)"))
        #expect(lines.last?.hasSuffix("offsetY=0.0, headerHeight=\(header), opacity=0.0") == true, "back at the top")
    }

    @Test("pager: swipe, cancelled swipe, flick, wrap-around both ways, programmatic page")
    func pager() async throws {
        let run = try await KeyframeRun(scenarioFile: "pager-swipes")
        func page(_ t: Double) -> [TraceValue?] { [run.value("page", at: t), run.value("pageChanges", at: t)] }
        #expect(page(0.35) == [.int(0), .int(0)], "no change before the transition completes")
        #expect(page(1.3) == [.int(1), .int(1)], "swiped forward")
        #expect(run.value("pageTarget", at: 2.0) == .int(1), "the cancelled swipe heads back")
        #expect(page(2.6) == [.int(1), .int(1)], "a cancelled swipe changes nothing")
        #expect(page(3.35) == [.int(2), .int(2)], "flick, completed when the next swipe catches it")
        #expect(page(4.35) == [.int(0), .int(3)], "wrapped forward from the last page")
        #expect(page(5.35) == [.int(2), .int(4)], "wrapped backward from the first page")
        #expect(run.value("pageTarget", at: 5.5) == .int(1), "the page event animates")
        #expect(page(6.4) == [.int(1), .int(5)])
        #expect(run.changes(of: "page") == [.int(0), .int(1), .int(2), .int(0), .int(2), .int(1)])
        #expect(run.value("phase", at: 6.4) == .string("idle"))
    }

    @Test("header: hides scrolling down, shows scrolling up, resets near the top")
    func header() async throws {
        let run = try await KeyframeRun(scenarioFile: "header-direction")
        func state(_ t: Double) -> [TraceValue?] {
            [run.value("headerHidden", at: t), run.value("direction", at: t), run.value("headerOffset", at: t)]
        }
        #expect(state(0) == [.bool(false), .string("none"), .double(0)])
        #expect(state(0.2) == [.bool(false), .string("none"), .double(0)], "within 50 pt of the top")
        #expect(state(1.0) == [.bool(true), .string("down"), .double(-64)])
        #expect(run.number("headerOpacity", at: 1.0) == 0)
        let showing = try #require(run.number("headerOffset", at: 1.7))
        #expect(showing > -64 && showing < 0, "mid-way through the 0.2 s animation")
        #expect(state(2.2) == [.bool(false), .string("up"), .double(0)])
        #expect(state(3.9) == [.bool(false), .string("none"), .double(0)])
        #expect(run.changes(of: "headerHidden") == [.bool(false), .bool(true), .bool(false)], "no flicker")
    }
}
