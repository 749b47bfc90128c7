import CCairo
import Foundation
import Support

/// A thread that owns one rlottie animation and renders the frames asked of it, one at a time:
/// the frame asked for now first, then, while it has nothing else to do, the frames it was asked
/// to render ahead (a loop's next frames), so they are ready before they are drawn.
/// rlottie cannot cancel a render, so a slow render simply keeps the worker busy; the caller
/// waits with a deadline and never blocks longer than that.
final class LottieRenderWorker: Sendable {
    /// Stack size of the render and probe threads (rlottie recurses through the layer tree).
    static let threadStackBytes = 8 << 20

    private struct State {
        /// The frame wanted now; rendered before anything ahead.
        var pending: LottieRenderRequest?
        /// Frames to render when there is nothing more urgent, in order.
        var ahead: [LottieRenderRequest] = []
        /// The frame being rendered, and whether it is one rendered ahead.
        var current: LottieRenderRequest?
        var currentIsAhead = false
        var stopped = false
        /// Finished images, until they are collected.
        var results: [LottieRenderedFrame] = []
        var parseFailed = false
    }

    private let state = WaitableState(State())

    init(source: LottieIndicatorSource) {
        let thread = Thread { [self] in run(source) }
        thread.stackSize = Self.threadStackBytes
        thread.name = "lottie-render"
        thread.start()
    }

    deinit {
        state.change { s in
            for frame in s.results { cairo_surface_destroy(frame.surface) }
            s.results = []
        }
    }

    /// Asks for `request` next, before any frame rendered ahead; returns whether it is on its way
    /// (queued, being rendered, or done and not yet collected). Refused while the worker is
    /// still busy with a frame asked for earlier (a slow file): waiting behind it is pointless.
    func submit(_ request: LottieRenderRequest) -> Bool {
        state.change { s in
            guard !s.stopped, !s.parseFailed else { return false }
            if s.current == request || s.results.contains(where: { $0.request == request }) { return true }
            if s.current != nil && !s.currentIsAhead { return false }
            s.pending = request
            s.ahead.removeAll { $0 == request }
            return true
        }
    }

    /// Replaces the frames to render ahead (those already rendering or done are skipped).
    func renderAhead(_ requests: [LottieRenderRequest]) {
        state.change { s in
            guard !s.stopped, !s.parseFailed else { return }
            s.ahead = requests.filter { r in r != s.current && r != s.pending && !s.results.contains { $0.request == r } }
        }
    }

    /// Waits until nothing is queued or rendering (or `deadline` passes); true when idle.
    func waitUntilIdle(until deadline: ContinuousClock.Instant) -> Bool {
        state.wait(
            until: deadline, for: { s in s.pending == nil && s.ahead.isEmpty && s.current == nil || s.stopped || s.parseFailed },
            then: { s in s.pending == nil && s.ahead.isEmpty && s.current == nil })
    }

    /// Waits until `request` is done or `deadline` passes; returns every finished image (the
    /// caller owns the surfaces), the wanted one included when it made it.
    func collect(waitingFor request: LottieRenderRequest?, until deadline: ContinuousClock.Instant) -> [LottieRenderedFrame] {
        state.wait(
            until: deadline,
            for: { s in
                request.map { r in s.parseFailed || s.results.contains { $0.request == r } } ?? true
            },
            then: { s in
                let out = s.results
                s.results = []
                return out
            })
    }

    /// Lets the thread end after its current render (it cannot be interrupted).
    func stop() {
        state.change { $0.stopped = true }
    }

    private func run(_ source: LottieIndicatorSource) {
        guard let animation = RlottieAnimation(json: source.json, key: source.key, resourcePath: source.resourcePath) else {
            state.change { $0.parseFailed = true }
            return
        }
        while true {
            let next: LottieRenderRequest? = state.wait(for: { $0.pending != nil || !$0.ahead.isEmpty || $0.stopped }) { s in
                guard !s.stopped else { return nil }
                let request: LottieRenderRequest
                if let p = s.pending {
                    request = p
                    s.pending = nil
                    s.currentIsAhead = false
                } else {
                    request = s.ahead.removeFirst()
                    s.currentIsAhead = true
                }
                s.current = request
                return request
            }
            guard let request = next else { return }

            let surface = required(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(request.pixelWidth), Int32(request.pixelHeight)),
                "cairo_image_surface_create")
            animation.render(frame: request.frame, into: surface)
            if let tint = request.tint { PixelTint.apply(tint, to: surface) }

            state.change { s in
                s.current = nil
                if s.stopped {
                    cairo_surface_destroy(surface)
                } else {
                    s.results.append(LottieRenderedFrame(request: request, surface: surface))
                }
            }
        }
    }
}

/// A finished frame: its cairo surface is handed over whole to whoever collects it.
/// `@unchecked Sendable` because a surface pointer is not `Sendable`; it is safe as exactly one
/// side owns the surface at a time: the render thread until it puts the frame in the results
/// (and never touches it again), then the collector (or the worker's deinit, which destroys
/// frames nobody collected).
struct LottieRenderedFrame: @unchecked Sendable {
    let request: LottieRenderRequest
    let surface: OpaquePointer
}
