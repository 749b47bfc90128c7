import CommandLineKit

/// The bench's command line: which parts run, how long, and where results go.
struct BenchOptions: Sendable {
    /// Parts in run order.
    static let parts = ["frames", "indicator", "record", "compare", "suite", "failures", "soak", "window"]

    var quick = false
    var only: Set<String> = Set(BenchOptions.parts)
    /// Folder for results.json, charts and scratch files.
    var outDirectory = "out/bench"
    /// Hidden: run one measurement case in this process and print its JSON (used by re-exec).
    var child: String?

    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let quick = Option.flag("quick", help: "shorter flings, fewer repetitions")
        let only = Option.list("only", value: "NAMES", parts, help: "run only these parts, comma separated")
        let out = Option.string("out", value: "DIR", help: "output folder", default: "out/bench")
        /// Hidden: one measurement case, run in a child process.
        let child = Option.string("child", value: "CASE", help: "run one frame case and print its JSON", hidden: true)
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll-bench",
        about: """
            Measures, in one run, ratios that do not depend on how fast this machine is:
              frames     scripted fling of the `list` scene at 1920×1080 @1 and 390×844 @2, with 100 and
                         10,000,000 rows: per-frame median and p99, frame_vs_fill (median frame ÷ median
                         solid fill of the same surface), rows_1e7_vs_1e2, peak RSS (VmHWM). Each case runs
                         in its own child process so its peak memory is its own; cases are interleaved.
              indicator  one vector spinner frame and one Lottie frame (Assets/refresh.json) ÷ a full list
                         frame at 390×844 @2
              record     `overscroll record` of a 4 s, 60 fps scenario at 390×844 @2 writing every frame,
                         as a multiple of real time (and the same with --no-png, and the PNG encode cost)
              compare    `overscroll compare` vs odiff (`--threshold 0.1 --antialiasing`; $OVERSCROLL_ODIFF or
                         ../shared/tools/odiff/odiff), like for like: every pair timed with neither tool writing
                         a diff image and with both writing one, on 1920×1080 frames that other encoders wrote
                         (tools/make-compare-pairs.py: Pillow RGB/RGBA, ImageMagick 8/16-bit, cairo), and on
                         3840×2160 and 390×844 @3 frames written by a second set (ImageMagick RGBA at quality
                         95, Pillow RGB at zlib level 9, RGBA at level 1): identical files, same pixels
                         re-encoded, debug overlay on, a 1 pt scroll, light vs dark theme;
                         ImageMagick `compare -metric AE -fuzz 10%` on two pairs
              suite      `overscroll test` of 40 generated scenarios with --workers 2 vs --workers 1, and `test`
                         of a scenario with 4 snapshots vs `record` of it writing every frame
              failures   tools/failing-suite.py: `overscroll test` of 600 snapshots of which 540 fail (wall,
                         bytes on disk, files of the results folder, the report's load time in headless
                         Chromium), and a first run with 120 goldens missing vs --update=missing
              soak       3 simulated hours (10 minutes with --quick) of random drags, wheel bursts, resizes and
                         keys against the coordinator scene: RSS over time (no growth after warm-up) and
                         frames that broke the refresh lock (none)
              window     the real window under Xvfb (390x844 @1): CPU of the app process as % of a core while
                         idle, while the refresh spinner turns (F5, --refresh-outcome hang; Lottie, seed,
                         material, reduced motion, and the seed spinner through each presenter) and while
                         flinging the list with xdotool drags (needs Xvfb and xdotool)

            Prints a table on standard output, progress on standard error, and writes DIR/results.json
            and DIR/frames-*.png (per-frame time charts). Variants are interleaved and repeated; figures
            are medians. record and compare time the `overscroll` binary beside this one
            (swift build -c release --product overscroll).
            """,
        options: flags)

    static var help: String { spec.help }

    enum ParseResult { case run(BenchOptions), help, error(String) }

    static func parse(_ args: [String]) -> ParseResult {
        let a: ParsedArguments
        do {
            guard case .run(let parsed) = try spec.parse(args) else { return .help }
            a = parsed
        } catch {
            return .error(error.message)
        }
        var o = BenchOptions()
        o.quick = a[flags.quick]
        if let names = a.value(flags.only) { o.only = Set(names) }
        o.outDirectory = a.value(flags.out) ?? o.outDirectory
        o.child = a.value(flags.child)
        return .run(o)
    }
}
