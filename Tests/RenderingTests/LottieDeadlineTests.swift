import Foundation
import Rendering
import ScrollEngine
import Testing

/// A file whose frames take far longer than the deadline never blocks drawing for long, and is
/// dropped for the vector spinner after repeated misses.
@Suite struct LottieDeadlineTests {
    /// A valid animation that is very slow to render: a repeater with many stroked copies.
    static func slowAnimation(copies: Int) -> String {
        """
        {"v":"5.7.4","fr":60,"ip":0,"op":60,"w":400,"h":400,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,
        "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[200,200]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
        "shapes":[{"ty":"el","s":{"a":0,"k":[300,300]},"p":{"a":0,"k":[0,0]}},
        {"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":5},"w":{"a":0,"k":40},"lc":2,"lj":2},
        {"ty":"rp","c":{"a":0,"k":\(copies)},"o":{"a":0,"k":0},"m":1,
         "tr":{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0.01},
               "so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}]}
        """
    }

    @Test func hostileFileIsDroppedWithoutFreezing() throws {
        let path = try LottieLoaderTests.temporaryFile("slow.json", Self.slowAnimation(copies: 3000))
        let source = try LottieIndicatorSource.load(path: path)
        let renderer = LottieIndicatorRenderer(frameDeadline: 0.05, maxConsecutiveMisses: 3)
        var lines: [String] = []
        renderer.report = { lines.append($0) }
        renderer.add(source)
        let indicator = RefreshIndicator(kind: .lottie(source.info, tint: nil))
        var worst = 0.0
        for i in 0..<6 {
            let started = Date()
            _ = try IndicatorFixture.render(indicator, .refreshing(RefreshLoop(since: 0)), at: Double(i) / 60, lottie: renderer)
            worst = max(worst, Date().timeIntervalSince(started))
        }
        print("slow file: worst frame \(Int(worst * 1000)) ms; report: \(lines)")
        #expect(worst < 0.5)
        #expect(renderer.isDropped(path))
        #expect(lines.count == 1)
        // Once dropped, the frame is the vector spinner's.
        let phase = IndicatorPhase.refreshing(RefreshLoop(since: 0))
        let lottie = try IndicatorFixture.render(indicator, phase, at: 1, lottie: renderer)
        let vector = try IndicatorFixture.render(RefreshIndicator(), phase, at: 1)
        #expect(lottie.pixelBytes() == vector.pixelBytes())
    }
}
