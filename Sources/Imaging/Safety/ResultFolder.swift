#if canImport(Glibc)
import Glibc
#endif

/// A folder of results (a recording, a golden set, test artifacts, a report) replaced
/// all-or-nothing.
///
/// - An advisory lock (`.NAME.lock` beside the folder) makes a second run into the same folder
///   fail at once instead of mixing two runs' files.
/// - The run writes into a staging folder beside the destination (`.NAME.staging-PID`), removed
///   on SIGINT/SIGTERM and, after a SIGKILL or crash, by the next run.
/// - `commit` swaps folders with two renames. A journal (`.NAME.swap`) written before the first
///   rename lets the next run finish an interrupted swap (or roll it back), so the folder is
///   always either fully old or fully new.
/// - Only files this tool wrote are ever dropped: each committed folder carries a manifest of
///   what the run wrote, and every other entry of the old folder is carried into the new one.
public final class ResultFolder {
    /// Which entries of the folder being replaced belong to the tool (and may be dropped).
    public enum Ownership: Sendable {
        /// Entries listed in the old folder's manifest. Without a manifest (a folder from an
        /// older version), regular files whose names satisfy `legacy`. Everything else is the
        /// user's and is kept; a user's entry with the name of a new output is refused.
        case manifest(legacy: @Sendable (String) -> Bool)
        /// Every old entry the new set does not replace is kept (a golden set: `--update`
        /// replaces some goldens and leaves the others).
        case keepUnreplaced
    }

    /// The manifest file inside each committed folder: what the run that made it wrote.
    public static let manifestName = ".overscroll-manifest"

    /// The destination as typed (for messages).
    public let displayPath: String
    /// The flag that named it (for messages).
    public let flag: String
    /// Write the run's files here.
    public let staging: String
    private let destination: String
    private let parent: String
    private let name: String
    private let ownership: Ownership
    private var lock: FolderLock?
    private var signalToken: Int?
    private var lockToken: Int?
    private var finished = false

    /// Locks the destination, finishes or rolls back an interrupted swap, removes stale staging
    /// and creates a fresh staging folder.
    public init(replacing path: String, flag: String, ownership: Ownership) throws(OutputPaths.Refusal) {
        try OutputPaths.checkFolder(path, flag: flag)
        displayPath = path
        self.flag = flag
        self.ownership = ownership
        let full = OutputPaths.canonical(path)
        guard full != "/", let slash = full.lastIndex(of: "/") else {
            throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(path)): cannot be the root folder")
        }
        destination = full
        parent = slash == full.startIndex ? "/" : String(full[..<slash])
        name = String(full[full.index(after: slash)...])
        guard FileTree.makeFolders(parent) else {
            throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(path)): cannot create \(OutputPaths.quoted(parent)): \(String(cString: strerror(errno)))")
        }
        staging = parent + "/." + name + ".staging-\(getpid())"
        lock = try FolderLock(path: parent + "/." + name + ".lock", flag: flag, display: path)
        Self.recover(journal: journalPath, destination: destination)
        removeStaleSiblings()
        FileTree.remove(staging)
        guard mkdir(staging, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            lock = nil
            throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(path)): cannot write in \(OutputPaths.quoted(parent)): \(reason)")
        }
        signalToken = SignalCleanup.register(staging)
        lockToken = SignalCleanup.register(parent + "/." + name + ".lock")
    }

    deinit { abandon() }

    /// The staging path of a file named `name`.
    public func path(_ file: String) -> String { staging + "/" + file }

    /// Refuses, before anything is produced, when the folder holds an entry of the user's with
    /// one of these names (it would be replaced).
    public func preflight(willWrite names: some Sequence<String>) throws(OutputPaths.Refusal) {
        let owned = ownedEntries()
        for name in names where FileTree.exists(destination + "/" + name) && !owned.contains(name) {
            if case .keepUnreplaced = ownership, FileTree.isRegularFile(destination + "/" + name) { continue }
            if !FileTree.isRegularFile(destination + "/" + name) {
                throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(displayPath)): \(OutputPaths.quoted(name)) is in the way (not a regular file); move it or choose another folder")
            }
            throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(displayPath)): holds \(OutputPaths.quoted(name)), which overscroll did not write; move it or choose another folder")
        }
    }

    /// Swaps the staging folder in as the destination. On failure the destination is left as
    /// it was and the staging folder is removed.
    public func commit() throws(OutputPaths.Refusal) {
        precondition(!finished, "ResultFolder committed twice")
        defer { abandon() }
        if SignalCleanup.isInterrupted { throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(displayPath)): interrupted") }
        let produced = FileTree.entries(of: staging).filter { $0 != Self.manifestName }
        try preflight(willWrite: produced)
        if OutputPaths.kind(of: destination) == .missing {
            try writeManifest(produced)
            guard rename(staging, destination) == 0 else { throw failure("cannot move the results in") }
            finished = true
            return
        }
        // Carry the entries that stay: regular files as hard links before the swap (the new
        // folder is complete the moment it appears), anything else moved after it.
        let produceSet = Set(produced)
        let owned = ownedEntries()
        var deferred: [String] = []
        var listed = produced
        for entry in FileTree.entries(of: destination) where entry != Self.manifestName && !produceSet.contains(entry) {
            let keep: Bool
            switch ownership {
            case .manifest: keep = !owned.contains(entry)
            case .keepUnreplaced: keep = true
            }
            guard keep else { continue }
            if FileTree.isRegularFile(destination + "/" + entry) && link(destination + "/" + entry, staging + "/" + entry) == 0 {
                // A kept golden stays the tool's; a user's file kept in a recording stays the user's.
                if case .keepUnreplaced = ownership { listed.append(entry) }
            } else {
                deferred.append(entry)
            }
        }
        try writeManifest(listed.sorted())
        let old = parent + "/." + name + ".old-\(getpid())"
        FileTree.remove(old)
        let journal = ([staging, old, destination] + deferred).map(escape).joined(separator: "\n") + "\n"
        guard FileTree.write(Array(journal.utf8), to: journalPath + ".new"), rename(journalPath + ".new", journalPath) == 0 else {
            unlink(journalPath + ".new")
            throw failure("cannot write the swap journal in \(OutputPaths.quoted(parent))")
        }
        guard rename(destination, old) == 0 else {
            unlink(journalPath)
            throw failure("cannot move the old results aside")
        }
        guard rename(staging, destination) == 0 else {
            let reason = failure("cannot move the new results in")
            if rename(old, destination) == 0 { unlink(journalPath) }
            throw reason
        }
        finished = true
        Self.finishSwap(old: old, destination: destination, deferred: deferred, journal: journalPath)
    }

    /// The manifest lists the tool's files in the new folder: what this run wrote, plus the
    /// goldens a partial update kept. A user's entries are never listed.
    private func writeManifest(_ names: [String]) throws(OutputPaths.Refusal) {
        var manifest = "overscroll manifest 1\n"
        // A folder the run made is listed with a trailing "/" (never part of a name), so the next
        // run may drop it; any other folder stays the user's.
        for name in names { manifest += escape(name) + (Self.isRealFolder(staging + "/" + name) ? "/" : "") + "\n" }
        guard FileTree.write(Array(manifest.utf8), to: staging + "/" + Self.manifestName) else {
            throw failure("cannot write in \(OutputPaths.quoted(parent))")
        }
    }

    /// Removes the staging folder and releases the lock (no-op after commit).
    public func abandon() {
        if !finished { FileTree.remove(staging) }
        finished = true
        if let token = signalToken { SignalCleanup.remove(token); signalToken = nil }
        if let token = lockToken { SignalCleanup.remove(token); lockToken = nil }
        lock = nil
    }

    // MARK: - Recovery

    private var journalPath: String { parent + "/." + name + ".swap" }

    /// Finishes (or rolls back) a swap that a killed run left half done.
    static func recover(journal: String, destination: String) {
        guard let bytes = FileTree.read(journal) else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { unescape(String($0)) }
        guard lines.count >= 4, lines[2] == destination else { unlink(journal); return }
        let staging = lines[0], old = lines[1]
        let deferred = lines[3...].filter { !$0.isEmpty }
        let stagingThere = FileTree.exists(staging), oldThere = FileTree.exists(old), destinationThere = FileTree.exists(destination)
        if stagingThere && !oldThere {
            // The swap never started: the destination is still fully old.
            FileTree.remove(staging)
            unlink(journal)
        } else if stagingThere && oldThere && !destinationThere {
            // Killed between the two renames: finish the swap.
            if rename(staging, destination) == 0 {
                finishSwap(old: old, destination: destination, deferred: Array(deferred), journal: journal)
            }
        } else if !stagingThere {
            finishSwap(old: old, destination: destination, deferred: Array(deferred), journal: journal)
        } else {
            // Both folders and the destination exist: someone else recreated the destination.
            // Keep every folder; only the journal goes, the stale staging is removed.
            FileTree.remove(staging)
            unlink(journal)
        }
    }

    private static func finishSwap(old: String, destination: String, deferred: [String], journal: String) {
        for entry in deferred where FileTree.exists(old + "/" + entry) && !FileTree.exists(destination + "/" + entry) {
            rename(old + "/" + entry, destination + "/" + entry)
        }
        unlink(journal)
        FileTree.remove(old)
    }

    /// Staging and old folders of this destination left by runs that were killed (the lock is
    /// ours, so no live run owns them), and staging of older versions whose process is gone.
    private func removeStaleSiblings() {
        for entry in FileTree.entries(of: parent) {
            for prefix in ["." + name + ".staging-", "." + name + ".old-"] where entry.hasPrefix(prefix) && entry != "." + name + ".staging-\(getpid())" {
                FileTree.remove(parent + "/" + entry)
            }
            if entry == "." + name + ".swap.new" { unlink(parent + "/" + entry) }
            let legacy = "." + name + ".partial-"
            if entry.hasPrefix(legacy), let pid = Int32(entry.dropFirst(legacy.count).prefix { $0 != "-" }), !FileTree.processIsAlive(pid) {
                FileTree.remove(parent + "/" + entry)
            }
        }
    }

    /// Names in the current destination that the tool wrote.
    private func ownedEntries() -> Set<String> {
        if let bytes = FileTree.read(destination + "/" + Self.manifestName) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
            // Only regular files are the tool's, and folders it listed as folders: a folder or
            // link put in place of a file is the user's.
            var owned = Set<String>()
            for line in lines {
                let entry = Self.unescape(String(line))
                if entry.hasSuffix("/") {
                    let folder = String(entry.dropLast())
                    if Self.isRealFolder(destination + "/" + folder) { owned.insert(folder) }
                } else if FileTree.isRegularFile(destination + "/" + entry) {
                    owned.insert(entry)
                }
            }
            return owned
        }
        guard case .manifest(let legacy) = ownership else { return [] }
        return Set(FileTree.entries(of: destination).filter { legacy($0) && FileTree.isRegularFile(destination + "/" + $0) })
    }

    /// True when `path` is a folder (not a link to one).
    private static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func failure(_ detail: String) -> OutputPaths.Refusal {
        OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(displayPath)): \(detail): \(String(cString: strerror(errno)))")
    }

    private func escape(_ name: String) -> String { Self.escape(name) }
    static func escape(_ name: String) -> String {
        name.replacingBackslashAndNewline()
    }
    static func unescape(_ line: String) -> String {
        var out = "", escaping = false
        for c in line {
            if escaping { out.append(c == "n" ? "\n" : c); escaping = false } else if c == "\\" { escaping = true } else { out.append(c) }
        }
        return out
    }
}

private extension String {
    func replacingBackslashAndNewline() -> String {
        var out = ""
        for c in self {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }
}
