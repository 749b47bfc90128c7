/// The `overscroll compare` command line: flag parsing, usage text and the run that turns a
/// `CompareReport` into output and an exit status. Side effects go through the two output
/// closures so the executable decides where text goes.
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

    public static let usage = """
    usage: overscroll compare EXPECTED ACTUAL [options]

    Compares two PNG files, or two folders of PNG frames matched by file name.
    Exit status: 0 all frames match, 1 a frame differs beyond tolerance, 2 error.

    options:
      --threshold T          matching threshold 0…1, smaller is more sensitive (default 0.1)
      --include-aa           count anti-aliased pixels as differences
      --alpha A              opacity 0…1 of the expected image in diff images (default 0.1)
      --diff-color R,G,B     colour of differing pixels (default 255,0,0)
      --diff-color-alt R,G,B colour of differing pixels where ACTUAL is darker (default: --diff-color)
      --aa-color R,G,B       colour of anti-aliased pixels (default 255,255,0)
      --diff-mask            draw diff images over transparency, differing pixels only
      --max-diff-pixels N    allow up to N differing pixels per frame (default 0)
      --max-diff-ratio R     allow up to this ratio 0…1 of differing pixels per frame;
                             with --max-diff-pixels too, both limits apply
      --max-pixels N         refuse images of more than N pixels (width × height; default 100000000)
      --diff DIR|FILE        write diff images of frames with differing pixels
      --report DIR           write an HTML report (index.html and images/) to DIR
      --json                 print {"frames": […], "passed": n, "failed": m} instead of text
      --help                 show this help

    """

    /// Parses the arguments that follow `compare`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var positionals: [String] = []
        var options = CompareOptions()
        var json = false
        var index = 0
        var onlyPositionals = false

        func fail(_ message: String) -> UsageError { UsageError(description: message) }

        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw fail("\(argument) needs a value") }
                index += 1
                return arguments[index - 1]
            }
            func unit(_ name: String) throws(UsageError) -> Double {
                let text = try value()
                guard let number = Double(text), number.isFinite, number >= 0, number <= 1 else {
                    throw fail("\(name) must be a number from 0 to 1, got '\(text)'")
                }
                return number
            }
            func color(_ name: String) throws(UsageError) -> RGBColor {
                let text = try value()
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                let numbers = parts.compactMap { UInt8($0.filter { $0 != " " }) }
                guard parts.count == 3, numbers.count == 3 else {
                    throw fail("\(name) must be R,G,B with each 0…255, got '\(text)'")
                }
                return RGBColor(numbers[0], numbers[1], numbers[2])
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw fail("\(argument) takes no value") }
            }
            switch argument {
            case "--help":
                return .help
            case "--threshold":
                options.pixelmatch.threshold = try unit("--threshold")
            case "--alpha":
                options.pixelmatch.alpha = try unit("--alpha")
            case "--include-aa":
                try noValue()
                options.pixelmatch.includeAA = true
            case "--diff-mask":
                try noValue()
                options.pixelmatch.diffMask = true
            case "--json":
                try noValue()
                json = true
            case "--diff-color":
                options.pixelmatch.diffColor = try color("--diff-color")
            case "--diff-color-alt":
                options.pixelmatch.diffColorAlt = try color("--diff-color-alt")
            case "--aa-color":
                options.pixelmatch.aaColor = try color("--aa-color")
            case "--max-diff-pixels":
                let text = try value()
                guard let count = Int(text), count >= 0 else {
                    throw fail("--max-diff-pixels must be a whole number ≥ 0, got '\(text)'")
                }
                options.maxDiffPixels = count
            case "--max-pixels":
                let text = try value()
                guard let count = Int(text), count >= 1 else {
                    throw fail("--max-pixels must be a whole number ≥ 1, got '\(text)'")
                }
                options.maxPixels = count
            case "--max-diff-ratio":
                options.maxDiffRatio = try unit("--max-diff-ratio")
            case "--diff":
                let path = try value()
                guard !path.isEmpty else { throw fail("--diff needs a non-empty path") }
                options.diffPath = path
            case "--report":
                let path = try value()
                guard !path.isEmpty else { throw fail("--report needs a non-empty path") }
                options.reportDirectory = path
            default:
                throw fail("unknown flag \(argument) (see --help)")
            }
        }
        guard positionals.count == 2 else {
            throw fail(positionals.count < 2
                ? "expected two paths EXPECTED ACTUAL, got \(positionals.count)"
                : "expected two paths EXPECTED ACTUAL, got \(positionals.count): unexpected '\(positionals[2])'")
        }
        return .run(Invocation(expected: positionals[0], actual: positionals[1], options: options, json: json))
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
    public static func run(_ arguments: [String], standardOutput: (String) -> Void,
                           standardError: (String) -> Void) -> Int32 {
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
            let report = CompareRunner.run(expected: invocation.expected, actual: invocation.actual,
                                           options: invocation.options)
            if report.errors.isEmpty {
                standardOutput(invocation.json ? report.json : report.text)
            } else {
                for message in report.errors { standardError("overscroll compare: error: \(message)\n") }
            }
            return report.exitCode
        }
    }
}
