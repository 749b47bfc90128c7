import ScrollEngine

/// Turns XInput 2 scroll-valuator motion into wheel events (the technique of SDL3, GTK and
/// Chromium), in the project's one unit: a finger moves the content 1:1 (one logical pixel = one
/// point), a wheel click is one notch (`pointsPerNotch`, in steps). Pure: no Xlib calls;
/// `XInput2Connection` feeds it decoded `XI2Event`s.
///
/// Rules (XI2's pitfalls): scroll valuators are absolute, so a delta is the change since the
/// device's last value; the last values are forgotten on leave and device change and taken from
/// the server's current values (`.current`, the device's valuator class info) on enter, so the
/// first delta after an enter counts; with no known value the first motion only records it.
/// Increments are per device and valuator, read from the server's scroll class. A change past
/// the 32-bit integral range is a wrap and is unwrapped. Motion the server emulated from legacy
/// wheel buttons is not counted (SDL reports those buttons). Natural scrolling is already applied
/// by the driver. While a device delivers smooth deltas, SDL's notch events (emulated by the
/// server for core clients from the same motion) are dropped (`dropsNotch`).
///
/// Classification by device: a touchpad's change becomes pixels (`XI2Device.pixelsPerValuatorUnit`)
/// and precise deltas; a wheel's change becomes notches (change / increment); a merged pointer
/// of unknown kind (Xwayland's, which carries the touchpad and the mouse of the Wayland seat) is
/// decided per delta by `MergedPointerClassifier` (a click is exactly one increment).
public struct XInput2ScrollTranslator: Sendable {
    /// Pixels per increment of a touchpad whose driver is not known: libinput's default
    /// "Scrolling Pixel Distance" (15).
    public static let fallbackPixelsPerIncrement = 15.0
    /// Points per precise unit of `InputEvent.wheel` (`InputSettings.pointsPerPreciseUnit`).
    public var pointsPerPreciseUnit: Double
    /// Window units (pixels) per point: a finger's pixels are divided by it (1 px = 1 pt at scale 1).
    public var unitsPerPoint = 1.0
    /// How long after a smooth delta SDL's notch events are taken for its emulation (s).
    public var notchSuppression = 0.25
    public private(set) var devices: [Int32: XI2Device] = [:]
    /// Last absolute value per device and valuator number.
    private var last: [Int32: [Int: Double]] = [:]
    /// Click or finger, per delta, for merged pointers.
    public private(set) var classifier: MergedPointerClassifier
    /// Time of the last smooth scroll motion (nil before any).
    public private(set) var lastSmoothMotion: Double?
    /// The last converted deltas (the log shows them, horizontal ones included).
    public private(set) var lastDelta: XI2ScrollDelta?
    /// Counters for the log and the overlay.
    public private(set) var motionEvents = 0
    public private(set) var emulatedDropped = 0
    public private(set) var resets = 0

    public init(settings: InputSettings = InputSettings()) {
        pointsPerPreciseUnit = settings.pointsPerPreciseUnit
        classifier = MergedPointerClassifier(gestureGap: settings.wheelIdleTimeout)
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
        case let .deviceChanged(id, scroll, values):
            if devices[id] != nil {
                devices[id]?.scroll = scroll
            } else {
                devices[id] = XI2Device(id: id, name: "device \(id)", kind: .wheel, scroll: scroll)
            }
            reset()
            seed(id, values)
            return []
        case let .current(id, values):
            seed(id, values)
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

    /// Takes the server's current values of a device's scroll valuators as the last ones.
    private mutating func seed(_ id: Int32, _ values: [Int: Double]) {
        guard let device = devices[id] else { return }
        for v in device.scroll {
            if let value = values[v.number], value.isFinite { last[id, default: [:]][v.number] = value }
        }
    }

    private mutating func motion(_ id: Int32, _ values: [Int: Double], emulated: Bool, at t: Double) -> [InputEvent] {
        guard let device = devices[id], !device.scroll.isEmpty else { return [] }
        // Changes in increments (SDL's sign: > 0 towards the top / left) and in finger pixels.
        var units = (x: 0.0, y: 0.0), pixels = (x: 0.0, y: 0.0), scrolled = false
        for valuator in device.scroll {
            guard let value = values[valuator.number], value.isFinite else { continue }
            let previous = last[id]?[valuator.number]
            last[id, default: [:]][valuator.number] = value
            if previous != value { scrolled = true }  // unchanged scroll values ride along with pointer motion
            guard let previous, !emulated, valuator.increment != 0 else { continue }
            let change = Self.unwrap(value - previous)
            let u = change / valuator.increment
            guard abs(u) <= 1000 else { continue }  // a jump, not a motion: taken as a reset
            let px =
                device.pixelsPerValuatorUnit.map { change * $0 * (valuator.increment < 0 ? -1 : 1) }
                ?? u * Self.fallbackPixelsPerIncrement
            // Valuators grow downwards / rightwards; SDL's y > 0 (and x < 0) scroll towards the top / left.
            switch valuator.orientation {
            case .vertical: units.y -= u; pixels.y -= px
            case .horizontal: units.x += u; pixels.x += px
            }
        }
        guard scrolled else { return [] }
        if emulated {
            emulatedDropped += 1
            return []
        }
        lastSmoothMotion = t
        guard units.x != 0 || units.y != 0 else { return [] }
        var source = device.kind
        if source == .unknown { source = classifier.classify(units.y != 0 ? units.y : units.x, at: t) }
        let event: InputEvent
        if source == .wheel {
            lastDelta = XI2ScrollDelta(dx: units.x, dy: units.y, precise: false, source: source, at: t)
            event = .wheel(dy: units.y, precise: false, source: .wheel)
        } else {
            let perUnit = pointsPerPreciseUnit * unitsPerPoint
            lastDelta = XI2ScrollDelta(dx: pixels.x / perUnit, dy: pixels.y / perUnit, precise: true, source: source, at: t)
            event = .wheel(dy: pixels.y / perUnit, precise: true, source: source)
        }
        // The scroll view is vertical: horizontal deltas are kept for the overlay only.
        guard units.y != 0 else { return [] }
        return [event].filter(\.isSane)
    }

    /// A change across the 32-bit integral range of XI2's FP3232 valuators, unwrapped.
    static func unwrap(_ delta: Double) -> Double {
        let range = 4_294_967_296.0
        if delta > range / 2 { return delta - range }
        if delta < -range / 2 { return delta + range }
        return delta
    }
}

/// One converted scroll motion: `dy` as SDL's y (> 0 towards the top), `dx` as SDL's x (> 0
/// scrolls right), in precise units (`precise`) or notches.
public struct XI2ScrollDelta: Sendable, Equatable {
    public var dx: Double
    public var dy: Double
    public var precise: Bool
    public var source: WheelSource
    public var at: Double
}
