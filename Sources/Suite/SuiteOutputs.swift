import Foundation
import Recording
import Support

/// The files a suite run leaves in its results folder: `results.json` (machine-readable, the
/// input of `merge-reports`) and `report/` (the HTML report, with copies of the failing
/// snapshots' images).
public enum SuiteOutputs {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Writes `results.json` and `report/` into `folder`; artifact paths in `suite` are relative
    /// to `resultsRoot`.
    /// `artifacts`: the results folder as the user names it (the report's accept commands).
    public static func write(_ suite: SuiteResults, into folder: String, resultsRoot: String, artifacts: String = "test-results") throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var suite = suite
        suite.summary = suite.counted
        let data = try encoder.encode(suite)
        try AtomicFileWriter.write(Array(data) + [0x0A], toPath: folder + "/results.json")
        try SuiteReport.write(suite, resultsRoot: resultsRoot, to: folder + "/report", artifacts: artifacts)
    }

    /// Reads a `results.json` (a regular file, never through a link), every number range-checked
    /// and the date checked (`SuiteResults.rangeProblem`).
    /// `checkingPaths`: refuse results naming a path outside the suite (`pathProblem`), as
    /// `accept` and `merge-reports` do; `--last-failed` reads the paths only as names to pick
    /// among the scenarios the run itself found, so it takes them as they are.
    public static func read(_ path: String, checkingPaths: Bool = true) throws(Failure) -> SuiteResults {
        let data: Data
        switch FileTree.readOwned(path) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.link): throw Failure(message: "\(OutputPaths.quoted(path)): a symlink (never followed)")
        case .failure(.notRegular): throw Failure(message: "\(OutputPaths.quoted(path)): not a regular file")
        case .failure: throw Failure(message: "\(OutputPaths.quoted(path)): cannot read (is it a results folder of `overscroll test`?)")
        }
        let results: SuiteResults
        do { results = try JSONDecoder().decode(SuiteResults.self, from: data) } catch {
            throw Failure(message: "\(OutputPaths.quoted(path)): not a results.json of `overscroll test`")
        }
        if let problem = results.rangeProblem() {
            throw Failure(message: "\(OutputPaths.quoted(path)): \(problem)")
        }
        if checkingPaths, let problem = results.pathProblem() {
            throw Failure(message: "\(OutputPaths.quoted(path)): \(problem); every path results name must lie inside the suite")
        }
        return results
    }
}
