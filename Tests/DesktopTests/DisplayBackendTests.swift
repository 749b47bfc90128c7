import CSDL2
import Foundation
import Testing
@testable import Desktop
import ScrollEngine

/// A compositor's frame clock under the test's control.
final class FakeFrameCallbacks: FrameCallbackSource {
    var frameOutstanding = false
    var framesDone: UInt64 = 0
    var pending = false
    var presentPendingCalls = 0
    var presentation: (age: Double, refresh: Double)?
    var commitAge: Double?
    var frameCallbackAge: Double?
    func presentPending() -> Bool {
        presentPendingCalls += 1
        return pending
    }
}

/// The display backends on SDL's dummy video driver with a fake clock: each one's wait and
/// pacing, driven by the times the loop would pass (`FramePlan`, real seconds).
@MainActor
@Suite(.serialized) struct DisplayBackendTests {
    /// 60 Hz; the last frame drawn at 10 s.
    func plan(at now: Double, paced: Bool = false, deadlineIn delay: Double? = nil) -> FramePlan {
        FramePlan(now: now, frameStart: 10, frameInterval: 1.0 / 60, paced: paced, deadlineDelay: delay)
    }

    func context(_ window: OpaquePointer, presenter: String? = nil) -> DisplayContext {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        return DisplayContext(
            window: window, environment: presenter.map { ["OVERSCROLL_PRESENTER": $0] } ?? [:], videoDriver: driver,
            settings: InputSettings(), wake: {})
    }

    @Test func theDummyDriverGetsTheSDLFallbackThroughTheRegistry() throws {
        try withDummyWindow { window in
            let display = try #require(DisplayBackends.open(context(window)))
            defer { display.close() }
            #expect(display is SDLBackend)
            #expect(display.eventWait == nil)
            #expect(display.presenter is SurfacePresenter)
            #expect(display.describe().hasPrefix("the window surface (SDL's framebuffer"))
            #expect(display.width == 300 && display.height == 600)
            #expect(display.presentedAge == nil)
        }
        try withDummyWindow { window in
            let display = try #require(DisplayBackends.open(context(window, presenter: "texture")))
            defer { display.close() }
            #expect(display is SDLBackend && display.presenter is TexturePresenter)
            #expect(display.describe().hasPrefix("an SDL streaming texture"))
        }
    }

    /// X11 and the fallback: idle, the wait lasts until the next deadline (or forever); moving,
    /// one frame per frame interval.
    @Test func x11AndTheFallbackArePacedByTheFrameInterval() throws {
        try withDummyWindow { window in
            let presenter = try #require(PresenterChoice.make(window: window, preference: .automatic))
            let backends: [any DisplayBackend] = [
                X11Backend(presenter: presenter, eventWait: nil, xinput: nil),
                SDLBackend(presenter: presenter, waylandPointer: nil, driver: "dummy")
            ]
            defer { presenter.destroy() }
            for display in backends {
                #expect(display.waitLimit(for: plan(at: 11)) == .forever)
                #expect(display.waitLimit(for: plan(at: 11, deadlineIn: 0.2)) == .milliseconds(200))
                #expect(display.waitLimit(for: plan(at: 11, deadlineIn: 5)) == .milliseconds(1000))
                #expect(display.waitLimit(for: plan(at: 11, deadlineIn: -1)) == .milliseconds(0))
                // Moving: the rest of the frame, then no blocking.
                #expect(display.waitLimit(for: plan(at: 10.005, paced: true)) == .milliseconds(11))
                #expect(display.waitLimit(for: plan(at: 10.016, paced: true)) == .poll)
                #expect(!display.mayDraw(plan(at: 10.005, paced: true)))
                #expect(display.mayDraw(plan(at: 10.0158, paced: true)))
                // Input while idle is shown at once.
                #expect(display.mayDraw(plan(at: 10.001)))
                #expect(display.frameTime(drawnAt: 10.02, session: 3.5, scale: 1, notBefore: 3) == 3.5)
                #expect(display.drain(pump: 3.5, notBefore: 3).smooth.isEmpty)
            }
            // Pushed events come through the wait within its limit (the window's own events gone first).
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            var e = SDL_Event()
            e.type = SDL_USEREVENT.rawValue
            _ = SDL_PushEvent(&e)
            var got = SDL_Event()
            #expect(backends[1].wait(&got, until: plan(at: 11, deadlineIn: 0.05)) == 1 && got.type == SDL_USEREVENT.rawValue)
            let start = SDL_GetTicks64()
            #expect(backends[1].wait(&got, until: plan(at: 11, deadlineIn: 0.03)) == 0)
            #expect(SDL_GetTicks64() - start >= 25)
        }
    }

    func wayland(_ window: OpaquePointer, _ frames: FakeFrameCallbacks) throws -> WaylandShmBackend {
        let presenter = try #require(PresenterChoice.make(window: window, preference: .automatic))
        return WaylandShmBackend(presenter: presenter, frames: frames, pointer: nil, eventWait: nil)
    }

    /// wl_shm: after a commit nothing is drawn until the frame callback; the wait lasts until the
    /// callback (or a deadline still ahead), and a frame not yet committed is retried.
    @Test func waylandWaitsForTheFrameCallbackAfterACommit() throws {
        try withDummyWindow { window in
            let frames = FakeFrameCallbacks()
            let display = try wayland(window, frames)
            defer { display.close() }
            frames.frameOutstanding = true
            #expect(display.waitLimit(for: plan(at: 10.1, paced: true)) == .forever)
            #expect(display.waitLimit(for: plan(at: 10.1, paced: true, deadlineIn: 0.25)) == .milliseconds(250))
            // A deadline already passed is met by the next frame, not by spinning.
            #expect(display.waitLimit(for: plan(at: 10.1, paced: true, deadlineIn: -0.01)) == .forever)
            #expect(!display.mayDraw(plan(at: 10.1, paced: true)))
            #expect(frames.presentPendingCalls == 1)
            // The callback came: drawn at once, a refresh after the last draw.
            frames.frameOutstanding = false
            frames.framesDone = 1
            #expect(display.waitLimit(for: plan(at: 10.017, paced: true)) == .poll)
            #expect(display.mayDraw(plan(at: 10.0166, paced: true)))
            // The frame's time is the callback's (no presentation feedback), never before the last input.
            frames.frameCallbackAge = 0.004
            #expect(abs(display.frameTime(drawnAt: 10.0166, session: 5, scale: 1, notBefore: 4) - 4.996) < 1e-9)
            #expect(display.frameTime(drawnAt: 10.0166, session: 5, scale: 1, notBefore: 4.999) == 4.999)
        }
    }

    /// An idle compositor answers a commit's callback within milliseconds: that frame is held until
    /// about a refresh after the last draw (`FramePacing`), then drawn at its own time.
    @Test func waylandHoldsAnEarlyCallbacksFrame() throws {
        try withDummyWindow { window in
            let frames = FakeFrameCallbacks()
            let display = try wayland(window, frames)
            defer { display.close() }
            frames.framesDone = 1
            frames.frameCallbackAge = 0.001
            #expect(!display.mayDraw(plan(at: 10.002, paced: true)))
            let held = try #require(display.heldUntil)
            #expect(abs(held - (10 + 1.0 / 60 - FramePacing.lead)) < 1e-9)
            #expect(display.waitLimit(for: plan(at: 10.002, paced: true)) == .milliseconds(13))
            #expect(display.waitLimit(for: plan(at: held - 0.0002, paced: true)) == .poll)
            #expect(display.mayDraw(plan(at: held, paced: true)))
            #expect(display.heldUntil == nil)
            // A held frame's time is its own, not the callback's.
            #expect(display.frameTime(drawnAt: held, session: 5, scale: 1, notBefore: 0) == 5)
        }
    }

    /// With wp_presentation's refresh the compositor's period paces, and a frame's time is the
    /// refresh on the presentation grid (scaled in slow motion).
    @Test func waylandFollowsThePresentationGrid() throws {
        try withDummyWindow { window in
            let frames = FakeFrameCallbacks()
            let display = try wayland(window, frames)
            defer { display.close() }
            frames.framesDone = 1
            frames.presentation = (age: 0.003, refresh: 0.01)
            // 100 Hz: 8 ms after the last draw is not early (over 3/4 of the compositor's period).
            #expect(display.mayDraw(plan(at: 10.008, paced: true)))
            // Drawn at 10.008, shown at 10.005: the refresh at 10.005; 3 ms back, doubled at scale 2.
            #expect(abs(display.frameTime(drawnAt: 10.008, session: 5, scale: 2, notBefore: 0) - 4.994) < 1e-9)
            // Drawn: the next frame waits for its callback (the commit is pending until it comes).
            frames.pending = true
            display.drew()
            #expect(display.framePending)
            #expect(display.waitLimit(for: plan(at: 10.009)) == .forever)
            #expect(!display.mayDraw(plan(at: 10.02)))
        }
    }

    /// A frame that changed nothing commits nothing, so no callback comes: the frame interval paces.
    @Test func waylandWithoutACommitIsPacedByTheFrameInterval() throws {
        try withDummyWindow { window in
            let frames = FakeFrameCallbacks()
            let display = try wayland(window, frames)
            defer { display.close() }
            #expect(display.waitLimit(for: plan(at: 10.005, paced: true)) == .milliseconds(11))
            #expect(!display.mayDraw(plan(at: 10.005, paced: true)))
            #expect(display.mayDraw(plan(at: 10.0158, paced: true)))
            #expect(display.frameTime(drawnAt: 10.0158, session: 5, scale: 1, notBefore: 0) == 5)
            #expect(display.waitLimit(for: plan(at: 11)) == .forever)
        }
    }
}
