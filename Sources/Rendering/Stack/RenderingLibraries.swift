import CLibraryVersions
import Glibc
import Support

/// The rendering libraries this process has loaded, each asked for its own version at run time
/// (a program built on one Debian and run on another reports the other's libraries).
public enum RenderingLibraries {
    /// cairo, pixman, pango, harfbuzz, freetype, fontconfig and rlottie, in that order.
    public static func probe() -> [RenderingStack.Library] {
        var out: [RenderingStack.Library] = [
            .init(name: "cairo", version: text(overscroll_cairo_version()), source: "cairo_version_string()"),
            .init(name: "pixman", version: text(overscroll_pixman_version()), source: "pixman_version_string()"),
            .init(name: "pango", version: text(overscroll_pango_version()), source: "pango_version_string()"),
            .init(name: "harfbuzz", version: text(overscroll_harfbuzz_version()), source: "hb_version_string()")
        ]
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        let freetype = overscroll_freetype_version(&major, &minor, &patch) != 0 ? "\(major).\(minor).\(patch)" : "unknown"
        out.append(.init(name: "freetype", version: freetype, source: "FT_Library_Version()"))
        let fc = Int(overscroll_fontconfig_version())
        out.append(.init(name: "fontconfig", version: "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)", source: "FcGetVersion()"))
        out.append(rlottie())
        return out
    }

    /// rlottie has no version call: the version is read from the file name of the shared object
    /// that holds its code (the mapping of /proc/self/maps that holds the address of one of its
    /// functions; links resolved, `librlottie.so.0.1.0-1` → `0.1.0`), and the source says so.
    static func rlottie() -> RenderingStack.Library {
        let address = UInt(bitPattern: overscroll_rlottie_address())
        guard let mapped = mappedFile(containing: address) else {
            return .init(name: "rlottie", version: "unknown", source: "no shared object found (rlottie has no version call)")
        }
        let path = resolved(mapped)
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return .init(
            name: "rlottie", version: versionInFileName(file) ?? "unknown",
            source: "file name \(file) (rlottie has no version call)")
    }

    /// The file mapped at `address` in this process (`/proc/self/maps`), if any.
    static func mappedFile(containing address: UInt) -> String? {
        guard address != 0, let bytes = try? InputFile.read("/proc/self/maps", maxBytes: 64 << 20) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            // start-end perms offset dev inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                start <= address, address < end
            else { continue }
            let path = fields[5].trimmingLeadingSpaces
            return path.hasPrefix("/") ? path : nil
        }
        return nil
    }

    /// `path` with its links resolved (itself when that fails).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The version in a shared object's file name: the digits and dots after `.so.`
    /// (`librlottie.so.0.1.0-1` → `0.1.0`); nil when there are none.
    static func versionInFileName(_ file: String) -> String? {
        let chars = Array(file)
        guard let start = (0..<max(0, chars.count - 3)).first(where: { chars[$0..<$0 + 4] == [".", "s", "o", "."] }) else { return nil }
        var version = String(chars[(start + 4)...].prefix { $0.isNumber || $0 == "." })
        while version.hasSuffix(".") { version.removeLast() }
        return version.isEmpty ? nil : version
    }

    private static func text(_ s: UnsafePointer<CChar>?) -> String { s.map { String(cString: $0) } ?? "unknown" }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
