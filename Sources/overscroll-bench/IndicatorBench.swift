import Rendering
import ScrollEngine

/// Part 2: the cost of one refresh-indicator frame — the vector spinner and the bundled
/// Lottie animation — each drawn alone into its own 40 pt box at 390×844's scale 2, as a ratio to
/// a full list frame (390×844 @2, 100 rows, the scripted fling). The three are interleaved.
@MainActor
enum IndicatorBench {
    struct Result {
        var list = Samples()
        var vector = Samples()
        var lottie = Samples()
        /// Why the Lottie figure is missing or is the vector fallback, if it is.
        var lottieNote: String?
    }

    static func run(quick: Bool) throws -> Result {
        var result = Result()
        let scale = 2.0
        let side = SpinnerConfig().lottieSide
        let box = Size(side, side)
        let center = Point(side / 2, side / 2)
        let vectorSurface = try ImageSurface(width: Int(side * scale), height: Int(side * scale))
        let lottieSurface = try ImageSurface(width: Int(side * scale), height: Int(side * scale))
        let vectorRenderer = CairoRenderer()
        let vector = RefreshIndicator(config: SpinnerConfig(), kind: .vector)

        var lottieRenderer: CairoRenderer?
        var lottie: RefreshIndicator?
        var lottieStep = 1.0 / 60
        var drawer: LottieIndicatorRenderer?
        do {
            let source = try LottieIndicatorSource.loadBundled()
            let d = LottieIndicatorRenderer()
            d.report = { line in Log.progress("indicator: \(line)") }
            d.add(source)
            drawer = d
            lottieRenderer = CairoRenderer(text: vectorRenderer.text, lottie: d)
            lottie = RefreshIndicator(config: SpinnerConfig(), kind: .lottie(source.info, tint: nil))
            // One animation frame per step, so every timed frame is a fresh rlottie render.
            lottieStep = 1 / source.info.frameRate
        } catch {
            result.lottieNote = "Lottie not measured: \(error.message)"
        }

        let loop = RefreshLoop(since: 0)
        let listCase = FrameCase(width: 390, height: 844, scale: 2, rows: 100)
        let listSurface = try ImageSurface(width: listCase.pixelWidth, height: listCase.pixelHeight)
        let passes = quick ? 1 : 2
        var step = 0
        for pass in 0..<passes {
            Log.progress("indicator: pass \(pass + 1)/\(passes)")
            // A fresh renderer per pass: the fling's rows are shaped while timed, as in `frames`.
            let listRenderer = CairoRenderer()
            let fling = try ListFling(listCase, seconds: quick ? 1.5 : 3.0, textMeasurer: listRenderer.text)
            let first = fling.session.frame()
            for _ in 0..<3 { listRenderer.render(first, into: listSurface.context, scale: scale) }
            if pass == 0 {
                // Warm the indicator paths too (first rlottie render, cairo arc set-up).
                for k in 0..<3 {
                    let t = 0.5 + Double(k) * lottieStep
                    vectorRenderer.render(
                        FrameModel(size: box, background: .white, commands: vector.commands(.refreshing(loop), center: center, at: t)),
                        into: vectorSurface.context, scale: scale)
                    if let lottie, let lottieRenderer {
                        lottieRenderer.render(
                            FrameModel(size: box, background: .white, commands: lottie.commands(.refreshing(loop), center: center, at: t)),
                            into: lottieSurface.context, scale: scale)
                    }
                }
            }
            for i in 0..<fling.frameCount {
                result.list.add(
                    Stopwatch.time {
                        let model = fling.frame(i)
                        listRenderer.render(model, into: listSurface.context, scale: scale)
                        _ = listSurface.withPixels { $0.count }
                    })
                step += 1
                let tv = 1 + Double(step) / 60
                result.vector.add(
                    Stopwatch.time {
                        let cmds = vector.commands(.refreshing(loop), center: center, at: tv)
                        vectorRenderer.render(
                            FrameModel(size: box, background: .white, commands: cmds), into: vectorSurface.context, scale: scale)
                        _ = vectorSurface.withPixels { $0.count }
                    })
                if let lottie, let lottieRenderer {
                    let tl = 1 + Double(step) * lottieStep
                    result.lottie.add(
                        Stopwatch.time {
                            let cmds = lottie.commands(.refreshing(loop), center: center, at: tl)
                            lottieRenderer.render(
                                FrameModel(size: box, background: .white, commands: cmds), into: lottieSurface.context, scale: scale)
                            _ = lottieSurface.withPixels { $0.count }
                        })
                }
            }
        }
        if let drawer,
            let path = lottie.flatMap({ l -> String? in if case let .lottie(info, _) = l.kind { return info.path } else { return nil } }),
            drawer.isDropped(path)
        {
            result.lottieNote = "the Lottie file was dropped during the run (deadline misses); figures include vector fallbacks"
        }
        return result
    }
}
