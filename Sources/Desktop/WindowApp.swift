import CSDL2
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
/// presenting only the rects that changed (`DirtyPresenter`) through its display backend
/// (`DisplayBackend`: X11, Wayland `wl_shm`, or the SDL fallback), which also says how the loop
/// waits and when it may draw. Draws only when the display list changed; otherwise sleeps in the
/// backend's event wait.
@MainActor
public final class WindowApp {
    let session: Session
    let renderer: CairoRenderer
    var options: WindowOptions
    private var window: OpaquePointer?
    private var dirty: DirtyPresenter?
    private var adapter: SDLEventAdapter
    /// How the window is put on the display (known after `open`).
    private var display: (any DisplayBackend)?
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

    /// The session time at which the last presented frame was shown, from the compositor's
    /// `wp_presentation` feedback (nil without one).
    public var lastPresentationTime: Double? { display?.presentedAge.map { now() - $0 } }

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

    /// True while the window waits with its backend's `EventWait` (X11, Wayland with wl_shm), not `SDL_WaitEvent`.
    private nonisolated static let ownWait = Atomic<Bool>(false)

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
        let context = DisplayContext(
            window: w, environment: env, videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) },
            settings: options.sceneOptions.input, wake: WindowApp.wakeEventLoop)
        guard let backend = DisplayBackends.open(context) else { throw .sdl(String(cString: SDL_GetError())) }
        self.display = backend
        Platform.printError("overscroll run: presenting through \(backend.describe())")
        dirty = DirtyPresenter(presenter: backend)
        dirty?.wholeFrames = env["OVERSCROLL_DIRTY_RECTS"] == "0"
        dirty?.scrollCopy = env["OVERSCROLL_SCROLL_COPY"] != "0"
        Self.ownWait.store(backend.eventWait != nil, ordering: .sequentiallyConsistent)
        adapter.wheelPrecision = .forVideoDriver(SDL_GetCurrentVideoDriver().map { String(cString: $0) })
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
        display?.setUnitsPerPoint(unitsPerPoint)
        if points != session.size {
            let t = now()
            onInput?(.resize(points), t)
            session.handle(.resize(points), at: t)
        }
    }

    /// The session time of the last input handled (Wayland's timed events never go before it).
    private var lastHandled = 0.0

    /// Seconds per display refresh (from the display mode; 60 Hz when unknown).
    private var frameInterval = 1.0 / 60

    /// Runs until quit. Returns the number of frames presented.
    ///
    /// Each pass waits as the display backend allows (idle: until an event or the next deadline,
    /// e.g. a wheel gesture's end; animating: the rest of the frame, or on Wayland with wl_shm the
    /// compositor's frame callback), handles the input that came, and draws one frame when the
    /// backend allows it, at the time the backend gives (see `DisplayBackend`).
    @discardableResult
    public func run() -> Int {
        guard let display else { return framesPresented }
        if let rate = displayRefreshRate { frameInterval = 1.0 / rate }
        var event = SDL_Event()
        // Frames are paced on the real clock; the session (input, motion, refresh) runs on the
        // session clock, which slow motion scales.
        var frameStart = clock.realNow()
        var frameStartSession = now()
        while !session.quitRequested && !Self.quitAsked.load(ordering: .sequentiallyConsistent) {
            var got = display.wait(&event, until: plan(since: frameStart))
            // One time for the whole batch: SDL stamps events pumped together with one
            // millisecond, and per-event clock reads microseconds apart would turn a batch of
            // motion events into absurd velocities.
            let pumpTime = now()
            let own = display.drain(pump: pumpTime, notBefore: max(frameStartSession, lastHandled))
            if own.rescaled { updateGeometry() }
            var batch: [SDL_Event] = []
            while got != 0 {
                batch.append(event)
                got = SDL_PollEvent(&event)
            }
            handle(own, batch, pump: pumpTime, busySince: frameStartSession)
            // Asked after the events: the one that ends a motion is drawn before the loop blocks.
            guard display.mayDraw(plan(since: frameStart)) else { continue }
            frameStart = clock.realNow()
            frameStartSession = display.frameTime(drawnAt: frameStart, session: now(), scale: clock.scale, notBefore: lastHandled)
            beforeAdvance?(session)
            session.advance(to: frameStartSession)
            onAdvance?(session)
            syncTitle()
            draw()
        }
        return framesPresented
    }

    /// The loop's state for its backend, now (the last frame drawn at real time `frameStart`).
    private func plan(since frameStart: Double) -> FramePlan {
        FramePlan(
            now: clock.realNow(), frameStart: frameStart, frameInterval: frameInterval, paced: session.isAnimating || session.isDragging,
            deadlineDelay: session.nextDeadline.map { clock.realDelay(untilSession: $0) })
    }

    /// Handles one pass's input: the backend's own (`own`) and SDL's (`batch`), pumped at session
    /// time `pump`; the loop has been busy since `busySince` (the last frame's time).
    private func handle(_ own: DrainedInput, _ batch: [SDL_Event], pump: Double, busySince: Double) {
        // A loop that comes back late (a slow frame) does not end a wheel gesture: see LateInput.
        let hasWheel = !own.smooth.isEmpty || batch.contains { $0.type == SDL_MOUSEWHEEL.rawValue }
        let t = hasWheel ? LateInput.handlingTime(pump: pump, busySince: busySince, deadline: session.inputDeadline) : pump
        for e in own.smooth {
            onInput?(e, t)
            session.handle(e, at: t)
        }
        // Wayland's events carry their own (compositor) times, kept within this batch.
        for (e, te) in own.timed {
            onInput?(e, te)
            session.handle(e, at: te)
        }
        if let last = own.timed.last?.1 { lastHandled = max(lastHandled, last) }
        if !own.smooth.isEmpty || !batch.isEmpty { lastHandled = max(lastHandled, t) }
        for e in batch { handle(e, at: lastHandled) }
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
        for e in adapter.translate(event) where display?.keeps(e, at: t) ?? true {
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

    /// Makes the title follow the scene (the digit keys switch it: `SceneDescriptor.key`).
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
        display?.drew()
    }

    public func close() {
        Self.ownWait.store(false, ordering: .sequentiallyConsistent)
        display?.close()
        display = nil
        if let window { SDL_DestroyWindow(window) }
        dirty = nil; window = nil
        SDL_Quit()
    }
}
