import CCairo
import Foundation
import ScrollEngine
import Support

/// Draws `.lottie` commands with rlottie (`CairoRenderer.lottie`). Frames are rendered on a
/// worker thread per file into ARGB32 surfaces, cached (least recently used out, within
/// `maxCachedBytes`); the drawing thread waits at most `frameDeadline` for a frame, keeps the
/// previous image on a miss, and drops a file after `maxConsecutiveMisses` misses in a row (its
/// `.lottie` commands then draw their vector fallback, in the animation's colour: its tint, or
/// the colour its frames were drawn in). A loop renders ahead: after each looping frame the
/// worker renders the next `framesAhead` frames while the drawing thread does other work, so a
/// busy machine still finds them ready. Use from one thread.
public final class LottieIndicatorRenderer: LottieDrawing {
    /// Seconds the drawing thread waits for a frame.
    public var frameDeadline: Double
    /// Consecutive misses after which a file is dropped.
    public var maxConsecutiveMisses: Int
    /// Largest side, in pixels, an indicator is rendered at (guards absurd transforms).
    public static let maxPixelSide = 1024
    /// Frames of a loop rendered ahead of the one drawn.
    public var framesAhead: Int
    /// Bytes of rendered frames kept per file.
    public static let maxCachedBytes = 32 << 20
    /// Pixel sizes whose last frame is kept for a miss, per file.
    public static let sizesShown = 4
    /// Called once with a one-line message when a file is dropped or fails to load
    /// (defaults to printing on standard error).
    public var report: (String) -> Void = { line in
        StandardStreams.error(line + "\n")
    }
    /// Where goldens are made (`record`, `test`, `verify`): a frame that does not render within
    /// `frameDeadline` is not replaced by the previous image but recorded in `strictFailure`
    /// (the caller ends the run with it), so recorded frames never depend on the wall clock.
    public var strict = false
    /// Set in `strict` mode when a frame did not render in time: one line naming file and frame.
    public private(set) var strictFailure: String?

    private struct PixelSize: Hashable { var width: Int, height: Int }

    private final class FileState {
        let worker: LottieRenderWorker
        /// Rendered frames, with when each was last used.
        var frames: [LottieRenderRequest: (surface: OpaquePointer, used: Int)] = [:]
        var cachedBytes = 0
        /// The frame last drawn per pixel size (drawn again on a miss), for the latest sizes.
        var shown: [PixelSize: LottieRenderRequest] = [:]
        /// The pixel size of the last draw: a loop renders ahead only while it holds still (not
        /// during the completion's shrink, whose sizes never come back).
        var lastSize: PixelSize?
        var misses = 0
        init(worker: LottieRenderWorker) { self.worker = worker }
    }

    private var files: [String: FileState] = [:]
    private var dropped: Set<String> = []
    /// How each file's frames look, once one had ink (its fallback takes it on).
    private var inks: [String: Ink] = [:]
    private var useCounter = 0
    /// Frames that missed their deadline, over the renderer's life (tests, diagnostics).
    private(set) var missedFrames = 0

    public init(frameDeadline: Double = 0.05, maxConsecutiveMisses: Int = 3, framesAhead: Int = 8) {
        self.frameDeadline = frameDeadline
        self.maxConsecutiveMisses = maxConsecutiveMisses
        self.framesAhead = framesAhead
    }

    deinit {
        for state in files.values {
            state.worker.stop()
            for entry in state.frames.values { cairo_surface_destroy(entry.surface) }
        }
    }

    /// Registers an already loaded source (the CLI loads at start-up); otherwise files are loaded
    /// on first use.
    public func makeStrict(frameDeadline: Double) {
        strict = true
        self.frameDeadline = frameDeadline
    }

    public func add(_ source: LottieIndicatorSource) {
        guard files[source.info.path] == nil else { return }
        files[source.info.path] = FileState(worker: LottieRenderWorker(source: source))
    }

    /// True when `path` was dropped (failed to load or missed its deadline repeatedly).
    public func isDropped(_ path: String) -> Bool { dropped.contains(path) }

    public func draw(_ frame: LottieFrame, cr: OpaquePointer) -> Bool {
        let path = frame.animation.path
        guard !dropped.contains(path), let state = state(for: path) else { return false }
        let fit = Self.aspectFit(frame.rect, width: frame.animation.width, height: frame.animation.height)
        guard fit.width > 0, fit.height > 0 else { return false }
        var dx = fit.width, dy = 0.0, ex = 0.0, ey = fit.height
        cairo_user_to_device_distance(cr, &dx, &dy)
        cairo_user_to_device_distance(cr, &ex, &ey)
        let size = PixelSize(
            width: Self.pixels((dx * dx + dy * dy).squareRoot()),
            height: Self.pixels((ex * ex + ey * ey).squareRoot()))
        let request = LottieRenderRequest(
            frame: min(frame.frameIndex, max(frame.animation.frameCount - 1, 0)),
            pixelWidth: size.width, pixelHeight: size.height,
            tint: frame.tint.map(TintKey.init))

        // Frames rendered ahead since the last draw.
        for f in state.worker.collect(waitingFor: nil, until: .now) { store(f.request, f.surface, in: state, path: path) }
        if state.frames[request] == nil {
            let queued = state.worker.submit(request)
            let finished = state.worker.collect(
                waitingFor: queued ? request : nil,
                until: .now + .seconds(frameDeadline))
            for f in finished { store(f.request, f.surface, in: state, path: path) }
            if state.frames[request] != nil {
                state.misses = 0
            } else if strict {
                strictFailure =
                    strictFailure
                    ?? "lottie: \(path): frame \(request.frame) did not render within \(Self.seconds(frameDeadline)) s (--lottie-timeout)"
                return false
            } else {
                missedFrames += 1
                state.misses += 1
                if state.misses >= maxConsecutiveMisses {
                    drop(
                        path,
                        reason: "rendering missed the \(Int(frameDeadline * 1000)) ms frame deadline \(state.misses) times; using the"
                            + " vector spinner")
                    return false
                }
            }
        } else {
            state.misses = 0
        }
        if state.lastSize == nil || state.lastSize == size {
            switch frame.mode {
            case .loop: renderAhead(after: request, in: 0...max(frame.animation.frameCount - 1, 0), state: state)
            case let .frame(_, playing?): renderAhead(after: request, in: playing, state: state)
            case .scrub, .frame: break
            }
        }
        state.lastSize = size
        guard let key = state.frames[request] != nil ? request : state.shown[size], let image = state.frames[key] else { return false }
        useCounter += 1
        state.frames[key]?.used = useCounter
        state.shown[size] = key
        while state.shown.count > Self.sizesShown,
            let oldest = state.shown.min(by: { (state.frames[$0.value]?.used ?? 0) < (state.frames[$1.value]?.used ?? 0) })
        {
            state.shown[oldest.key] = nil
        }
        cairo_save(cr)
        cairo_translate(cr, fit.x, fit.y)
        cairo_scale(cr, fit.width / Double(size.width), fit.height / Double(size.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    private func state(for path: String) -> FileState? {
        if let s = files[path] { return s }
        do {
            let source = try LottieIndicatorSource.load(path: path)
            add(source)
            return files[path]
        } catch {
            dropped.insert(path)
            report(error.message)
            return nil
        }
    }

    /// Asks the worker for the `framesAhead` frames after `request` (wrapping, as the loop does)
    /// that are not cached yet.
    /// Queues the `framesAhead` frames after `request`'s within `range` (a loop, or a segment
    /// played through), wrapping to its start.
    private func renderAhead(after request: LottieRenderRequest, in range: ClosedRange<Int>, state: FileState) {
        let count = range.count
        guard framesAhead > 0, count > 1, range.contains(request.frame) else { return }
        var wanted: [LottieRenderRequest] = []
        for k in 1...min(framesAhead, count - 1) {
            var next = request
            next.frame = range.lowerBound + (request.frame - range.lowerBound + k) % count
            if state.frames[next] == nil { wanted.append(next) }
        }
        state.worker.renderAhead(wanted)
    }

    private func store(_ request: LottieRenderRequest, _ surface: OpaquePointer, in state: FileState, path: String) {
        if inks[path] == nil { inks[path] = Self.ink(surface) }
        if let old = state.frames[request] {
            cairo_surface_destroy(old.surface)
            state.cachedBytes -= Self.bytes(request)
        }
        useCounter += 1
        state.frames[request] = (surface, useCounter)
        state.cachedBytes += Self.bytes(request)
        let shown = Set(state.shown.values)
        while state.cachedBytes > Self.maxCachedBytes,
            let oldest = state.frames.filter({ !shown.contains($0.key) && $0.key != request }).min(by: { $0.value.used < $1.value.used })
        {
            cairo_surface_destroy(oldest.value.surface)
            state.frames[oldest.key] = nil
            state.cachedBytes -= Self.bytes(oldest.key)
        }
    }

    private static func bytes(_ r: LottieRenderRequest) -> Int { r.pixelWidth * r.pixelHeight * 4 }

    private func drop(_ path: String, reason: String) {
        dropped.insert(path)
        if let state = files.removeValue(forKey: path) {
            state.worker.stop()
            for entry in state.frames.values { cairo_surface_destroy(entry.surface) }
        }
        report("lottie: \(path): \(reason)")
    }

    /// The vector fallback of `frame`, made to look like the animation it stands in for: in its
    /// colour (its tint, or the colour its frames were drawn in) and scaled about its centre to
    /// the radius its frames' ink has, so the swap neither changes colour nor jumps in size.
    public func fallback(for frame: LottieFrame) -> [DrawCommand] {
        let ink = inks[frame.animation.path]
        var out = frame.fallback
        if let c = frame.tint.map({ $0.withAlpha(1) }) ?? ink?.color { out = out.recoloured(to: c) }
        let fit = Self.aspectFit(frame.rect, width: frame.animation.width, height: frame.animation.height)
        let center = Point(frame.rect.x + frame.rect.width / 2, frame.rect.y + frame.rect.height / 2)
        if let ink, let r = out.meanRadius(about: center), r > 0 {
            let scale = ink.radiusFraction * fit.width / r
            if scale.isFinite, scale > 0.25, scale < 4, abs(scale - 1) > 0.01 {
                out = [.group(opacity: 1, translate: Point(0, 0), scale: scale, anchor: center, clip: nil, out)]
            }
        }
        return out
    }

    /// The look of a rendered frame's ink: its mean colour, and its mean distance from the
    /// centre as a fraction of the frame's width, both weighted by coverage.
    struct Ink: Equatable {
        var color: Color
        var radiusFraction: Double
    }

    /// The ink of a rendered frame (nil when it is empty).
    static func ink(_ surface: OpaquePointer) -> Ink? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0, d: 0.0)
        let cx = Double(w) / 2, cy = Double(h) / 2
        for y in 0..<h {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            for x in 0..<w {
                let p = row[x]
                let a = Double(p >> 24)
                if a == 0 { continue }
                // Premultiplied: the channels are already weighted by coverage.
                sum.a += a
                sum.r += Double((p >> 16) & 0xFF)
                sum.g += Double((p >> 8) & 0xFF)
                sum.b += Double(p & 0xFF)
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                sum.d += a * (dx * dx + dy * dy).squareRoot()
            }
        }
        guard sum.a > 0, w > 0 else { return nil }
        return Ink(
            color: Color(r: min(1, sum.r / sum.a), g: min(1, sum.g / sum.a), b: min(1, sum.b / sum.a), a: 1),
            radiusFraction: sum.d / sum.a / Double(w))
    }

    /// Waits until every file's worker has nothing queued (tests: frames rendered ahead are ready).
    func waitUntilIdle(timeout: Double) -> Bool {
        files.values.allSatisfy { $0.worker.waitUntilIdle(until: .now + .seconds(timeout)) }
    }

    private static func seconds(_ v: Double) -> String { Int(exactly: v).map(String.init) ?? "\(v)" }

    private static func pixels(_ v: Double) -> Int {
        guard v.isFinite else { return 1 }
        return Int(min(max(v.rounded(.up), 1), Double(maxPixelSide)))
    }

    /// The largest rect of the canvas's aspect ratio centred in `rect`.
    static func aspectFit(_ rect: Rect, width: Double, height: Double) -> Rect {
        guard width > 0, height > 0, rect.width > 0, rect.height > 0 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let s = min(rect.width / width, rect.height / height)
        let w = width * s, h = height * s
        return Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h)
    }
}
