import Foundation
import Imaging
import Recording
import Rendering
import ScrollCore

/// `overscroll curve KIND …`: prints a simulation as `t<TAB>x<TAB>v` rows and optionally plots it.
@MainActor
enum CurveCommand {
    static let help = """
    usage: overscroll curve KIND [flags]

    Prints a scroll simulation as tab-separated rows with the header `t\tx\tv`, every --dt seconds
    until it is done (or --until), or at the times given by --at. --plot FILE.png draws it.

    kinds and their flags:
      decelerate  --rate R (velocity kept per ms, default 0.998) | --drag D (per second, D = R^1000)
                  --x0 X (pt, default 0) --v0 V (pt/s, default 1000)
      spring      --mass M (1) --stiffness K (100) --damping-ratio Z (1) --from A (pt, 0) --to B (pt, 100) --v0 V (pt/s, 0)
      rubberband  --viewport D (pt, 800) --coefficient C (0.55) --pull X1,X2,… (pt)   prints `pull\tshown`
      fling       --x0 X --v0 V --min A --max B [--rate R | --drag D] [spring flags]
                  deceleration, then the spring from the moment it crosses an edge

    common flags:
      --dt S        sampling step in seconds (default 1/60)
      --at T1,T2,…  sample exactly these times instead
      --until S     stop at this time even if not done (default: when done, at most 60 s)
      --plot FILE   also draw the curve to a PNG (axes, labels)
      --help        this text
    """

    static let valued: Set<String> = ["rate", "drag", "x0", "v0", "mass", "stiffness", "damping-ratio", "from", "to",
                                      "viewport", "coefficient", "pull", "min", "max", "dt", "at", "until", "plot"]
    /// Longest curve printed when no --until is given (s).
    static let maxDuration = 60.0

    static func run(_ argv: [String]) throws -> Int32 {
        let a = try Arguments(argv, command: "curve", valued: valued, booleans: ["help"])
        if a.has("help") || a.positionals.isEmpty { print(help); return a.has("help") ? 0 : 2 }
        guard a.positionals.count == 1 else { throw UsageError(message: "curve: expected one kind, got \(a.positionals.joined(separator: " "))") }
        let kind = a.positionals[0]

        let allowed: [String: Set<String>] = [
            "decelerate": ["rate", "drag", "x0", "v0"],
            "spring": ["mass", "stiffness", "damping-ratio", "from", "to", "v0"],
            "rubberband": ["viewport", "coefficient", "pull"],
            "fling": ["rate", "drag", "x0", "v0", "min", "max", "mass", "stiffness", "damping-ratio"],
        ]
        guard let kindFlags = allowed[kind] else {
            throw UsageError(message: "curve: unknown kind '\(kind)' (decelerate, spring, rubberband, fling)")
        }
        let common: Set<String> = ["dt", "at", "until", "plot"]
        for name in a.values.keys where !kindFlags.contains(name) && !common.contains(name) {
            throw UsageError(message: "curve \(kind): --\(name) does not apply to this kind")
        }

        if kind == "rubberband" { return try rubberband(a) }

        let plotPath = try plotOutput(a)
        let sim = try simulation(kind, a)
        // Rows are streamed as they are computed (a long --until with a small --dt never waits
        // or grows in memory); the plot keeps a bounded, evenly thinned set of points.
        let out = BufferedOutput()
        out.append("t\tx\tv\n")
        var points = ThinnedSeries(limit: 20_000)
        try forEachSampleTime(a, sim) { t in
            let x = sim.position(at: t), v = sim.velocity(at: t)
            out.append("\(fmt(t))\t\(fmt(x))\t\(fmt(v))\n")
            if plotPath != nil { points.add((t, x)) }
        }
        out.flush()
        if let plotPath {
            try writePlot(LinePlot(title: "\(kind)", xLabel: "t (s)", yLabel: "x (pt)", series: [points.points]), to: plotPath)
        }
        return 0
    }

    static func fmt(_ v: Double) -> String { String(format: "%.4f", v == 0 ? 0 : v) }

    static func rate(_ a: Arguments) throws -> Double {
        if a.string("rate") != nil && a.string("drag") != nil { throw UsageError(message: "curve: give --rate or --drag, not both") }
        if let d = try a.double("drag", min: 1e-12, max: 0.999999) { return pow(d, 1.0 / 1000) }
        return try a.double("rate", min: 0.5, max: 0.999999) ?? PhysicsProfile.iOS.decelerationRate
    }

    static func spring(_ a: Arguments) throws -> SpringParameters {
        SpringParameters(mass: try a.double("mass", min: 1e-6, max: 1e6) ?? 1,
                         stiffness: try a.double("stiffness", min: 1e-6, max: 1e7) ?? 100,
                         dampingRatio: try a.double("damping-ratio", min: 0, max: 1000) ?? 1)
    }

    static func simulation(_ kind: String, _ a: Arguments) throws -> any Simulation {
        switch kind {
        case "decelerate":
            return FrictionSimulation(rate: try rate(a), x0: try a.double("x0") ?? 0, v0: try a.double("v0") ?? 1000)
        case "spring":
            let p = try spring(a)
            if p.dampingRatio == 0 && a.string("until") == nil {
                throw UsageError(message: "curve spring: --damping-ratio 0 never settles; give --until")
            }
            return SpringSimulation(p, from: try a.double("from") ?? 0, to: try a.double("to") ?? 100, v0: try a.double("v0") ?? 0)
        default:
            guard let lo = try a.double("min"), let hi = try a.double("max") else {
                throw UsageError(message: "curve fling: --min and --max are required")
            }
            guard hi >= lo else { throw UsageError(message: "curve fling: --max must be ≥ --min") }
            return BouncingSimulation(rate: try rate(a), x0: try a.double("x0") ?? 0, v0: try a.double("v0") ?? 1000,
                                      min: lo, max: hi, spring: try spring(a))
        }
    }

    /// Calls `body` with each sample time: the --at list, or every --dt until done / --until.
    static func forEachSampleTime(_ a: Arguments, _ sim: any Simulation, _ body: (Double) -> Void) throws {
        if let at = try a.doubles("at") {
            guard at.allSatisfy({ $0 >= 0 }) else { throw UsageError(message: "curve: --at times must be ≥ 0") }
            at.forEach(body)
            return
        }
        let dt = try a.double("dt", min: 1e-4, max: 10) ?? 1.0 / 60
        let until = try a.double("until", min: 0, max: 3600)
        var i = 0
        while true {
            let t = Double(i) * dt
            if let until, t > until + 1e-12 { break }
            body(t)
            if until == nil && (sim.isDone(at: t) || t >= maxDuration) { break }
            i += 1
        }
    }

    /// The --plot path, checked before anything is computed.
    static func plotOutput(_ a: Arguments) throws -> String? {
        guard let path = a.string("plot") else { return nil }
        do { try OutputPaths.checkFile(path, flag: "--plot") } catch { throw UsageError(message: "curve: \(error.description)") }
        return path
    }

    static func rubberband(_ a: Arguments) throws -> Int32 {
        let plotPath = try plotOutput(a)
        let d = try a.double("viewport", min: 1, max: 1e6) ?? 800
        let c = try a.double("coefficient", min: 0.001, max: 10) ?? 0.55
        guard let pulls = try a.doubles("pull") else { throw UsageError(message: "curve rubberband: --pull X1,X2,… is required") }
        let band = RubberBand(coefficient: c)
        var out = "pull\tshown\n"
        var points: [(Double, Double)] = []
        for x in pulls {
            let b = band.shown(x, dimension: d)
            out += "\(fmt(x))\t\(fmt(b))\n"
            points.append((x, b))
        }
        StandardStreams.output(out)
        if let plotPath {
            try writePlot(LinePlot(title: "rubber band (d = \(fmt(d)), c = \(fmt(c)))", xLabel: "pull (pt)", yLabel: "shown (pt)", series: [points]), to: plotPath)
        }
        return 0
    }

    @MainActor
    static func writePlot(_ plot: LinePlot, to path: String) throws {
        try PlotWriter.write(plot, to: URL(fileURLWithPath: path))
    }
}
