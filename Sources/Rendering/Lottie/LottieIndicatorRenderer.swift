import CCairo
import Foundation
import ScrollEngine
import Imaging

/// Draws `.lottie` commands with rlottie (`CairoRenderer.lottie`). Frames are rendered on a
/// worker thread per file into ARGB32 surfaces cached per pixel size; the drawing thread waits
/// at most `frameDeadline` for a frame, keeps the previous image on a miss, and drops a file
/// after `maxConsecutiveMisses` misses in a row (its `.lottie` commands then draw their vector
/// fallback). Use from one thread.
public final class LottieIndicatorRenderer: LottieDrawing {
    /// Seconds the drawing thread waits for a frame.
    public var frameDeadline: Double
    /// Consecutive misses after which a file is dropped.
    public var maxConsecutiveMisses: Int
    /// Largest side, in pixels, an indicator is rendered at (guards absurd transforms).
    public static let maxPixelSide = 1024
    /// Size variants kept per file.
    public static let sizesPerFile = 4
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
        /// Latest image per pixel size, with the request that made it.
        var images: [PixelSize: (request: LottieRenderRequest, surface: OpaquePointer, used: Int)] = [:]
        var misses = 0
        init(worker: LottieRenderWorker) { self.worker = worker }
    }

    private var files: [String: FileState] = [:]
    private var dropped: Set<String> = []
    private var useCounter = 0

    public init(frameDeadline: Double = 0.05, maxConsecutiveMisses: Int = 3) {
        self.frameDeadline = frameDeadline
        self.maxConsecutiveMisses = maxConsecutiveMisses
    }

    deinit {
        for state in files.values {
            state.worker.stop()
            for entry in state.images.values { cairo_surface_destroy(entry.surface) }
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
        let size = PixelSize(width: Self.pixels((dx * dx + dy * dy).squareRoot()),
                             height: Self.pixels((ex * ex + ey * ey).squareRoot()))
        let request = LottieRenderRequest(frame: min(frame.frameIndex, max(frame.animation.frameCount - 1, 0)),
                                          pixelWidth: size.width, pixelHeight: size.height,
                                          tint: frame.tint.map(TintKey.init))

        if state.images[size]?.request != request {
            let queued = state.worker.submit(request)
            let finished = state.worker.collect(waitingFor: queued ? request : nil,
                                                until: Date(timeIntervalSinceNow: frameDeadline))
            for f in finished { store(f.request, f.surface, in: state) }
            if state.images[size]?.request == request {
                state.misses = 0
            } else if strict {
                strictFailure = strictFailure ?? "lottie: \(path): frame \(request.frame) did not render within \(Self.seconds(frameDeadline)) s (--lottie-timeout)"
                return false
            } else {
                state.misses += 1
                if state.misses >= maxConsecutiveMisses {
                    drop(path, reason: "rendering missed the \(Int(frameDeadline * 1000)) ms frame deadline \(state.misses) times; using the vector spinner")
                    return false
                }
            }
        }
        guard let image = state.images[size] else { return false }
        useCounter += 1
        state.images[size]?.used = useCounter
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

    private func store(_ request: LottieRenderRequest, _ surface: OpaquePointer, in state: FileState) {
        let size = PixelSize(width: request.pixelWidth, height: request.pixelHeight)
        if let old = state.images[size] { cairo_surface_destroy(old.surface) }
        useCounter += 1
        state.images[size] = (request, surface, useCounter)
        while state.images.count > Self.sizesPerFile,
              let oldest = state.images.min(by: { $0.value.used < $1.value.used }) {
            cairo_surface_destroy(oldest.value.surface)
            state.images[oldest.key] = nil
        }
    }

    private func drop(_ path: String, reason: String) {
        dropped.insert(path)
        if let state = files.removeValue(forKey: path) {
            state.worker.stop()
            for entry in state.images.values { cairo_surface_destroy(entry.surface) }
        }
        report("lottie: \(path): \(reason)")
    }

    private static func seconds(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : "\(v)" }

    private static func pixels(_ v: Double) -> Int {
        guard v.isFinite else { return 1 }
        return min(max(Int(v.rounded(.up)), 1), maxPixelSide)
    }

    /// The largest rect of the canvas's aspect ratio centred in `rect`.
    static func aspectFit(_ rect: Rect, width: Double, height: Double) -> Rect {
        guard width > 0, height > 0, rect.width > 0, rect.height > 0 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let s = min(rect.width / width, rect.height / height)
        let w = width * s, h = height * s
        return Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h)
    }
}
