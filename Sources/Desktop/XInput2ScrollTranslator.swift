import ScrollEngine

/// Turns XInput 2 scroll-valuator motion into precise wheel events (the technique of SDL3, GTK
/// and Chromium). Pure: no Xlib calls; `XInput2Connection` feeds it decoded `XI2Event`s.
///
/// Rules (XI2's pitfalls): scroll valuators are absolute, so a delta is the change since the
/// device's last value; the last values are forgotten on enter, leave and device change, and the
/// first motion after that only records the value. Increments are per device and valuator. A
/// change past the 32-bit integral range is a wrap and is unwrapped. Motion the server emulated
/// from legacy wheel buttons is not counted (SDL reports those buttons). Natural scrolling is
/// already applied by the driver. While a device delivers smooth deltas, SDL's notch events
/// (emulated by the server for core clients from the same motion) are dropped (`dropsNotch`).
/// The deltas are always precise; their source is the device's kind, and for a merged pointer
/// of unknown kind (XWayland's) a change of whole eighths of an increment is a wheel (XWayland
/// posts wheel clicks as 1.0, high-resolution ones in eighths), anything else a touchpad.
public struct XInput2ScrollTranslator: Sendable {
    /// Precise wheel units per scroll unit: one increment scrolls as far as one SDL notch
    /// (`pointsPerNotch / pointsPerPreciseUnit`).
    public var preciseUnitsPerIncrement: Double
    /// How long after a smooth delta SDL's notch events are taken for its emulation (s).
    public var notchSuppression = 0.25
    public private(set) var devices: [Int32: XI2Device] = [:]
    /// Last absolute value per device and valuator number.
    private var last: [Int32: [Int: Double]] = [:]
    /// Time of the last smooth scroll motion (nil before any).
    public private(set) var lastSmoothMotion: Double?
    /// The last converted deltas (the log shows them, horizontal ones included).
    public private(set) var lastDelta: XI2ScrollDelta?
    /// Counters for the log and the overlay.
    public private(set) var motionEvents = 0
    public private(set) var emulatedDropped = 0
    public private(set) var resets = 0

    public init(settings: InputSettings = InputSettings()) {
        preciseUnitsPerIncrement = settings.pointsPerNotch / settings.pointsPerPreciseUnit
    }

    /// Devices with at least one scroll class.
    public var scrollDevices: [XI2Device] { devices.values.filter { !$0.scroll.isEmpty }.sorted { $0.id < $1.id } }

    /// True when SDL's wheel events must be used (no device has a scroll class).
    public var fallsBack: Bool { scrollDevices.isEmpty }

    /// Whether an SDL notch at time `t` is the server's emulation of smooth motion already counted.
    public func dropsNotch(at t: Double) -> Bool {
        guard let s = lastSmoothMotion else { return false }
        return abs(t - s) <= notchSuppression
    }

    public mutating func translate(_ event: XI2Event, at t: Double) -> [InputEvent] {
        switch event {
        case let .devices(list):
            devices = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            reset()
            return []
        case let .deviceChanged(id, scroll):
            if devices[id] != nil {
                devices[id]?.scroll = scroll
            } else {
                devices[id] = XI2Device(id: id, name: "device \(id)", kind: .wheel, scroll: scroll)
            }
            reset()
            return []
        case .enter, .leave:
            reset()
            return []
        case let .motion(id, values, emulated):
            motionEvents += 1
            return motion(id, values, emulated: emulated, at: t)
        }
    }

    private mutating func reset() {
        last.removeAll()
        resets += 1
    }

    private mutating func motion(_ id: Int32, _ values: [Int: Double], emulated: Bool, at t: Double) -> [InputEvent] {
        guard let device = devices[id], !device.scroll.isEmpty else { return [] }
        var dx = 0.0, dy = 0.0, scrolled = false, wheelSteps = true
        for valuator in device.scroll {
            guard let value = values[valuator.number], value.isFinite else { continue }
            let previous = last[id]?[valuator.number]
            last[id, default: [:]][valuator.number] = value
            if previous != value { scrolled = true }     // unchanged scroll values ride along with pointer motion
            guard let previous, !emulated, valuator.increment != 0 else { continue }
            let units = Self.unwrap(value - previous) / valuator.increment
            guard abs(units) <= 1000 else { continue }      // a jump, not a motion: taken as a reset
            if units != 0 && abs(units * 8 - (units * 8).rounded()) > 1e-6 { wheelSteps = false }
            // Valuators grow downwards / rightwards; SDL's y > 0 (and x < 0) scroll towards the top / left.
            switch valuator.orientation {
            case .vertical: dy -= units * preciseUnitsPerIncrement
            case .horizontal: dx += units * preciseUnitsPerIncrement
            }
        }
        guard scrolled else { return [] }
        if emulated {
            emulatedDropped += 1
            return []
        }
        lastSmoothMotion = t
        guard dx != 0 || dy != 0 else { return [] }
        let source = device.kind != .unknown ? device.kind : wheelSteps ? .wheel : .touchpad
        lastDelta = XI2ScrollDelta(dx: dx, dy: dy, source: source, at: t)
        // The scroll view is vertical: horizontal deltas are kept for the overlay only.
        guard dy != 0 else { return [] }
        return [InputEvent.wheel(dy: dy, precise: true, source: source)].filter(\.isSane)
    }

    /// A change across the 32-bit integral range of XI2's FP3232 valuators, unwrapped.
    static func unwrap(_ delta: Double) -> Double {
        let range = 4_294_967_296.0
        if delta > range / 2 { return delta - range }
        if delta < -range / 2 { return delta + range }
        return delta
    }
}

/// One converted scroll motion: precise wheel units, `dy` as SDL's y (> 0 towards the top), `dx`
/// as SDL's x (> 0 scrolls right).
public struct XI2ScrollDelta: Sendable, Equatable {
    public var dx: Double
    public var dy: Double
    public var source: WheelSource
    public var at: Double
}
