import Foundation

/// Finds the project's `Assets/` folder: `OVERSCROLL_ASSETS` if set, else the nearest `Assets`
/// beside or above the executable, else the one next to the sources this was built from.
public enum AssetLocator {
    public static let environmentKey = "OVERSCROLL_ASSETS"

    public static func assetsDirectory() -> URL? {
        let fm = FileManager.default
        func valid(_ u: URL) -> Bool { fm.fileExists(atPath: u.appendingPathComponent("fonts.conf").path) }
        if let env = ProcessInfo.processInfo.environment[environmentKey] {
            let u = URL(fileURLWithPath: env)
            if valid(u) { return u }
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Assets")
            if valid(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets")
        return valid(fromSource) ? fromSource : nil
    }

    /// A file inside Assets, if present.
    public static func asset(_ name: String) -> URL? {
        guard let u = assetsDirectory()?.appendingPathComponent(name),
              FileManager.default.fileExists(atPath: u.path) else { return nil }
        return u
    }
}
