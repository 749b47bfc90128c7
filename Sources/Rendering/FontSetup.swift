import Foundation

/// Pins fonts for deterministic text: points fontconfig at `Assets/fonts.conf` before pango
/// initialises. Must run before the first text is laid out; later calls do nothing.
public enum FontSetup {
    /// Returns the config file used, or nil when the Assets folder was not found (system fonts
    /// are used then, and text may differ between machines).
    @discardableResult
    public static func pinFonts() -> URL? {
        guard let conf = AssetLocator.asset("fonts.conf") else { return nil }
        setenv("FONTCONFIG_FILE", conf.path, 1)
        return conf
    }
}
