/// The last wheel event as the input controller saw it (the debug overlay shows it).
public struct WheelReading: Sendable, Equatable {
    public var dy: Double
    public var precise: Bool
    public var source: WheelSource
    /// The content offset change it asked for (points; positive = into the content).
    public var points: Double
    /// The rule of the gesture it belongs to (nil when read outside the input controller).
    public var mode: WheelMode?
    public var at: Double

    public init(dy: Double, precise: Bool, source: WheelSource, points: Double, mode: WheelMode? = nil, at: Double) {
        self.dy = dy; self.precise = precise; self.source = source; self.points = points; self.mode = mode; self.at = at
    }
}

/// The last few wheel events of a session, newest last (the debug overlay's input lines).
public struct WheelHistory: Sendable, Equatable {
    public static let capacity = 4
    public private(set) var readings: [WheelReading] = []
    public init() {}

    /// Records `event` if it is a wheel event (`settings` converts it to points).
    public mutating func record(_ event: InputEvent, at t: Double, settings: InputSettings) {
        guard case let .wheel(dy, precise, source) = event else { return }
        let points = -settings.points(wheel: dy, precise: precise)
        readings.append(WheelReading(dy: dy, precise: precise, source: source, points: points, at: t))
        if readings.count > Self.capacity { readings.removeFirst(readings.count - Self.capacity) }
    }

    /// "wheel: touchpad, precise" (with the gesture's rule when known: "→ tracking") and the last
    /// deltas, newest first, in wheel units and in points of offset; "wheel: none yet" before any.
    public func lines(mode: WheelMode? = nil) -> [String] {
        guard let last = readings.last else { return ["wheel: none yet"] }
        func n(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        return [
            "wheel: \(last.source.rawValue), \(last.precise ? "precise" : "notches")" + (mode.map { " → \($0.rawValue)" } ?? ""),
            "dy: " + readings.reversed().map { n($0.dy) }.joined(separator: ", "),
            "pt: " + readings.reversed().map { n($0.points) }.joined(separator: ", ")
        ]
    }
}
