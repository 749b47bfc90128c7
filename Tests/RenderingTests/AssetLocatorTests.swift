import Foundation
import Rendering
import Testing

/// Where the assets (fonts.conf, refresh.json) are looked for: OVERSCROLL_ASSETS, the installed
/// layout, a checkout's Assets, XDG_DATA_DIRS, the sources' Assets — in that order.
@Suite struct AssetLocatorTests {
    func paths(_ env: [String: String], _ exe: String) -> [String] {
        AssetLocator.candidates(environment: env, executable: exe, sourceFile: "/src/Sources/Rendering/AssetLocator.swift").map(\.path)
    }

    @Test func anInstalledHelperFindsTheShareFolderOfItsPrefix() {
        let p = paths([:], "/usr/libexec/overscroll/overscroll-app")
        #expect(p.first == "/usr/share/overscroll")
        #expect(Array(p.suffix(3)) == ["/usr/local/share/overscroll", "/usr/share/overscroll", "/src/Assets"])
        #expect(paths([:], "/opt/os/bin/overscroll-app").first == "/opt/os/share/overscroll")
    }

    @Test func theEnvironmentComesFirstAndXDGDataDirsAreSearchedInOrder() {
        let p = paths(
            ["OVERSCROLL_ASSETS": "/mine", "XDG_DATA_DIRS": "/a/share:relative:/b/share"], "/usr/libexec/overscroll/overscroll-app")
        #expect(p.first == "/mine")
        #expect(p.contains("/a/share/overscroll") && p.contains("/b/share/overscroll"))
        #expect(!p.contains { $0.contains("relative") })
        #expect(p.firstIndex(of: "/a/share/overscroll")! < p.firstIndex(of: "/b/share/overscroll")!)
    }

    @Test func aBuildFolderFindsTheCheckoutsAssets() {
        let p = paths([:], "/home/me/overscroll/.build/debug/overscroll-app")
        #expect(p.contains("/home/me/overscroll/Assets"))
        #expect(p.firstIndex(of: "/home/me/overscroll/Assets")! < p.firstIndex(of: "/usr/share/overscroll")!)
    }
}
