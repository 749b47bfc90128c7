import Support
/// The outcome of a `compare` run: per-frame results or the errors that stopped it.
public struct CompareReport: Sendable, Equatable {
    /// Frames in name order (empty when the run failed with errors).
    public var frames: [FrameComparison]
    /// One-line error messages; non-empty means exit status 2.
    public var errors: [String]
    /// Frames present in one folder only, one failure line each (`missing in ACTUAL: frame-00060.png`).
    public var oneSided: [String]

    public init(frames: [FrameComparison] = [], errors: [String] = [], oneSided: [String] = []) {
        self.frames = frames
        self.errors = errors
        self.oneSided = oneSided
    }

    /// Frames within tolerance.
    public var passed: Int { frames.filter(\.match).count }
    /// Frames over tolerance, and frames present on one side only.
    public var failed: Int { frames.count - passed + oneSided.count }

    /// 0 when every frame matches, 1 when any frame does not, 2 on errors.
    public var exitCode: Int32 {
        if !errors.isEmpty { return 2 }
        return failed > 0 ? 1 : 0
    }

    /// One line per mismatched frame (`name: N differing pixels, ratio r`), then `N passed, M failed`.
    public var text: String {
        var lines = frames.filter { !$0.match }.map {
            "\(TerminalText.escaped($0.name)): \($0.differing) differing pixels, ratio \(Self.formatRatio($0.ratio))"
        }
        lines += oneSided
        lines.append("\(passed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"frames": [{"name": …, "differing": N, "ratio": r, "match": bool}], "passed": n, "failed": m}`,
    /// then `"missing": [line, …]` when frames are present on one side only and `"errors": [line, …]`
    /// when the run stopped (a size mismatch, an unreadable file): `--json` always prints one object.
    public var json: String {
        var members: [(String, JSONWriter.Value)] = [
            (
                "frames",
                .array(
                    frames.map {
                        .object([
                            ("name", .string($0.name)), ("differing", .int($0.differing)),
                            ("ratio", .fraction($0.ratio)), ("match", .bool($0.match))
                        ])
                    })
            ),
            ("passed", .int(passed)),
            ("failed", .int(failed))
        ]
        if !oneSided.isEmpty { members.append(("missing", .array(oneSided.map { .string($0) }))) }
        if !errors.isEmpty { members.append(("errors", .array(errors.map { .string($0) }))) }
        return JSONWriter.spaced.text(.object(members)) + "\n"
    }

    /// A ratio with six significant decimals, e.g. `0.001091`.
    static func formatRatio(_ ratio: Double) -> String {
        var text = String(Int((ratio * 1_000_000).rounded()))
        while text.count < 7 { text = "0" + text }
        return String(text.dropLast(6)) + "." + String(text.suffix(6))
    }
}
