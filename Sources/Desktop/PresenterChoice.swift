import CSDL2

/// Picks how the window presents (`OVERSCROLL_PRESENTER=surface|texture` overrides): on Wayland
/// `wl_shm` buffers of its own (`WaylandShmPresenter`); elsewhere the window
/// surface on the platform framebuffer when the drawable is the window's size (cheapest here:
/// only the dirty rects travel to the display server), otherwise, or when the surface is unusable, a streaming texture.
@MainActor
enum PresenterChoice {
    static func make(window: OpaquePointer, preference: String?, wayland: WaylandPointerConnection? = nil) -> FramePresenter? {
        // On Wayland: the compositor's shared-memory buffers, damage limited to the dirty rects
        // and commits paced by frame callbacks (SDL 2.26 has no Wayland framebuffer, and its
        // renderer sends the whole window every frame). Before any SDL renderer exists: one
        // would give the window an EGL surface.
        if let wayland, preference != "texture", preference != "surface",
            let p = WaylandShmPresenter(window: window, connection: wayland)
        {
            return p
        }
        var ww: Int32 = 0, wh: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        let hiDPI = pw > ww || ph > wh
        if preference != "texture" && !hiDPI {
            // By default SDL backs the window surface with a GPU texture and presents all of it
            // on every update (through llvmpipe under Xvfb); the platform framebuffer (XShm on
            // X11) sends only the updated rects. An SDL_FRAMEBUFFER_ACCELERATION in the
            // environment still wins.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            if let s = SurfacePresenter(window: window) { return s }
        }
        return TexturePresenter(window: window)
    }

    /// The stderr line's words for presenter `name` on video driver `driver`.
    static func describe(_ name: String, driver: String?) -> String {
        switch name {
        case "wl_shm": return "wl_shm buffers (damage: the dirty rects; paced by frame callbacks)"
        case "surface": return "the window surface (\(driver == "x11" ? "XShm" : "SDL's framebuffer"); damage: the dirty rects)"
        default: return "an SDL streaming texture (SDL's renderer; the whole window each frame)"
        }
    }
}
