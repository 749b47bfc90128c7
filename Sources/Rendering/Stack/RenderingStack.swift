/// The libraries and font files that turn a display list into pixels in this process: cairo,
/// pixman, pango, harfbuzz, freetype, fontconfig, rlottie (and SDL where the program links it),
/// each with the version the loaded library reports, and the SHA-256 of each font file the
/// pinned fontconfig resolves. Goldens made on one stack may differ from another's by a fraction
/// of a pixel of text (cairo 1.16 and 1.18 place glyphs differently), so a suite run records it
/// (results.json, the report, JUnit, `__snapshots__/stack.json`) and names what differs when a
/// snapshot fails against goldens made elsewhere.
public struct RenderingStack: Codable, Sendable, Equatable {
    /// One library: its name (`cairo`), the version it reports (`1.16.0`) and where that came
    /// from (`cairo_version_string()`).
    public struct Library: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
        public var source: String
        public init(name: String, version: String, source: String) {
            self.name = name; self.version = version; self.source = source
        }
    }

    /// One font file: its file name (no folder: the same file is found in other places on other
    /// machines) and the SHA-256 of its bytes, in lowercase hex.
    public struct Font: Codable, Sendable, Equatable {
        public var file: String
        public var sha256: String
        public init(file: String, sha256: String) { self.file = file; self.sha256 = sha256 }
    }

    /// One thing that differs between two stacks: a library's version or a font's hash.
    public struct Difference: Sendable, Equatable {
        /// `cairo`, or a font's file name.
        public var name: String
        /// The value in the recorded stack and in the other one: a version, or `sha256:` and the
        /// first 12 hex digits of a font's hash (`absent` when a font is only on one side).
        public var recorded: String
        public var current: String
    }

    public var libraries: [Library]
    public var fonts: [Font]

    public init(libraries: [Library], fonts: [Font]) {
        self.libraries = libraries
        self.fonts = fonts
    }

    /// The version of the library named `name`, if recorded.
    public func version(of name: String) -> String? { libraries.first { $0.name == name }?.version }

    /// What differs from `recorded` (this stack is the current one): the versions of libraries
    /// both stacks name (a library only one of them names, such as SDL in a stack recorded by a
    /// program that does not link it, is unknown, not different), then font files whose hashes
    /// differ or that only one side has. Sources are not compared.
    public func differences(from recorded: RenderingStack) -> [Difference] {
        var out: [Difference] = []
        for lib in libraries {
            if let old = recorded.version(of: lib.name), old != lib.version {
                out.append(Difference(name: lib.name, recorded: old, current: lib.version))
            }
        }
        let mine = Dictionary(fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        let theirs = Dictionary(recorded.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for file in Set(mine.keys).union(theirs.keys).sorted() where mine[file] != theirs[file] {
            out.append(
                Difference(
                    name: file, recorded: theirs[file].map { "sha256:" + Self.shortHash($0) } ?? "absent",
                    current: mine[file].map { "sha256:" + Self.shortHash($0) } ?? "absent"))
        }
        return out
    }

    /// `goldens made with cairo 1.16.0, pango 1.50.12; this run: cairo 1.18.4, pango 1.56.3`, or
    /// nil when nothing differs.
    public func goldenNote(recorded: RenderingStack) -> String? {
        let d = differences(from: recorded)
        guard !d.isEmpty else { return nil }
        return "goldens made with \(d.map { "\($0.name) \($0.recorded)" }.joined(separator: ", ")); this run:"
            + " \(d.map { "\($0.name) \($0.current)" }.joined(separator: ", "))"
    }

    /// One line: `cairo 1.16.0, pixman 0.42.2, …; fonts NotoSansCJK-Regular.ttc 5b1e03c8a1f2, …`.
    public var summary: String {
        var text = libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        if !fonts.isEmpty { text += "; fonts " + fonts.map { "\($0.file) \(Self.shortHash($0.sha256))" }.joined(separator: ", ") }
        return text
    }

    /// A table for people: one row per library (name, version, source), then one per font.
    public var table: [String] {
        let rows = libraries.map { [$0.name, $0.version, $0.source] } + fonts.map { ["font", $0.file, "sha256 " + $0.sha256] }
        let widths = (0..<2).map { c in rows.map { $0[c].count }.max() ?? 0 }
        func padded(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        return rows.map { r in padded(r[0], widths[0]) + "  " + padded(r[1], widths[1]) + "  " + r[2] }
    }

    /// The first 12 hex digits of a hash: enough to tell files apart in one line.
    public static func shortHash(_ hex: String) -> String { String(hex.prefix(12)) }
}
