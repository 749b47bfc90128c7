import CommandLineKit
import Recording
import Suite

/// Options several commands take, declared once.
struct SharedFlags: OptionGroup {
    /// `record`, `verify`, `test`: how long one Lottie frame may take to render.
    let lottieTimeout = Option.number(
        "lottie-timeout", value: "S", in: 0.001...600,
        help: """
            seconds a Lottie frame may take to render; longer, or a Lottie
            file that fails to load, is an error (exit 2, nothing written)
            """, default: Recorder.defaultLottieTimeout)

    /// `record`, `verify`, `test`: the largest scenario file read (a bigger one is refused, named).
    let maxScenarioSize = Option.integer(
        "max-scenario-size", value: "MB", in: 1...(1 << 20),
        help: "largest scenario file read, in MB (1 MB = 1,048,576 bytes)",
        default: ScenarioFile.defaultMaxBytes >> 20)

    /// The --max-scenario-size limit in bytes.
    func maxScenarioBytes(_ a: ParsedArguments) -> Int {
        a.value(maxScenarioSize).map { $0 << 20 } ?? ScenarioFile.defaultMaxBytes
    }
}

/// `test` and `merge-reports`: one `--FORMAT FILE` option per result format (`--junit FILE`),
/// declared from `ResultFormats.all`.
struct ResultFileFlags: OptionGroup {
    let formats = OptionList(ResultFormats.all.map { Option.string($0.option, value: $0.valueName, help: $0.help) })

    /// The result files asked for, in the formats' order.
    func files(_ a: ParsedArguments) -> [ResultFile] {
        zip(ResultFormats.all, formats.options).compactMap { format, option in
            a.value(option).map { ResultFile(format, path: $0) }
        }
    }
}
