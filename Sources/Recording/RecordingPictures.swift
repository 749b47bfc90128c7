import Foundation
import Rendering
import Scenes
import ScrollEngine

/// The pictures `overscroll record` writes for people: `plot.png` (offset over time with bands
/// for the refresh states and markers at the scenario's events) and `contact-sheet.png` (see
/// `ContactSheet`). Fed one frame at a time by the recorder; keeps only small thumbnails.
@MainActor
public final class RecordingPictures {
    /// Refresh states shown as bands.
    public static let bandStates = ["pulling", "triggered", "refreshing", "done", "completing"]
    /// Most event markers drawn (a captured session can have thousands of events).
    public static let maxMarkers = 40

    let scenario: Scenario
    let picked: Set<Int>
    /// Per frame: time (s), offset (pt), refresh state (nil when the scene has none), phase.
    private(set) var samples: [(t: Double, offset: Double, state: String?, phase: String)] = []
    /// With `record --compare`: the right-hand pane's offset per frame, and the two physics' names.
    private(set) var compared: [(t: Double, offset: Double)] = []
    private var comparedNames: (String, String)?
    /// Times at which a refresh failed or was cancelled, with the error (the `error` trace field
    /// changing to a new value).
    private(set) var failures: [(t: Double, error: String)] = []
    private var lastError: String?
    private(set) var sheet: ContactSheet?

    /// `contactSheet`: keep thumbnails for the contact sheet (false with `--no-png`).
    public init(scenario: Scenario, contactSheet: Bool) {
        self.scenario = scenario
        picked = contactSheet ? Set(ContactSheet.pick(frameCount: scenario.frameCount)) : []
        if contactSheet {
            sheet = ContactSheet(
                title: "\(scenario.scene) — \(scenario.frameCount) frames at \(LinePlot.label(scenario.fps)) fps,"
                    + " \(ContactSheet.pick(frameCount: scenario.frameCount).count) shown",
                frameSize: scenario.size)
        }
    }

    /// Adds frame `i` at time `t` (s) with its trace fields and its pixels (nil with --no-png).
    public func add(frame i: Int, t: Double, fields: TraceFields, surface: ImageSurface?) throws {
        func field(_ name: String) -> TraceValue? { fields.first { $0.0 == name }?.1 }
        var offset = 0.0
        switch field("offset") {
        case let .double(v)?: offset = v
        case let .int(v)?: offset = Double(v)
        default: break
        }
        var state: String?
        if case let .string(s)? = field("state") { state = s }
        var phase = ""
        if case let .string(s)? = field("phase") { phase = s }
        samples.append((t, offset, state, phase))
        if case let .string(left)? = field("physics"), case let .string(right)? = field("compare") {
            comparedNames = (left, right)
            switch field("compare.offset") {
            case let .double(v)?: compared.append((t, v))
            case let .int(v)?: compared.append((t, Double(v)))
            default: break
            }
        }
        var error: String?
        if case let .string(e)? = field("error") { error = e }
        // Each refresh clears the error when it starts, so every failure is a change to a value.
        if let error, error != lastError { failures.append((t, error)) }
        lastError = error
        guard picked.contains(i), let surface, var s = sheet else { return }
        let size = s.fittedSize(pixelWidth: surface.width, pixelHeight: surface.height)
        let image = try ImagePainter.thumbnail(
            of: surface, width: Int(size.width * PlotWriter.scale), height: Int(size.height * PlotWriter.scale))
        var caption = state ?? phase
        if comparedNames != nil {
            // Both panes' states: "refreshing | idle" (left | right).
            var right = ""
            if case let .string(r)? = field("compare.state") ?? field("compare.phase") { right = r }
            caption += " | " + right
        }
        s.cells.append(.init(frame: i, t: t, state: caption, image: image, imageSize: size))
        sheet = s
    }

    /// The offset plot as a display list description.
    public func plot() -> LinePlot {
        var bands: [LinePlot.Band] = []
        var i = 0
        while i < samples.count {
            guard let state = samples[i].state, Self.bandStates.contains(state), let color = ContactSheet.stateColor(state) else {
                i += 1; continue
            }
            var j = i
            while j + 1 < samples.count, samples[j + 1].state == state { j += 1 }
            let end = j + 1 < samples.count ? samples[j + 1].t : samples[j].t
            bands.append(.init(from: samples[i].t, to: end, color: color.withAlpha(0.16), label: state))
            i = j + 1
        }
        var title = "\(scenario.scene): offset over time"
        var series = [samples.map { ($0.t, $0.offset) }]
        if let (left, right) = comparedNames {
            title += " — \(left) (blue, bands) and \(right) (red)"
            series.append(compared)
        }
        return LinePlot(
            title: title, xLabel: "t (s)", yLabel: "offset (pt)",
            series: series, bands: bands, markers: markers(),
            failures: failures.map { LinePlot.Marker(x: $0.t, label: $0.error) })
    }

    /// Markers at the scenario's events: pointer moves and waits are left out, and repeated
    /// events of one kind within 0.1 s show once.
    func markers() -> [LinePlot.Marker] {
        var out: [LinePlot.Marker] = []
        for e in scenario.events where e.at <= scenario.duration {
            let label: String
            switch e.kind {
            case .down: label = "down"
            case .up: label = "up"
            case .drag: label = "drag"
            case let .wheel(dy, _, _): label = "wheel \(LinePlot.label(dy))"
            case let .touchpad(signal): label = signal.rawValue
            case let .key(k, m): label = ScenarioWriter.keyName(k, m)
            case .resize: label = "resize"
            case let .page(n): label = "page \(n)"
            case .move, .wait: continue
            }
            let kind = label.split(separator: " ").first
            if let last = out.last, last.label.split(separator: " ").first == kind, e.at - last.x < 0.1 { continue }
            out.append(.init(x: e.at, label: label))
        }
        if out.count > Self.maxMarkers {
            let step = Double(out.count) / Double(Self.maxMarkers)
            out = (0..<Self.maxMarkers).map { out[Int(Double($0) * step)] }
        }
        return out
    }

    /// Writes `plot.png` and, when thumbnails were kept, `contact-sheet.png` into `folder`.
    public func write(into folder: URL) throws {
        try PlotWriter.write(plot(), to: folder.appendingPathComponent("plot.png"))
        if let sheet, !sheet.cells.isEmpty {
            try sheet.write(to: folder.appendingPathComponent("contact-sheet.png"))
        }
    }
}
