#pragma once
// The SHA-256 compression function with the x86 SHA extensions (SHA-NI): two rounds per
// `sha256rnds2`, the message schedule by `sha256msg1`/`sha256msg2`. Used by Imaging's SHA256
// (the font files' hashes of a run's rendering stack, ~40 MB each `overscroll test`) when the
// processor has the extensions (checked once per call with cpuid); its Swift loop otherwise.
// Results equal the scalar definition (FIPS 180-4) bit for bit.
#include <stddef.h>
#include <stdint.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/// True when the processor has SHA, SSE4.1 and SSSE3.
static inline int overscroll_has_sha_ni(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if ((c & bit_SSE4_1) == 0 || (c & bit_SSSE3) == 0) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 29)) != 0;
}

/// Runs the compression function over `blocks` 64-byte blocks at `data`, updating `state`
/// (the eight words H0…H7). `k` is the 64 round constants.
__attribute__((target("sha,sse4.1,ssse3")))
static inline void overscroll_sha256_ni(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]) {
    const __m128i swap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    // The instructions keep the state as (A, B, E, F) and (C, D, G, H), A and C in the top lanes.
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);   // b a d c
    __m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // h g f e
    __m128i s0 = _mm_alignr_epi8(t, s1, 8);                                              // f e b a
    s1 = _mm_blend_epi16(s1, t, 0xF0);                                                   // h g d c
    for (size_t n = 0; n < blocks; n++, data += 64) {
        const __m128i save0 = s0, save1 = s1;
        __m128i m[4];
        for (int i = 0; i < 4; i++) m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), swap);
        for (int g = 0; g < 16; g++) {
            // Words 4g…4g+3 of the schedule; m[g % 4] held words 4(g-4)…
            if (g >= 4) {
                __m128i w = _mm_sha256msg1_epu32(m[g % 4], m[(g + 1) % 4]);
                w = _mm_add_epi32(w, _mm_alignr_epi8(m[(g + 3) % 4], m[(g + 2) % 4], 4));
                m[g % 4] = _mm_sha256msg2_epu32(w, m[(g + 3) % 4]);
            }
            __m128i wk = _mm_add_epi32(m[g % 4], _mm_loadu_si128((const __m128i *)&k[4 * g]));
            s1 = _mm_sha256rnds2_epu32(s1, s0, wk);
            s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(wk, 0x0E));
        }
        s0 = _mm_add_epi32(s0, save0);
        s1 = _mm_add_epi32(s1, save1);
    }
    t = _mm_shuffle_epi32(s0, 0x1B);       // a b e f
    s1 = _mm_shuffle_epi32(s1, 0xB1);      // g h c d
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(t, s1, 0xF0));   // a b c d
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(s1, t, 8));      // e f g h
}
#endif
