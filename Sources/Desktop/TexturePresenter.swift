import CCairo
import CSDL2
import Rendering
import ScrollEngine

/// Presents through an SDL renderer: the kept frame is an ARGB32 cairo image of our own; the
/// dirty rects are uploaded into a streaming texture (`SDL_UpdateTexture` with a rect), then the
/// whole texture is copied and presented (with vsync where the renderer has it). Used where the
/// window surface is unavailable or the drawable is larger than the window (HiDPI).
@MainActor
final class TexturePresenter: FramePresenter {
    func describe(driver: String?) -> String { "an SDL streaming texture (SDL's renderer; the whole window each frame)" }
    private let window: OpaquePointer
    let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var image: ImageSurface?

    init?(window: OpaquePointer) {
        self.window = window
        guard
            let r = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_PRESENTVSYNC.rawValue))
                ?? SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
        else { return nil }
        renderer = r
        guard resize() else { return nil }
    }

    var width: Int { image?.width ?? 0 }
    var height: Int { image?.height ?? 0 }
    var stride: Int { image?.stride ?? 0 }
    var context: OpaquePointer? { image?.context }
    var pixels: UnsafeMutableRawPointer? { image.flatMap { cairo_image_surface_get_data($0.surface).map(UnsafeMutableRawPointer.init) } }

    func resize() -> Bool {
        var dw: Int32 = 0, dh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &dw, &dh)
        if let image, image.width == Int(dw), image.height == Int(dh) { return true }
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil; image = nil
        guard dw > 0, dh > 0 else { return true }
        texture = SDL_CreateTexture(
            renderer, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue),
            Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), dw, dh)
        guard texture != nil else { return false }
        guard let kept = try? ImageSurface(width: Int(dw), height: Int(dh)) else { return false }
        image = kept
        return true
    }

    func present(_ rects: [PixelRect]) {
        guard let texture, let image, let base = pixels, !rects.isEmpty else { return }
        let stride = image.stride
        for r in rects {
            var sdl = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            _ = SDL_UpdateTexture(texture, &sdl, base + r.y * stride + r.x * 4, Int32(stride))
        }
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }

    func destroy() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil; image = nil
        SDL_DestroyRenderer(renderer)
    }
}
