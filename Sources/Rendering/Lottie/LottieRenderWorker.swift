import CCairo
import Foundation

/// A thread that owns one rlottie animation and renders the frames asked of it, one at a time.
/// rlottie cannot cancel a render, so a slow render simply keeps the worker busy; the caller
/// waits with a deadline and never blocks longer than that.
final class LottieRenderWorker: @unchecked Sendable {
    /// Stack size of the render and probe threads (rlottie recurses through the layer tree).
    static let threadStackBytes = 8 << 20

    private let condition = NSCondition()
    private var pending: LottieRenderRequest?
    private var busy = false
    private var stopped = false
    private var results: [(LottieRenderRequest, OpaquePointer)] = []
    private var parseFailed = false

    init(source: LottieIndicatorSource) {
        let thread = Thread { [self] in run(source) }
        thread.stackSize = Self.threadStackBytes
        thread.name = "lottie-render"
        thread.start()
    }

    deinit {
        for (_, s) in results { cairo_surface_destroy(s) }
    }

    /// True while a render is queued or running.
    var isBusy: Bool {
        condition.lock(); defer { condition.unlock() }
        return busy || pending != nil
    }

    /// Queues `request` unless the worker is busy; returns whether it was queued.
    func submit(_ request: LottieRenderRequest) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard !busy, pending == nil, !stopped, !parseFailed else { return false }
        pending = request
        condition.broadcast()
        return true
    }

    /// Waits until `request` is done or `deadline` passes; returns every finished image (the
    /// caller owns the surfaces), the wanted one included when it made it.
    func collect(waitingFor request: LottieRenderRequest?, until deadline: Date) -> [(LottieRenderRequest, OpaquePointer)] {
        condition.lock(); defer { condition.unlock() }
        if let request {
            while !results.contains(where: { $0.0 == request }), !parseFailed {
                if !condition.wait(until: deadline) { break }
            }
        }
        let out = results
        results.removeAll()
        return out
    }

    /// Lets the thread end after its current render (it cannot be interrupted).
    func stop() {
        condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
    }

    private func run(_ source: LottieIndicatorSource) {
        guard let animation = RlottieAnimation(json: source.json, key: source.key, resourcePath: source.resourcePath) else {
            condition.lock(); parseFailed = true; condition.broadcast(); condition.unlock()
            return
        }
        while true {
            condition.lock()
            while pending == nil, !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            let request = pending!
            pending = nil
            busy = true
            condition.unlock()

            let surface = required(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(request.pixelWidth), Int32(request.pixelHeight)), "cairo_image_surface_create")
            animation.render(frame: request.frame, into: surface)
            if let tint = request.tint { PixelTint.apply(tint, to: surface) }

            condition.lock()
            busy = false
            if stopped {
                cairo_surface_destroy(surface)
            } else {
                results.append((request, surface))
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
