import CSDL2

/// Picks how the window presents (`OVERSCROLL_PRESENTER=surface|texture` overrides): the window
/// surface when the drawable is the window's size (cheapest here: only the dirty rects travel to
/// the display server), otherwise, or when the surface is unusable, a streaming texture.
@MainActor
enum PresenterChoice {
    static func make(window: OpaquePointer, preference: String?) -> FramePresenter? {
        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        let hiDPI = pw > ww || ph > wh
        if preference != "texture" && !hiDPI, let s = SurfacePresenter(window: window) { return s }
        return TexturePresenter(window: window)
    }
}
