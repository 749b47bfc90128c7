#pragma once
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

/// Xlib / XI2 macros Swift cannot import, as inline functions.
static inline int overscroll_x_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int overscroll_xi_mask_len(void) { return XIMaskLen(XI_LASTEVENT); }
static inline void overscroll_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int overscroll_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit) != 0; }
static inline int overscroll_x_generic_event(void) { return GenericEvent; }

/// The X11 window of an SDL2 window (0 when it is not an X11 window), through
/// `SDL_GetWindowWMInfo`. The info struct is declared here with SDL 2's stable layout (version,
/// subsystem, then the union whose X11 member is `{Display *, Window}`), so this module does not
/// include SDL_syswm.h, which would pull the X11 headers into the SDL module as well.
struct overscroll_sdl_wminfo {
    struct { unsigned char major, minor, patch; } version;
    int subsystem;
    union {
        struct { Display *display; Window window; } x11;
        unsigned char dummy[64];
    } info;
};
extern int SDL_GetWindowWMInfo(void *window, struct overscroll_sdl_wminfo *info);

static inline Window overscroll_sdl_x11_window(void *sdlWindow) {
    struct overscroll_sdl_wminfo info = {0};
    info.version.major = 2; info.version.minor = 0; info.version.patch = 22;
    if (!SDL_GetWindowWMInfo(sdlWindow, &info)) return 0;
    return info.subsystem == 2 /* SDL_SYSWM_X11 */ ? info.info.x11.window : 0;
}

/// The X11 display connection of an SDL2 window (NULL when it is not an X11 window).
static inline Display *overscroll_sdl_x11_display(void *sdlWindow) {
    struct overscroll_sdl_wminfo info = {0};
    info.version.major = 2; info.version.minor = 0; info.version.patch = 22;
    if (!SDL_GetWindowWMInfo(sdlWindow, &info)) return NULL;
    return info.subsystem == 2 /* SDL_SYSWM_X11 */ ? info.info.x11.display : NULL;
}
