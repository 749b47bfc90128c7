import CWayland
import ScrollEngine
import Support

/// A second `wl_pointer` on SDL's own Wayland connection, on a private event queue (CWayland),
/// beside SDL's pointer, as `XInput2Connection` is on X11: SDL 2 drops `axis_source`,
/// `axis_stop`, `axis_value120`, the compositor's timestamps and the hold gestures. Decoded
/// events go to the pure `WaylandPointerTranslator`; while the pointer is open SDL's wheel
/// events are dropped (the same frames reach both pointers). Main thread only.
///
/// No socket thread: SDL reads the shared socket when it pumps, and the window polls every
/// frame while a gesture or a motion runs, which is when an `axis_stop` or a hold matters.
final class WaylandPointerConnection {
    private let pointer: OpaquePointer
    /// The C connection (the wl_shm presenter commits through it).
    var handle: OpaquePointer { pointer }
    private(set) var translator = WaylandPointerTranslator()
    private let log: Bool
    private var buffer = [overscroll_wl_event](repeating: overscroll_wl_event(), count: 256)

    /// Opens the pointer for the SDL window; nil (and a log line) when it cannot.
    init?(sdlWindow: OpaquePointer, log: Bool) {
        self.log = log
        var why = [CChar](repeating: 0, count: 160)
        guard let p = overscroll_wl_pointer_open(UnsafeMutableRawPointer(sdlWindow), &why, why.count) else {
            let reason = why.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if log { Self.write("not opened (\(reason)); SDL wheel events are used") }
            return nil
        }
        pointer = p
        let gestures = overscroll_wl_pointer_gestures_version(p)
        if log {
            Self.write(
                "opened a wl_pointer on SDL's connection, wl_seat version \(overscroll_wl_pointer_seat_version(p))"
                    + (gestures >= 3 ? ", hold gestures (zwp_pointer_gestures_v1 version 3)" : ", no hold gestures"))
        }
    }

    static func write(_ s: String) {
        StandardStreams.error("wayland: \(s)\n")
    }

    /// Whether frames can be presented through `wl_shm` on SDL's surface.
    var canPresent: Bool { overscroll_wl_present_available(pointer) != 0 }

    /// Commits a frame that waited for the compositor's frame callback; true while one still waits.
    func presentPending() -> Bool { overscroll_wl_present_pending(pointer) != 0 }

    /// Seconds since the last presented frame was shown (`wp_presentation`), nil before any.
    var presentedAge: Double? {
        var age = 0.0, refresh = 0.0
        return overscroll_wl_presented_age(pointer, &age, &refresh) != 0 ? age : nil
    }

    /// The last `wp_presentation` feedback: seconds since that frame was shown and the output's
    /// refresh period in seconds (0: the compositor said none); nil before any.
    var presentation: (age: Double, refresh: Double)? {
        var age = 0.0, refresh = 0.0
        return overscroll_wl_presented_age(pointer, &age, &refresh) != 0 ? (age, refresh) : nil
    }

    var commits: UInt64 { overscroll_wl_present_commits(pointer) }
    /// Seconds since the last commit, nil before any.
    var commitAge: Double? {
        var age = 0.0
        return overscroll_wl_commit_age(pointer, &age) != 0 ? age : nil
    }
    /// The compositor's preferred scale × 120 (wp_fractional_scale_v1 with wp_viewporter), nil
    /// when it offers none or said none yet.
    var preferredScale120: UInt32? {
        let s = overscroll_wl_preferred_scale120(pointer)
        return s > 0 ? s : nil
    }
    /// Whether SDL shows the buffers through its own viewport (SDL 2.28+ with fractional scale).
    var sdlViewport: Bool { overscroll_wl_sdl_viewport(pointer) != 0 }
    /// True once after the preferred scale changed (the window then resizes its buffers).
    func takeScaleChange() -> Bool { overscroll_wl_take_scale_change(pointer) != 0 }

    /// Whether the last commit's frame callback is still unanswered (the compositor is not ready
    /// for another frame).
    var frameOutstanding: Bool { overscroll_wl_frame_outstanding(pointer) != 0 }
    /// Frame callbacks received so far.
    var framesDone: UInt64 { overscroll_wl_frames_done(pointer) }
    /// Real seconds since the last frame callback's timestamp, nil before any.
    var frameCallbackAge: Double? {
        var age = 0.0
        return overscroll_wl_frame_time_age(pointer, &age) != 0 ? age : nil
    }
    var hasPresentationFeedback: Bool { overscroll_wl_present_has_feedback(pointer) != 0 }

    /// Whether the seat gives a pointer now (SDL's wheel events are dropped only then).
    var isLive: Bool { overscroll_wl_pointer_has_pointer(pointer) != 0 }

    /// Reads what arrived; returns the input it makes, each with its session time.
    func drain(pump: Double, notBefore: Double) -> [(InputEvent, Double)] {
        var out: [(InputEvent, Double)] = []
        while true {
            let n = Int(overscroll_wl_pointer_drain(pointer, &buffer, Int32(buffer.count)))
            for e in buffer.prefix(n) {
                guard let decoded = Self.decode(e) else { continue }
                let made = translator.translate(decoded, pump: pump, notBefore: notBefore)
                if log { Self.write("\(decoded) → \(made.map { "\($0.0) at \(($0.1 * 1000).rounded() / 1000)" })") }
                out += made
            }
            if n < buffer.count { break }
        }
        return out
    }

    static func decode(_ e: overscroll_wl_event) -> WaylandPointerEvent? {
        let axis = Int(e.axis)
        switch Int(e.kind) {
        case Int(OVERSCROLL_WL_ENTER): return .enter
        case Int(OVERSCROLL_WL_LEAVE): return .leave
        case Int(OVERSCROLL_WL_AXIS): return .axis(time: e.time, axis: axis, value: e.value)
        case Int(OVERSCROLL_WL_AXIS_SOURCE): return .axisSource(Int(e.number))
        case Int(OVERSCROLL_WL_AXIS_STOP): return .axisStop(time: e.time, axis: axis)
        case Int(OVERSCROLL_WL_AXIS_DISCRETE): return .axisDiscrete(axis: axis, steps: Int(e.number))
        case Int(OVERSCROLL_WL_AXIS_VALUE120): return .axisValue120(axis: axis, value: Int(e.number))
        case Int(OVERSCROLL_WL_FRAME): return .frame
        case Int(OVERSCROLL_WL_HOLD_BEGIN): return .holdBegin(time: e.time, fingers: Int(e.number))
        case Int(OVERSCROLL_WL_HOLD_END): return .holdEnd(time: e.time, cancelled: e.number != 0)
        default: return nil
        }
    }

    func setUnitsPerPoint(_ u: Double) { translator.unitsPerPoint = u }

    /// False for SDL's wheel events while this pointer reads the same frames.
    func keeps(_ event: InputEvent) -> Bool {
        guard case .wheel = event else { return true }
        return !isLive
    }

    func close() {
        if log {
            Self.write(
                "closed after \(translator.frames) frames, \(translator.stops) axis_stop, \(overscroll_wl_present_commits(pointer)) commits"
            )
        }
        overscroll_wl_pointer_close(pointer)
    }
}

extension WaylandPointerConnection {
    /// The pointer the window uses on the Wayland backend, unless `OVERSCROLL_WAYLAND_POINTER=0`;
    /// `OVERSCROLL_WAYLAND_LOG=1` logs what it reads to standard error.
    static func open(for sdlWindow: OpaquePointer, videoDriver: String?, environment: [String: String]) -> WaylandPointerConnection? {
        guard videoDriver == "wayland", environment["OVERSCROLL_WAYLAND_POINTER"] != "0" else { return nil }
        return WaylandPointerConnection(sdlWindow: sdlWindow, log: environment["OVERSCROLL_WAYLAND_LOG"] == "1")
    }
}
