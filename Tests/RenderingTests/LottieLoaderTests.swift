import Foundation
import Rendering
import Testing

/// The loader's one-line errors for files that cannot be used.
@Suite struct LottieLoaderTests {
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func animation(fr: Double, ip: Double, op: Double) -> String {
        """
        {"v":"5.7.4","fr":\(fr),"ip":\(ip),"op":\(op),"w":10,"h":10,"layers":[{"ty":4,"ind":1,"ip":0,"op":100,"st":0,
        "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[5,5]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
        "shapes":[{"ty":"el","s":{"a":0,"k":[8,8]},"p":{"a":0,"k":[0,0]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,\
        "k":100}}]}]}
        """
    }

    static func loadError(_ path: String) -> LottieLoadError? {
        do { _ = try LottieIndicatorSource.load(path: path); return nil } catch { return error }
    }

    @Test func missingFile() {
        let e = Self.loadError("/nonexistent/x.json")
        #expect(e == .missing(path: "/nonexistent/x.json"))
        #expect(e?.message == "lottie: /nonexistent/x.json: file not found")
    }

    @Test func notJSON() throws {
        let path = try Self.temporaryFile("garbage.json", "this is not lottie {")
        #expect(Self.loadError(path) == .unparsable(path: path))
    }

    @Test func zeroFrames() throws {
        let path = try Self.temporaryFile("zero-frames.json", Self.animation(fr: 60, ip: 10, op: 10))
        let e = Self.loadError(path)
        #expect(e == .zeroFrames(path: path) || e == .unparsable(path: path), "\(String(describing: e))")
    }

    @Test func zeroFrameRate() throws {
        let path = try Self.temporaryFile("zero-fps.json", Self.animation(fr: 0, ip: 0, op: 30))
        let e = Self.loadError(path)
        #expect(e == .zeroFrameRate(path: path) || e == .unparsable(path: path), "\(String(describing: e))")
    }

    @Test func ownAnimationLoads() throws {
        let source = try LottieIndicatorSource.load(path: IndicatorFixture.refreshAnimationPath)
        #expect(source.info.frameRate == 60 && source.info.frameCount == 90)
        #expect(source.info.width == 100 && source.info.height == 100)
    }
}

extension LottieLoaderTests {
    @Test func bundledAnimationIsFound() throws {
        let source = try LottieIndicatorSource.loadBundled()
        #expect(source.info.path.hasSuffix("Assets/refresh.json"))
    }
}
