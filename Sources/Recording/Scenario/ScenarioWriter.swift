import Scenes
import ScrollEngine
import Support

/// Serialises a `Scenario` as the JSON that `ScenarioParser` reads back to an equal scenario:
/// every field that differs from its default, then one event per line. Times and coordinates are
/// written in Swift's shortest round-trip form, so a parsed-back event happens at exactly the
/// same second (a captured session replays at its recorded times, not rounded ones).
public enum ScenarioWriter {
    /// The scenario as JSON text (ends with a newline).
    public static func json(_ s: Scenario) -> String {
        let defaults = Scenario()
        var fields: [(String, JSONValue)] = [
            ("scene", .string(s.scene)),
            ("size", pair(s.size.width, s.size.height)),
            ("scale", .number(s.scale)),
            ("fps", .number(s.fps)),
            ("duration", .number(s.duration))
        ]
        if let feel = s.feel { fields.append(("feel", .string(feel))) }
        let o = s.options, d = defaults.options
        if o.rows != d.rows { fields.append(("rows", .number(Double(o.rows)))) }
        if o.theme != d.theme { fields.append(("theme", .string(o.theme.name))) }
        if o.overlay != d.overlay { fields.append(("overlay", .bool(o.overlay))) }
        if o.refresh != d.refresh {
            var refresh: [(String, JSONValue)] = [
                ("duration", .number(o.refresh.duration)),
                ("outcome", .string(o.refresh.outcome.rawValue)),
                ("timeout", .number(o.refresh.timeout)),
                ("newRows", .number(Double(o.refresh.newRows)))
            ]
            // Only when set, so a capture without them is written as before.
            if o.refresh.doneSeconds != d.refresh.doneSeconds { refresh.append(("doneSeconds", .number(o.refresh.doneSeconds))) }
            if let f = o.refresh.triggerFraction { refresh.append(("triggerFraction", .number(f))) }
            fields.append(("refresh", .object(refresh)))
        }
        if let style = o.indicator.style { fields.append(("spinner", .string(style))) }
        if o.indicator.reduceMotion { fields.append(("reduceMotion", .bool(true))) }
        if o.indicator.lottiePath != nil || o.indicator.color != nil || !o.indicator.lottieSegments.isEmpty {
            var kv: [(String, JSONValue)] = []
            if let p = o.indicator.lottiePath { kv.append(("lottie", .string(p))) }
            if let c = o.indicator.color { kv.append(("color", .string(hex(c)))) }
            if !o.indicator.lottieSegments.isEmpty {
                kv.append(
                    (
                        "segments",
                        .object(
                            o.indicator.lottieSegments.named.map { role, choice in
                                switch choice {
                                case let .marker(name): return (role, .string(name))
                                case let .frames(a, b): return (role, .array([.number(Double(a)), .number(Double(b))]))
                                }
                            })
                    ))
            }
            fields.append(("indicator", .object(kv)))
        }
        if let field = physicsField(o, default: d) { fields.append(("physics", field)) }

        var text = "{" + fields.map { JSONWriter.spaced.member($0.0, $0.1.written) }.joined(separator: ", ")
        if s.events.isEmpty {
            text += ", \"events\": []}\n"
        } else {
            text += ",\n \"events\": [\n"
            text += s.events.map { "  " + event($0).text }.joined(separator: ",\n")
            text += "]}\n"
        }
        return text
    }

    /// One timeline entry as a JSON object (`at` first, then its one kind).
    public static func event(_ e: TimedEvent) -> JSONValue {
        let body: (String, JSONValue)
        switch e.kind {
        case let .down(p): body = ("down", pair(p.x, p.y))
        case let .move(p): body = ("move", pair(p.x, p.y))
        case let .up(p): body = ("up", pair(p.x, p.y))
        case let .drag(from, to, duration):
            body = ("drag", .object([("from", pair(from.x, from.y)), ("to", pair(to.x, to.y)), ("duration", .number(duration))]))
        case let .wheel(dy, precise, source):
            body = ("wheel", .object([("dy", .number(dy)), ("precise", .bool(precise)), ("source", .string(source.rawValue))]))
        case let .touchpad(signal): body = ("touchpad", .string(signal.rawValue))
        case let .key(k, m): body = ("key", .string(keyName(k, m)))
        case let .resize(size): body = ("resize", pair(size.width, size.height))
        case let .page(n): body = ("page", .number(Double(n)))
        case let .wait(s): body = ("wait", .number(s))
        }
        return .object([("at", .number(e.at)), body])
    }

    /// `Ctrl+Shift+R`-style key text that `ScenarioParser.parseKey` reads back.
    public static func keyName(_ k: Key, _ m: KeyModifiers) -> String {
        var parts: [String] = []
        if m.contains(.control) { parts.append("Ctrl") }
        if m.contains(.shift) { parts.append("Shift") }
        return (parts + [k.rawValue]).joined(separator: "+")
    }

    /// `#RRGGBB` (alpha is not part of the scenario format).
    static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            let h = String(n, radix: 16, uppercase: true)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + byte(c.r) + byte(c.g) + byte(c.b)
    }

    static func pair(_ a: Double, _ b: Double) -> JSONValue { .array([.number(a), .number(b)]) }

    /// The `physics` field a scenario needs for `o`: none for the default, a profile's name, or the
    /// iOS numbers and the input's when they differ from the defaults.
    static func physicsField(_ o: SceneOptions, default d: SceneOptions) -> JSONValue? {
        guard let ios = o.physics as? PhysicsProfile else { return .string(o.physics.name) }
        if ios == .iOS && o.input == d.input { return nil }
        return physics(ios, o.input)
    }

    static func physics(_ p: PhysicsProfile, _ input: InputSettings) -> JSONValue {
        .object([
            ("decelerationRate", .number(p.decelerationRate)),
            ("rubberBand", .number(p.rubberBand.coefficient)),
            ("mass", .number(p.bounce.mass)),
            ("stiffness", .number(p.bounce.stiffness)),
            ("dampingRatio", .number(p.bounce.dampingRatio)),
            ("wheelIdleTimeout", .number(input.wheelIdleTimeout)),
            ("pointsPerNotch", .number(input.pointsPerNotch))
        ])
    }
}
