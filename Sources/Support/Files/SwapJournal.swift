/// The swap journal (`.NAME.swap`) `ResultFolder.commit` writes beside a folder before swapping
/// it: which phase a swap reached, nothing more. It holds the id of the process whose staging
/// and old folders take part — recovery derives their names itself, `.NAME.staging-PID` and
/// `.NAME.old-PID` in the folder's own parent — and the inode of the new set (the swap happened
/// once the destination has it). It names no path and no entry: a journal a repository ships
/// cannot make recovery delete, move, create or write anything it names.
struct SwapJournal: Equatable, Sendable {
    static let header = "overscroll swap 3"
    /// The previous format named paths; it is read only when those paths are exactly the names
    /// this folder's journal would derive (compared, never used), and its other lines are ignored.
    static let previousHeader = "overscroll swap 2"

    /// The process whose staging and old folders the swap uses.
    var pid: Int32
    /// The inode of the new set when the journal was written.
    var newInode: UInt64

    var bytes: [UInt8] { Array("\(Self.header)\npid \(pid)\nnew \(newInode)\n".utf8) }

    /// The journal's name beside the folder `name`.
    static func journalName(_ name: String) -> String { "." + name + ".swap" }
    static func stagingName(_ name: String, pid: Int32) -> String { "." + name + ".staging-\(pid)" }
    static func oldName(_ name: String, pid: Int32) -> String { "." + name + ".old-\(pid)" }

    /// Why a journal is not one this folder's recovery may act on (the reason, for a one-line message).
    struct Mismatch: Error, Sendable, Equatable { var reason: String }

    /// The largest journal read (a journal of the previous format listed entries of the user's).
    static let maxBytes = 1 << 20

    /// Reads journal text for the folder `name` in `parent` (canonical).
    static func parse(_ bytes: [UInt8], parent: String, name: String) -> Result<SwapJournal, Mismatch> {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Mismatch(reason: "not UTF-8 text")) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first else { return .failure(Mismatch(reason: "empty")) }
        if first == header {
            guard lines.count == 4, lines[3].isEmpty,
                let pid = number(lines[1], after: "pid ").flatMap({ Int32(exactly: $0) }), pid > 0,
                let inode = number(lines[2], after: "new ")
            else {
                return .failure(Mismatch(reason: "not in the form of \"\(header)\""))
            }
            return .success(SwapJournal(pid: pid, newInode: inode))
        }
        if first.hasPrefix(previousHeader + " "), let inode = UInt64(first.dropFirst(previousHeader.count + 1)) {
            let paths = lines.dropFirst().map(ResultFolder.unescape)
            func join(_ entry: String) -> String { parent == "/" ? "/" + entry : parent + "/" + entry }
            let stagingPrefix = join("." + name + ".staging-")
            guard paths.count >= 3, paths[0].hasPrefix(stagingPrefix),
                let pid = Int32(paths[0].dropFirst(stagingPrefix.count)), pid > 0,
                paths[0] == join(stagingName(name, pid: pid)), paths[1] == join(oldName(name, pid: pid)),
                paths[2] == join(name)
            else {
                return .failure(Mismatch(reason: "names paths other than this folder's own staging and old folders"))
            }
            return .success(SwapJournal(pid: pid, newInode: inode))
        }
        return .failure(Mismatch(reason: "not in a format this version reads"))
    }

    /// The digits after `prefix` (digits only).
    private static func number(_ line: String, after prefix: String) -> UInt64? {
        guard line.hasPrefix(prefix) else { return nil }
        let digits = line.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return UInt64(digits)
    }
}
