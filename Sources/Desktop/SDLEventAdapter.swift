import CSDL2
import ScrollEngine

/// Turns SDL events into the project's `InputEvent`s. Pure: no SDL calls, only the event value
/// and the window geometry, so it is unit-tested with synthetic events.
///
/// Rules: window coordinates are divided by `unitsPerPoint`; mouse events SDL synthesizes from
/// touches (`which == SDL_TOUCH_MOUSEID`) are dropped because the finger events carry them;
/// the first finger acts as the pointer; whether a wheel delta is precise comes from the video
/// backend (`WheelPrecision`), never from its value; flipped wheels are un-flipped; non-finite or
/// absurd values drop the event. SDL does not say which device scrolled: on X11 the source is
/// unknown; on Wayland a click (`axis_discrete`, a whole 1.0) is told from a finger (pixels / 10)
/// by `MergedPointerClassifier`, and a finger's precise deltas move the content 1:1 (one logical
/// pixel, a tenth of SDL's unit, is one point). Window events give nothing here: the window
/// handles them (it needs SDL to measure the drawable).
public struct SDLEventAdapter: Sendable {
    /// How the video backend reports wheel deltas.
    public enum WheelPrecision: Sendable, Equatable {
        /// X11 core events: whole notches (a touchpad's scroll arrives as notches too).
        case notches
        /// Wayland: precise deltas (SDL's unit: 10 surface pixels, `WAYLAND_WHEEL_AXIS_UNIT`), a
        /// click as a whole 1.0 (`axis_discrete`).
        case precise
        /// Any other backend: precise when the value has a fraction (the only hint left).
        case byValue

        /// The precision of SDL's video driver named `driver` (`SDL_GetCurrentVideoDriver`).
        public static func forVideoDriver(_ driver: String?) -> WheelPrecision {
            switch driver {
            case "x11": return .notches
            case "wayland": return .precise
            default: return .byValue
            }
        }
    }
    /// The wheel precision of the backend in use.
    public var wheelPrecision: WheelPrecision = .byValue
    /// Window coordinate units per point (1 when the window is sized in points).
    public var unitsPerPoint: Double
    /// Window size in points (finger coordinates are normalised to it).
    public var sizeInPoints: Size
    /// The finger currently acting as the pointer.
    public private(set) var activeFinger: Int64?
    /// Click or finger, per wheel event, on Wayland.
    public private(set) var classifier = MergedPointerClassifier()

    public init(unitsPerPoint: Double = 1, sizeInPoints: Size) {
        self.unitsPerPoint = unitsPerPoint
        self.sizeInPoints = sizeInPoints
    }

    static let touchMouseID = UInt32(overscroll_sdl_touch_mouseid())

    public mutating func translate(_ e: SDL_Event) -> [InputEvent] {
        let events = translateUnchecked(e)
        return events.filter(\.isSane)
    }

    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(Double(x) / unitsPerPoint, Double(y) / unitsPerPoint)
    }

    private mutating func translateUnchecked(_ e: SDL_Event) -> [InputEvent] {
        switch SDL_EventType(rawValue: e.type) {
        case SDL_QUIT:
            return [.quit]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = e.button
            guard b.which != Self.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return [] }
            let p = point(b.x, b.y)
            return [e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(p) : .pointerUp(p)]
        case SDL_MOUSEMOTION:
            let m = e.motion
            guard m.which != Self.touchMouseID, m.state & UInt32(overscroll_sdl_button_lmask()) != 0 else { return [] }
            return [.pointerMove(point(m.x, m.y))]
        case SDL_MOUSEWHEEL:
            let w = e.wheel
            guard w.which != Self.touchMouseID else { return [] }
            let flip: Double = w.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            var dy = Double(w.preciseY)
            if !dy.isFinite { return [] }
            if dy == 0 && w.y != 0 { dy = Double(w.y) }
            guard dy != 0 else { return [] }
            switch wheelPrecision {
            case .notches:
                return [.wheel(dy: dy * flip, precise: false, source: .unknown)]
            case .precise:
                let t = Double(w.timestamp) / 1000
                if classifier.classify(dy, at: t) == .wheel { return [.wheel(dy: dy * flip, precise: false, source: .wheel)] }
                return [.wheel(dy: dy * flip / unitsPerPoint, precise: true, source: .touchpad)]
            case .byValue:
                return [.wheel(dy: dy * flip, precise: dy != dy.rounded(), source: .unknown)]
            }
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = e.tfinger
            let x = Double(f.x), y = Double(f.y)
            guard x.isFinite, y.isFinite else { return [] }
            let p = Point(x * sizeInPoints.width, y * sizeInPoints.height)
            let id = Int64(f.fingerId)
            switch SDL_EventType(rawValue: e.type) {
            case SDL_FINGERDOWN:
                guard activeFinger == nil else { return [] }
                activeFinger = id
                return [.pointerDown(p)]
            case SDL_FINGERMOTION:
                return activeFinger == id ? [.pointerMove(p)] : []
            default:
                guard activeFinger == id else { return [] }
                activeFinger = nil
                return [.pointerUp(p)]
            }
        case SDL_KEYDOWN:
            let k = e.key.keysym
            guard let key = Self.key(for: k.sym) else { return [] }
            var mods: KeyModifiers = []
            if UInt32(k.mod) & UInt32(KMOD_CTRL.rawValue) != 0 { mods.insert(.control) }
            if UInt32(k.mod) & UInt32(KMOD_SHIFT.rawValue) != 0 { mods.insert(.shift) }
            return [.key(key, mods)]
        default:
            // Window events (a resize, an expose) are the window's: it reads the new window and
            // drawable sizes from SDL and sends the session the resize (`WindowApp.updateGeometry`).
            return []
        }
    }

    static func key(for sym: SDL_Keycode) -> Key? {
        switch Int(sym) {
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_F5.rawValue): return .f5
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_d.rawValue): return .d
        case Int(SDLK_q.rawValue): return .q
        case Int(SDLK_r.rawValue): return .r
        case Int(SDLK_1.rawValue): return .digit1
        case Int(SDLK_2.rawValue): return .digit2
        case Int(SDLK_3.rawValue): return .digit3
        case Int(SDLK_4.rawValue): return .digit4
        case Int(SDLK_5.rawValue): return .digit5
        case Int(SDLK_6.rawValue): return .digit6
        case Int(SDLK_7.rawValue): return .digit7
        case Int(SDLK_8.rawValue): return .digit8
        case Int(SDLK_9.rawValue): return .digit9
        default: return nil
        }
    }
}
