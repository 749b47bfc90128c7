import CCairo
import CSDL2
import CWayland
import ScrollEngine

/// Presents on Wayland through the compositor's own shared-memory buffers (CWayland): cairo draws
/// into a kept frame; each present hands the dirty rects to C, which copies into a released
/// `wl_shm` buffer only what that buffer misses, damages only that on SDL's `wl_surface`, and
/// commits with a frame callback; a frame drawn before the callback came waits for it
/// (`presentPending`), so at most one commit goes per refresh and none while the window is hidden.
/// No GL: SDL 2.26's Wayland driver has no window framebuffer, and its renderer sends the whole
/// window every frame.
@MainActor
final class WaylandShmPresenter: BorrowedSurfacePresenter {
    func describe(driver: String?) -> String { "wl_shm buffers (damage: the dirty rects; paced by frame callbacks)" }
    private let window: OpaquePointer
    private let connection: WaylandPointerConnection
    private(set) var kept: BorrowedSurface?

    /// Nil when the connection cannot present (no `wl_shm`) or the first buffers fail.
    init?(window: OpaquePointer, connection: WaylandPointerConnection) {
        self.window = window
        self.connection = connection
        guard connection.canPresent, resize(), pixels != nil else { return nil }
    }

    func resize() -> Bool {
        release()
        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        guard pw > 0, ph > 0 else { return true }
        var scale = ww > 0 ? max(1, Int32((Double(pw) / Double(ww)).rounded())) : 1
        // SDL 2.28 and later scale fractionally themselves: the pixel size (1.5 or 2 per unit) is
        // shown through SDL's own viewport, at buffer scale 1.
        if connection.sdlViewport || pw != ww * scale || ph != wh * scale { scale = 1 }
        // A fractional scale: buffers of the surface's size × scale pixels, shown at the
        // surface's size by the viewport (SDL 2 knows only whole scales).
        let fractional = connection.preferredScale120.flatMap { s120 in ww > 0 && wh > 0 ? s120 : nil }
        if let s120 = fractional {
            pw = Int32(FractionalScale.pixels(Int(ww), scale120: s120))
            ph = Int32(FractionalScale.pixels(Int(wh), scale120: s120))
            scale = 1
        }
        var rowBytes: Int32 = 0
        guard let frame = overscroll_wl_present_resize(connection.handle, pw, ph, scale, &rowBytes) else { return false }
        if fractional != nil && overscroll_wl_present_viewport(connection.handle, ww, wh) == 0 { return false }
        kept = BorrowedSurface(pixels: UnsafeMutableRawPointer(frame), format: CAIRO_FORMAT_RGB24, width: pw, height: ph, stride: rowBytes)
        return kept != nil
    }

    func present(_ rects: [PixelRect]) {
        guard kept != nil, !rects.isEmpty else { return }
        let r = rects.map { overscroll_wl_rect(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height)) }
        overscroll_wl_present(connection.handle, r, Int32(r.count))
    }

    private func release() {
        kept?.release()
        kept = nil
    }

    func destroy() { release() }
}
