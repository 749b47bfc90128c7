import CSDL2
import Testing
@testable import Desktop
@testable import ScrollEngine
import Scenes

@Suite struct SDLEventAdapterTests {
    func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.which = which
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = x
        e.button.y = y
        return e
    }

    func wheel(y: Int32, preciseY: Float, flipped: Bool = false, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.timestamp = ms
        e.wheel.y = y
        e.wheel.preciseY = preciseY
        e.wheel.direction = flipped ? UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) : UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
        return e
    }

    @Test func mouseButtonsBecomePointerEventsInPoints() {
        var a = SDLEventAdapter(unitsPerPoint: 2, sizeInPoints: Size(390, 844))
        #expect(a.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 200, y: 400)) == [.pointerDown(Point(100, 200))])
        #expect(a.translate(mouseButton(SDL_MOUSEBUTTONUP, x: 200, y: 600)) == [.pointerUp(Point(100, 300))])
    }

    @Test func touchSynthesizedMouseEventsAreIgnored() {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        let id = UInt32(overscroll_sdl_touch_mouseid())
        #expect(a.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, which: id)).isEmpty)
    }

    @Test func motionOnlyWithTheLeftButtonHeld() {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.x = 5; e.motion.y = 7
        #expect(a.translate(e).isEmpty)
        e.motion.state = UInt32(overscroll_sdl_button_lmask())
        #expect(a.translate(e) == [.pointerMove(Point(5, 7))])
    }

    @Test func wheelNotchesAndPreciseFractions() {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        #expect(a.translate(wheel(y: 1, preciseY: 1)) == [.wheel(dy: 1, precise: false)])
        #expect(a.translate(wheel(y: 0, preciseY: 0.25)) == [.wheel(dy: 0.25, precise: true)])
        #expect(a.translate(wheel(y: -1, preciseY: -1, flipped: true)) == [.wheel(dy: 1, precise: false)])
    }

    @Test func wheelPrecisionComesFromTheBackendNotTheValue() {
        var x11 = SDLEventAdapter(sizeInPoints: Size(390, 844))
        x11.wheelPrecision = .forVideoDriver("x11")
        #expect(x11.translate(wheel(y: -2, preciseY: -2)) == [.wheel(dy: -2, precise: false, source: .unknown)])
        var wayland = SDLEventAdapter(sizeInPoints: Size(390, 844))
        wayland.wheelPrecision = .forVideoDriver("wayland")
        // Fractions are a finger; a whole value outside a finger gesture is a click (axis_discrete),
        // inside one (< 90 ms after a fraction) still the finger.
        #expect(wayland.translate(wheel(y: 0, preciseY: 0.25, ms: 1000)) == [.wheel(dy: 0.25, precise: true, source: .touchpad)])
        #expect(wayland.translate(wheel(y: 3, preciseY: 3, ms: 1016)) == [.wheel(dy: 3, precise: true, source: .touchpad)])
        #expect(wayland.translate(wheel(y: 1, preciseY: 1, ms: 2000)) == [.wheel(dy: 1, precise: false, source: .wheel)])
        // At 2 window units per point (--scale 2 on a scale-1 output) a finger pixel is half a point.
        wayland.unitsPerPoint = 2
        #expect(wayland.translate(wheel(y: 0, preciseY: -0.5, ms: 3000)) == [.wheel(dy: -0.25, precise: true, source: .touchpad)])
        #expect(SDLEventAdapter.WheelPrecision.forVideoDriver(nil) == .byValue)
        #expect(SDLEventAdapter.WheelPrecision.forVideoDriver("dummy") == .byValue)
    }

    @Test func nonFiniteAndAbsurdWheelDeltasAreDropped() {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        #expect(a.translate(wheel(y: 0, preciseY: .nan)).isEmpty)
        #expect(a.translate(wheel(y: 0, preciseY: .infinity)).isEmpty)
        #expect(a.translate(wheel(y: 0, preciseY: 1e9)).isEmpty)
    }

    @Test func firstFingerActsAsThePointer() {
        var a = SDLEventAdapter(sizeInPoints: Size(400, 800))
        func finger(_ t: SDL_EventType, id: Int64, x: Float, y: Float) -> SDL_Event {
            var e = SDL_Event()
            e.type = t.rawValue
            e.tfinger.fingerId = SDL_FingerID(id)
            e.tfinger.x = x; e.tfinger.y = y
            return e
        }
        #expect(a.translate(finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.5)) == [.pointerDown(Point(200, 400))])
        #expect(a.translate(finger(SDL_FINGERDOWN, id: 8, x: 0.1, y: 0.1)).isEmpty)
        #expect(a.translate(finger(SDL_FINGERMOTION, id: 8, x: 0.2, y: 0.2)).isEmpty)
        #expect(a.translate(finger(SDL_FINGERMOTION, id: 7, x: 0.5, y: 0.25)) == [.pointerMove(Point(200, 200))])
        #expect(a.translate(finger(SDL_FINGERUP, id: 7, x: 0.5, y: 0.25)) == [.pointerUp(Point(200, 200))])
    }

    @Test func keysAndModifiers() {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(SDLK_r.rawValue)
        e.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
        #expect(a.translate(e) == [.key(.r, .control)])
        e.key.keysym.sym = SDL_Keycode(SDLK_END.rawValue)
        e.key.keysym.mod = 0
        #expect(a.translate(e) == [.key(.end, [])])
        e.key.keysym.sym = SDL_Keycode(SDLK_x.rawValue)
        #expect(a.translate(e).isEmpty)
    }

    /// Every digit a scene may be declared with (`SceneDescriptor.keys`) reaches the engine as
    /// that digit's key: a 7th scene's key used to be dropped here (#34 item 6).
    @Test func everySceneDigitKeyIsMapped() throws {
        var a = SDLEventAdapter(sizeInPoints: Size(390, 844))
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        for n in SceneDescriptor.keys {
            e.key.keysym.sym = SDL_Keycode(Int32(SDLK_0.rawValue) + Int32(n))
            let key = try #require(Key(rawValue: "\(n)"), "no Key for digit \(n)")
            #expect(a.translate(e) == [.key(key, [])], "digit \(n)")
        }
    }

    /// Window events are the window's (it measures the drawable through SDL and sends the resize
    /// itself, `WindowApp.updateGeometry`): the adapter has no second, unused way to make one.
    @Test func windowEventsAreTheWindowsAndQuitIsQuit() {
        var a = SDLEventAdapter(unitsPerPoint: 2, sizeInPoints: Size(390, 844))
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.data1 = 800; e.window.data2 = 1200
        for kind in [SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_EXPOSED] {
            e.window.event = UInt8(kind.rawValue)
            #expect(a.translate(e).isEmpty, "window event \(kind.rawValue)")
        }
        var q = SDL_Event()
        q.type = SDL_QUIT.rawValue
        #expect(a.translate(q) == [.quit])
    }
}
