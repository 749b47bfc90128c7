import Foundation

/// Pins fonts for deterministic text: points fontconfig at `Assets/fonts.conf` before pango
/// initialises. The environment is written once per process (the first `TextEngine` does it, or a
/// driver earlier): `setenv` is not safe while other threads read the environment, so it must not
/// run again each time a text engine is made (tests make them in parallel).
public enum FontSetup {
    /// The config file used, or nil when the Assets folder was not found (system fonts are used
    /// then, and text may differ between machines). Evaluated once, thread-safely, on first use.
    public static let pinnedFonts: URL? = {
        guard let conf = AssetLocator.asset("fonts.conf") else { return nil }
        setenv("FONTCONFIG_FILE", conf.path, 1)
        return conf
    }()

    /// Runs the one-time setup (if it has not run yet) and returns the config file used.
    @discardableResult
    public static func pinFonts() -> URL? { pinnedFonts }
}
