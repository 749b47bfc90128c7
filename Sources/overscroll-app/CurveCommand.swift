import CommandLineKit
import Foundation
import Recording
import ScrollEngine
import Support

/// `overscroll curve KIND …`: prints a simulation as `t<TAB>x<TAB>v` rows and optionally plots it.
@MainActor
enum CurveCommand {
    /// `curve fling`'s bounds when none are given: a list's scroll range, from the top to the end
    /// of 200 rows of 60 pt seen through an 844 pt window (12,000 − 844 pt).
    nonisolated static let defaultMin = 0.0
    nonisolated static let defaultMax = 200 * 60.0 - 844
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let rate = Option.number(
            "rate", value: "R", in: 0.5...0.999999, help: "velocity kept per millisecond",
            default: PhysicsProfile.iOS.decelerationRate)
        let drag = Option.number("drag", value: "D", in: 1e-12...0.999999, help: "velocity kept per second, D = R^1000; instead of --rate")
        let x0 = Option.number("x0", value: "X", help: "start position, pt", default: 0)
        let v0 = Option.number("v0", value: "V", help: "start velocity, pt/s", defaultText: "1000; spring: 0")
        let mass = Option.number("mass", value: "M", in: 1e-6...1e6, help: "spring mass", default: 1)
        let stiffness = Option.number("stiffness", value: "K", in: 1e-6...1e7, help: "spring stiffness", default: 100)
        let dampingRatio = Option.number("damping-ratio", value: "Z", in: 0...1000, help: "spring damping ratio, 1 = critical", default: 1)
        let from = Option.number("from", value: "A", help: "spring start, pt", default: 0)
        let to = Option.number("to", value: "B", help: "spring rest position, pt", default: 100)
        let viewport = Option.number("viewport", value: "D", in: 1...1e6, help: "viewport dimension, pt", default: 800)
        let coefficient = Option.number("coefficient", value: "C", in: 0.001...10, help: "rubber-band coefficient", default: 0.55)
        let pull = Option.numbers("pull", value: "X1,X2,…", help: "pull distances, pt (required)")
        let min = Option.number("min", value: "A", help: "smallest offset, pt", default: CurveCommand.defaultMin)
        let max = Option.number(
            "max", value: "B", help: "largest offset, pt (default: a list of 200 rows of 60 pt in an 844 pt window)",
            default: CurveCommand.defaultMax)
        let dt = Option.number("dt", value: "S", in: 1e-4...10, help: "sampling step in seconds", default: 1.0 / 60, defaultText: "1/60")
        let at = Option.numbers("at", value: "T1,T2,…", help: "sample exactly these times instead")
        let until = Option.number(
            "until", value: "S", in: 0...3600, help: "stop at this time even if not done",
            defaultText: "when done, at most \(NumberText.format(maxDuration)) s")
        let plot = Option.string("plot", value: "FILE", help: "also draw the curve to a PNG (axes, labels)")
        let physics = Option.choice(
            "physics", value: "NAME", PhysicsRegistry.names,
            help: "fling, edge, wheel: this profile's (fling: not --rate, the spring)",
            ignoringCase: true)
        let compare = Option.choice(
            "compare", value: "NAME", PhysicsRegistry.names,
            help: "fling, edge, wheel: also this profile's, in more columns and on the plot",
            ignoringCase: true)
        let step = Option.number(
            "step", value: "S", in: -1e6...1e6, help: "wheel: the notch's distance, pt",
            default: InputSettings().pointsPerNotch)
        let duration = Option.number(
            "duration", value: "S", in: 0...10, help: "wheel: the notch's ease, s",
            default: WheelRules().stepDuration)
    }
    nonisolated static let flags = Flags()

    /// The options of each kind; `common` apply to every kind.
    nonisolated static let kinds: [(name: String, options: [String])] = {
        let f = flags
        return [
            ("decelerate", [f.rate.name, f.drag.name, f.x0.name, f.v0.name]),
            ("spring", [f.mass.name, f.stiffness.name, f.dampingRatio.name, f.from.name, f.to.name, f.v0.name]),
            ("rubberband", [f.viewport.name, f.coefficient.name, f.pull.name]),
            (
                "fling",
                [
                    f.x0.name, f.v0.name, f.min.name, f.max.name, f.rate.name, f.drag.name, f.mass.name, f.stiffness.name,
                    f.dampingRatio.name,
                    f.physics.name, f.compare.name, f.viewport.name
                ]
            ),
            ("edge", [f.physics.name, f.compare.name, f.viewport.name, f.pull.name]),
            ("wheel", [f.physics.name, f.compare.name, f.x0.name, f.step.name, f.duration.name])
        ]
    }()
    nonisolated static let common = [flags.dt.name, flags.at.name, flags.until.name, flags.plot.name]

    nonisolated static let spec: CommandSpec = {
        // One line per kind, its flags wrapped under each other to stay within 100 columns.
        let table = kinds.map { kind -> String in
            var lines: [String] = [], line = ""
            for flag in kind.options.map({ "--" + $0 }) {
                if !line.isEmpty && line.count + 1 + flag.count > 84 { lines.append(line); line = "" }
                line += line.isEmpty ? flag : " " + flag
            }
            lines.append(line)
            let indent = String(repeating: " ", count: 14)
            return "  \(kind.name.padding(toLength: 12, withPad: " ", startingAt: 0))" + lines.joined(separator: "\n" + indent)
        }
        return CommandSpec(
            "overscroll curve",
            about: """
                Prints a scroll simulation as tab-separated rows with the header `t\tx\tv`, every --dt seconds
                until it is done (or --until), or at the times given by --at. --plot FILE.png draws it.

                kinds:
                  decelerate  deceleration from --x0 at --v0, by --rate per ms (or --drag per second)
                  spring      a spring from --from to --to, starting at --v0
                  rubberband  how far content pulled by each --pull distance shows; prints `pull\tshown`
                  fling       deceleration, then the spring from the moment it crosses --min or --max;
                              with --physics NAME, that profile's release (ios, android, gnome) in a
                              viewport of --viewport points; with --compare NAME, that profile's too
                              (columns x_NAME, v_NAME; both on the --plot)
                  edge        a drag past the top edge under --physics NAME (default ios) in a viewport of
                              --viewport points: for each --pull distance of the finger, the offset shown
                              past the edge, the stretch's vertical scale and how far the content's far
                              end moved (shown + (scale - 1) * viewport); prints `pull\tshown\tscale\tmoved`
                  wheel       one wheel notch of --step points from --x0 as --physics NAME (default ios)
                              eases it over --duration s
                with --compare NAME (fling, edge, wheel), that profile's too: more columns named
                `_NAME`, both on the --plot
                """,
            positionals: [Positional("KIND", choices: kinds.map(\.name))],
            options: flags,
            epilogue: "\nflags of each kind (and \(common.map { "--" + $0 }.joined(separator: ", ")) for all):\n"
                + table.joined(separator: "\n"))
    }()

    /// Longest curve printed when no --until is given (s).
    nonisolated static let maxDuration = 60.0

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.isEmpty { StandardStreams.output(spec.help); return 2 }
        guard let a = try spec.read(argv) else { return 0 }
        let kind = a.positionals[0]
        let kindFlags = kinds.first { $0.name == kind }?.options ?? []
        for name in a.given where !kindFlags.contains(name) && !common.contains(name) {
            throw UsageError(message: "curve \(kind): --\(name) does not apply to this kind")
        }

        if kind == "rubberband" { return try rubberband(a) }
        if kind == "edge" { return try edge(a) }

        let plotPath = try plotOutput(a)
        let sim = try simulation(kind, a)
        if let name = a.value(flags.compare), let other = PhysicsRegistry.physics(named: name) {
            let second =
                kind == "wheel"
                ? wheelStep(other, a)
                : fling(other, a, min: a.value(flags.min) ?? Self.defaultMin, max: a.value(flags.max) ?? Self.defaultMax)
            return try compared(a, kind: kind, sim, second, named: other.name, plotPath: plotPath)
        }
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

    static func rate(_ a: ParsedArguments) throws -> Double {
        if a.has(flags.rate) && a.has(flags.drag) { throw UsageError(message: "curve: give --rate or --drag, not both") }
        if let d = a.value(flags.drag) { return pow(d, 1.0 / 1000) }
        return a.value(flags.rate) ?? PhysicsProfile.iOS.decelerationRate
    }

    static func spring(_ a: ParsedArguments) -> SpringParameters {
        SpringParameters(
            mass: a.value(flags.mass) ?? 1, stiffness: a.value(flags.stiffness) ?? 100, dampingRatio: a.value(flags.dampingRatio) ?? 1)
    }

    static func simulation(_ kind: String, _ a: ParsedArguments) throws -> any Simulation {
        switch kind {
        case "decelerate":
            return FrictionSimulation(rate: try rate(a), x0: a.value(flags.x0) ?? 0, v0: a.value(flags.v0) ?? 1000)
        case "spring":
            let p = spring(a)
            if p.dampingRatio == 0 && !a.has(flags.until) {
                throw UsageError(message: "curve spring: --damping-ratio 0 never settles; give --until")
            }
            return SpringSimulation(p, from: a.value(flags.from) ?? 0, to: a.value(flags.to) ?? 100, v0: a.value(flags.v0) ?? 0)
        case "wheel":
            return wheelStep(chosenPhysics(a), a)
        default:
            let lo = a.value(flags.min) ?? Self.defaultMin, hi = a.value(flags.max) ?? Self.defaultMax
            guard hi >= lo else { throw UsageError(message: "curve fling: --max must be ≥ --min") }
            if let name = a.value(flags.physics), let physics = PhysicsRegistry.physics(named: name) {
                let tuned = [flags.rate, flags.drag, flags.mass, flags.stiffness, flags.dampingRatio].filter { a.has($0) }
                if let first = tuned.first {
                    throw UsageError(message: "curve fling: --\(first.name) is the ios numbers; not with --physics")
                }
                return fling(physics, a, min: lo, max: hi)
            }
            return BouncingSimulation(
                rate: try rate(a), x0: a.value(flags.x0) ?? 0, v0: a.value(flags.v0) ?? 1000,
                min: lo, max: hi, spring: spring(a))
        }
    }

    /// `physics`' release from --x0 at --v0 between `lo` and `hi` (at rest when it makes none).
    static func fling(_ physics: any ScrollPhysics, _ a: ParsedArguments, min lo: Double, max hi: Double) -> any Simulation {
        let release = Release(
            offset: a.value(flags.x0) ?? 0, velocity: a.value(flags.v0) ?? 1000,
            bounds: ScrollBounds(minOffset: lo, maxOffset: hi, viewportHeight: a.value(flags.viewport) ?? 800))
        return physics.ballisticSimulation(after: release)
            ?? EasingSimulation(from: release.offset, to: release.offset, duration: 0, curve: .easeOutCubic)
    }

    /// `curve fling|wheel --compare NAME`: the first motion and NAME's side by side, sampled
    /// until both are done; the plot draws both.
    static func compared(
        _ a: ParsedArguments, kind: String, _ first: any Simulation, _ second: any Simulation, named otherName: String,
        plotPath: String?
    ) throws -> Int32 {
        let firstName = a.value(flags.physics)?.lowercased() ?? PhysicsRegistry.defaultName
        let out = BufferedOutput()
        out.append("t\tx\tv\tx_\(otherName)\tv_\(otherName)\n")
        var points = ThinnedSeries(limit: 20_000), otherPoints = ThinnedSeries(limit: 20_000)
        try forEachSampleTime(a, BothSimulations(first: first, second: second)) { t in
            let columns = [t, first.position(at: t), first.velocity(at: t), second.position(at: t), second.velocity(at: t)]
            out.append(columns.map(fmt).joined(separator: "\t") + "\n")
            if plotPath != nil {
                points.add((t, first.position(at: t)))
                otherPoints.add((t, second.position(at: t)))
            }
        }
        out.flush()
        if let plotPath {
            try writePlot(
                LinePlot(
                    title: "\(kind): \(firstName) (blue) and \(otherName) (red)", xLabel: "t (s)", yLabel: "x (pt)",
                    series: [points.points, otherPoints.points]), to: plotPath)
        }
        return 0
    }

    /// Two simulations sampled together: done when both are.
    struct BothSimulations: Simulation {
        let first: any Simulation
        let second: any Simulation
        func position(at t: Double) -> Double { first.position(at: t) }
        func velocity(at t: Double) -> Double { first.velocity(at: t) }
        func isDone(at t: Double) -> Bool { first.isDone(at: t) && second.isDone(at: t) }
        var finalPosition: Double { first.finalPosition }
    }

    /// Calls `body` with each sample time: the --at list, or every --dt until done / --until.
    static func forEachSampleTime(_ a: ParsedArguments, _ sim: any Simulation, _ body: (Double) -> Void) throws {
        if let at = a.value(flags.at) {
            guard at.allSatisfy({ $0 >= 0 }) else { throw UsageError(message: "curve: --at times must be ≥ 0") }
            at.forEach(body)
            return
        }
        let dt = a.value(flags.dt) ?? 1.0 / 60
        let until = a.value(flags.until)
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
    static func plotOutput(_ a: ParsedArguments) throws -> String? {
        guard let path = a.value(flags.plot) else { return nil }
        do { try OutputPaths.checkFile(path, flag: "--plot") } catch { throw UsageError(message: "curve: \(error.description)") }
        return path
    }

    static func rubberband(_ a: ParsedArguments) throws -> Int32 {
        let plotPath = try plotOutput(a)
        let d = a.value(flags.viewport) ?? 800
        let c = a.value(flags.coefficient) ?? 0.55
        guard let pulls = a.value(flags.pull) else { throw UsageError(message: "curve rubberband: --pull X1,X2,… is required") }
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
            try writePlot(
                LinePlot(title: "rubber band (d = \(fmt(d)), c = \(fmt(c)))", xLabel: "pull (pt)", yLabel: "shown (pt)", series: [points]),
                to: plotPath)
        }
        return 0
    }

    @MainActor
    static func writePlot(_ plot: LinePlot, to path: String) throws {
        try PlotWriter.write(plot, to: URL(fileURLWithPath: path))
    }
}
