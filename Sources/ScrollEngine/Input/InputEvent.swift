/// A point in window coordinates (points, origin top-left).
public struct Point: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// A size in points.
public struct Size: Sendable, Equatable, Codable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

/// Keys the app reacts to; everything else is dropped by the adapter.
public enum Key: String, Sendable, Equatable, CaseIterable, Codable {
    case up = "Up", down = "Down", pageUp = "PageUp", pageDown = "PageDown", space = "Space"
    case home = "Home", end = "End", f5 = "F5", escape = "Escape", d = "D", q = "Q", r = "R"
    case digit1 = "1", digit2 = "2", digit3 = "3", digit4 = "4", digit5 = "5", digit6 = "6"
    case digit7 = "7", digit8 = "8", digit9 = "9"
}

/// Modifier state of a key press.
public struct KeyModifiers: OptionSet, Sendable, Equatable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let control = KeyModifiers(rawValue: 1)
    public static let shift = KeyModifiers(rawValue: 2)
}

/// The project's own input vocabulary: what the SDL adapter and the scenario timeline produce.
/// Positions are window points; wheel `dy` > 0 moves content towards the top (as SDL's `y`).
public enum InputEvent: Sendable, Equatable {
    case pointerDown(Point)
    case pointerMove(Point)
    case pointerUp(Point)
    /// `dy` in wheel units: notches (`pointsPerNotch` each) when `precise` is false, precise
    /// units (`pointsPerPreciseUnit` each) when true. Whether a delta is precise comes from the
    /// backend that produced it, never from its value; `source` says what kind of device moved.
    case wheel(dy: Double, precise: Bool, source: WheelSource = .unknown)
    /// The fingers on a touchpad lifted or rest (see `TouchpadSignal`).
    case touchpad(TouchpadSignal)
    case key(Key, KeyModifiers)
    case resize(Size)
    /// Set the pager page programmatically (scenario `page` event).
    case setPage(Int)
    case quit

    /// False for events carrying non-finite or absurd numbers; such events are dropped.
    public var isSane: Bool {
        let limit = 1e6
        func ok(_ v: Double) -> Bool { v.isFinite && abs(v) < limit }
        switch self {
        case let .pointerDown(p), let .pointerMove(p), let .pointerUp(p): return ok(p.x) && ok(p.y)
        case let .wheel(dy, _, _): return ok(dy) && abs(dy) < 1000
        case let .resize(s): return ok(s.width) && ok(s.height) && s.width >= 1 && s.height >= 1
        default: return true
        }
    }
}
