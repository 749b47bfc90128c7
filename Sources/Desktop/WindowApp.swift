import CSDL2
import CXInput2
import Rendering
import Scenes
import ScrollEngine
import Synchronization
import Support

/// Options of `overscroll run`.
public struct WindowOptions: Sendable {
    public var scene = "coordinator"
    public var sceneOptions = SceneOptions()
    /// Pixels per point; nil = the display's (the drawable/window ratio).
    public var scale: Double?
    public init() {}
}

public enum WindowError: Error, CustomStringConvertible, Equatable {
    case noDisplay
    /// No display server answered at the displays named by DISPLAY / WAYLAND_DISPLAY (nil: unset).
    case unreachable(display: String?, wayland: String?)
    case sdl(String)
    public var description: String {
        switch self {
        case .noDisplay:
            return "no display: DISPLAY and WAYLAND_DISPLAY are unset; for a headless run use `overscroll record SCENARIO.json --out DIR`"
        case let .unreachable(display, wayland):
            let tried = [display.map { "X display '\($0)' (DISPLAY)" }, wayland.map { "Wayland display '\($0)' (WAYLAND_DISPLAY)" }]
                .compactMap { $0 }.joined(separator: " nor ")
            return "cannot open \(tried.isEmpty ? "a display" : tried): no display server answers there"
        case let .sdl(m): return "SDL: \(m)"
        }
    }

    /// Whether SDL's video driver `current` shows a window to someone: x11 and wayland do; any
    /// other (SDL 2 falls back to "offscreen" when no server answers) only when SDL_VIDEODRIVER
    /// (`requested`; SDL 2.26 takes one name) asked for it.
    public static func accepts(driver current: String?, requested: String) -> Bool {
        guard let current else { return false }
        return current == "x11" || current == "wayland" || current == requested
    }
}

/// The SDL2 window: owns every SDL handle (one owner, main thread), feeds real events and a
/// monotonic clock into a `Session`, and draws through cairo into a kept frame, repainting and
/// presenting only the rects that changed (`DirtyPresenter`; the window surface, or a streaming
/// texture with `OVERSCROLL_PRESENTER=texture` or on HiDPI). Draws only when the display list
/// changed; otherwise sleeps in the event wait.
@MainActor
public final class WindowApp {
    let session: Session
    let renderer: CairoRenderer
    var options: WindowOptions
    private var window: OpaquePointer?
    private var dirty: DirtyPresenter?
    private var adapter: SDLEventAdapter
    /// XInput 2 smooth scrolling on X11 (nil: SDL's wheel events only).
    private var xinput: XInput2Connection?
    /// Wayland's own pointer events: axis_stop, axis_source, value120, hold gestures, compositor
    /// times (nil: SDL's wheel events only).
    private var waylandPointer: WaylandPointerConnection?
    /// The display list on screen (the last one presented).
    public var lastFrame: FrameModel? { dirty?.shown }
    private var pixelsPerPoint = 1.0
    /// The session clock: real time through the time scale (slow motion).
    public let clock: SessionClock
    /// Called for each input event with its session time (live capture).
    public var onInput: ((InputEvent, Double) -> Void)?
    /// The tuning panel (`run`): T opens and closes it; while it is open its keys (Tab, ←/→, S,
    /// R) and the pointer on it go to it, not to the scene.
    public var tuning: (any TuningHandler)?
    /// True while a pointer press that began on the panel is held.
    private var tuningDrag = false

    /// Called once per loop pass, before the session advances (a feel file saved is applied here).
    public var beforeAdvance: ((Session) -> Void)?
    /// Called once per loop pass, after the session advanced and before drawing (trace printing).
    public var onAdvance: ((Session) -> Void)?

    /// Pixels per point the window draws at (known after `open`).
    public var drawScale: Double { pixelsPerPoint }

    /// The display's refresh rate in frames per second (vsync), nil when SDL does not know it.
    public var displayRefreshRate: Double? {
        guard let window else { return nil }
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

    /// The presenter in use (`wl_shm`, `surface`, `texture`), known after `open`.
    public private(set) var presenterName = ""

    /// The session time at which the last presented frame was shown, from the compositor's
    /// `wp_presentation` feedback (nil without one).
    public var lastPresentationTime: Double? {
        guard presenterName == "wl_shm", let age = waylandPointer?.presentedAge else { return nil }
        return now() - age
    }

    /// Number of frames presented (for tests and the idle check).
    public private(set) var framesPresented = 0

    public init(session: Session, renderer: CairoRenderer, options: WindowOptions, clock: SessionClock = SessionClock()) {
        self.clock = clock
        self.session = session
        self.renderer = renderer
        self.options = options
        adapter = SDLEventAdapter(sizeInPoints: options.sceneOptions.size)
    }

    /// Wakes the event wait from any thread (an async refresh finished, the XInput 2 socket is
    /// readable, a signal asks to quit): through the pipe of `EventWait` on X11, where an
    /// `SDL_PushEvent` from another thread would send SDL's wakeup message to the window through a
    /// second X connection (see there); with `SDL_PushEvent` on the other drivers.
    public nonisolated static let wakeEventLoop: @Sendable () -> Void = {
        EventWait.wake()
        guard !ownWait.load(ordering: .sequentiallyConsistent) else { return }
        var e = SDL_Event()
        e.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&e)
    }

    /// True while the window waits with `EventWait` (X11, Wayland with wl_shm), not `SDL_WaitEvent`.
    private nonisolated static let ownWait = Atomic<Bool>(false)
    /// The X11 wait (nil on other drivers).
    private var x11Wait: EventWait?
    /// The Wayland wait with the wl_shm presenter (nil otherwise): frames follow the compositor's
    /// frame callbacks.
    private var waylandWait: EventWait?
    /// `framesDone` of the Wayland connection when the last frame was drawn.
    private var callbacksAtDraw: UInt64 = 0

    private nonisolated static let quitAsked = Atomic<Bool>(false)

    /// Ends `run` as Q does, from any thread (SIGINT, SIGTERM, SIGHUP); before `run`, it returns at once.
    public nonisolated static func requestQuit() {
        quitAsked.store(true, ordering: .sequentiallyConsistent)
        wakeEventLoop()
    }

    /// Seconds since the window opened on the session clock (scaled in slow motion).
    public func now() -> Double { clock.now() }

    public func open() throws(WindowError) {
        let env = Platform.environment
        let display = env["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let wayland = env["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let driver = env["SDL_VIDEODRIVER"] ?? ""
        if display == nil && wayland == nil && driver.isEmpty { throw .noDisplay }
        SDL_SetMainReady()
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1")
        // Unless SDL_VIDEODRIVER chooses, a display named alone is the only driver tried (no
        // probing of a server nobody named). With both named SDL tries x11, then wayland (SDL 2.26
        // takes one name only); its offscreen fallback is refused below.
        if driver.isEmpty && (display == nil) != (wayland == nil) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, display == nil ? "wayland" : "x11")
        }
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            let message = String(cString: SDL_GetError())
            if driver.isEmpty || driver == "x11" || driver == "wayland" { throw .unreachable(display: display, wayland: wayland) }
            throw .sdl(message)
        }
        // SDL 2 falls back to its offscreen driver when no server answers: a window nobody sees,
        // forever. Only a driver that shows the window is taken, unless SDL_VIDEODRIVER asked.
        let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        guard WindowError.accepts(driver: current, requested: driver) else {
            SDL_Quit()
            throw .unreachable(display: display, wayland: wayland)
        }
        let size = options.sceneOptions.size
        let requested = options.scale ?? 1
        let flags = UInt32(SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue)
        let pos = overscroll_sdl_windowpos_centered()
        guard
            let w = SDL_CreateWindow(
                SceneCatalog.windowTitle(for: session.scene.name), pos, pos,
                Int32((size.width * requested).rounded()), Int32((size.height * requested).rounded()), flags)
        else {
            throw .sdl(String(cString: SDL_GetError()))
        }
        window = w
        let videoDriverBefore = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        // Wayland's own pointer (and the wl_shm presenter's buffers) on SDL's connection.
        waylandPointer = WaylandPointerConnection.open(for: w, videoDriver: videoDriverBefore, environment: env)
        guard let presenter = PresenterChoice.make(window: w, preference: env["OVERSCROLL_PRESENTER"], wayland: waylandPointer) else {
            throw .sdl(String(cString: SDL_GetError()))
        }
        presenterName = presenter.name
        Platform.printError("overscroll run: presenting through \(PresenterChoice.describe(presenter.name, driver: videoDriverBefore))")
        dirty = DirtyPresenter(presenter: presenter)
        dirty?.wholeFrames = env["OVERSCROLL_DIRTY_RECTS"] == "0"
        dirty?.scrollCopy = env["OVERSCROLL_SCROLL_COPY"] != "0"
        // After the presenter: creating a renderer may recreate the X11 window.
        let videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
        if videoDriver == "x11" {
            x11Wait = EventWait(x11Window: w)
            Self.ownWait.store(x11Wait != nil, ordering: .sequentiallyConsistent)
        } else if presenter.name == "wl_shm", let waylandPointer {
            waylandWait = EventWait(wayland: waylandPointer)
            Self.ownWait.store(waylandWait != nil, ordering: .sequentiallyConsistent)
        }
        adapter.wheelPrecision = .forVideoDriver(videoDriver)
        xinput = XInput2Connection.open(
            for: w, videoDriver: videoDriver, settings: options.sceneOptions.input,
            environment: env, wake: WindowApp.wakeEventLoop)
        clock.restart()
        updateGeometry()
    }

    /// Reads the window and drawable sizes: units per point for input, pixels per point for drawing.
    private func updateGeometry() {
        guard let window, let dirty else { return }
        if !dirty.presenter.resize() { Platform.printError("overscroll run: SDL: \(String(cString: SDL_GetError()))") }
        dirty.invalidate()
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        let dw = Int32(dirty.presenter.width)
        let requested = options.scale ?? 1
        // Window units per point: the requested scale when the platform sizes windows in pixels,
        // 1 when it sizes them in points (HiDPI backends report a larger drawable instead).
        let unitsPerPoint = dw > ww ? 1.0 : requested
        let hiDPI = ww > 0 ? Double(dw) / Double(ww) : 1
        pixelsPerPoint = unitsPerPoint * hiDPI
        let points = Size(Double(ww) / unitsPerPoint, Double(wh) / unitsPerPoint)
        adapter.unitsPerPoint = unitsPerPoint
        adapter.sizeInPoints = points
        xinput?.setUnitsPerPoint(unitsPerPoint)
        waylandPointer?.setUnitsPerPoint(unitsPerPoint)
        if points != session.size {
            let t = now()
            onInput?(.resize(points), t)
            session.handle(.resize(points), at: t)
        }
    }

    /// A wl_shm frame waits for the compositor's frame callback.
    private var framePending = false

    /// The session time of the last input handled (Wayland's timed events never go before it).
    private var lastHandled = 0.0

    /// Seconds per display refresh (from the display mode; 60 Hz when unknown).
    private var frameInterval = 1.0 / 60

    /// Wayland: the real time an early frame callback's frame waits for (`FramePacing`).
    private var heldUntil: Double?

    /// Runs until quit. Returns the number of frames presented.
    ///
    /// Idle: blocks in `SDL_WaitEvent` (or until the next deadline, e.g. a wheel gesture's end).
    /// Animating: one update per frame; vsync paces presents, and when a frame is not presented
    /// (unchanged) or vsync does not block, the loop waits out the rest of the frame interval in
    /// the event wait, so it never spins. On Wayland with wl_shm the compositor's frame callback
    /// is the clock: after a commit the loop sleeps (handling input) until the callback comes,
    /// then draws the next frame at the callback's time; only a frame that changed nothing (no
    /// commit, so no callback) falls back to the frame interval.
    @discardableResult
    public func run() -> Int {
        if let rate = displayRefreshRate { frameInterval = 1.0 / rate }
        var event = SDL_Event()
        // Frames are paced on the real clock; the session (input, motion, refresh) runs on the
        // session clock, which slow motion scales.
        var frameStart = clock.realNow()
        var frameStartSession = now()
        while !session.quitRequested && !Self.quitAsked.load(ordering: .sequentiallyConsistent) {
            let t0 = clock.realNow()
            var got: Int32
            // A frame waiting for the compositor's frame callback is retried at the frame pace.
            let paced = session.isAnimating || session.isDragging || framePending
            if let until = heldUntil {
                // An early frame callback: the frame is drawn about a refresh after the last one.
                let remaining = until - t0
                got = remaining > 0.0005 ? waitEvent(&event, timeout: Int32((remaining * 1000).rounded(.up))) : SDL_PollEvent(&event)
            } else if let waylandPointer, waylandWait != nil, waylandPointer.frameOutstanding || framePending {
                // Sleeps until the frame callback (or input); a deadline still ahead ends the wait
                // (one already passed is met by the next frame's advance: no spin while hidden).
                let ms = session.nextDeadline.map { clock.realDelay(untilSession: $0) }.flatMap {
                    $0 > 0 ? Int32(min(1000, $0 * 1000).rounded(.up)) : nil
                }
                got = waitEvent(&event, timeout: ms)
            } else if paced {
                let remaining = frameInterval - (t0 - frameStart)
                got = remaining > 0.001 ? waitEvent(&event, timeout: Int32((remaining * 1000).rounded(.down))) : SDL_PollEvent(&event)
            } else if let deadline = session.nextDeadline {
                let ms = Int32(max(0, min(1000, clock.realDelay(untilSession: deadline) * 1000)).rounded(.up))
                got = waitEvent(&event, timeout: ms)
            } else {
                got = waitEvent(&event, timeout: nil)
            }
            // One time for the whole batch: SDL stamps events pumped together with one
            // millisecond, and per-event clock reads microseconds apart would turn a batch of
            // motion events into absurd velocities.
            let pumpTime = now()
            let smooth = xinput?.drain(at: pumpTime) ?? []
            // Wayland's events carry their own (compositor) times, kept within this batch.
            let timed = waylandPointer?.drain(pump: pumpTime, notBefore: max(frameStartSession, lastHandled)) ?? []
            // A new fractional scale from the compositor: buffers and drawing at the new scale.
            if waylandPointer?.takeScaleChange() == true && presenterName == "wl_shm" { updateGeometry() }
            var batch: [SDL_Event] = []
            while got != 0 {
                batch.append(event)
                got = SDL_PollEvent(&event)
            }
            // A loop that comes back late (a slow frame) does not end a wheel gesture: see LateInput.
            let hasWheel = !smooth.isEmpty || batch.contains { $0.type == SDL_MOUSEWHEEL.rawValue }
            let t =
                hasWheel ? LateInput.handlingTime(pump: pumpTime, busySince: frameStartSession, deadline: session.inputDeadline) : pumpTime
            for e in smooth {
                onInput?(e, t)
                session.handle(e, at: t)
            }
            for (e, te) in timed {
                onInput?(e, te)
                session.handle(e, at: te)
            }
            if let last = timed.last?.1 { lastHandled = max(lastHandled, last) }
            if !smooth.isEmpty || !batch.isEmpty { lastHandled = max(lastHandled, t) }
            for e in batch { handle(e, at: lastHandled) }
            // While something moves, updates happen once per frame interval; input that arrives in
            // between is handled at once and shown at the next frame.
            // (Checked after the events: the one that ends a motion must be drawn before the
            // loop goes back to blocking in the event wait.)
            let stillPaced = session.isAnimating || session.isDragging
            // With frame callbacks: nothing is drawn until the compositor asks for the next frame.
            let callbackCame = waylandWait != nil && (waylandPointer?.framesDone ?? 0) != callbacksAtDraw
            if waylandWait != nil, waylandPointer?.frameOutstanding == true || framePending {
                framePending = waylandPointer?.presentPending() ?? false
                continue
            }
            if !callbackCame && stillPaced && clock.realNow() - frameStart < frameInterval - 0.001 { continue }
            let shown = waylandPointer?.presentation
            let pacing = FramePacing(period: FramePacing.period(presented: shown?.refresh, mode: frameInterval))
            if callbackCame {
                // From the last commit (a slow draw commits well after it started).
                let lastCommit = waylandPointer?.commitAge.map { clock.realNow() - $0 }
                let at = pacing.drawTime(now: clock.realNow(), lastDraw: max(frameStart, lastCommit ?? frameStart))
                if at > clock.realNow() + 0.0005 { heldUntil = at; continue }
            }
            let held = heldUntil != nil
            heldUntil = nil
            frameStart = clock.realNow()
            frameStartSession = now()
            if callbackCame, let shown, shown.refresh > 0,
                let at = pacing.animationTime(drawnAt: frameStart, presented: frameStart - shown.age)
            {
                // wp_presentation with a known refresh: the animation's time is the refresh on the
                // compositor's grid (refresh 0, headless sway: no grid, the frame's own time).
                frameStartSession = max(frameStartSession - (frameStart - at) * clock.scale, lastHandled)
            } else if callbackCame, !held, let age = waylandPointer?.frameCallbackAge, age >= 0, age < 0.25 {
                // The animation's time is the callback's (the compositor's frame time).
                frameStartSession = max(frameStartSession - age * clock.scale, lastHandled)
            }
            callbacksAtDraw = waylandPointer?.framesDone ?? 0
            framePending = waylandPointer?.presentPending() ?? false
            beforeAdvance?(session)
            session.advance(to: frameStartSession)
            onAdvance?(session)
            syncTitle()
            draw()
        }
        return framesPresented
    }

    /// The next event within `timeout` milliseconds (nil: no limit): 1 with `event` filled, 0 when
    /// the time ran out or the wait was woken.
    private func waitEvent(_ event: inout SDL_Event, timeout: Int32?) -> Int32 {
        if let x11Wait { return x11Wait.wait(&event, timeout: timeout) }
        if let waylandWait { return waylandWait.wait(&event, timeout: timeout) }
        return timeout.map { SDL_WaitEventTimeout(&event, $0) } ?? SDL_WaitEvent(&event)
    }

    private func handle(_ event: SDL_Event, at t: Double) {
        if let tuning, let input = tuningInput(event, open: tuning.isOpen) {
            tuning.handle(input, session: session)
            return
        }
        if isSlowMotionToggle(event) {
            let scale = clock.toggleSlowMotion()
            Platform.printError("overscroll run: time scale \(TimeScaleText.format(scale))")
            return
        }
        if event.type == SDL_WINDOWEVENT.rawValue {
            let kind = SDL_WindowEventID(rawValue: UInt32(event.window.event))
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED || kind == SDL_WINDOWEVENT_RESIZED {
                updateGeometry()
                return
            }
            if kind == SDL_WINDOWEVENT_EXPOSED { dirty?.invalidate() }
            return
        }
        for e in adapter.translate(event) where (xinput?.keeps(e, at: t) ?? true) && (waylandPointer?.keeps(e) ?? true) {
            onInput?(e, t)
            session.handle(e, at: t)
        }
    }

    /// What `event` asks of the tuning panel (nil: not for the panel). T toggles it; while it is
    /// open, Tab/Shift+Tab, ←/→ (Shift: fine), S and R (without Ctrl) are its, and so is a press on
    /// it and the drag and release that follow.
    private func tuningInput(_ event: SDL_Event, open: Bool) -> TuningPanelEvent? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_KEYDOWN:
            let k = event.key.keysym
            let ctrl = UInt32(k.mod) & UInt32(KMOD_CTRL.rawValue) != 0
            let shift = UInt32(k.mod) & UInt32(KMOD_SHIFT.rawValue) != 0
            if ctrl { return nil }
            if k.sym == SDL_Keycode(SDLK_t.rawValue) { return .toggle }
            guard open else { return nil }
            switch k.sym {
            case SDL_Keycode(SDLK_TAB.rawValue): return .input(shift ? .previous : .next)
            case SDL_Keycode(SDLK_LEFT.rawValue): return .input(.step(-1, fine: shift))
            case SDL_Keycode(SDLK_RIGHT.rawValue): return .input(.step(1, fine: shift))
            case SDL_Keycode(SDLK_s.rawValue): return .input(.save)
            case SDL_Keycode(SDLK_r.rawValue): return .input(.revert)
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN where open && event.button.button == UInt8(SDL_BUTTON_LEFT):
            let p = Point(Double(event.button.x) / adapter.unitsPerPoint, Double(event.button.y) / adapter.unitsPerPoint)
            guard tuning?.covers(p, size: session.scene.size) == true else { return nil }
            tuningDrag = true
            return .input(.press(p))
        case SDL_MOUSEMOTION where tuningDrag:
            return .input(.drag(Point(Double(event.motion.x) / adapter.unitsPerPoint, Double(event.motion.y) / adapter.unitsPerPoint)))
        case SDL_MOUSEBUTTONUP where tuningDrag:
            tuningDrag = false
            return .input(.release)
        default: return nil
        }
    }

    /// Ctrl+T (the iOS Simulator's Cmd+T): slow motion on or off.
    private func isSlowMotionToggle(_ event: SDL_Event) -> Bool {
        guard event.type == SDL_KEYDOWN.rawValue, event.key.keysym.sym == SDL_Keycode(SDLK_t.rawValue) else { return false }
        return UInt32(event.key.keysym.mod) & UInt32(KMOD_CTRL.rawValue) != 0
    }

    /// The window's title as SDL has it (nil before `open`).
    public var windowTitle: String? { window.map { String(cString: SDL_GetWindowTitle($0)) } }

    /// Makes the title follow the scene (keys 1–6 switch it).
    private func syncTitle() {
        guard let window else { return }
        let scale = clock.scale
        let title = SceneCatalog.windowTitle(for: session.scene.name) + (scale == 1 ? "" : " · \(TimeScaleText.format(scale))")
        if String(cString: SDL_GetWindowTitle(window)) != title { SDL_SetWindowTitle(window, title) }
    }

    /// Repaints and presents what changed since the frame on screen (nothing when unchanged).
    private func draw() {
        guard let dirty else { return }
        let atRest = !(session.isAnimating || session.isDragging)
        if dirty.show(session.frame(), renderer: renderer, scale: pixelsPerPoint, atRest: atRest) { framesPresented += 1 }
        if presenterName == "wl_shm" { framePending = waylandPointer?.presentPending() ?? false }
    }

    public func close() {
        xinput?.close()
        xinput = nil
        x11Wait = nil
        waylandWait = nil
        Self.ownWait.store(false, ordering: .sequentiallyConsistent)
        dirty?.presenter.destroy()
        waylandPointer?.close()
        waylandPointer = nil
        if let window { SDL_DestroyWindow(window) }
        dirty = nil; window = nil
        SDL_Quit()
    }
}
