import CommandLineKit
import Imaging
import Support

/// The `compare` command line, shared by the small `overscroll` front and `overscroll-app`:
/// its declared options, parsing, and the run that turns a `CompareReport` into output and an
/// exit status. Side effects go through the two output closures so the executable decides where
/// text goes.
public enum CompareCommandLine {
    /// A parsed command line.
    public struct Invocation: Sendable, Equatable {
        public var expected: String
        public var actual: String
        public var options: CompareOptions
        /// Print the JSON object instead of text.
        public var json: Bool
    }

    /// A bad command line, described in one line naming the flag or argument.
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Result of parsing: run a comparison, or print the usage.
    public enum Parsed: Sendable, Equatable {
        case run(Invocation)
        case help
    }

    static let defaults = PixelmatchOptions()

    /// The options, one declaration each (`verify` and `test` take the tolerance ones too).
    public struct Flags: OptionGroup {
        public let threshold = Option.number(
            "threshold", value: "T", in: 0...1, help: "matching threshold, smaller is more sensitive",
            default: defaults.threshold)
        public let includeAA = Option.flag("include-aa", help: "count anti-aliased pixels as differences")
        let alpha = Option.number(
            "alpha", value: "A", in: 0...1, help: "opacity of the expected image in diff images",
            default: defaults.alpha)
        let diffColor = color("diff-color", help: "colour of differing pixels", default: defaults.diffColor)
        let diffColorAlt = color(
            "diff-color-alt", help: "colour of differing pixels where ACTUAL is darker", default: nil,
            annotation: "default: --diff-color")
        let aaColor = color("aa-color", help: "colour of anti-aliased pixels", default: defaults.aaColor)
        let diffMask = Option.flag("diff-mask", help: "draw diff images over transparency, differing pixels only")
        /// `compare`, `verify` and `test` (per frame or per snapshot): declared once, here.
        public let maxDiffPixels = Option.integer(
            "max-diff-pixels", value: "N", in: 0...Int(Int32.max),
            help: "allow up to N differing pixels per frame or snapshot", defaultText: "0")
        public let maxDiffRatio = Option.number(
            "max-diff-ratio", value: "R", in: 0...1,
            help: "allow up to this ratio of differing pixels per frame or\nsnapshot; with --max-diff-pixels too, both limits apply")
        let maxPixels = Option.integer(
            "max-pixels", value: "N", in: 1...Int.max,
            help: "refuse images of more than N pixels (width × height)", default: PNGDecoder.defaultMaxPixels)
        let diff = Option.string(
            "diff", value: "DIR|FILE", help: "write diff images of frames with differing pixels",
            allowEmpty: false)
        let report = Option.string(
            "report", value: "DIR", help: "write an HTML report (index.html and images/) to DIR",
            allowEmpty: false)
        let json = Option.flag("json", help: "print {\"frames\": […], \"passed\": n, \"failed\": m} instead of text")

        /// Every option above, in order, listed by hand: reflection was most of the time from
        /// `main` to reading the files (0.6 ms in a profile; about 0.1 ms of wall time per run
        /// measured end to end). `CompareCommandLineTests` checks this list against the
        /// declarations (`reflectedOptionSpecs`).
        public var optionSpecs: [OptionSpec] {
            let declared: [any OptionDeclaration] = [
                threshold, includeAA, alpha, diffColor, diffColorAlt, aaColor, diffMask, maxDiffPixels, maxDiffRatio,
                maxPixels, diff, report, json
            ]
            return declared.map(\.spec)
        }
    }
    public static let flags = Flags()

    /// `R,G,B` with each component 0…255.
    static func color(_ name: String, help: String, default value: RGBColor?, annotation: String? = nil) -> Option<RGBColor> {
        Option.custom(
            name, value: "R,G,B", help: help, expects: "R,G,B with each 0…255", default: value,
            annotation: annotation ?? value.map { "default \($0)" }
        ) { text in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { UInt8(String($0.filter { $0 != " " })) }
            guard parts.count == 3, numbers.count == 3 else { return nil }
            return RGBColor(numbers[0], numbers[1], numbers[2])
        }
    }

    public static let spec = CommandSpec(
        "overscroll compare",
        about: """
            Compares two PNG files, or two folders of PNG frames matched by file name.
            Exit status: 0 all frames match, 1 a frame differs beyond tolerance, 2 error.
            """,
        positionals: [Positional("EXPECTED"), Positional("ACTUAL")],
        options: flags)

    public static var usage: String { spec.help }

    /// Parses the arguments that follow `compare`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        let a: ParsedArguments
        do {
            guard case .run(let parsed) = try spec.parse(arguments) else { return .help }
            a = parsed
        } catch {
            throw UsageError(description: error.message)
        }
        let f = flags
        var options = CompareOptions()
        options.pixelmatch.threshold = a.value(f.threshold) ?? defaults.threshold
        options.pixelmatch.includeAA = a[f.includeAA]
        options.pixelmatch.alpha = a.value(f.alpha) ?? defaults.alpha
        options.pixelmatch.diffColor = a.value(f.diffColor) ?? defaults.diffColor
        options.pixelmatch.diffColorAlt = a.value(f.diffColorAlt)
        options.pixelmatch.aaColor = a.value(f.aaColor) ?? defaults.aaColor
        options.pixelmatch.diffMask = a[f.diffMask]
        options.maxDiffPixels = a.value(f.maxDiffPixels)
        options.maxDiffRatio = a.value(f.maxDiffRatio)
        options.maxPixels = a.value(f.maxPixels) ?? PNGDecoder.defaultMaxPixels
        options.diffPath = a.value(f.diff)
        options.reportDirectory = a.value(f.report)
        return .run(Invocation(expected: a.positionals[0], actual: a.positionals[1], options: options, json: a[f.json]))
    }

    /// Refuses outputs that are, contain or lie inside EXPECTED or ACTUAL, and outputs that are
    /// not regular files or new paths.
    public static func checkOutputs(_ invocation: Invocation) throws(OutputPaths.Refusal) {
        let inputs = [(path: invocation.expected, what: "EXPECTED"), (path: invocation.actual, what: "ACTUAL")]
        if let diff = invocation.options.diffPath {
            if OutputPaths.kind(of: invocation.expected) == .folder {
                try OutputPaths.checkFolder(diff, flag: "--diff")
            } else {
                try OutputPaths.checkFile(diff, flag: "--diff")
            }
            try OutputPaths.refuseOverlap(output: diff, flag: "--diff", inputs: inputs)
        }
        if let report = invocation.options.reportDirectory {
            try OutputPaths.checkFolder(report, flag: "--report")
            var others = inputs
            if let diff = invocation.options.diffPath { others.append((diff, "the --diff output")) }
            try OutputPaths.refuseOverlap(output: report, flag: "--report", inputs: others)
        }
    }

    /// Parses, runs and reports; returns the exit status (0 match, 1 mismatch, 2 error or bad
    /// usage). Errors go to `standardError` as `overscroll compare: error: …` lines.
    public static func run(
        _ arguments: [String], standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        let parsed: Parsed
        do {
            parsed = try parse(arguments)
        } catch {
            standardError("overscroll compare: error: \(error.description)\n")
            return 2
        }
        switch parsed {
        case .help:
            standardOutput(usage)
            return 0
        case .run(let invocation):
            do {
                try checkOutputs(invocation)
            } catch {
                standardError("overscroll compare: error: \(error.description)\n")
                return 2
            }
            let report = CompareRunner.run(
                expected: invocation.expected, actual: invocation.actual,
                options: invocation.options)
            if report.errors.isEmpty {
                standardOutput(invocation.json ? report.json : report.text)
            } else {
                for message in report.errors { standardError("overscroll compare: error: \(message)\n") }
                if invocation.json { standardOutput(report.json) }
            }
            return report.exitCode
        }
    }

    /// `run` on the process's standard output and standard error.
    public static func main(_ arguments: [String]) -> Int32 {
        run(arguments, standardOutput: { StandardStreams.output($0) }, standardError: StandardStreams.error)
    }
}
