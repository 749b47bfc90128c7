#pragma once
// The PNG Paeth unfilter for 3-, 4-, 6- and 8-byte pixels, one pixel per step in SSE2 16-bit lanes
// (the left and upper-left pixels stay in registers). Used by Imaging's PNGUnfilter on x86-64;
// other architectures use its Swift loop. Results equal the scalar definition byte for byte.
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i overscroll_paeth_load(const uint8_t *p, size_t bytes) {
    uint64_t v = 0;
    memcpy(&v, p, bytes);
    return _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)v), _mm_setzero_si128());
}

static inline __m128i overscroll_paeth_abs(__m128i v) {
    return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v));
}

/// Reverses the Paeth filter in place on `row` (`count` bytes, a multiple of `bytes`, which is
/// 3, 4, 6 or 8) given the reconstructed previous row.
///
/// Flat runs go as many pixels at a time as 16 bytes hold: where a pixel's filtered bytes are 0
/// and the row above is constant (b == c), the predictor is a (pa = 0 wins every tie) and the
/// pixel equals its left neighbour; a, and c (= b all along the run), are unchanged after it. A
/// failed check is not retried for the next run's length.
static inline __attribute__((always_inline)) void overscroll_unpaeth(uint8_t *row, const uint8_t *previous,
                                                                    size_t count, size_t bytes) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i low = _mm_set1_epi16(0xFF);
    const size_t runPixels = 16 / bytes, runBytes = runPixels * bytes;
    const int run = (int)((1u << runBytes) - 1);
    __m128i a = zero, c = zero;
    size_t i = 0, retry = bytes;
    while (i + bytes <= count) {
        if (i >= retry && i + 16 <= count) {
            __m128i filtered = _mm_loadu_si128((const __m128i *)(row + i));
            __m128i up = _mm_loadu_si128((const __m128i *)(previous + i));
            __m128i upLeft = _mm_loadu_si128((const __m128i *)(previous + i - bytes));
            int flat = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(filtered, zero), _mm_cmpeq_epi8(up, upLeft)));
            if ((flat & run) == run) {
                uint64_t left = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(a, a));
                for (size_t k = 0; k < runPixels; k++) memcpy(row + i + k * bytes, &left, bytes);
                i += runBytes;
                continue;
            }
            retry = i + runBytes;
        }
        __m128i b = overscroll_paeth_load(previous + i, bytes);
        __m128i x = overscroll_paeth_load(row + i, bytes);
        __m128i signedA = _mm_sub_epi16(b, c);   /* p - a */
        __m128i signedB = _mm_sub_epi16(a, c);   /* p - b */
        __m128i pa = overscroll_paeth_abs(signedA);
        __m128i pb = overscroll_paeth_abs(signedB);
        __m128i pc = overscroll_paeth_abs(_mm_add_epi16(signedA, signedB));
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        /* a if pa is smallest, else b if pb is, else c */
        __m128i useB = _mm_cmpeq_epi16(smallest, pb);
        __m128i bc = _mm_or_si128(_mm_and_si128(useB, b), _mm_andnot_si128(useB, c));
        __m128i useA = _mm_cmpeq_epi16(smallest, pa);
        __m128i predictor = _mm_or_si128(_mm_and_si128(useA, a), _mm_andnot_si128(useA, bc));
        x = _mm_and_si128(_mm_add_epi16(x, predictor), low);
        uint64_t out = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(x, x));
        memcpy(row + i, &out, bytes);
        a = x;
        c = b;
        i += bytes;
    }
}
#define OVERSCROLL_HAS_SSE2_PAETH 1
#endif
