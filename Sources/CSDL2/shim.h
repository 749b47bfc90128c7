#pragma once
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>

/// SDL macros Swift cannot import, as inline functions.
static inline int overscroll_sdl_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline unsigned int overscroll_sdl_touch_mouseid(void) { return (unsigned int)SDL_TOUCH_MOUSEID; }
static inline unsigned int overscroll_sdl_button_lmask(void) { return (unsigned int)SDL_BUTTON_LMASK; }
