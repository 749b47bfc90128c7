import Testing
@testable import ScrollEngine

/// The dirty rects between two display lists (what the window repaints and presents).
@Suite struct DirtyRegionTests {
    let canvas = PixelRect(x: 0, y: 0, width: 390, height: 844)
    let grey = Color(hex: 0x888888)

    func frame(_ commands: [DrawCommand], background: Color = .white) -> FrameModel {
        FrameModel(size: Size(390, 844), background: background, commands: commands)
    }

    func arc(start: Double, end: Double, center: Point = Point(195, 40)) -> DrawCommand {
        .arc(ArcStroke(center: center, radius: 11, lineWidth: 3, startAngle: start, endAngle: end, color: .black))
    }

    func covers(_ rects: [PixelRect], _ r: PixelRect) -> Bool { rects.contains { $0.contains(r) } }

    @Test func identicalListsHaveNoDirtyPixels() {
        let f = frame([.fill(Rect(x: 0, y: 0, width: 390, height: 80), grey, cornerRadius: 0), arc(start: 0, end: 2)])
        #expect(DirtyRegion.between(f, f, scale: 1, canvas: canvas).isEmpty)
    }

    @Test func nothingKeptOrNewBackgroundOrSizeIsTheWholeCanvas() {
        let f = frame([arc(start: 0, end: 2)])
        #expect(DirtyRegion.between(nil, f, scale: 1, canvas: canvas) == [canvas])
        #expect(DirtyRegion.between(frame([arc(start: 0, end: 2)], background: .black), f, scale: 1, canvas: canvas) == [canvas])
        var bigger = f
        bigger.size = Size(400, 844)
        #expect(DirtyRegion.between(f, bigger, scale: 1, canvas: canvas) == [canvas])
    }

    @Test func aTurningSpinnerDirtiesOnlyItsBoxAtEachScale() {
        let list: [DrawCommand] = (0..<12).map {
            .text("Row \($0)", Rect(x: 16, y: 80 + Double($0) * 60, width: 300, height: 40), TextStyle(size: 17))
        }
        let a = frame(list + [arc(start: 0, end: 2)]), b = frame(list + [arc(start: 0.1, end: 2.1)])
        for scale in [1.0, 2.0, 1.5] {
            let rects = DirtyRegion.between(
                a, b, scale: scale, canvas: PixelRect(x: 0, y: 0, width: Int(390 * scale), height: Int(844 * scale)))
            // The arc's square: centre ± (radius + half the line) in points, plus a point and the margin.
            let side = Int(((11 + 1.5 + 1) * 2 * scale).rounded(.up)) + 2 * DirtyRegion.marginPixels + 1
            #expect(rects.count == 1)
            #expect(rects[0].width <= side && rects[0].height <= side)
            let x0 = Int(((195 - 12.5) * scale).rounded(.down)), y0 = Int(((40 - 12.5) * scale).rounded(.down))
            let ink = PixelRect(x: x0, y: y0, width: Int(25 * scale), height: Int(25 * scale))
            #expect(covers(rects, ink))
        }
    }

    @Test func aMovedCommandDirtiesWhereItWasAndWhereItIs() {
        let a = frame([.fill(Rect(x: 10, y: 10, width: 20, height: 20), grey, cornerRadius: 0)])
        let b = frame([.fill(Rect(x: 300, y: 700, width: 20, height: 20), grey, cornerRadius: 0)])
        let rects = DirtyRegion.between(a, b, scale: 1, canvas: canvas)
        #expect(rects.count == 2)
        #expect(covers(rects, PixelRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(covers(rects, PixelRect(x: 300, y: 700, width: 20, height: 20)))
        #expect(!covers(rects, PixelRect(x: 100, y: 100, width: 1, height: 1)))
    }

    @Test func extraCommandsAtTheEndAreDirty() {
        let a = frame([arc(start: 0, end: 2)])
        let b = frame([arc(start: 0, end: 2), .fill(Rect(x: 100, y: 500, width: 50, height: 10), grey, cornerRadius: 0)])
        let rects = DirtyRegion.between(a, b, scale: 1, canvas: canvas)
        #expect(rects.count == 1)
        #expect(covers(rects, PixelRect(x: 100, y: 500, width: 50, height: 10)))
        #expect(!covers(rects, PixelRect(x: 195, y: 40, width: 1, height: 1)))
    }

    @Test func aChangeInsideAGroupIsMappedThroughItsTransformAndClip() {
        func group(_ child: DrawCommand) -> DrawCommand {
            .group(
                opacity: 0.5, translate: Point(100, 200), scale: 2, anchor: Point(10, 10),
                clip: Rect(x: 0, y: 0, width: 20, height: 15), [child])
        }
        let a = frame([group(.fill(Rect(x: 0, y: 0, width: 40, height: 40), grey, cornerRadius: 0))])
        let b = frame([group(.fill(Rect(x: 0, y: 0, width: 40, height: 40), .black, cornerRadius: 0))])
        let rects = DirtyRegion.between(a, b, scale: 1, canvas: canvas)
        // Child point p maps to (100, 200) + (10, 10) + 2 (p − (10, 10)) = 2p + (90, 190);
        // the clip (0, 0, 20, 15) becomes (90, 190, 40, 30) and bounds the change.
        let m = DirtyRegion.marginPixels
        #expect(rects == [PixelRect(x: 90 - m, y: 190 - m, width: 40 + 2 * m, height: 30 + 2 * m)])
    }

    @Test func aGroupWithOtherParametersDirtiesBothWholeGroups() {
        let child: [DrawCommand] = [.fill(Rect(x: 0, y: 0, width: 10, height: 10), grey, cornerRadius: 0)]
        let a = frame([.group(opacity: 1, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: nil, child)])
        let b = frame([.group(opacity: 1, translate: Point(50, 0), scale: 1, anchor: Point(0, 0), clip: nil, child)])
        let rects = DirtyRegion.between(a, b, scale: 1, canvas: canvas)
        #expect(covers(rects, PixelRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(covers(rects, PixelRect(x: 50, y: 0, width: 10, height: 10)))
    }

    @Test func textWithoutABoxHeightCannotBeBounded() {
        let a = frame([.text("a", Rect(x: 0, y: 0, width: 100, height: 0), TextStyle(size: 17))])
        let b = frame([.text("b", Rect(x: 0, y: 0, width: 100, height: 0), TextStyle(size: 17))])
        #expect(DirtyRegion.between(a, b, scale: 1, canvas: canvas) == [canvas])
        #expect(DirtyRegion.bounds(of: .text("a", Rect(x: 0, y: 0, width: 100, height: 0), TextStyle(size: 17))) == .infinite)
    }

    @Test func boundsStayInsideTheCanvasAndSurviveHugeCoordinates() {
        let a = frame([.fill(Rect(x: -1e300, y: -5, width: 2e300, height: 10), grey, cornerRadius: 0)])
        let b = frame([])
        let rects = DirtyRegion.between(a, b, scale: 2, canvas: canvas)
        #expect(rects.allSatisfy { canvas.contains($0) && !$0.isEmpty })
        #expect(!rects.isEmpty)
        let nan = frame([.fill(Rect(x: .nan, y: 0, width: 10, height: 10), grey, cornerRadius: 0)])
        #expect(DirtyRegion.between(nan, b, scale: 1, canvas: canvas).allSatisfy { canvas.contains($0) })
    }

    @Test func touchingRectsMergeAndManyBecomeOne() {
        let merged = DirtyRegion.merged([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 10, y: 0, width: 10, height: 10),
            PixelRect(x: 100, y: 100, width: 5, height: 5)
        ])
        #expect(merged.count == 2)
        #expect(merged.contains(PixelRect(x: 0, y: 0, width: 20, height: 10)))
        let many = (0..<(DirtyRegion.maxRects + 1)).map { PixelRect(x: $0 * 20, y: 0, width: 5, height: 5) }
        #expect(DirtyRegion.merged(many) == [PixelRect(x: 0, y: 0, width: DirtyRegion.maxRects * 20 + 5, height: 5)])
    }
}
