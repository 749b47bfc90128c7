import Testing
@testable import Desktop

/// Frames on the compositor's clock (Wayland, wl_shm): an early frame callback (an idle output
/// shows a commit at once and answers within milliseconds) is held until about one period after
/// the last draw, and wp_presentation's grid gives the animation time.
struct FramePacingTests {
    let pacing = FramePacing(period: 0.016)

    @Test func aCallbackAtTheNextRefreshIsDrawnAtOnce() {
        #expect(pacing.drawTime(now: 1.0165, lastDraw: 1.0) == 1.0165)
        #expect(pacing.drawTime(now: 1.013, lastDraw: 1.0) == 1.013)  // over 3/4 of a period
        #expect(pacing.drawTime(now: 2, lastDraw: nil) == 2)
    }

    @Test func anEarlyCallbackWaitsForAboutAPeriodAfterTheLastDraw() {
        // sway's headless output answered 2 ms after the commit: the next frame goes a refresh later.
        let at = pacing.drawTime(now: 1.002, lastDraw: 1.0)
        #expect(at == 1.0 + 0.016 - FramePacing.lead)
        #expect(at - 1.0 >= 0.5 * pacing.period)
        #expect(pacing.drawTime(now: 1.0119, lastDraw: 1.0) > 1.0119)
    }

    @Test func theCompositorsPeriodWinsOverTheModes() {
        #expect(FramePacing.period(presented: 1.0 / 144, mode: 1.0 / 60) == 1.0 / 144)
        // wp_presentation's refresh 0: the compositor does not know it.
        #expect(FramePacing.period(presented: 0, mode: 1.0 / 60) == 1.0 / 60)
        #expect(FramePacing.period(presented: nil, mode: 1.0 / 75) == 1.0 / 75)
        #expect(FramePacing(period: 0).period == 1.0 / 60)
    }

    @Test func theAnimationTimeIsTheLatestRefreshOnThePresentationGrid() {
        let p = FramePacing(period: 0.01)
        // Shown at 5.000: frames drawn at 5.003 and 5.0135 follow the refreshes at 5.000 and 5.010.
        #expect(abs(p.animationTime(drawnAt: 5.003, presented: 5.0)! - 5.0) < 1e-9)
        #expect(abs(p.animationTime(drawnAt: 5.0135, presented: 5.0)! - 5.01) < 1e-9)
        #expect(abs(p.animationTime(drawnAt: 5.0421, presented: 5.0)! - 5.04) < 1e-9)
        // Never ahead of the draw, and nothing from a presentation long ago or in the future.
        #expect(p.animationTime(drawnAt: 5.0135, presented: 5.0)! <= 5.0135)
        #expect(p.animationTime(drawnAt: 7, presented: 5.0) == nil)
        #expect(p.animationTime(drawnAt: 4.9, presented: 5.0) == nil)
        #expect(p.animationTime(drawnAt: 5, presented: nil) == nil)
    }
}
