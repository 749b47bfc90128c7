#pragma once
// 8-bit RGB rows to opaque RGBA, four pixels per SSSE3 byte shuffle. Used by Imaging's
// PNGRowConverter on x86-64 when the CPU has SSSE3 (checked once with cpuid); the scalar Swift
// loop does the rest of the row and everything elsewhere.
#include <stddef.h>
#include <stdint.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <tmmintrin.h>

static inline int overscroll_has_ssse3(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & bit_SSSE3) != 0;
}

/// Expands RGB pixels from `row` to RGBA at `out` (alpha 255) while at least six pixels are
/// left, so every 16-byte load stays inside the row; returns the pixels done. Each load is done
/// before its store, and the store ends at or before the next load's start as long as `out`
/// trails `row` by at least 4 bytes at every step (true for the in-place expansion of a decoded
/// image, whose last row starts `width` bytes behind its input), so it may work in place.
__attribute__((target("ssse3")))
static inline size_t overscroll_expand_rgb_ssse3(const uint8_t *row, size_t pixels, uint8_t *out) {
    const __m128i shuffle = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    size_t k = 0;
    for (; k + 6 <= pixels; k += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(row + 3 * k));
        _mm_storeu_si128((__m128i *)(out + 4 * k), _mm_or_si128(_mm_shuffle_epi8(v, shuffle), alpha));
    }
    return k;
}
#endif
