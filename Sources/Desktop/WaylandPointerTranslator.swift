import ScrollEngine

/// Turns Wayland pointer frames into the project's input, with the compositor's times. Pure: no
/// libwayland calls; `WaylandPointerConnection` feeds it decoded `WaylandPointerEvent`s.
///
/// Rules (the protocol's): a frame groups what one device did at once; its `axis_source` says
/// what moved, so a wheel and a finger are told apart by the compositor, never by the value.
/// A finger (or a continuous device) scrolls 1:1: one surface pixel is one point at scale 1 (a
/// precise unit of `InputEvent.wheel` is 10 pt, so the delta is pixels / 10 / units per point).
/// A wheel moves by its steps: `axis_value120` / 120 notches (a quarter step of a
/// high-resolution wheel is a quarter notch, 10 pt), or whole `axis_discrete` steps; a wheel
/// frame with neither moves by its pixels, precise. `axis_stop` is the fingers lifting
/// (`TouchpadSignal.lift`); a hold gesture's begin and end are `.hold` and `.release`. Only the
/// vertical axis scrolls.
///
/// Times: the compositor stamps events in milliseconds of its own clock. The session time of a
/// stamp is the stamp plus the smallest (pump time − stamp) seen so far (the delivery with the
/// least delay), kept within the pump's batch: never before `notBefore` (what the session was
/// last advanced to), never after the pump, never before an event already given.
public struct WaylandPointerTranslator: Sendable {
    /// Window units (pixels) per point: a finger's pixels are divided by it.
    public var unitsPerPoint = 1.0
    /// Session seconds minus compositor seconds, from the least-delayed event so far.
    public private(set) var clockOffset: Double?
    private var lastTime = -Double.infinity
    private var source: Int?
    private var value: Double?
    private var discrete: Int?
    private var value120: Int?
    private var stop = false
    private var stamp: UInt32?
    /// Counters for the log.
    public private(set) var frames = 0
    public private(set) var stops = 0

    public init() {}

    /// The events `event` completes, each with its session time; `pump` is when the window read
    /// it, `notBefore` the time the session was last advanced to.
    public mutating func translate(_ event: WaylandPointerEvent, pump: Double, notBefore: Double) -> [(InputEvent, Double)] {
        switch event {
        case .enter, .leave:
            reset()
            return []
        case let .axis(time, axis, v):
            stamp = time
            if axis == 0 { value = (value ?? 0) + v }
        case let .axisSource(s): source = s
        case let .axisStop(time, axis):
            stamp = time
            if axis == 0 { stop = true }
        case let .axisDiscrete(axis, steps): if axis == 0 { discrete = (discrete ?? 0) + steps }
        case let .axisValue120(axis, v): if axis == 0 { value120 = (value120 ?? 0) + v }
        case .frame:
            frames += 1
            defer { reset() }
            return frameEvents().map { ($0, time(of: stamp, pump: pump, notBefore: notBefore)) }
        case let .holdBegin(time, _):
            return [(.touchpad(.hold), self.time(of: time, pump: pump, notBefore: notBefore))]
        case let .holdEnd(time, _):
            return [(.touchpad(.release), self.time(of: time, pump: pump, notBefore: notBefore))]
        }
        return []
    }

    /// The wheel source of `axis_source` (nil when the frame had none: an older seat).
    static func wheelSource(_ s: Int?) -> WheelSource {
        switch s {
        case 0, 3: return .wheel
        case 1, 2: return .touchpad
        default: return .unknown
        }
    }

    private mutating func frameEvents() -> [InputEvent] {
        var out: [InputEvent] = []
        let kind = Self.wheelSource(source)
        if let steps = value120.map({ Double($0) / 120 }) ?? discrete.map(Double.init), steps != 0 {
            out.append(.wheel(dy: -steps, precise: false, source: kind == .unknown ? .wheel : kind))
        } else if let v = value, v != 0 {
            out.append(.wheel(dy: -v / 10 / unitsPerPoint, precise: true, source: kind == .unknown ? .touchpad : kind))
        }
        if stop {
            stops += 1
            out.append(.touchpad(.lift))
        }
        return out.filter(\.isSane)
    }

    private mutating func reset() {
        source = nil; value = nil; discrete = nil; value120 = nil; stop = false; stamp = nil
    }

    private mutating func time(of stamp: UInt32?, pump: Double, notBefore: Double) -> Double {
        var t = pump
        if let stamp {
            let seconds = Double(stamp) / 1000
            let offset = min(clockOffset ?? .infinity, pump - seconds)
            clockOffset = offset
            t = seconds + offset
        }
        t = min(pump, max(t, notBefore, lastTime))
        lastTime = t
        return t
    }
}
