import Foundation
import Support
#if canImport(Glibc)
import Glibc
#endif

/// Finds the assets folder (the one holding `fonts.conf` and `refresh.json`), first match of:
/// `OVERSCROLL_ASSETS`; the installed layout beside the executable (`PREFIX/share/overscroll` for
/// `PREFIX/bin/…` or `PREFIX/libexec/overscroll/…`); an `Assets` folder beside or above the
/// executable (a build folder in a checkout); `overscroll/` in each `XDG_DATA_DIRS` folder
/// (default `/usr/local/share:/usr/share`); the `Assets` next to the sources this was built from.
/// An asset is a regular file (a link to one is followed) or an error: a FIFO `fonts.conf` would
/// block fontconfig's read, and so every command, forever.
public enum AssetLocator {
    public static let environmentKey = "OVERSCROLL_ASSETS"

    /// An asset that is there but not a regular file, named.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The first candidate folder holding a `fonts.conf` of any kind (one that is not a regular
    /// file is then refused by `asset`, not skipped for another folder).
    public static func assetsDirectory() -> URL? {
        let fm = FileManager.default
        let executable = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        return candidates(environment: Platform.environment, executable: executable, sourceFile: #filePath)
            .first {
                var info = stat(); return lstat($0.appendingPathComponent("fonts.conf").path, &info) == 0
            }
    }

    /// The folders searched, in order (pure: no file is looked at).
    public static func candidates(environment: [String: String], executable: String, sourceFile: String) -> [URL] {
        var out: [URL] = []
        if let env = environment[environmentKey], !env.isEmpty { out.append(URL(fileURLWithPath: env)) }
        let bin = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
        let prefix =
            bin.lastPathComponent == "overscroll" && bin.deletingLastPathComponent().lastPathComponent == "libexec"
            ? bin.deletingLastPathComponent().deletingLastPathComponent() : bin.deletingLastPathComponent()
        out.append(prefix.appendingPathComponent("share/overscroll"))
        var dir = bin
        for _ in 0..<6 {
            out.append(dir.appendingPathComponent("Assets"))
            dir = dir.deletingLastPathComponent()
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for d in dataDirs.split(separator: ":") where d.hasPrefix("/") {
            out.append(URL(fileURLWithPath: String(d)).appendingPathComponent("overscroll"))
        }
        out.append(
            URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets"))
        return out
    }

    /// A file inside Assets: nil when it is not there, an error when it is but is not a regular
    /// file (a FIFO, a device, a folder, a link to one of those).
    public static func asset(_ name: String) throws(Failure) -> URL? {
        guard let folder = assetsDirectory() else { return nil }
        return try regularFile(folder.appendingPathComponent(name))
    }

    /// `url` when it is a regular file (links followed), nil when nothing is there.
    static func regularFile(_ url: URL) throws(Failure) -> URL? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            var link = stat()
            if lstat(url.path, &link) == 0 {
                throw Failure(description: "\(OutputPaths.quoted(url.path)): a link to nothing; an asset must be a regular file")
            }
            return nil
        }
        if let kind = InputFile.kind(ofMode: info.st_mode) {
            throw Failure(
                description: "\(OutputPaths.quoted(url.path)): is \(kind), not a regular file (the assets folder must hold regular files)")
        }
        return url
    }
}
