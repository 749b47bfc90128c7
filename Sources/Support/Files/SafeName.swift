/// The one check for a name that becomes a single path component (a scenario's base name, a
/// snapshot name, a component of an artifact path read from a results file): never empty, `.`,
/// `..`, and never holding a `/` or a NUL. Every name derived from a file or a field passes here
/// once, before any path is built from it.
public enum SafeName {
    /// Why `name` cannot be one path component, or nil when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is '\(name)'" }
        if name.utf8.contains(UInt8(ascii: "/")) { return "holds a '/'" }
        if name.utf8.contains(0) { return "holds a NUL byte" }
        return nil
    }

    public static func isSafe(_ name: String) -> Bool { problem(name) == nil }

    /// Checks a relative path (`a/b/c.png`) whose every component must be a safe name; nil when
    /// it is fine, else why not.
    public static func relativePathProblem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "is absolute" }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let why = problem(String(part)) { return "has a component that \(why)" }
        }
        return nil
    }

    /// True when `path` has a `..` component (a delete never resolves through one).
    public static func hasParentComponent(_ path: String) -> Bool {
        path.split(separator: "/").contains("..")
    }
}
