import CommandLineKit
import Scenes
import ScrollEngine

/// Reads scenario JSON, checking every field: unknown fields, wrong types, non-finite or
/// out-of-range numbers are errors naming the field.
public enum ScenarioParser {
    /// Limits that keep a scenario sane.
    public static let maxSide = 8192.0
    public static let maxScale = 4.0
    public static let maxFPS = 240.0
    public static let maxDuration = 3600.0
    public static let maxRows = 100_000_000

    /// Parses a scenario. `physics`: the physics of a scenario without a `physics` field (a suite's
    /// `overscroll.json`), as its JSON value. The field `feel` names a feel file: `loadFeel` reads it
    /// (`ScenarioFile` resolves it against the scenario's folder), and its numbers are set before
    /// every other field, so the scenario's own fields win (and a feel's physics wins over the
    /// suite's); without `loadFeel` the field is an error.
    public static func parse(
        _ text: String, physics physicsDefault: JSONValue? = nil,
        loadFeel: ((String) throws(ScenarioError) -> Feel)? = nil
    ) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw ScenarioError(field: "", reason: "not valid JSON (\(error))") }
        // The text is read again for a location only when a field is wrong.
        do { return try fields(of: root, physics: physicsDefault, loadFeel: loadFeel) } catch { throw error.located(in: text) }
    }

    private static func fields(
        of root: JSONValue, physics physicsDefault: JSONValue?, loadFeel: ((String) throws(ScenarioError) -> Feel)?
    ) throws(ScenarioError) -> Scenario {
        let r = Reader(root, path: "")
        var s = Scenario()
        let known = [
            "scene", "size", "scale", "fps", "duration", "rows", "theme", "overlay", "refresh", "spinner",
            "reduceMotion", "indicator", "physics", "feel", "tuningPanel", "events", "reference"
        ]
        try r.requireObject(known: known)
        if let v = try r.optional("feel") {
            let path = try v.string()
            guard let loadFeel else { throw v.error("a feel file is read only from a scenario file") }
            let feel = try loadFeel(path)
            feel.apply(to: &s.options)
            s.feel = path
            s.feelValues = feel
        }
        if let v = try r.optional("tuningPanel") { s.tuningPanel = try v.bool() }
        if let v = try r.optional("scene") {
            s.scene = try v.string()
            guard SceneCatalog.descriptor(named: s.scene) != nil else { throw v.error(unknownScene(s.scene)) }
        }
        if let v = try r.optional("size") { s.size = try v.size() }
        if let v = try r.optional("scale") { s.scale = try v.number(min: 0.25, max: maxScale) }
        if let v = try r.optional("fps") { s.fps = try v.number(min: 1, max: maxFPS) }
        if let v = try r.optional("duration") { s.duration = try v.number(min: 0, max: maxDuration) }
        if let v = try r.optional("rows") { s.options.rows = try v.integer(min: 0, max: maxRows) }
        if let v = try r.optional("theme") {
            let name = try v.string()
            guard let t = Theme.named(name) else {
                throw v.error("unknown theme '\(name)' (themes: \(Theme.all.map(\.name).joined(separator: ", ")))")
            }
            s.options.theme = t
        }
        if let v = try r.optional("overlay") { s.options.overlay = try v.bool() }
        if let v = try r.optional("refresh") {
            try v.requireObject(known: ["duration", "outcome", "timeout", "newRows", "doneSeconds", "triggerFraction"])
            if let d = try v.optional("duration") { s.options.refresh.duration = try d.number(min: 0, max: maxDuration) }
            if let o = try v.optional("outcome") {
                let name = try o.string()
                guard let out = RefreshBehaviour.Outcome(rawValue: name) else {
                    throw o.error("unknown outcome '\(name)' (success, failure, hang)")
                }
                s.options.refresh.outcome = out
            }
            if let d = try v.optional("timeout") { s.options.refresh.timeout = try d.number(min: 0.001, max: maxDuration) }
            if let d = try v.optional("newRows") { s.options.refresh.newRows = try d.integer(min: 0, max: 1000) }
            if let d = try v.optional("doneSeconds") { s.options.refresh.doneSeconds = try d.number(min: 0, max: 60) }
            if let d = try v.optional("triggerFraction") { s.options.refresh.triggerFraction = try d.number(min: 0.01, max: 1) }
        }
        if let v = try r.optional("spinner") {
            let name = try v.string()
            guard SpinnerStyle.names.contains(name) else {
                throw v.error("unknown spinner '\(name)' (\(SpinnerStyle.names.joined(separator: ", ")))")
            }
            s.options.indicator.style = name
        }
        if let v = try r.optional("reduceMotion") { s.options.indicator.reduceMotion = try v.bool() }
        if let v = try r.optional("indicator") {
            try v.requireObject(known: ["lottie", "color", "segments"])
            if let p = try v.optional("lottie") { s.options.indicator.lottiePath = try p.string() }
            if let g = try v.optional("segments") {
                try g.requireObject(known: ["pull", "loop", "finish"])
                var c = LottieSegmentChoices()
                if let x = try g.optional("pull") { c.pull = try segment(x) }
                if let x = try g.optional("loop") { c.loop = try segment(x) }
                if let x = try g.optional("finish") { c.finish = try segment(x) }
                s.options.indicator.lottieSegments = c
            }
            if let c = try v.optional("color") {
                let text = try c.string()
                guard let color = Color(parsing: text) else { throw c.error("expected a colour like \"#FF8800\", got \"\(text)\"") }
                s.options.indicator.color = color
            }
        }
        if let v = try r.optional("physics") {
            (s.options.physics, s.options.input) = try physics(v)
        } else if s.feel == nil, let d = physicsDefault {
            (s.options.physics, s.options.input) = try physics(Reader(d, path: "physics"))
        }
        if let v = try r.optional("reference") {
            try v.requireObject(known: ["file", "maxRms"])
            guard let f = try v.optional("file"), let m = try v.optional("maxRms") else { throw v.error("needs 'file' and 'maxRms'") }
            let file = try f.string()
            if file.isEmpty { throw f.error("needs a path") }
            s.reference = TraceReference(file: file, maxRms: try m.number(min: 0, max: 1e6))
        }
        try checkFrame(s.size, scale: s.scale, field: "size")
        if let v = try r.optional("events") {
            for e in try v.array() {
                if let snap = try SnapshotParsing.snapshot(e) { s.snapshots.append(snap); continue }
                let timed = try event(e)
                if case let .resize(size) = timed.kind { try checkFrame(size, scale: s.scale, field: "\(e.path).resize") }
                s.events.append(timed)
                s.eventFields.append(e.path)
            }
            try SnapshotParsing.checkUnique(s.snapshots)
        }
        s.options.size = s.size
        return s
    }

    /// The largest side of a frame in pixels (cairo's image surface limit).
    public static let maxPixelSide = 32767
    /// The most pixels in one frame (64 MB of ARGB).
    public static let maxFramePixels = Int(maxSide * maxSide / 4)

    /// One rule for every frame a scenario can produce (`size`, each `resize`, times `scale`):
    /// each side rounds to 1…32767 pixels and the frame holds at most `maxFramePixels` pixels.
    static func checkFrame(_ size: Size, scale: Double, field: String) throws(ScenarioError) {
        let w = Int(exactly: (size.width * scale).rounded()) ?? Int.max, h = Int(exactly: (size.height * scale).rounded()) ?? Int.max
        let shown =
            "\(JSONValue.number(size.width).text)×\(JSONValue.number(size.height).text) pt at scale \(JSONValue.number(scale).text)"
            + " is \(w)×\(h) pixels"
        if w < 1 || h < 1 { throw ScenarioError(field: field, reason: "\(shown): a frame needs at least 1 pixel each way") }
        if w > maxPixelSide || h > maxPixelSide {
            throw ScenarioError(field: field, reason: "\(shown): a side may have at most \(maxPixelSide) pixels")
        }
        if w * h > maxFramePixels {
            throw ScenarioError(field: field, reason: "\(shown): a frame may have at most \(maxFramePixels) pixels")
        }
    }

    /// The `physics` field: a registered profile's name (`"android"`), or an object of the iOS
    /// physics' numbers and two of the input's (wheel gesture end, notch size).
    package static func physics(_ v: Reader) throws(ScenarioError) -> (any ScrollPhysics, InputSettings) {
        if case let .string(name) = v.value {
            guard let physics = PhysicsRegistry.physics(named: name) else { throw v.error(unknownPhysics(name)) }
            return (physics, InputSettings())
        }
        var p = PhysicsProfile.iOS
        var input = InputSettings()
        try v.requireObject(known: [
            "decelerationRate", "rubberBand", "mass", "stiffness", "dampingRatio", "wheelIdleTimeout", "pointsPerNotch"
        ])
        if let x = try v.optional("decelerationRate") { p.decelerationRate = try x.number(min: 0.5, max: 0.99999, exclusive: true) }
        if let x = try v.optional("rubberBand") { p.rubberBand.coefficient = try x.number(min: 0.01, max: 2) }
        if let x = try v.optional("mass") { p.bounce.mass = try x.number(min: 0.001, max: 1000) }
        if let x = try v.optional("stiffness") { p.bounce.stiffness = try x.number(min: 0.001, max: 100_000) }
        if let x = try v.optional("dampingRatio") { p.bounce.dampingRatio = try x.number(min: 0.01, max: 100) }
        if let x = try v.optional("wheelIdleTimeout") { input.wheelIdleTimeout = try x.number(min: 0.001, max: 10) }
        if let x = try v.optional("pointsPerNotch") { input.pointsPerNotch = try x.number(min: 0.1, max: 1000) }
        return (p, input)
    }

    /// The largest frame a segment's `[from, to]` may name.
    public static let maxSegmentFrame = 1_000_000

    /// A Lottie segment: a marker's name (`"spin"`) or composition frames `[from, to]`, both included.
    static func segment(_ v: Reader) throws(ScenarioError) -> LottieSegmentChoice {
        if case let .string(name) = v.value {
            guard !name.isEmpty else { throw v.error("expected a marker name or [from, to] frames, got an empty name") }
            return .marker(name)
        }
        // Both ends through a checked conversion: a number past Int's range is an error, never a trap.
        guard case let .array(items) = v.value, items.count == 2,
            case let .number(a) = items[0], case let .number(b) = items[1],
            let from = Int(exactly: a), let to = Int(exactly: b), (0...maxSegmentFrame).contains(from), (0...maxSegmentFrame).contains(to)
        else {
            throw v.error("expected a marker name or [from, to] whole frames 0…\(maxSegmentFrame)")
        }
        guard from <= to else { throw v.error("frames [\(from), \(to)] run backwards") }
        return .frames(from: from, to: to)
    }

    /// "unknown physics 'andriod' (did you mean 'android'? physics: ios, android, gnome)".
    /// "unknown scene 'coordinater'; did you mean 'coordinator'? (scenes: …)".
    static func unknownScene(_ name: String) -> String {
        let hint = Suggestion.nearest(to: name, in: SceneCatalog.names).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown scene '\(name)'\(hint) (scenes: \(SceneCatalog.names.joined(separator: ", ")))"
    }

    static func unknownPhysics(_ name: String) -> String {
        let names = PhysicsRegistry.names
        let hint = Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'? " } ?? ""
        return "unknown physics '\(name)' (\(hint)physics: \(names.joined(separator: ", ")))"
    }

    static let eventKinds = ["down", "move", "up", "drag", "wheel", "touchpad", "key", "resize", "wait", "page"]

    /// "one kind per event, found key and snapshot".
    static func oneKindPerEvent(_ kinds: [String]) -> String {
        "one kind per event, found \(kinds.dropLast().joined(separator: ", ")) and \(kinds.last ?? "")"
    }

    static func event(_ v: Reader) throws(ScenarioError) -> TimedEvent {
        try v.requireObject(known: ["at"] + eventKinds + ["snapshot"])
        guard let atField = try v.optional("at") else { throw v.error("missing field 'at'") }
        let at = try atField.number(min: 0, max: maxDuration)
        var present: [String] = []
        for k in eventKinds where try v.optional(k) != nil { present.append(k) }
        guard present.count == 1, let kind = present.first, let body = try v.optional(kind) else {
            throw v.error(present.isEmpty ? "needs one of \(eventKinds.joined(separator: ", "))" : oneKindPerEvent(present))
        }
        switch kind {
        case "down": return TimedEvent(at: at, kind: .down(try body.point()))
        case "move": return TimedEvent(at: at, kind: .move(try body.point()))
        case "up": return TimedEvent(at: at, kind: .up(try body.point()))
        case "drag":
            try body.requireObject(known: ["from", "to", "duration"])
            guard let f = try body.optional("from"), let t = try body.optional("to") else { throw body.error("needs 'from' and 'to'") }
            let d = try body.optional("duration")?.number(min: 0.001, max: maxDuration) ?? 0.25
            return TimedEvent(at: at, kind: .drag(from: try f.point(), to: try t.point(), duration: d))
        case "wheel":
            try body.requireObject(known: ["dy", "precise", "source"])
            guard let dyField = try body.optional("dy") else { throw body.error("missing field 'dy'") }
            let dy = try dyField.number(min: -1000, max: 1000)
            let precise = try body.optional("precise")?.bool() ?? (dy != dy.rounded())
            var source = WheelSource.unknown
            if let field = try body.optional("source") {
                let text = try field.string()
                guard let s = WheelSource(rawValue: text) else {
                    throw field.error("unknown source '\(text)' (sources: \(WheelSource.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                source = s
            }
            return TimedEvent(at: at, kind: .wheel(dy: dy, precise: precise, source: source))
        case "touchpad":
            let text = try body.string()
            guard let signal = TouchpadSignal(rawValue: text) else {
                throw body.error(
                    "unknown touchpad signal '\(text)' (signals: \(TouchpadSignal.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return TimedEvent(at: at, kind: .touchpad(signal))
        case "key":
            let text = try body.string()
            guard let (k, m) = parseKey(text) else {
                throw body.error(
                    "unknown key '\(text)' (keys: \(Key.allCases.map(\.rawValue).joined(separator: ", ")), Esc, Ctrl+R, Ctrl+Q)")
            }
            return TimedEvent(at: at, kind: .key(k, m))
        case "resize": return TimedEvent(at: at, kind: .resize(try body.size()))
        case "page": return TimedEvent(at: at, kind: .page(try body.integer(min: 0, max: 1_000_000)))
        default: return TimedEvent(at: at, kind: .wait(try body.number(min: 0, max: maxDuration)))
        }
    }

    /// Parses "End", "F5", "Ctrl+R", "Esc".
    public static func parseKey(_ text: String) -> (Key, KeyModifiers)? {
        var mods: KeyModifiers = []
        var name = Substring(text)
        while let plus = name.firstIndex(of: "+"), plus != name.startIndex {
            let m = name[..<plus].lowercased()
            if m == "ctrl" || m == "control" { mods.insert(.control) } else if m == "shift" { mods.insert(.shift) } else { return nil }
            name = name[name.index(after: plus)...]
        }
        let aliases = ["Esc": Key.escape, "PgUp": .pageUp, "PgDn": .pageDown]
        if let k = aliases[String(name)] { return (k, mods) }
        if let k = Key.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) { return (k, mods) }
        return nil
    }
}

/// A JSON value with its path, for field-named errors.
package struct Reader {
    package let value: JSONValue
    package let path: String
    package init(_ value: JSONValue, path: String) { self.value = value; self.path = path }

    package func error(_ reason: String) -> ScenarioError { ScenarioError(field: path.isEmpty ? "scenario" : path, reason: reason) }

    package func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func requireObject(known: [String]) throws(ScenarioError) {
        guard case let .object(kv) = value else { throw error("expected an object, got \(value.typeName)") }
        if let unknown = kv.first(where: { !known.contains($0.0) }) {
            let hint = Suggestion.nearest(to: unknown.0, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ScenarioError(field: child(unknown.0), reason: "unknown field\(hint) (known: \(known.joined(separator: ", ")))")
        }
    }

    package func optional(_ key: String) throws(ScenarioError) -> Reader? {
        guard case let .object(kv) = value else { throw error("expected an object, got \(value.typeName)") }
        guard let v = kv.first(where: { $0.0 == key })?.1 else { return nil }
        return Reader(v, path: child(key))
    }

    package func string() throws(ScenarioError) -> String {
        guard case let .string(s) = value else { throw error("expected a string, got \(value.typeName)") }
        return s
    }

    package func bool() throws(ScenarioError) -> Bool {
        guard case let .bool(b) = value else { throw error("expected true or false, got \(value.typeName)") }
        return b
    }

    package func number(min lo: Double, max hi: Double, exclusive: Bool = false) throws(ScenarioError) -> Double {
        guard case let .number(n) = value else { throw error("expected a number, got \(value.typeName)") }
        guard n.isFinite, n >= lo, n <= hi, !exclusive || (n > lo && n < hi) else {
            throw error("\(value.text) is out of range (\(JSONValue.number(lo).text)…\(JSONValue.number(hi).text))")
        }
        return n
    }

    package func integer(min lo: Int, max hi: Int) throws(ScenarioError) -> Int {
        let n = try number(min: Double(lo), max: Double(hi))
        guard let whole = Int(exactly: n) else { throw error("expected a whole number, got \(value.text)") }
        return whole
    }

    package func array() throws(ScenarioError) -> [Reader] {
        guard case let .array(a) = value else { throw error("expected an array, got \(value.typeName)") }
        return a.enumerated().map { Reader($0.element, path: "\(path)[\($0.offset)]") }
    }

    package func pair(min lo: Double, max hi: Double) throws(ScenarioError) -> (Double, Double) {
        let a = try array()
        guard a.count == 2 else { throw error("expected [x, y] (two numbers), got \(a.count) values") }
        return (try a[0].number(min: lo, max: hi), try a[1].number(min: lo, max: hi))
    }

    package func point() throws(ScenarioError) -> Point {
        let (x, y) = try pair(min: -ScenarioParser.maxSide, max: ScenarioParser.maxSide)
        return Point(x, y)
    }

    package func size() throws(ScenarioError) -> Size {
        let (w, h) = try pair(min: 1, max: ScenarioParser.maxSide)
        return Size(w, h)
    }
}
