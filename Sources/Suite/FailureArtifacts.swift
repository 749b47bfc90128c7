import Support

/// The one writer of a scenario's artifacts in the results folder: a snapshot's images
/// (`expected.png`, `actual.png`, `diff.png`, `run-N.png`) under `<artifactFolder>/<snapshot>/`,
/// and the scenario's `trace.jsonl` and trace viewer page. Each write returns the path the results record (relative
/// to the results root). Only a run that keeps something for someone to look at writes here.
struct FailureArtifacts {
    /// The scenario's artifact folder inside the results staging.
    let work: String
    /// The same folder relative to the results root (`SuiteEntry.artifactFolder`).
    let relative: String

    /// Writes `bytes` as `file` of snapshot `snapshot`; returns its recorded path.
    func write(_ bytes: [UInt8], snapshot: String, file: String) throws -> String {
        try AtomicFileWriter.write(bytes, toPath: work + "/" + snapshot + "/" + file)
        return relative + "/" + snapshot + "/" + file
    }

    /// Removes `file` of snapshot `snapshot` (a file an earlier outcome wrote that no longer
    /// tells the snapshot's story).
    func remove(snapshot: String, file: String) {
        FileTree.remove(work + "/" + snapshot + "/" + file)
    }

    /// Writes the scenario's `trace.jsonl`; returns its recorded path.
    func writeTrace(_ lines: [String]) throws -> String {
        try writeScenarioFile(lines.joined(separator: "\n") + "\n", name: "trace.jsonl")
    }

    /// Writes a file of the scenario itself (`trace.jsonl`, the trace viewer's `trace.html`);
    /// returns its recorded path.
    func writeScenarioFile(_ text: String, name: String) throws -> String {
        try AtomicFileWriter.write(text: text, toPath: work + "/" + name)
        return relative + "/" + name
    }
}
