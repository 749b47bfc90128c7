import Recording

/// A scenario file parsed once by the suite walk (`SuiteDiscovery.find`), or its error, and
/// used again by the scenario pass and the trace viewer of the same process (a worker process
/// parses the scenarios it runs itself).
public struct ParsedScenario: Sendable {
    /// How a scenario file is parsed: path, the most bytes read, the default physics (JSON).
    public typealias Load = @Sendable (String, Int, String?) throws(ScenarioFile.Failure) -> Scenario

    /// The parse of `overscroll test`: `ScenarioFile.load`.
    public static let fromFile: Load = { path, maxBytes, physics throws(ScenarioFile.Failure) in
        try ScenarioFile.load(path, maxBytes: maxBytes, physics: physics)
    }

    /// Events above which a parsed scenario is not kept for the run (a long captured gesture:
    /// a few such files would hold most of the memory); it is parsed again where it runs.
    public static let maxKeptEvents = 10_000

    public let result: Result<Scenario, ScenarioFile.Failure>

    public init(_ load: Load, _ path: String, maxBytes: Int, physics: String?) {
        do throws(ScenarioFile.Failure) {
            result = .success(try load(path, maxBytes, physics))
        } catch {
            result = .failure(error)
        }
    }

    /// True when the run keeps it (an error, or at most `maxKeptEvents` events).
    public var keeps: Bool {
        guard case let .success(s) = result else { return true }
        return s.events.count <= Self.maxKeptEvents
    }
}
