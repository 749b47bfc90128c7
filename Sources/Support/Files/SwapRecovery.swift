#if canImport(Glibc)
import Glibc
#endif

/// Finishes, or rolls back, a swap of `ResultFolder` that a killed run left half done, and removes
/// what killed writers left beside a folder. It acts only on names it derives itself from the
/// folder's name — the folder, its journal, and its staging and old folders of the journal's
/// process (`.NAME.staging-PID`, `.NAME.old-PID`) — in the folder's own parent, opened without
/// following a link, and only on entries this user owns. No path or name read from a file is
/// ever deleted, moved, created or written: the journal says which phase the swap reached
/// (`SwapJournal`), nothing more. Entries of the user's that the swap carries from the old set
/// into the new one are found in the old set itself (those its manifest does not list as the
/// tool's), and only once the journal's inode proves the swap is this folder's own.
enum SwapRecovery {
    struct Outcome: Sendable {
        /// What could not be removed.
        var leftovers: [String] = []
        /// Why the journal was left alone (it does not match this folder), or nil.
        var mismatch: String?
    }

    /// Recovers the swap of `parent/name` (canonical parent) when its journal is there. Call only
    /// while holding the folder's lock.
    static func recover(parent: String, name: String) -> Outcome {
        guard let dir = OpenFolder(parent) else { return Outcome() }
        defer { dir.close() }
        let journal = SwapJournal.journalName(name)
        guard let info = dir.info(journal) else { return Outcome() }
        guard info.st_mode & S_IFMT == S_IFREG else { return Outcome(mismatch: "not a regular file") }
        guard info.st_uid == geteuid() else { return Outcome(mismatch: "owned by another user") }
        guard let bytes = dir.readFile(journal, maxBytes: SwapJournal.maxBytes) else { return Outcome(mismatch: "cannot be read") }
        let parsed: SwapJournal
        switch SwapJournal.parse(bytes, parent: parent, name: name) {
        case .success(let j): parsed = j
        case .failure(let m): return Outcome(mismatch: m.reason)
        }
        let staging = SwapJournal.stagingName(name, pid: parsed.pid), old = SwapJournal.oldName(name, pid: parsed.pid)
        for entry in [name, staging, old] {
            guard let i = dir.info(entry) else { continue }
            guard i.st_mode & S_IFMT == S_IFDIR, i.st_uid == geteuid() else {
                return Outcome(mismatch: "\(entry) is not a folder of this user's")
            }
        }
        let destinationInode = dir.inode(name), stagingInode = dir.inode(staging), oldInode = dir.inode(old)
        if destinationInode == parsed.newInode {
            // The swap happened (an exchange, or both renames): the old set is wherever it went.
            let oldAt = stagingInode != nil ? staging : old
            var left = finish(in: dir, oldAt: oldAt, name: name, journal: journal)
            if oldAt == staging { left += dir.remove(old) }
            return Outcome(leftovers: left)
        }
        if stagingInode == parsed.newInode && destinationInode == nil && oldInode != nil {
            // Killed between the two renames: finish the swap.
            guard renameat(dir.fd, staging, dir.fd, name) == 0 else { return Outcome(leftovers: [dir.display(journal)]) }
            return Outcome(leftovers: finish(in: dir, oldAt: old, name: name, journal: journal))
        }
        if stagingInode == parsed.newInode {
            // The swap never started: the folder is still fully old.
            unlinkat(dir.fd, journal, 0)
            return Outcome(leftovers: dir.remove(staging))
        }
        return Outcome(mismatch: "describes a swap that is not here")
    }

    /// Carries the user's entries from the old set into the new folder, drops the journal and
    /// removes the old set; returns what could not be removed. An entry is the user's when the
    /// old set's manifest does not list it, it is not in the new folder, and this user owns it.
    private static func finish(in dir: OpenFolder, oldAt: String, name: String, journal: String) -> [String] {
        if let oldSet = dir.folder(oldAt) {
            defer { oldSet.close() }
            if let destination = dir.folder(name) {
                defer { destination.close() }
                let tools = oldSet.readFile(ResultFolder.manifestName, maxBytes: 64 << 20).map(ResultFolder.manifestEntries) ?? []
                for entry in oldSet.entries() where entry != ResultFolder.manifestName && !tools.contains(entry) && SafeName.isSafe(entry) {
                    guard let info = oldSet.info(entry), info.st_uid == geteuid(), destination.info(entry) == nil else { continue }
                    renameat(oldSet.fd, entry, destination.fd, entry)
                }
            }
        }
        unlinkat(dir.fd, journal, 0)
        return dir.remove(oldAt)
    }

    /// Staging and old folders of `name` left by runs that were killed, a half-written journal,
    /// and staging of older versions whose process is gone, when this user owns them; returns
    /// what could not be removed (an entry of another user's is named, never touched). Call only
    /// while holding the folder's lock. `keeping` is this run's own staging.
    static func removeStaleSiblings(parent: String, name: String, keeping: String? = nil) -> [String] {
        guard let dir = OpenFolder(parent) else { return [] }
        defer { dir.close() }
        var leftovers: [String] = []
        for entry in dir.entries() where entry != keeping {
            var stale = isRunFolder(entry, of: name) || entry == SwapJournal.journalName(name) + ".new"
            let legacy = "." + name + ".partial-"
            if entry.hasPrefix(legacy), let pid = Int32(entry.dropFirst(legacy.count).prefix { $0 != "-" }), !FileTree.processIsAlive(pid) {
                stale = true
            }
            guard stale, let info = dir.info(entry) else { continue }
            guard info.st_uid == geteuid() else { leftovers.append(dir.display(entry)); continue }
            leftovers += dir.remove(entry)
        }
        return leftovers
    }

    /// Whether `entry` is exactly `.NAME.staging-PID` or `.NAME.old-PID` (digits only): a
    /// folder's name may itself contain `.old-1`, so a prefix alone would match the staging,
    /// lock or journal of a sibling folder named `NAME.old-1`.
    static func isRunFolder(_ entry: String, of name: String) -> Bool {
        for prefix in ["." + name + ".staging-", "." + name + ".old-"] where entry.hasPrefix(prefix) {
            let pid = entry.dropFirst(prefix.count)
            if !pid.isEmpty && pid.allSatisfy(\.isASCII) && pid.allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    /// The names of folders whose leftovers sit in `entries` of one parent: `NAME` for each
    /// `.NAME.lock`, `.NAME.swap`, `.NAME.swap.new`, `.NAME.staging-PID` and `.NAME.old-PID`.
    static func leftoverOwners(_ entries: [String]) -> Set<String> {
        var names = Set<String>()
        for entry in entries where entry.hasPrefix(".") {
            let body = entry.dropFirst()
            for suffix in [".lock", ".swap", ".swap.new"] where body.hasSuffix(suffix) {
                names.insert(String(body.dropLast(suffix.count)))
            }
            var digits = 0
            while digits < body.count, body[body.index(body.endIndex, offsetBy: -(digits + 1))].isASCII,
                body[body.index(body.endIndex, offsetBy: -(digits + 1))].isNumber
            { digits += 1 }
            let head = body.dropLast(digits)
            for marker in [".staging-", ".old-"] where digits > 0 && head.hasSuffix(marker) {
                names.insert(String(head.dropLast(marker.count)))
            }
        }
        return names.filter(SafeName.isSafe)
    }
}
