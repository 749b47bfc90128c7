import CCairo
import CSDL2
import ScrollEngine

/// Presents through the window surface: cairo draws straight into SDL's framebuffer (an XShm
/// image on X11, kept between frames) and `SDL_UpdateWindowSurfaceRects` sends only the dirty
/// rects to the display. No GPU path and no vsync: the window loop paces frames itself.
@MainActor
final class SurfacePresenter: BorrowedSurfacePresenter {
    func describe(driver: String?) -> String {
        "the window surface (\(driver == "x11" ? "XShm" : "SDL's framebuffer"); damage: the dirty rects)"
    }
    private let window: OpaquePointer
    private(set) var kept: BorrowedSurface?

    /// Nil when the window has no surface in a 32-bit RGB format cairo can draw into.
    init?(window: OpaquePointer) {
        self.window = window
        guard resize() else { return nil }
    }

    func resize() -> Bool {
        release()
        guard let s = SDL_GetWindowSurface(window) else { return false }
        let format = s.pointee.format.pointee.format
        let cairoFormat: cairo_format_t
        switch format {
        case SDL_PIXELFORMAT_RGB888.rawValue: cairoFormat = CAIRO_FORMAT_RGB24
        case SDL_PIXELFORMAT_ARGB8888.rawValue: cairoFormat = CAIRO_FORMAT_ARGB32
        default: return false
        }
        guard s.pointee.w > 0, s.pointee.h > 0, let data = s.pointee.pixels, s.pointee.pitch % 4 == 0 else { return true }
        kept = BorrowedSurface(pixels: data, format: cairoFormat, width: s.pointee.w, height: s.pointee.h, stride: s.pointee.pitch)
        return kept != nil
    }

    func present(_ rects: [PixelRect]) {
        guard kept != nil, !rects.isEmpty else { return }
        var sdl = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        _ = SDL_UpdateWindowSurfaceRects(window, &sdl, Int32(sdl.count))
    }

    private func release() {
        kept?.release()
        kept = nil
    }

    func destroy() { release() }
}
