import Imaging
import Recording
import Support

/// A gone scenario's golden folder that most likely belongs to a renamed (or moved) scenario:
/// every golden in it is, pixel for pixel, the actual image of the same-named missing snapshot of
/// one scenario that has no golden folder yet. `test` names it under the obsolete goldens with
/// the `git mv` line that moves the goldens along, and the report shows it.
public struct LikelyRename: Codable, Sendable, Equatable {
    /// The scenario file the goldens belong to now.
    public var scenario: String
    /// The obsolete golden folder, and where that scenario looks for its goldens.
    public var from: String
    public var to: String

    public init(scenario: String, from: String, to: String) {
        self.scenario = scenario; self.from = from; self.to = to
    }

    /// `git mv OLD NEW` (after `mkdir -p` of the new `__snapshots__` folder when there is none),
    /// paths as printed elsewhere (no leading `./`), quoted for a POSIX shell.
    public var command: String {
        let from = SuiteRunner.shown(from), to = SuiteRunner.shown(to)
        let move = ShellWord.command(["git", "mv"], operands: [from, to])
        guard let slash = to.lastIndex(of: "/") else { return move }
        let tree = String(to[..<slash])
        return FileTree.exists(tree) ? move : ShellWord.command(["mkdir", "-p"], operands: [tree]) + " && " + move
    }

    /// The likely renames among `folders` (gone scenarios' golden folders) for `results`, whose
    /// artifacts (the actual images of missing snapshots) are under `root`. A folder that
    /// matches more than one scenario, or a scenario matched by more than one folder, is left
    /// out (not likely enough to name). Each image is read and decoded once, to a digest of its
    /// pixels (`digest`); pairs compare digests (decoding two PNGs per folder × scenario pair took
    /// 39 s for 80 renames).
    static func find(
        _ folders: [ObsoleteFolder], results: [ScenarioResult], root: String,
        digest: ([UInt8]) -> String = LikelyRename.pixelDigest
    ) -> [LikelyRename] {
        var found: [LikelyRename] = []
        // Candidates: scenarios that ran, whose every snapshot is missing, with no golden folder.
        let candidates = results.filter { r in
            r.error == nil && !r.snapshots.isEmpty && !FileTree.exists(r.goldens)
                && r.snapshots.allSatisfy { $0.status == .missing && $0.actual != nil }
        }
        guard !candidates.isEmpty else { return [] }
        // Digests by file, nil for a file that cannot be read; each file once.
        var actualDigests: [String: String?] = [:]
        func actual(_ relative: String) -> String? {
            if let d = actualDigests[relative] { return d }
            var d: String?
            if case .success(let b) = FileTree.readOwned(relative, under: root) { d = digest(b) }
            actualDigests[relative] = d
            return d
        }
        var goldenDigests: [String: String?] = [:]
        func golden(_ path: String) -> String? {
            if let d = goldenDigests[path] { return d }
            var d: String?
            if case .success(let b) = FileTree.readOwned(path) { d = digest(b) }
            goldenDigests[path] = d
            return d
        }
        for folder in folders where !folder.files.isEmpty {
            var matches: [ScenarioResult] = []
            for r in candidates {
                let byName = Dictionary(r.snapshots.map { ($0.snapshot + ".png", $0) }, uniquingKeysWith: { a, _ in a })
                let same = folder.files.allSatisfy { file in
                    guard let s = byName[file], let rel = s.actual, let mine = actual(rel), let old = golden(folder.folder + "/" + file)
                    else { return false }
                    return old == mine
                }
                if same { matches.append(r) }
            }
            if matches.count == 1 {
                found.append(LikelyRename(scenario: matches[0].scenario, from: folder.folder, to: matches[0].goldens))
            }
        }
        let claimed = Dictionary(grouping: found, by: \.scenario)
        return found.filter { claimed[$0.scenario]?.count == 1 }
    }

    /// SHA-256 of a PNG's decoded size and pixels (whichever encoder wrote it); of its bytes,
    /// marked apart, when it cannot be decoded (only the same bytes match it then).
    static func pixelDigest(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        guard let image = try? PNGDecoder.decode(bytes) else {
            hash.update(bytes)
            return "bytes:" + hash.hexDigest()
        }
        hash.update([image.width, image.height].flatMap { v in withUnsafeBytes(of: UInt64(v).littleEndian, Array.init) })
        hash.update(image.pixels)
        return "pixels:" + hash.hexDigest()
    }
}
