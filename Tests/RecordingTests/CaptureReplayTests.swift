import CSDL2
import Foundation
import Rendering
import Testing
@testable import Desktop
@testable import Recording
@testable import ScrollEngine
import Scenes

/// Drives a session the way the window does — synthetic SDL events through `SDLEventAdapter`,
/// each handled at its pump time, the session advanced to each frame time — while a
/// `CaptureLog` records the input; then replays the written scenario with `Recorder.drive` and
/// checks the replay's offsets equal the live session's at every frame time.
@MainActor
@Suite struct CaptureReplayTests {
    enum Synthetic {
        static func button(_ down: Bool, _ x: Int32, _ y: Int32) -> SDL_Event {
            var e = SDL_Event()
            e.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = x; e.button.y = y
            return e
        }
        static func motion(_ x: Int32, _ y: Int32) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.state = UInt32(overscroll_sdl_button_lmask())
            e.motion.x = x; e.motion.y = y
            return e
        }
        static func wheel(_ y: Int32, precise: Float) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.y = y; e.wheel.preciseY = precise
            e.wheel.direction = UInt32(SDL_MOUSEWHEEL_NORMAL.rawValue)
            return e
        }
        static func key(_ sym: SDL_KeyCode, ctrl: Bool = false) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_Keycode(sym.rawValue)
            e.key.keysym.mod = ctrl ? UInt16(KMOD_LCTRL.rawValue) : 0
            return e
        }
        static func resize(_ w: Int32, _ h: Int32) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            e.window.data1 = w; e.window.data2 = h
            return e
        }
    }

    /// The live session: returns the offsets at each frame time and the captured scenario text.
    /// One pump of live input: an SDL event, or an XInput 2 event read on the second connection.
    enum Pumped {
        case sdl(SDL_Event)
        case xi2(XI2Event)
        case wayland(WaylandPointerEvent)
    }

    func live(
        scene: String, options: SceneOptions, fps: Double, duration: Double,
        input sdlInput: [(t: Double, event: SDL_Event)],
        smooth: [(t: Double, event: XI2Event)] = [], devices: [XI2Device] = [],
        wayland: [(t: Double, event: WaylandPointerEvent)] = []
    )
        async throws -> (offsets: [Double], json: String)
    {
        // XI2 and Wayland first at equal times: the window drains its connections before SDL's batch.
        let input =
            (smooth.map { (t: $0.t, event: Pumped.xi2($0.event)) } + wayland.map { (t: $0.t, event: Pumped.wayland($0.event)) }
            + sdlInput.map { (t: $0.t, event: Pumped.sdl($0.event)) })
            .enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
        var translator = XInput2ScrollTranslator(settings: options.input)
        var waylandTranslator = WaylandPointerTranslator()
        _ = translator.translate(.devices(devices), at: 0)
        let renderer = CairoRenderer()
        var o = options
        IndicatorSetup.resolve(&o.indicator, prefersLottie: SceneCatalog.prefersLottie(scene), renderer: renderer) { _ in }
        let session = try Session(scene: scene, options: o, textMeasurer: renderer.text, runtime: .virtual())
        var adapter = SDLEventAdapter(unitsPerPoint: 1, sizeInPoints: options.size)
        var log = CaptureLog(scene: scene, options: o)
        log.describeDisplay(scale: 1, fps: fps)
        var offsets: [Double] = []
        var next = 0
        let frames = Int((duration * fps).rounded()) + 1
        for i in 0..<frames {
            let frameTime = i == frames - 1 ? duration : Double(i) / fps
            // Pumps between frames: each batch of events is handled at its own time.
            while next < input.count, input[next].t <= frameTime {
                let t = input[next].t
                // The window's clock is real: a refresh action that ended before the pump time
                // woke the loop and was handled when it ended; the clock has reached the pump time.
                await session.settle(to: t)
                let events: [(InputEvent, Double)]
                switch input[next].event {
                case let .sdl(sdl) where sdl.type == SDL_WINDOWEVENT.rawValue:
                    // Window events are the window's, not the adapter's: as `WindowApp.updateGeometry`
                    // does, the new window size in points (one unit per point here) is a resize.
                    let size = Size(Double(sdl.window.data1), Double(sdl.window.data2))
                    adapter.sizeInPoints = size
                    events = [(.resize(size), t)]
                case let .sdl(sdl):
                    events = adapter.translate(sdl).filter { e in
                        if case .wheel(_, false, _) = e { return !translator.dropsNotch(at: t) } else { return true }
                    }.map { ($0, t) }
                case let .xi2(xi): events = translator.translate(xi, at: t).map { ($0, t) }
                case let .wayland(w): events = waylandTranslator.translate(w, pump: t, notBefore: 0)
                }
                for (e, te) in events {
                    log.record(e, at: te)
                    session.handle(e, at: te)
                }
                next += 1
            }
            await session.settle(to: frameTime)
            offsets.append(session.scene.scrollView.contentOffset)
        }
        return (offsets, log.json(endingAt: duration))
    }

    func replay(_ json: String) async throws -> (offsets: [Double], scenario: Scenario) {
        let scenario = try ScenarioParser.parse(json)
        var offsets: [Double] = []
        try await Recorder(renderer: CairoRenderer()).drive(scenario) { _, _, session, _ in
            offsets.append(session.scene.scrollView.contentOffset)
        }
        return (offsets, scenario)
    }

    @Test func listSessionReplaysToTheSameOffsets() async throws {
        var options = SceneOptions()
        options.size = Size(240, 360)
        options.rows = 120
        var input: [(Double, SDL_Event)] = [(0.1037, Synthetic.button(true, 120, 300))]
        for k in 1...12 { input.append((0.1037 + Double(k) * 0.0161, Synthetic.motion(120, Int32(300 - 18 * k)))) }
        input.append((0.3101, Synthetic.button(false, 120, 84)))  // fling
        input.append((0.9003, Synthetic.wheel(-2, precise: -2)))  // notches while decelerating
        input.append((1.0507, Synthetic.wheel(0, precise: 0.75)))  // precise
        input.append((1.4444, Synthetic.key(SDLK_END)))
        input.append((1.5, Synthetic.key(SDLK_r, ctrl: true)))
        input.append((1.7777, Synthetic.resize(240, 300)))
        input.append((1.9, Synthetic.key(SDLK_HOME)))
        let live = try await live(scene: "list", options: options, fps: 30, duration: 2.5, input: input)
        let replayed = try await replay(live.json)
        #expect(replayed.scenario.scene == "list")
        #expect(replayed.scenario.size == Size(240, 360))
        #expect(replayed.scenario.fps == 30)
        #expect(replayed.scenario.events.count == 20)
        #expect(replayed.scenario.events.contains { $0.kind == .key(.r, .control) })
        #expect(replayed.scenario.events.contains { $0.kind == .wheel(dy: 0.75, precise: true) })
        #expect(replayed.offsets.count == live.offsets.count)
        #expect(replayed.offsets == live.offsets)
        #expect(live.offsets.contains { $0 > 0 })
    }

    /// A touchpad session read through XInput 2: smooth deltas (whole numbers among them), the
    /// server's emulated SDL notches dropped, a flick, then a pull to refresh; the capture says
    /// "precise" and "source" and replays to the same offsets.
    @Test func touchpadSessionReplaysToTheSameOffsets() async throws {
        var options = SceneOptions()
        options.size = Size(240, 400)
        options.rows = 60
        options.refresh.duration = 0.3
        options.indicator.style = "seed"
        let pad = XI2Device(
            id: 11, name: "SynPS/2 Synaptics TouchPad", kind: .touchpad,
            scroll: [XI2ScrollValuator(number: 3, orientation: .vertical, increment: 15)])
        var smooth: [(t: Double, event: XI2Event)] = [(0.05, .enter(device: 11))]
        var value = 500.0
        var t = 0.1
        // Two fingers flick down the list: growing valuator, steps of 10 px then 20 px (an unknown
        // driver's increment is 15 px: here 1 px per valuator unit; whole precise units 1 and 2).
        for k in 0..<14 {
            value += k < 6 ? 10 : 20
            smooth.append((t, .motion(device: 11, valuators: [0: 100, 1: 100, 3: value], emulated: false)))
            t += 0.0137
        }
        // Fingers back up past the top: pull down.
        t = 1.6
        for _ in 0..<40 {
            value -= 30
            smooth.append((t, .motion(device: 11, valuators: [3: value], emulated: false)))
            t += 0.0121
        }
        // The server's core-button emulation of the same motion, as SDL reports it: dropped.
        let sdl: [(Double, SDL_Event)] = [(0.2, Synthetic.wheel(-1, precise: -1)), (1.8, Synthetic.wheel(1, precise: 1))]
        let live = try await live(
            scene: "coordinator", options: options, fps: 60, duration: 3.0,
            input: sdl, smooth: smooth, devices: [pad])
        #expect(live.json.contains(#""wheel": {"dy": -1, "precise": true, "source": "touchpad"}"#))
        #expect(live.json.contains(#""wheel": {"dy": -2, "precise": true, "source": "touchpad"}"#))
        #expect(!live.json.contains(#""precise": false"#))
        let replayed = try await replay(live.json)
        #expect(replayed.scenario.events.count == 13 + 40)  // the first motion after the enter only sets the value
        #expect(
            replayed.scenario.events.allSatisfy {
                if case .wheel(_, true, .touchpad) = $0.kind { return true } else { return false }
            })
        #expect(replayed.offsets == live.offsets)
        #expect(live.offsets.max()! > 300)  // the flick carried on after the fingers lifted
        #expect(live.offsets.contains { $0 < -50 })  // pulled and held while refreshing
    }

    /// A Wayland session read through the app's own wl_pointer: a swipe that ends with
    /// axis_stop (the release at the lift), two resting fingers that stop its fling, a
    /// high-resolution wheel's quarter steps; the capture holds the touchpad signals and replays
    /// to the same offsets.
    @Test func waylandSessionReplaysToTheSameOffsets() async throws {
        var options = SceneOptions()
        options.size = Size(240, 400)
        options.rows = 120
        var wl: [(t: Double, event: WaylandPointerEvent)] = [(0.05, .enter)]
        var ms: UInt32 = 70_000
        for k in 0..<20 {
            let t = 0.2 + Double(k) * 0.008
            ms = 70_000 + UInt32(k * 8)
            wl += [(t, .axisSource(1)), (t, .axis(time: ms, axis: 0, value: 9.3)), (t, .frame)]
        }
        wl += [(0.354, .axisSource(1)), (0.354, .axisStop(time: ms + 2, axis: 0)), (0.354, .frame)]
        wl += [(0.7, .holdBegin(time: ms + 500, fingers: 2)), (1.0, .holdEnd(time: ms + 800, cancelled: 0 != 0))]
        for k in 0..<4 {
            let t = 1.5 + Double(k) * 0.03
            wl += [
                (t, .axisSource(0)), (t, .axisValue120(axis: 0, value: 30)),
                (t, .axis(time: ms + 1300 + UInt32(k * 30), axis: 0, value: 3.75)), (t, .frame)
            ]
        }
        let live = try await live(scene: "list", options: options, fps: 60, duration: 2.5, input: [], wayland: wl)
        #expect(
            live.json.contains(#""touchpad": "lift""#) && live.json.contains(#""touchpad": "hold""#)
                && live.json.contains(#""touchpad": "release""#))
        #expect(live.json.contains(#""wheel": {"dy": -0.25, "precise": false, "source": "wheel"}"#))
        let replayed = try await replay(live.json)
        #expect(replayed.offsets == live.offsets)
        // Released at the lift: moving on the next frame, not 90 ms later; the hold stopped it.
        let frame = { (t: Double) in live.offsets[Int((t * 60).rounded(.up))] }
        #expect(frame(0.37) > frame(0.355) + 1)
        #expect(frame(0.72) == frame(1.4))
        // Four quarter steps: one notch, 40 pt.
        #expect(abs(live.offsets.last! - frame(1.4) - 40) < 1e-6)
    }

    @Test func pullToRefreshReplaysToTheSameOffsets() async throws {
        var options = SceneOptions()
        options.size = Size(240, 400)
        options.rows = 30
        options.refresh.duration = 0.4
        options.indicator.style = "seed"
        var input: [(Double, SDL_Event)] = [(0.05, Synthetic.button(true, 120, 60))]
        for k in 1...20 { input.append((0.05 + Double(k) * 0.0173, Synthetic.motion(120, Int32(60 + 12 * k)))) }
        input.append((0.45, Synthetic.button(false, 120, 300)))
        let live = try await live(scene: "coordinator", options: options, fps: 60, duration: 1.6, input: input)
        let replayed = try await replay(live.json)
        #expect(replayed.offsets == live.offsets)
        #expect(live.offsets.contains { $0 < -50 })  // it was pulled and held while refreshing
    }
}
