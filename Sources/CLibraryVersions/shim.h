#pragma once
/// The run-time versions of the rendering libraries, asked of the libraries themselves (the
/// versions of the shared objects loaded, not of the headers this was built with). rlottie has
/// no version call: its loaded shared object's file is named instead.
#include <cairo.h>
#include <pixman.h>
#include <pango/pango.h>
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <rlottie_capi.h>
#include <dlfcn.h>

static inline const char *overscroll_cairo_version(void) { return cairo_version_string(); }
static inline const char *overscroll_pixman_version(void) { return pixman_version_string(); }
static inline const char *overscroll_pango_version(void) { return pango_version_string(); }
static inline const char *overscroll_harfbuzz_version(void) { return hb_version_string(); }

/// FcGetVersion: major * 10000 + minor * 100 + revision.
static inline int overscroll_fontconfig_version(void) { return FcGetVersion(); }

/// FreeType's version through a library handle of its own (the one loaded shared object); 0 when
/// FreeType cannot start.
static inline int overscroll_freetype_version(int *major, int *minor, int *patch) {
    FT_Library library;
    if (FT_Init_FreeType(&library) != 0) return 0;
    FT_Library_Version(library, major, minor, patch);
    FT_Done_FreeType(library);
    return 1;
}

/// The address of rlottie's `lottie_animation_from_file` in the loaded shared object (its
/// mapping in /proc/self/maps names the file); NULL when not found. (`dlsym` with a null handle
/// searches the global scope, as RTLD_DEFAULT; `dladdr` would need _GNU_SOURCE, which the other
/// C modules are not built with.)
static inline const void *overscroll_rlottie_address(void) {
    void *symbol = dlsym((void *)0, "lottie_animation_from_file");
    return symbol ? symbol : (const void *)&lottie_animation_from_file;
}

#include <string.h>

/// The font file the current fontconfig configuration gives for `family` at the OpenType weight
/// `weight` (400 regular, 600 semibold, 700 bold), asked as pango asks (the pattern substituted
/// by the configuration and the defaults, then the best match); NULL when none. The caller frees it.
static inline char *overscroll_font_file(const char *family, double weight) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return 0;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight));
    FcConfigSubstitute(0, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(0, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return 0;
    FcChar8 *file = 0;
    char *out = 0;
    if (FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file) out = strdup((const char *)file);
    FcPatternDestroy(match);
    return out;
}
