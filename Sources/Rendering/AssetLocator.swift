import Foundation

/// Finds the assets folder (the one holding `fonts.conf` and `refresh.json`), first match of:
/// `OVERSCROLL_ASSETS`; the installed layout beside the executable (`PREFIX/share/overscroll` for
/// `PREFIX/bin/…` or `PREFIX/libexec/overscroll/…`); an `Assets` folder beside or above the
/// executable (a build folder in a checkout); `overscroll/` in each `XDG_DATA_DIRS` folder
/// (default `/usr/local/share:/usr/share`); the `Assets` next to the sources this was built from.
public enum AssetLocator {
    public static let environmentKey = "OVERSCROLL_ASSETS"

    public static func assetsDirectory() -> URL? {
        let fm = FileManager.default
        let executable = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        return candidates(environment: ProcessInfo.processInfo.environment, executable: executable, sourceFile: #filePath)
            .first { fm.fileExists(atPath: $0.appendingPathComponent("fonts.conf").path) }
    }

    /// The folders searched, in order (pure: no file is looked at).
    public static func candidates(environment: [String: String], executable: String, sourceFile: String) -> [URL] {
        var out: [URL] = []
        if let env = environment[environmentKey], !env.isEmpty { out.append(URL(fileURLWithPath: env)) }
        let bin = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
        let prefix = bin.lastPathComponent == "overscroll" && bin.deletingLastPathComponent().lastPathComponent == "libexec"
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
        out.append(URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets"))
        return out
    }

    /// A file inside Assets, if present.
    public static func asset(_ name: String) -> URL? {
        guard let u = assetsDirectory()?.appendingPathComponent(name),
              FileManager.default.fileExists(atPath: u.path) else { return nil }
        return u
    }
}
