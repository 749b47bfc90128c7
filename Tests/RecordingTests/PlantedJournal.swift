import Foundation
import Support

/// Swap journals (`.NAME.swap`) a hostile repository ships beside the folders a command reads or
/// replaces (issue 33): each names decoys that must never be deleted, moved or copied.
enum PlantedJournal: String, CaseIterable, Sendable {
    /// The previous format with the destination's real inode: absolute lines naming a folder
    /// outside the sandbox (as staging, so "the swap happened" and the old set is there), the
    /// sandbox's `.git` (as old), and deferred lines naming decoys outside, relative, with `..`.
    case inodeFormat
    /// The oldest format (no header, no inode): an absolute line naming a folder outside, and
    /// relative lines with `..` naming decoys inside and outside the sandbox.
    case pathFormat
    /// The current format, naming only the phase, but the staging folder it implies is a link to
    /// a folder outside and the old folder belongs to another user (`nobody`) and holds a decoy;
    /// some journals belong to another user themselves, some are links to a decoy outside.
    case linksAndOtherUsers

    /// The folders (relative to the box) beside which every command's journals are planted.
    static let destinations = ["out", "vd", "vr", "g", "results", "test-results", "merged", "cr", "suite/__snapshots__/a", "shard"]

    /// The uid and gid of `nobody`.
    static let nobody: UInt32 = 65534

    /// Plants this kind of journal beside every folder of `destinations` in `s`.
    func plant(in s: Sandbox) throws {
        for (i, relative) in Self.destinations.enumerated() {
            let (parent, name) = Sandbox.split(relative)
            let beside = parent.isEmpty ? "" : parent + "/"
            let destination = OutputPaths.canonical(s.path(relative))
            var info = stat()
            let inode = lstat(s.path(relative), &info) == 0 ? UInt64(info.st_ino) : 1
            let journal = beside + "." + name + ".swap"
            switch self {
            case .inodeFormat:
                try s.write(
                    journal,
                    [
                        "overscroll swap 2 \(inode)", s.outside + "/dir", s.box + "/.git", destination,
                        "secret.txt", "keep.png", "../outside/secret.txt", s.outside + "/secret.txt", "HEAD"
                    ].joined(separator: "\n") + "\n")
            case .pathFormat:
                // Lines are read relative to where the command runs (the box).
                try s.write(
                    journal,
                    [s.outside + "/dir", "suite/../README.md", destination, "../outside/secret.txt", "keep.png"]
                        .joined(separator: "\n") + "\n")
            case .linksAndOtherUsers:
                try s.write(journal, "overscroll swap 3\npid 1\nnew \(inode)\n")
                try s.link(beside + "." + name + ".staging-1", to: s.outside + "/dir")
                try s.write(beside + "." + name + ".old-1/planted.txt", Sandbox.secret + " planted in an old folder of another user")
                chown(s.path(beside + "." + name + ".old-1/planted.txt"), Self.nobody, Self.nobody)
                chown(s.path(beside + "." + name + ".old-1"), Self.nobody, Self.nobody)
                if i % 2 == 1 {
                    chown(s.path(journal), Self.nobody, Self.nobody)
                } else if i % 4 == 0 {
                    // The journal itself a link to a decoy outside.
                    try s.link(journal, to: s.outside + "/secret.txt")
                }
            }
        }
    }
}
