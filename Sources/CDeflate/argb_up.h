#pragma once
// The PNG Up filter fused with the conversion of an opaque cairo ARGB32 image (native-endian
// 0xAARRGGBB words) to RGB bytes: one pass over each row and the row above, no RGB copy of
// either. Used by Imaging's PNGEncoder for opaque frames; byte for byte the same as converting
// both rows to RGB and then subtracting bytewise. Four pixels per step with SSSE3 when the
// processor has it (checked once per image), one otherwise.
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__)
#include "expand.h"   // overscroll_has_ssse3
#define OVERSCROLL_ARGB_UP_SSSE3 1
#endif

/// One row, one pixel per step: `width × 3` bytes at `out`, the RGB bytes of `row` minus those
/// of `previous`, modulo 256 (`previous` NULL: the RGB bytes of `row`). Writes one byte past
/// the last pixel's three.
static inline void overscroll_argb_up_rgb_row(const uint32_t *row, const uint32_t *previous, size_t from, size_t width,
                                              uint8_t *out) {
    const uint32_t high = 0x80808080u;
    for (size_t x = from; x < width; x++) {
        uint32_t a = row[x], d;
        if (previous) {
            uint32_t b = previous[x];
            // Bytewise a - b with no borrow between bytes.
            d = ((a | high) - (b & ~high)) ^ ((a ^ ~b) & high);
        } else {
            d = a;
        }
        // 0x??RRGGBB as the bytes RR GG BB ?? in memory.
        uint32_t rgb = __builtin_bswap32(d) >> 8;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
        rgb = __builtin_bswap32(rgb);
#endif
        memcpy(out + x * 3, &rgb, 4);
    }
}

#if OVERSCROLL_ARGB_UP_SSSE3
/// One row, four pixels per step (little-endian x86: a pixel is the bytes B G R A). Writes up to
/// four bytes past the last pixel's three.
__attribute__((target("ssse3")))
static inline void overscroll_argb_up_rgb_row_ssse3(const uint32_t *row, const uint32_t *previous, size_t width,
                                                    uint8_t *out) {
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    size_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(row + x));
        __m128i d = previous ? _mm_sub_epi8(a, _mm_loadu_si128((const __m128i *)(previous + x))) : a;
        _mm_storeu_si128((__m128i *)(out + x * 3), _mm_shuffle_epi8(d, order));
    }
    overscroll_argb_up_rgb_row(row, previous, x, width, out);
}
#endif

/// The whole image: row `y` (at `data + y × stride`) goes to `out + y × line`, preceded by the
/// filter type byte 2 (Up); the first row is unfiltered bytes (Up with no row above). `out`
/// needs `height × line + 16` bytes (`line` = `width × 3 + 1`).
static inline void overscroll_argb_up_rgb_image(const uint8_t *data, size_t stride, size_t width, size_t height,
                                                uint8_t *out, size_t line) {
#if OVERSCROLL_ARGB_UP_SSSE3
    const int vector = overscroll_has_ssse3();
#endif
    for (size_t y = 0; y < height; y++) {
        uint8_t *o = out + y * line;
        o[0] = 2;
        const uint32_t *row = (const uint32_t *)(const void *)(data + y * stride);
        const uint32_t *previous = y == 0 ? NULL : (const uint32_t *)(const void *)(data + (y - 1) * stride);
#if OVERSCROLL_ARGB_UP_SSSE3
        if (vector) { overscroll_argb_up_rgb_row_ssse3(row, previous, width, o + 1); continue; }
#endif
        overscroll_argb_up_rgb_row(row, previous, 0, width, o + 1);
    }
}
