import CSDL2
@testable import Desktop
import Foundation
import Testing

/// The SDL entry of the rendering stack is the loaded library's own version.
@Suite struct SDLLibraryTests {
    @Test func theVersionIsTheLinkedLibrarys() throws {
        let entry = SDLLibrary.stackEntry()
        var v = SDL_version()
        SDL_GetVersion(&v)
        #expect(entry.name == "SDL" && entry.source == "SDL_GetVersion()")
        #expect(entry.version == "\(v.major).\(v.minor).\(v.patch)")
        // Told apart from the headers' version by the mapped library's file name: SDL 2 names its
        // shared object libSDL2-2.0.so.0.<minor × 100>.<patch>.
        let maps = try String(
            decoding: FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        if let mapped = maps.split(separator: "\n").compactMap({ $0.split(separator: " ").last }).first(where: {
            $0.contains("/libSDL2-2.0.so")
        }) {
            let file = URL(fileURLWithPath: String(mapped)).resolvingSymlinksInPath().lastPathComponent
            #expect(file == "libSDL2-2.0.so.0.\(Int(v.minor) * 100).\(v.patch)", "\(file) is SDL \(entry.version)")
        }
    }
}
