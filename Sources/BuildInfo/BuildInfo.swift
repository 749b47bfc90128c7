/// Which build this is: the version (the file VERSION) and the git commit, written at build time
/// by `tools/build-info.sh` (through `Plugins/BuildInfoPlugin`).
public enum BuildInfo {
    /// `0.4.0`.
    public static let version = generatedVersion
    /// `1a3c560e2f4b`, with `-dirty` when tracked files differed from it; `unknown` outside git.
    public static let commit = generatedCommit
    /// The commit's date, `2026-12-01` (`unknown` outside git).
    public static let date = generatedDate
    /// `overscroll 0.4.0 (commit 1a3c560e2f4b)`: what `--version` prints and results record.
    public static var line: String { "overscroll \(version) (commit \(commit))" }
}
