import Foundation
import Rendering
import ScrollEngine
import Testing

/// A file whose frames take far longer than the deadline never blocks drawing for long, and is
/// dropped for the vector spinner after repeated misses.
@Suite struct LottieDeadlineTests {
    /// A valid animation that is very slow to render: a repeater with 3000 stroked copies.
    static let slowAnimation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/slow-lottie/repeater.json").path

    @Test func hostileFileIsDroppedWithoutFreezing() throws {
        let path = try LottieLoaderTests.temporaryFile("slow.json", String(contentsOfFile: Self.slowAnimation, encoding: .utf8))
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
