#pragma once
// The PNG Paeth unfilter for 3- and 4-byte pixels, one pixel per step in SSE2 16-bit lanes
// (the left and upper-left pixels stay in registers). Used by Imaging's PNGUnfilter on x86-64;
// other architectures use its Swift loop. Results equal the scalar definition byte for byte.
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i overscroll_paeth_load(const uint8_t *p, size_t bytes) {
    uint32_t v = 0;
    memcpy(&v, p, bytes);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), _mm_setzero_si128());
}

static inline __m128i overscroll_paeth_abs(__m128i v) {
    return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v));
}

/// Reverses the Paeth filter in place on `row` (`count` bytes, a multiple of `bytes`, which is
/// 3 or 4) given the reconstructed previous row.
static inline void overscroll_unpaeth(uint8_t *row, const uint8_t *previous, size_t count, size_t bytes) {
    const __m128i low = _mm_set1_epi16(0xFF);
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t i = 0; i + bytes <= count; i += bytes) {
        __m128i b = overscroll_paeth_load(previous + i, bytes);
        __m128i x = overscroll_paeth_load(row + i, bytes);
        __m128i signedA = _mm_sub_epi16(b, c);   /* p - a */
        __m128i signedB = _mm_sub_epi16(a, c);   /* p - b */
        __m128i pa = overscroll_paeth_abs(signedA);
        __m128i pb = overscroll_paeth_abs(signedB);
        __m128i pc = overscroll_paeth_abs(_mm_add_epi16(signedA, signedB));
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i useA = _mm_cmpeq_epi16(smallest, pa);
        __m128i useB = _mm_andnot_si128(useA, _mm_cmpeq_epi16(smallest, pb));
        __m128i useC = _mm_andnot_si128(_mm_or_si128(useA, useB), _mm_set1_epi16(-1));
        __m128i predictor = _mm_or_si128(_mm_or_si128(_mm_and_si128(useA, a), _mm_and_si128(useB, b)),
                                         _mm_and_si128(useC, c));
        x = _mm_and_si128(_mm_add_epi16(x, predictor), low);
        uint32_t out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
        memcpy(row + i, &out, bytes);
        a = x;
        c = b;
    }
}
#define OVERSCROLL_HAS_SSE2_PAETH 1
#endif
