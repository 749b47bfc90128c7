import CLibraryVersions
import Glibc
import Imaging

/// The font files text is drawn with: the files the pinned fontconfig (`Assets/fonts.conf`)
/// resolves for `TextFont.family` at each weight the app draws, each with the SHA-256 of its bytes.
public enum FontFiles {
    /// Pins the fonts first (as the text engine does), then resolves and hashes; a file that cannot
    /// be read is listed with `unreadable` for its hash.
    public static func probe() -> [RenderingStack.Font] {
        FontSetup.pinFonts()
        var paths: [String] = []
        for weight in TextFont.weights {
            guard let raw = overscroll_font_file(TextFont.family, weight) else { continue }
            let path = String(cString: raw)
            free(raw)
            if !paths.contains(path) { paths.append(path) }
        }
        return paths.sorted().map { path in
            RenderingStack.Font(
                file: path.split(separator: "/").last.map(String.init) ?? path,
                sha256: SHA256.hex(fileAt: path) ?? "unreadable")
        }
    }
}
