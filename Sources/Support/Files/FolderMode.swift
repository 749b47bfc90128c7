import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// The mode (sticky and setgid bits included), owner, group and POSIX ACLs of a folder that a
/// new one replaces (issue 43): a private 0700 results folder stays private, a shared 1777 one
/// keeps its sticky bit, a folder of another owner stays theirs. Where the replacement cannot be
/// given all of them (another user's folder without root, a group this user is not in), the
/// command refuses before anything changes.
public struct FolderMode: Sendable, Equatable {
    public let mode: mode_t
    public let owner: uid_t
    public let group: gid_t
    /// `system.posix_acl_access` and `system.posix_acl_default`, when the folder has them.
    let acls: [(name: String, value: [UInt8])]

    static let aclNames = ["system.posix_acl_access", "system.posix_acl_default"]

    public static func == (a: FolderMode, b: FolderMode) -> Bool {
        a.mode == b.mode && a.owner == b.owner && a.group == b.group
            && a.acls.map(\.name) == b.acls.map(\.name) && a.acls.map(\.value) == b.acls.map(\.value)
    }

    /// The folder at `path` (never through a link), or nil when there is none.
    public static func of(_ path: String) -> FolderMode? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var acls: [(String, [UInt8])] = []
        for name in aclNames {
            let size = lgetxattr(path, name, nil, 0)
            guard size > 0 else { continue }
            var value = [UInt8](repeating: 0, count: size)
            let read = lgetxattr(path, name, &value, size)
            if read > 0 { acls.append((name, Array(value.prefix(read)))) }
        }
        return FolderMode(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid, acls: acls)
    }

    /// `0700`, `1777`.
    public var octal: String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Gives the folder at `path` (a new, empty folder of this process) this owner, group, mode
    /// and ACLs; why not, when one of them cannot be given (nothing else is tried then).
    /// `writable` keeps the owner's rwx bits on for the run; `settle` gives the exact mode later.
    /// Run as root, the owner and group are given by `giveOwner` at the swap (until then the
    /// staging folder stays this process's, which the next run removes after a kill).
    public func apply(to path: String, writable: Bool) -> String? {
        let me = geteuid()
        if me != 0 && owner != me {
            return "is owned by \(Self.user(owner)); only root can give a new folder that owner"
        }
        if me != 0 && group != getegid() && lchown(path, uid_t.max, group) != 0 {
            return "is of group \(Self.group(group)), which this user cannot give a new folder"
                + " (\(String(cString: strerror(errno))))"
        }
        for acl in acls where lsetxattr(path, acl.name, acl.value, acl.value.count, 0) != 0 {
            return "has an ACL (\(acl.name)) that cannot be given to a new folder (\(String(cString: strerror(errno))))"
        }
        guard settle(path) else { return "has mode \(octal), which cannot be given to a new folder" }
        if writable && me != 0 && mode & 0o700 != 0o700 { chmod(path, mode | 0o700) }
        return nil
    }

    /// Run as root: gives `path` the owner and group (then the mode again: a change of owner may
    /// drop the setgid bit); false when that failed.
    public func giveOwner(_ path: String) -> Bool {
        var info = stat()
        guard geteuid() == 0, lstat(path, &info) == 0, info.st_uid != owner || info.st_gid != group else { return true }
        return lchown(path, owner, group) == 0 && settle(path)
    }

    /// Gives `path` the exact mode; false when the file system kept other bits (a setgid bit
    /// the kernel drops for a user outside the group).
    @discardableResult
    public func settle(_ path: String) -> Bool {
        var info = stat()
        return chmod(path, mode) == 0 && lstat(path, &info) == 0 && info.st_mode & 0o7777 == mode
    }

    public static func user(_ uid: uid_t) -> String {
        guard let p = getpwuid(uid), let name = p.pointee.pw_name else { return "user \(uid)" }
        return "user \(uid) (\(String(cString: name)))"
    }

    static func group(_ gid: gid_t) -> String {
        guard let g = getgrgid(gid), let name = g.pointee.gr_name else { return "\(gid)" }
        return "\(gid) (\(String(cString: name)))"
    }
}
