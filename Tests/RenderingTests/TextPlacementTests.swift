import CCairo
@testable import Rendering
import ScrollEngine
import Testing

/// Text lands on whole device pixels wherever its box is (issue #28): every line's origin, wrapped
/// lines included, at scale 1 and 2 and under a fractional translation; and the pixels follow.
@Suite struct TextPlacementTests {
    /// Wraps to at least three lines in 120 pt.
    static let paragraph = "Pull to refresh · 당겨서 새로고침 · 引っ張って更新 · Just refreshed"
    static let styles = [TextStyle(size: 13), TextStyle(size: 17, weight: .bold, alignment: .center), TextStyle(size: 28)]

    /// Each line's origin in device pixels, for `text` in a 120-pt box at `y` under `scale` and a
    /// translation of `shift` points.
    static func deviceOrigins(
        _ engine: TextEngine, _ text: String, style: TextStyle, y: Double, scale: Double,
        shift: Double = 0
    ) throws -> [(x: Double, y: Double)] {
        let surface = try ImageSurface(width: 8, height: 8)
        let cr = surface.context
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, shift, shift)
        return engine.lines(text, in: Rect(x: 7.3, y: y, width: 120, height: 400), style: style, cr: cr).map {
            var x = $0.x, y = $0.y
            cairo_user_to_device(cr, &x, &y)
            return (x, y)
        }
    }

    @Test(arguments: [1.0, 2.0]) func everyLineStartsOnAWholeDevicePixel(scale: Double) throws {
        let engine = TextEngine()
        var offGrid: [String] = []
        for style in Self.styles {
            for shift in [0, 0.3] {
                for step in 0..<16 {
                    let y = 10 + Double(step) / 16
                    let origins = try Self.deviceOrigins(engine, Self.paragraph, style: style, y: y, scale: scale, shift: shift)
                    #expect(origins.count >= 3, "\(style.size) pt wraps to \(origins.count) lines")
                    for (i, o) in origins.enumerated() where o.y != o.y.rounded() || o.x != o.x.rounded() {
                        offGrid.append("\(style.size) pt, box at y \(y) shifted \(shift): line \(i) at (\(o.x), \(o.y))")
                    }
                }
            }
        }
        #expect(offGrid.isEmpty, "\(offGrid.count) line origins off the device pixel grid, e.g. \(offGrid.prefix(3))")
    }

    /// Snapping moves a line by at most half a device pixel: over a whole point of fractional
    /// positions, a line's baseline less the box's own device position spans at most one pixel.
    @Test(arguments: [1.0, 2.0]) func eachLineMovesLessThanHalfAPixel(scale: Double) throws {
        let engine = TextEngine()
        for style in Self.styles {
            var spans: [ClosedRange<Double>] = []
            for step in 0..<32 {
                let y = 10 + Double(step) / 32
                let origins = try Self.deviceOrigins(engine, Self.paragraph, style: style, y: y, scale: scale)
                for (i, o) in origins.enumerated() {
                    let offset = o.y - y * scale
                    if i < spans.count {
                        spans[i] = min(spans[i].lowerBound, offset)...max(spans[i].upperBound, offset)
                    } else {
                        spans.append(offset...offset)
                    }
                }
            }
            for (i, span) in spans.enumerated() {
                #expect(span.upperBound - span.lowerBound <= 1 + 1e-9, "\(style.size) pt line \(i): \(span)")
            }
        }
    }

    /// Pixels: boxes whose lines snap to the same rows draw the same bytes; a box whose every line
    /// lands one device pixel lower draws the same image one row lower.
    @Test(arguments: [1.0, 2.0]) func glyphsFollowTheSnappedBaselines(scale: Double) throws {
        let renderer = CairoRenderer()
        let (w, h) = (140, 120)
        let box = { (y: Double) in Rect(x: 4.4, y: y, width: 120, height: 110) }
        func render(_ y: Double) throws -> [UInt8] {
            let frame = FrameModel(
                size: Size(Double(w), Double(h)), background: .white,
                commands: [.text(Self.paragraph, box(y), TextStyle(size: 15))])
            let surface = try ImageSurface(width: Int(Double(w) * scale), height: Int(Double(h) * scale))
            renderer.render(frame, into: surface, scale: scale)
            return surface.pixelBytes()
        }
        func baselines(_ y: Double) throws -> [Double] {
            let surface = try ImageSurface(width: 8, height: 8)
            cairo_scale(surface.context, scale, scale)
            return renderer.text.lines(Self.paragraph, in: box(y), style: TextStyle(size: 15), cr: surface.context).map { $0.y * scale }
        }
        var byBaselines: [[Double]: [UInt8]] = [:]
        for step in 0..<24 {
            let y = 2 + Double(step) / 24
            let rows = try baselines(y)
            let pixels = try render(y)
            #expect(rows.count >= 3 && pixels.contains { $0 != 0xFF })
            if let same = byBaselines[rows] {
                #expect(same == pixels, "y \(y), scale \(scale): lines on rows \(rows) drew other pixels")
            }
            byBaselines[rows] = pixels
        }
        let row = w * Int(scale) * 4
        var shifted = 0
        for (rows, upper) in byBaselines {
            guard let lower = byBaselines[rows.map { $0 + 1 }] else { continue }
            shifted += 1
            #expect(Array(upper.dropLast(row)) == Array(lower.dropFirst(row)), "rows \(rows), scale \(scale)")
        }
        #expect(shifted >= 1)
    }
}
