import CSDL2

/// Which presenter `OVERSCROLL_PRESENTER` asks for (`surface`, `texture`; unset or anything else:
/// the display backend chooses).
enum PresenterPreference: Equatable {
    case automatic, surface, texture

    init(environment value: String?) {
        switch value {
        case "surface": self = .surface
        case "texture": self = .texture
        default: self = .automatic
        }
    }
}

/// Picks how a window presents through SDL (X11 and the SDL fallback; Wayland's `wl_shm` is its
/// own backend, `WaylandShmBackend`): the window surface on the platform framebuffer when the
/// drawable is the window's size (cheapest here: only the dirty rects travel to the display
/// server), otherwise, or when the surface is unusable or `texture` is preferred, a streaming texture.
@MainActor
enum PresenterChoice {
    static func make(window: OpaquePointer, preference: PresenterPreference) -> FramePresenter? {
        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        let hiDPI = pw > ww || ph > wh
        if preference != .texture && !hiDPI {
            // By default SDL backs the window surface with a GPU texture and presents all of it
            // on every update (through llvmpipe under Xvfb); the platform framebuffer (XShm on
            // X11) sends only the updated rects. An SDL_FRAMEBUFFER_ACCELERATION in the
            // environment still wins.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            if let s = SurfacePresenter(window: window) { return s }
        }
        return TexturePresenter(window: window)
    }
}
