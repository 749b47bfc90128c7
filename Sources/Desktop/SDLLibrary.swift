import CSDL2
import Rendering

/// The SDL library this process loaded, for the rendering stack a suite run records: the linked
/// version from `SDL_GetVersion` (with sdl2-compat it is the compat layer's version), which needs
/// no `SDL_Init`.
public enum SDLLibrary {
    public static func stackEntry() -> RenderingStack.Library {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return RenderingStack.Library(name: "SDL", version: "\(v.major).\(v.minor).\(v.patch)", source: "SDL_GetVersion()")
    }
}
