import Foundation
import Rendering
import ScrollEngine
import Support

/// Runs one list-frame case in this (child) process and prints one JSON object on standard
/// output: per-frame render times, the solid-fill times measured between them, and VmHWM.
@MainActor
enum FrameChild {
    static func run(_ c: FrameCase, quick: Bool) throws {
        let renderer = CairoRenderer()
        let fling = try ListFling(c, seconds: quick ? 1.5 : 3.0, textMeasurer: renderer.text)
        let surface = try ImageSurface(width: c.pixelWidth, height: c.pixelHeight)
        let fillColour = Color(hex: 0x336699)
        // Warm-up: fonts, fontconfig and the first screen's layouts (the app has drawn its first
        // frame before anyone flings). The rows the fling reveals are shaped while timed.
        let first = fling.session.frame()
        for _ in 0..<3 {
            renderer.render(first, into: surface.context, scale: c.scale)
            surface.fill(fillColour)
        }
        var frames: [Double] = [], fills: [Double] = [], offsets: [Double] = []
        frames.reserveCapacity(fling.frameCount)
        for i in 0..<fling.frameCount {
            frames.append(
                Stopwatch.time {
                    let model = fling.frame(i)
                    renderer.render(model, into: surface.context, scale: c.scale)
                    _ = surface.withPixels { $0.count }
                })
            offsets.append(fling.session.scene.scrollView.contentOffset)
            fills.append(Stopwatch.time { surface.fill(fillColour) })
        }
        let out: [String: Any] = [
            "case": c.id,
            "frame_ms": frames,
            "fill_ms": fills,
            "offsets": offsets,
            "peak_rss_kib": ProcStatus.peakRSSKiB ?? -1,
            "rss_kib": ProcStatus.rssKiB ?? -1
        ]
        let data = try JSONSerialization.data(withJSONObject: out)
        StandardStreams.output(String(decoding: data, as: UTF8.self) + "\n")
    }
}
