import Foundation
import Support

/// Pins fonts for deterministic text: points fontconfig at `Assets/fonts.conf` before pango
/// initialises. The environment is written once per process (the first `TextEngine` does it, or a
/// driver earlier): `setenv` is not safe while other threads read the environment, so it must not
/// run again each time a text engine is made (tests make them in parallel).
public enum FontSetup {
    /// The config file used, nil when the Assets folder was not found (system fonts are used
    /// then, and text may differ between machines), or the error when `fonts.conf` is there but
    /// not a regular file (then it is not given to fontconfig, whose read would block on a FIFO).
    /// Evaluated once, thread-safely, on first use.
    public static let pinned: Result<URL?, AssetLocator.Failure> = {
        let found = Result { () throws(AssetLocator.Failure) -> URL? in try AssetLocator.asset("fonts.conf") }
        if case .success(let conf?) = found { Platform.setEnvironment("FONTCONFIG_FILE", conf.path) }
        return found
    }()

    /// The config file used (nil: none, or refused).
    public static var pinnedFonts: URL? { try? pinned.get() }

    /// Runs the one-time setup (if it has not run yet) and returns the config file used.
    @discardableResult
    public static func pinFonts() -> URL? { pinnedFonts }

    /// For the commands that draw text, before they start: the error of a `fonts.conf` that is
    /// not a regular file (exit 2, naming it).
    public static func check() throws(AssetLocator.Failure) { _ = try pinned.get() }
}
