import CCairo
import CLibraryVersions
import CPangoCairo
import Foundation
import Imaging
@testable import Rendering
import Support
import Testing

/// The rendering stack a suite run records: every version is the loaded library's own, the fonts'
/// hashes are right, and the differences between two stacks name the libraries that differ.
@Suite struct RenderingStackTests {
    @Test func versionsAreWhatTheLoadedLibrariesSay() throws {
        let stack = RenderingStack.probe()
        #expect(stack.libraries.map(\.name) == ["cairo", "pixman", "pango", "harfbuzz", "freetype", "fontconfig", "rlottie"])
        #expect(stack.version(of: "cairo") == String(cString: cairo_version_string()))
        #expect(stack.version(of: "pango") == String(cString: pango_version_string()))
        #expect(stack.version(of: "harfbuzz") == String(cString: hb_version_string()))
        let fc = Int(FcGetVersion())
        #expect(stack.version(of: "fontconfig") == "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)")
        // pixman and FreeType are asked through their own calls; on the machine that built the
        // tests the loaded libraries are the ones whose headers it built with.
        #expect(stack.version(of: "pixman") == PIXMAN_VERSION_STRING)
        #expect(stack.version(of: "freetype") == "\(FREETYPE_MAJOR).\(FREETYPE_MINOR).\(FREETYPE_PATCH)")
        for lib in stack.libraries {
            #expect(lib.version.first?.isNumber == true, "\(lib.name): \(lib.version)")
            #expect(!lib.source.isEmpty)
        }
        // rlottie: the file of the mapped librlottie shared object, as /proc/self/maps names it.
        let maps = String(decoding: try InputFile.read("/proc/self/maps"), as: UTF8.self)
        let mapped = try #require(
            maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }
                .first { $0.contains("/librlottie") }.map(String.init))
        let real = URL(fileURLWithPath: mapped).resolvingSymlinksInPath().lastPathComponent
        let rlottie = try #require(stack.libraries.first { $0.name == "rlottie" })
        #expect(rlottie.source.contains(real), "\(rlottie.source) names \(real)")
        #expect(real.contains(".so." + rlottie.version))
    }

    @Test func fontsAreTheResolvedFilesWithTheirSHA256() throws {
        let stack = RenderingStack.probe()
        #expect(!stack.fonts.isEmpty)
        #expect(stack.fonts.contains { $0.file.hasPrefix("NotoSansCJK-Regular") })
        for font in stack.fonts {
            #expect(font.sha256.count == 64 && font.sha256.allSatisfy(\.isHexDigit), "\(font.file)")
            #expect(!font.file.contains("/"), "file names only: machines keep fonts in different folders")
        }
        // The same digest as coreutils' sha256sum gives.
        let font = try #require(stack.fonts.first)
        let folder = "/usr/share/fonts/opentype/noto"
        if FileManager.default.fileExists(atPath: folder + "/" + font.file) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["sha256sum", folder + "/" + font.file]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(text.hasPrefix(font.sha256 + " "), "\(text)")
        }
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // A million 'a's, added in uneven pieces across block boundaries.
        var h = SHA256()
        let pieces = [1, 63, 64, 65, 127, 1000, 4096]
        var left = 1_000_000, i = 0
        while left > 0 {
            let n = min(pieces[i % pieces.count], left)
            h.update([UInt8](repeating: 0x61, count: n))
            left -= n
            i += 1
        }
        #expect(h.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func theVersionInASharedObjectsFileName() {
        #expect(RenderingLibraries.versionInFileName("librlottie.so.0.1.0-1") == "0.1.0")
        #expect(RenderingLibraries.versionInFileName("librlottie.so.0.2") == "0.2")
        #expect(RenderingLibraries.versionInFileName("librlottie.so") == nil)
        #expect(RenderingLibraries.versionInFileName("librlottie.so.x") == nil)
    }

    static func stack(cairo: String, pango: String, sdl: String? = nil, font: String = "aa") -> RenderingStack {
        var libs: [RenderingStack.Library] = [
            .init(name: "cairo", version: cairo, source: "cairo_version_string()"),
            .init(name: "pixman", version: "0.42.2", source: "pixman_version_string()"),
            .init(name: "pango", version: pango, source: "pango_version_string()")
        ]
        if let sdl { libs.append(.init(name: "SDL", version: sdl, source: "SDL_GetVersion()")) }
        return RenderingStack(libraries: libs, fonts: [.init(file: "Noto.ttc", sha256: String(repeating: font, count: 32))])
    }

    @Test func differencesNameTheLibrariesThatDiffer() {
        let debian12 = Self.stack(cairo: "1.16.0", pango: "1.50.12", sdl: "2.26.5")
        let debian13 = Self.stack(cairo: "1.18.4", pango: "1.56.3")
        #expect(
            debian13.goldenNote(recorded: debian12)
                == "goldens made with cairo 1.16.0, pango 1.50.12; this run: cairo 1.18.4, pango 1.56.3",
            "SDL is only in one of them: unknown, not different")
        #expect(debian12.goldenNote(recorded: debian12) == nil)
        let otherFont = Self.stack(cairo: "1.16.0", pango: "1.50.12", font: "bb")
        #expect(
            otherFont.goldenNote(recorded: debian12)
                == "goldens made with Noto.ttc sha256:aaaaaaaaaaaa; this run: Noto.ttc sha256:bbbbbbbbbbbb")
        #expect(debian12.summary.hasPrefix("cairo 1.16.0, pixman 0.42.2, pango 1.50.12, SDL 2.26.5; fonts Noto.ttc aaaaaaaaaaaa"))
        #expect(debian12.table.first == "cairo   1.16.0    cairo_version_string()")
    }
}
