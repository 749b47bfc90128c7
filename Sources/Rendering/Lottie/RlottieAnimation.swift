import CCairo
import CRlottie
import ScrollEngine
import Support
import Synchronization

/// One rlottie animation object. Not thread-safe: create and use each one on a single thread.
final class RlottieAnimation {
    private let handle: OpaquePointer
    /// Number of frames (rlottie's totalframe, op − ip truncated).
    let frameCount: Int
    /// Frames per second.
    let frameRate: Double
    /// Canvas size in the file's units.
    let width: Int
    let height: Int
    /// The file's markers as rlottie lists them (composition frames `tm`, `tm + dr`).
    let markers: [LottieMarker]

    /// rlottie's model cache is shared process-wide; parsing is serialized so concurrent loads
    /// never race on it.
    private static let parseLock = Mutex(())

    /// Parses `json`. `key` names the parsed model in rlottie's cache (same key = same content);
    /// `resourcePath` is where image assets are looked up. Neither may be NULL for rlottie, and
    /// Swift strings never are. Nil when rlottie rejects the data.
    init?(json: String, key: String, resourcePath: String) {
        // Parsing and rendering may never return on a malformed file: both are uninterruptible
        // calls, so the process can still end promptly (`Platform.exit`).
        let parsed = UninterruptibleCalls.shared.run {
            Self.parseLock.withLock { _ in lottie_animation_from_data(json, key, resourcePath) }
        }
        guard let h = parsed ?? nil else { return nil }
        handle = h
        var w = 0, hgt = 0
        lottie_animation_get_size(h, &w, &hgt)
        width = w
        height = hgt
        // size_t from the file's numbers: clamped, never a trap (a marker at 1e300 frames is an error later, not SIGILL).
        frameCount = Int(clamping: lottie_animation_get_totalframe(h))
        frameRate = lottie_animation_get_framerate(h)
        var found: [LottieMarker] = []
        if let list = lottie_animation_get_markerlist(h), let first = list.pointee.ptr {
            for i in 0..<list.pointee.size {
                let m = first[i]
                let name = m.name.map { String(cString: $0) } ?? ""
                found.append(LottieMarker(name: name, start: Int(clamping: m.startframe), end: Int(clamping: m.endframe)))
            }
        }
        markers = found
    }

    deinit { lottie_animation_destroy(handle) }

    /// Renders `frame` into a cairo ARGB32 image surface (premultiplied, as rlottie writes it).
    func render(frame: Int, into surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let w = Int(cairo_image_surface_get_width(surface))
        let h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let f = min(max(frame, 0), max(frameCount - 1, 0))
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * h) { buffer in
            _ = UninterruptibleCalls.shared.run { lottie_animation_render(handle, f, buffer, w, h, stride) }
        }
        cairo_surface_mark_dirty(surface)
    }
}
