import CPlatform
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
/// - `commit` swaps folders with one exchange rename where the file system has one (two renames
///   elsewhere). A journal (`.NAME.swap`) written first lets the next run, or a reader
///   (`recoverForReading`), finish an interrupted swap (or roll it back), so the folder is always
///   either fully old or fully new.
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
    /// The mode and owner of the folder being replaced, which its replacement takes.
    private var kept: FolderMode?

    /// Locks the destination, finishes or rolls back an interrupted swap, removes stale staging
    /// and creates a fresh staging folder.
    public init(replacing path: String, flag: String, ownership: Ownership) throws(OutputPaths.Refusal) {
        let isGoldenSet: Bool
        if case .keepUnreplaced = ownership { isGoldenSet = true } else { isGoldenSet = false }
        try OutputPaths.checkFolder(path, flag: flag, goldens: isGoldenSet)
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
            throw OutputPaths.Refusal(
                "\(flag) \(OutputPaths.quoted(path)): cannot create \(OutputPaths.quoted(parent)): \(String(cString: strerror(errno)))")
        }
        staging = parent + "/." + name + ".staging-\(getpid())"
        lock = try FolderLock(path: parent + "/." + name + ".lock", flag: flag, display: path)
        let recovered = SwapRecovery.recover(parent: parent, name: name)
        if let mismatch = recovered.mismatch {
            lock = nil
            throw OutputPaths.Refusal(Self.mismatchMessage(journal: OutputPaths.quoted(journalPath), mismatch, flag: flag, display: path))
        }
        // (This process's own stale staging, of a run with the same id, is one of them.)
        let leftovers = recovered.leftovers + SwapRecovery.removeStaleSiblings(parent: parent, name: name)
        if let first = leftovers.first {
            lock = nil
            throw OutputPaths.Refusal(
                "\(flag) \(OutputPaths.quoted(path)): \(OutputPaths.quoted(first)), left by an earlier run, cannot be removed; remove"
                    + " it by hand")
        }
        // Registered before it exists: a signal right after mkdir still removes it.
        let token = SignalCleanup.register(staging)
        guard mkdir(staging, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            SignalCleanup.remove(token)
            lock = nil
            throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(path)): cannot write in \(OutputPaths.quoted(parent)): \(reason)")
        }
        signalToken = token
        lockToken = SignalCleanup.register(parent + "/." + name + ".lock")
        // An existing folder keeps its mode, owner, group and ACLs, or nothing changes.
        if let mode = FolderMode.of(destination) {
            if let why = mode.apply(to: staging, writable: true) {
                abandon()
                throw OutputPaths.Refusal(
                    "\(flag) \(OutputPaths.quoted(path)): \(why); nothing changed — choose another folder")
            }
            kept = mode
        }
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
                throw OutputPaths.Refusal(
                    "\(flag) \(OutputPaths.quoted(displayPath)): \(OutputPaths.quoted(name)) is in the way (not a regular file); move"
                        + " it or choose another folder")
            }
            throw OutputPaths.Refusal(
                "\(flag) \(OutputPaths.quoted(displayPath)): holds \(OutputPaths.quoted(name)), which overscroll did not write; move"
                    + " it or choose another folder")
        }
    }

    /// Swaps the staging folder in as the destination. On failure the destination is left as
    /// it was and the staging folder is removed. Entries of the old folder named in `dropping`
    /// are not carried over (goldens `--prune` deletes, as part of the same swap).
    ///
    /// Where the file system has an exchange rename (`renameat2(RENAME_EXCHANGE)`: ext4, tmpfs,
    /// btrfs, xfs), the two folders trade places in one step, so a reader always finds the
    /// destination; elsewhere two renames, and a reader that finds the journal finishes the swap
    /// (`recoverForReading`). A leftover that cannot be removed afterwards is an error naming it.
    public func commit(dropping: Set<String> = []) throws(OutputPaths.Refusal) {
        precondition(!finished, "ResultFolder committed twice")
        defer { abandon() }
        if SignalCleanup.isInterrupted { throw OutputPaths.Refusal("\(flag) \(OutputPaths.quoted(displayPath)): interrupted") }
        let produced = FileTree.entries(of: staging).filter { $0 != Self.manifestName }
        try preflight(willWrite: produced)
        if OutputPaths.kind(of: destination) == .missing && !FileTree.exists(destination) {
            try writeManifest(produced)
            guard rename(staging, destination) == 0 else { throw failure("cannot move the results in") }
            finished = true
            return
        }
        guard FileTree.isRealFolder(destination) else {
            throw OutputPaths.Refusal(
                "\(flag) \(OutputPaths.quoted(displayPath)): not a folder (a symlink or file is in the way); nothing replaced")
        }
        // A mode without the owner's rwx (and no root to bypass it) is given after the entries
        // of the user's are moved in; any other before the swap, so the folder appears with it.
        let settleAfter = kept.map { geteuid() != 0 && $0.mode & 0o700 != 0o700 } ?? false
        if let kept, !kept.giveOwner(staging) { throw failure("cannot give the new folder its owner") }
        if let kept, !settleAfter, !kept.settle(staging) { throw failure("cannot give the new folder mode \(kept.octal)") }
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
            case .keepUnreplaced: keep = !dropping.contains(entry)
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
        var info = stat()
        guard lstat(staging, &info) == 0 else { throw failure("the staging folder vanished") }
        let journal = SwapJournal(pid: getpid(), newInode: UInt64(info.st_ino))
        guard FileTree.write(journal.bytes, to: journalPath + ".new"), rename(journalPath + ".new", journalPath) == 0 else {
            unlink(journalPath + ".new")
            throw failure("cannot write the swap journal in \(OutputPaths.quoted(parent))")
        }
        // From here the journal, not the signal cleanup, answers for the staging folder: after the
        // exchange it holds the old set, whose entries of the user's move into the new one.
        if let token = signalToken { SignalCleanup.remove(token); signalToken = nil }
        if overscroll_rename_exchange(staging, destination) == 0 {
            // The old set now sits at the staging path.
            finished = true
            let left = Self.finishSwap(oldAt: staging, destination: destination, deferred: deferred, journal: journalPath)
            if settleAfter { kept?.settle(destination) }
            try reportLeftovers(left)
            return
        }
        guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
            let reason = failure("cannot move the new results in")
            unlink(journalPath)
            throw reason
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
        let left = Self.finishSwap(oldAt: old, destination: destination, deferred: deferred, journal: journalPath)
        if settleAfter { kept?.settle(destination) }
        try reportLeftovers(left)
    }

    private func reportLeftovers(_ leftovers: [String]) throws(OutputPaths.Refusal) {
        guard let first = leftovers.first else { return }
        throw OutputPaths.Refusal(
            "\(flag) \(OutputPaths.quoted(displayPath)): the new results are in place, but \(OutputPaths.quoted(first)) could not be"
                + " removed\(leftovers.count > 1 ? " (and \(leftovers.count - 1) more)" : ""); remove it by hand")
    }

    /// The manifest lists the tool's files in the new folder: what this run wrote, plus the
    /// goldens a partial update kept. A user's entries are never listed.
    private func writeManifest(_ names: [String]) throws(OutputPaths.Refusal) {
        var manifest = "overscroll manifest 1\n"
        // A folder the run made is listed with a trailing "/" (never part of a name), so the next
        // run may drop it; any other folder stays the user's.
        for name in names { manifest += escape(name) + (FileTree.isRealFolder(staging + "/" + name) ? "/" : "") + "\n" }
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

    private var journalPath: String { parent + "/" + SwapJournal.journalName(name) }

    /// For a command that only reads `folder` (goldens being compared): when a killed run left
    /// a swap journal beside it and no run holds the folder's lock, finishes or rolls back that
    /// swap first, so the reader sees the old or the new set, never none. What else a killed
    /// writer left beside the folder (its staging or old folder, its lock file) is removed too,
    /// under the lock, so a run that then writes nothing there still leaves the tree clean.
    /// Nothing is created when nothing was left. Only the folder's own parent is acted in, and
    /// only when neither it nor the folder is a symlink; a journal that does not match the folder
    /// (`SwapRecovery`) is left alone and reported in one line through `report`.
    public static func recoverForReading(_ folder: String, report: (String) -> Void = { StandardStreams.error("note: " + $0 + "\n") }) {
        var typed = OutputPaths.absolute(folder)
        while typed.count > 1 && typed.hasSuffix("/") { typed.removeLast() }
        guard let typedSlash = typed.lastIndex(of: "/") else { return }
        let typedParent = typedSlash == typed.startIndex ? "/" : String(typed[..<typedSlash])
        // Reached without a link: neither the folder nor its parent as named is one.
        guard FileTree.isRealFolder(typedParent), !FileTree.isLink(typed) else { return }
        let full = OutputPaths.canonical(folder)
        guard full != "/", let slash = full.lastIndex(of: "/") else { return }
        let parent = slash == full.startIndex ? "/" : String(full[..<slash])
        let name = String(full[full.index(after: slash)...])
        let journal = parent + "/" + SwapJournal.journalName(name)
        let lockPath = parent + "/." + name + ".lock"
        let left =
            FileTree.exists(journal) || FileTree.isRegularFile(lockPath)
            || FileTree.entries(of: parent).contains {
                SwapRecovery.isRunFolder($0, of: name) || $0 == SwapJournal.journalName(name) + ".new"
            }
        guard left, let lock = try? FolderLock(path: lockPath, flag: "", display: folder) else { return }
        let recovered = SwapRecovery.recover(parent: parent, name: name)
        if let mismatch = recovered.mismatch {
            let shown = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let beside = shown.lastIndex(of: "/").map { String(shown[...$0]) } ?? ""
            report(mismatchMessage(journal: OutputPaths.quoted(beside + SwapJournal.journalName(name)), mismatch))
        } else {
            _ = SwapRecovery.removeStaleSiblings(parent: parent, name: name)
        }
        withExtendedLifetime(lock) {}  // its release removes the lock file
    }

    /// The folders of `parent` that a killed writer left something beside — a lock, a journal,
    /// a staging or old folder — by the name those exact leftover names derive from (a folder
    /// pruned away may be gone itself). Nothing is followed or touched.
    public static func foldersWithLeftovers(in parent: String) -> [String] {
        SwapRecovery.leftoverOwners(FileTree.entries(of: parent)).sorted()
    }

    /// The one line for a journal recovery leaves alone.
    static func mismatchMessage(journal: String, _ reason: String, flag: String? = nil, display: String? = nil) -> String {
        let prefix = flag.map { "\($0) \(OutputPaths.quoted(display ?? "")): " } ?? ""
        return "\(prefix)\(journal): not a swap journal of this folder (\(reason)); left alone, nothing it names was touched — remove it"
            + " by hand"
    }

    /// Moves the deferred entries (listed by this run, from the old folder it read) from the old
    /// set into the destination, drops the journal and removes the old set; returns what could
    /// not be removed.
    private static func finishSwap(oldAt old: String, destination: String, deferred: [String], journal: String) -> [String] {
        for entry in deferred
        where SafeName.isSafe(entry) && FileTree.exists(old + "/" + entry) && !FileTree.exists(destination + "/" + entry) {
            rename(old + "/" + entry, destination + "/" + entry)
        }
        unlink(journal)
        return FileTree.remove(old)
    }

    /// The names a manifest lists (a folder's without its trailing "/").
    static func manifestEntries(_ bytes: [UInt8]) -> Set<String> {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
        return Set(
            lines.map { line in
                let entry = unescape(String(line))
                return entry.hasSuffix("/") ? String(entry.dropLast()) : entry
            })
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
                    if FileTree.isRealFolder(destination + "/" + folder) { owned.insert(folder) }
                } else if FileTree.isRegularFile(destination + "/" + entry) {
                    owned.insert(entry)
                }
            }
            return owned
        }
        guard case .manifest(let legacy) = ownership else { return [] }
        return Set(FileTree.entries(of: destination).filter { legacy($0) && FileTree.isRegularFile(destination + "/" + $0) })
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
