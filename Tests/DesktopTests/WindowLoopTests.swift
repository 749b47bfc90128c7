import CSDL2
import Foundation
import Testing
@testable import Desktop
import Rendering
@testable import ScrollEngine
import Scenes

/// The real window loop on SDL's dummy video driver, fed with pushed SDL events.
@MainActor
@Suite(.serialized) struct WindowLoopTests {
    func push(_ type: SDL_EventType, configure: (inout SDL_Event) -> Void = { _ in }) {
        var e = SDL_Event()
        e.type = type.rawValue
        configure(&e)
        _ = SDL_PushEvent(&e)
    }

    @Test func theFrameOnScreenShowsTheStateAfterTheLastEvent() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var options = SceneOptions()
        options.size = Size(300, 400)
        options.overlay = true
        let session = try Session(scene: "list", options: options)
        var w = WindowOptions()
        w.scene = "list"
        w.sceneOptions = options
        w.scale = 1
        let app = WindowApp(session: session, renderer: CairoRenderer(), options: w)
        try app.open()
        defer { app.close() }
        push(SDL_MOUSEBUTTONDOWN) {
            $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 100; $0.button.y = 300
        }
        push(SDL_MOUSEMOTION) {
            $0.motion.x = 100; $0.motion.y = 200; $0.motion.state = UInt32(overscroll_sdl_button_lmask())
        }
        push(SDL_MOUSEBUTTONUP) {
            $0.button.button = UInt8(SDL_BUTTON_LEFT); $0.button.x = 100; $0.button.y = 200
        }
        push(SDL_QUIT)
        let frames = app.run()
        #expect(frames >= 1)
        #expect(session.scene.scrollView.contentOffset == 100)
        #expect(session.scene.scrollView.phase == .idle)
        // What is on screen is the final state (the overlay shows phase idle), not a frame from mid-drag.
        #expect(app.lastFrame == session.frame())
    }

    /// The window title follows the scene, and key 6 opens `list`.
    @Test func theWindowTitleFollowsTheScene() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var options = SceneOptions()
        options.size = Size(300, 400)
        let session = try Session(scene: "coordinator", options: options)
        var w = WindowOptions()
        w.sceneOptions = options
        w.scale = 1
        let app = WindowApp(session: session, renderer: CairoRenderer(), options: w)
        try app.open()
        defer { app.close() }
        #expect(app.windowTitle == "Overscroll — coordinator (1)")
        push(SDL_KEYDOWN) { $0.key.keysym.sym = SDL_Keycode(SDLK_6.rawValue) }
        push(SDL_QUIT)
        _ = app.run()
        #expect(session.scene.name == "list")
        #expect(app.windowTitle == "Overscroll — list (6)")
    }
}
