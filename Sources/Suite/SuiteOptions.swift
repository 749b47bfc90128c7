import Imaging
import Recording

/// Settings of `overscroll test` that every scenario of the run shares (passed to worker
/// processes as JSON).
public struct SuiteOptions: Codable, Sendable, Equatable {
    /// Which goldens the run writes (`--update MODE`, or `OVERSCROLL_RECORD`).
    public var update = RecordMode.none
    /// Matching threshold 0…1 (default 0.1, as `compare`).
    public var threshold = 0.1
    public var includeAA = false
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// Seconds a Lottie frame may take to render.
    public var lottieTimeout = Recorder.defaultLottieTimeout
    /// The largest scenario file read (`--max-scenario-size`).
    public var maxScenarioBytes = ScenarioFile.defaultMaxBytes
    /// Each scenario is run this many times and every snapshot compared with its first run's
    /// pixels (`--repeat-each N`); a difference makes the snapshot `flaky`.
    public var repeatEach = 1
    /// Regions `[x, y, w, h]` (points) masked in every snapshot besides its own (`overscroll.json`
    /// `mask`).
    public var sharedMask: [[Double]] = []
    /// The physics of a scenario without its own `physics` field, as JSON (`overscroll.json`).
    public var physics: String?
    /// The config file these came from, for messages.
    public var configFile: String?
    /// Which snapshots get a trace viewer and `trace.jsonl` (`--trace MODE`).
    public var trace = TraceMode.retainOnFailure
    /// Set by the runner: a scenario writes its `trace.jsonl` but not its trace viewer, which the
    /// runner writes once every scenario ran, for the first `TraceViewerLimit.maxPages` traced
    /// snapshots only (rendering viewers that the limit then drops cost most of a run where
    /// much fails).
    public var deferViewers = false

    public init() {}
}

/// One scenario of a suite: its file as given (relative to where the suite runs) and where its
/// goldens and artifacts go.
public struct SuiteEntry: Codable, Sendable, Equatable {
    /// The scenario file as found (e.g. `Tests/Scenarios/title-scroll.json`).
    public var path: String
    /// Frames on the fps grid (0 when the file does not parse; it then fails when run).
    public var frames: Int
    /// Snapshot names (for `--grep`).
    public var snapshotNames: [String]

    public init(path: String, frames: Int, snapshotNames: [String]) {
        self.path = path; self.frames = frames; self.snapshotNames = snapshotNames
    }

    /// The scenario's name: its file name without `.json`.
    public var baseName: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.lowercased().hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    /// Its folder (`.` for a bare file name).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `<dir>/__snapshots__/<name>`.
    public var goldenFolder: String { folder + "/__snapshots__/" + baseName }

    /// Where its artifacts go inside the results folder: the scenario's path, file name and all
    /// (`s/login.json/`), with `..` and leading `/` made harmless. The last component is the
    /// scenario file itself, and a file is never a folder on another scenario's path, so the
    /// artifact folders of two scenarios never nest (`s/login.json/` and `s/login/errors.json/`)
    /// and never coincide (`a.json/` and `a.JSON/`). A component starting with `_` gets one more
    /// `_` in front; a `..` becomes `_up`, and names the run writes at the top of the results
    /// folder (`report`, `results.json`, `.goldens` where the goldens to write are staged,
    /// `accepted` where `overscroll accept` keeps its record) get a
    /// `_`: the mapping is one-to-one, so no scenario's folder can be another's or one of the
    /// run's files.
    public var artifactFolder: String {
        var parts = path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        parts = parts.map { $0 == ".." ? "_up" : ($0.hasPrefix("_") ? "_" + $0 : $0) }
        if let first = parts.first, Self.reservedTop.contains(first) { parts[0] = "_" + first }
        return parts.joined(separator: "/")
    }

    /// What the run writes at the top of the results folder.
    static let reservedTop: Set<String> = ["report", "results.json", ".overscroll-manifest", ".goldens", GoldenAccept.recordName]
}
