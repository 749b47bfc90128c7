import Rendering
import ScrollEngine

/// Where a list frame's time goes: the fling's display lists rendered with growing subsets of
/// their commands (background only, + row fills, + separators, + text = the full frame), each
/// variant interleaved per frame. Runs in-process after the child cases; layouts are warm (the
/// fling is rendered once first), so text here is drawing only, not shaping. The last variant is an
/// estimate, not the app's output: the same display list with every fill and text box moved to
/// whole device pixels (and fills at least one device pixel tall), as UIKit rounds a scroll
/// view's offset to pixels — it shows what fractional row edges cost.
@MainActor
enum FrameBreakdown {
    static let variants = [
        "background only", "+ row fills", "+ separators", "+ text (full frame)",
        "full frame, pixel-snapped"
    ]

    static func run(_ c: FrameCase, quick: Bool) throws -> [Samples] {
        let renderer = CairoRenderer()
        let fling = try ListFling(c, seconds: quick ? 1.5 : 3.0, textMeasurer: renderer.text)
        let models = (0..<fling.frameCount).map { fling.frame($0) }
        let surface = try ImageSurface(width: c.pixelWidth, height: c.pixelHeight)
        func subset(_ m: FrameModel, _ level: Int) -> FrameModel {
            var out = m
            out.commands = m.commands.filter { cmd in
                switch cmd {
                case let .fill(r, _, _): return r.height >= 1 ? level >= 1 : level >= 2
                case .text: return level >= 3
                default: return level >= 3
                }
            }
            return out
        }
        func snapped(_ m: FrameModel) -> FrameModel {
            let k = c.scale
            func snap(_ v: Double) -> Double { (v * k).rounded() / k }
            var out = m
            out.commands = m.commands.map { cmd in
                switch cmd {
                case let .fill(r, color, radius):
                    let h = max(1, (r.height * k).rounded()) / k
                    return .fill(Rect(x: snap(r.x), y: snap(r.y), width: snap(r.width), height: h), color, cornerRadius: radius)
                case let .text(t, r, style):
                    return .text(t, Rect(x: snap(r.x), y: snap(r.y), width: r.width, height: r.height), style)
                default: return cmd
                }
            }
            return out
        }
        for m in models {
            renderer.render(m, into: surface.context, scale: c.scale); renderer.render(snapped(m), into: surface.context, scale: c.scale)
        }
        var samples = Array(repeating: Samples(), count: variants.count)
        let passes = quick ? 1 : 2
        for _ in 0..<passes {
            for m in models {
                for level in 0..<variants.count {
                    let sub = level < 4 ? subset(m, level) : snapped(m)
                    samples[level].add(
                        Stopwatch.time {
                            renderer.render(sub, into: surface.context, scale: c.scale)
                            _ = surface.withPixels { $0.count }
                        })
                }
            }
        }
        return samples
    }
}
