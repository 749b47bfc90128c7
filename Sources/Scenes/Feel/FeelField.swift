import ScrollEngine

/// A value of one feel field: a number or a name.
public enum FeelValue: Sendable, Equatable {
    case number(Double)
    case text(String)
}

/// One field of the feel file, declared once (`FeelFields.all`): its dotted name (the JSON path,
/// `coordinator.triggerDistance`), unit, what it accepts, a line of help, the physics profiles it
/// belongs to (nil: every profile), and how it reads and writes a `Feel`. The parser, the
/// printed default file (`overscroll feel`), the README's table and the tuning panel are all
/// made from these declarations: adding a field is one more `FeelField` in the table.
public struct FeelField: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A finite number in `range` (`exclusive`: the ends themselves are refused);
        /// `step` is the tuning panel's coarse step.
        case number(ClosedRange<Double>, exclusive: Bool, step: Double)
        /// One of these names.
        case choice([String])
        /// Any string (a path); empty means the default.
        case text
        /// A Lottie segment: a marker's name or composition frames `A-B` (`LottieSegmentChoice`);
        /// empty means none (the whole file).
        case segment
    }

    public let name: String
    public let unit: String
    public let kind: Kind
    public let help: String
    /// The physics profiles the field belongs to; nil: it applies whatever the profile.
    public let profiles: [String]?
    /// A number field's value that switches it off, taken besides `range` (the trigger fraction's 0).
    public let off: Double?
    public let get: @Sendable (Feel) -> FeelValue
    public let set: @Sendable (inout Feel, FeelValue) -> Void

    public init(
        _ name: String, unit: String = "", kind: Kind, help: String, profiles: [String]? = nil, off: Double? = nil,
        get: @escaping @Sendable (Feel) -> FeelValue, set: @escaping @Sendable (inout Feel, FeelValue) -> Void
    ) {
        self.name = name
        self.unit = unit
        self.kind = kind
        self.help = help
        self.profiles = profiles
        self.off = off
        self.get = get
        self.set = set
    }

    /// A number field read and written through `keyPath`.
    public static func number(
        _ name: String, unit: String, in range: ClosedRange<Double>, exclusive: Bool = false, step: Double,
        help: String, profiles: [String]? = nil, off: Double? = nil,
        _ keyPath: WritableKeyPath<Feel, Double> & Sendable
    ) -> FeelField {
        FeelField(
            name, unit: unit, kind: .number(range, exclusive: exclusive, step: step), help: help, profiles: profiles, off: off,
            get: { .number($0[keyPath: keyPath]) },
            set: { feel, value in if case let .number(x) = value { feel[keyPath: keyPath] = x } })
    }

    /// A name field (one of `choices`, or any text when `choices` is nil) read and written through `keyPath`.
    public static func name(
        _ name: String, choices: [String]?, help: String,
        _ keyPath: WritableKeyPath<Feel, String> & Sendable
    ) -> FeelField {
        FeelField(
            name, kind: choices.map { .choice($0) } ?? .text, help: help,
            get: { .text($0[keyPath: keyPath]) },
            set: { feel, value in if case let .text(x) = value { feel[keyPath: keyPath] = x } })
    }

    /// A Lottie segment field read and written through `keyPath`: the text of `LottieSegmentChoice`
    /// (a marker's name, or `A-B`), empty for none.
    public static func segment(
        _ name: String, help: String,
        _ keyPath: WritableKeyPath<Feel, LottieSegmentChoice?> & Sendable
    ) -> FeelField {
        FeelField(
            name, kind: .segment, help: help,
            get: { .text($0[keyPath: keyPath].map(spelled) ?? "") },
            set: { feel, value in if case let .text(x) = value { feel[keyPath: keyPath] = LottieSegmentChoice(parsing: x) } })
    }

    /// A segment as a feel file writes it: the marker's name, or `A-B`.
    public static func spelled(_ choice: LottieSegmentChoice) -> String {
        switch choice {
        case let .marker(name): return name
        case let .frames(from, to): return "\(from)-\(to)"
        }
    }

    /// The JSON path's parts: the section (`coordinator`) and the key (`triggerDistance`).
    public var path: [String] { name.split(separator: ".").map(String.init) }

    /// True when the field belongs to the profile `physics`.
    public func applies(to physics: String) -> Bool { profiles.map { $0.contains(physics) } ?? true }

    /// The reason `value` is refused, or nil when the field takes it.
    public func problem(with value: FeelValue) -> String? {
        switch (kind, value) {
        case let (.number(range, exclusive, _), .number(x)):
            guard x.isFinite else { return "expected a finite number" }
            if x == off { return nil }
            let inside = exclusive ? (x > range.lowerBound && x < range.upperBound) : range.contains(x)
            if inside { return nil }
            let ends = "\(FeelText.number(range.lowerBound))…\(FeelText.number(range.upperBound))"
            let orOff = off.map { " or \(FeelText.number($0)) for off" } ?? ""
            return "\(FeelText.number(x)) is out of range (\(exclusive ? "between" : "from")"
                + " \(ends)\(exclusive ? ", ends excluded" : "")\(orOff))"
        case (.number, .text): return "expected a number"
        case let (.choice(names), .text(s)):
            return names.contains(s) ? nil : "unknown value '\(s)' (\(names.joined(separator: ", ")))"
        case (.choice, .number), (.text, .number), (.segment, .number): return "expected a string"
        case (.text, .text): return nil
        case let (.segment, .text(s)):
            return s.isEmpty || LottieSegmentChoice(parsing: s) != nil ? nil : "'\(s)' is not a marker name or frames A-B (A ≤ B)"
        }
    }

    /// The value with `delta` coarse steps added (fine: a tenth of a step), kept in range; a
    /// choice moves to the next or previous name. A field with an `off` value steps from it to
    /// the low end of its range, and from the low end down to it.
    public func stepped(_ value: FeelValue, by delta: Double) -> FeelValue {
        switch (kind, value) {
        case let (.number(range, _, _), .number(x)) where off != nil && x == off:
            return delta > 0 ? .number(range.lowerBound) : value
        case let (.number(range, _, _), .number(x)) where off != nil && delta < 0 && x <= range.lowerBound:
            return .number(off ?? x)
        case let (.number(range, exclusive, step), .number(x)):
            let y = Self.onGrid(x + delta * step, unit: step / 10)
            let low = exclusive ? range.lowerBound + step / 100 : range.lowerBound
            let high = exclusive ? range.upperBound - step / 100 : range.upperBound
            return .number(min(max(y, low), high))
        case let (.choice(names), .text(s)):
            guard !names.isEmpty else { return value }
            let i = names.firstIndex(of: s) ?? 0
            let n = names.count
            return .text(names[((i + (delta > 0 ? 1 : -1)) % n + n) % n])
        default: return value
        }
    }

    /// `x` rounded to a multiple of `unit`, as the nearest double to the decimal a person would
    /// write: 19682 × 0.00005 is 0.9841000000000001, 19682 ÷ 20000 is 0.9841 (a feel file then
    /// saves the number at the field's precision).
    static func onGrid(_ x: Double, unit: Double) -> Double {
        let k = (x / unit).rounded()
        let perUnit = (1 / unit).rounded()
        return unit < 1 && abs(perUnit * unit - 1) < 1e-9 ? k / perUnit : k * unit
    }
}
