#pragma once
// The scan at the heart of Imaging's PixelmatchKernel: along one row of two RGBA images, the next
// pixels whose pixelmatch YIQ distance exceeds the threshold. Three targets with the same result:
// scalar (the reference, every CPU), AVX2 (8 pixels a step) and AVX-512 F/BW/VL (16 pixels a step,
// the row's tail under a mask). The vector paths compute the distance of opaque pixels in doubles
// with the scalar path's operations in its order (no fused multiply-add: `fp contract(off)`), so
// each lane's value is the scalar one to the last bit; translucent pixels (rare in screenshots)
// take the scalar formula lane by lane. The target is chosen by the caller
// (`overscroll_pm_best_target` once, lowered by `OVERSCROLL_SIMD` or an option for tests and the
// bench; see PixelmatchVectorPath.swift).
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#define OVERSCROLL_PM_X86 1
#endif

enum { OVERSCROLL_PM_SCALAR = 0, OVERSCROLL_PM_AVX2 = 1, OVERSCROLL_PM_AVX512 = 2 };

/// The widest target this CPU and OS run: CPUID feature bits, and XGETBV for the OS saving the
/// YMM (AVX2) and the opmask/ZMM state (AVX-512).
static inline int overscroll_pm_best_target(void) {
#if OVERSCROLL_PM_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return OVERSCROLL_PM_SCALAR;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return OVERSCROLL_PM_SCALAR;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0x6) != 0x6) return OVERSCROLL_PM_SCALAR;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return OVERSCROLL_PM_SCALAR;
    if (!(b & bit_AVX2)) return OVERSCROLL_PM_SCALAR;
    const unsigned avx512 = bit_AVX512F | bit_AVX512BW | bit_AVX512VL;
    if ((b & avx512) == avx512 && (lo & 0xE6) == 0xE6) return OVERSCROLL_PM_AVX512;
    return OVERSCROLL_PM_AVX2;
#else
    return OVERSCROLL_PM_SCALAR;
#endif
}

/// pixelmatch's `colorDelta` (not luma only) between the RGBA pixels at `p` and `q`, `k` the
/// byte offset of the pixel in the image (the background of translucent pixels varies with it):
/// the squared YIQ distance, negative when the second is darker.
__attribute__((always_inline))
static inline double overscroll_pm_delta(const uint8_t *p, const uint8_t *q, size_t k) {
#pragma clang fp contract(off)
    int r1 = p[0], g1 = p[1], b1 = p[2], a1 = p[3];
    int r2 = q[0], g2 = q[1], b2 = q[2], a2 = q[3];
    int da = a1 - a2;
    if (r1 == r2 && g1 == g2 && b1 == b2 && da == 0) return 0;
    double dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
    if (a1 < 255 || a2 < 255) {
        int rb = 48 + 159 * (int)(k % 2);
        int gb = 48 + 159 * (int)((int64_t)((double)k / 1.618033988749895) % 2);
        int bb = 48 + 159 * (int)((int64_t)((double)k / 2.618033988749895) % 2);
        dr = (double)(r1 * a1 - r2 * a2 - rb * da) / 255;
        dg = (double)(g1 * a1 - g2 * a2 - gb * da) / 255;
        db = (double)(b1 * a1 - b2 * a2 - bb * da) / 255;
    }
    double y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
    double i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189;
    double q2 = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
    double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q2 * q2;
    return y > 0 ? -delta : delta;
}

/// The scalar target: the first x in `from ..< width` where pixel x of `a` and of `b` (rows
/// starting at byte `rowByte` of their images) differ by more than `maxDelta`, else `width`;
/// `*hits` then has bit k for pixel x + k over it (k < 32) and `*darker` those with the second
/// darker (negative distance). The vector targets return blocks of 8 or 16.
static inline size_t overscroll_pm_next_scalar(const uint8_t *a, const uint8_t *b, size_t from, size_t width,
                                               size_t rowByte, double maxDelta, uint32_t *hits, uint32_t *darker) {
    *hits = 0;
    *darker = 0;
    for (size_t x = from; x < width; x++) {
        if (x + 4 <= width && memcmp(a + x * 4, b + x * 4, 16) == 0) { x += 3; continue; }
        if (memcmp(a + x * 4, b + x * 4, 4) == 0) continue;
        double delta = overscroll_pm_delta(a + x * 4, b + x * 4, rowByte + x * 4);
        if (fabs(delta) > maxDelta) {
            // The rest of a block of 32 with it (differences come in runs): one call for them all.
            uint32_t found = 1, below = delta < 0;
            size_t end = width - x < 32 ? width : x + 32;
            for (size_t k = x + 1; k < end; k++) {
                if (memcmp(a + k * 4, b + k * 4, 4) == 0) continue;
                double next = overscroll_pm_delta(a + k * 4, b + k * 4, rowByte + k * 4);
                if (fabs(next) > maxDelta) {
                    found |= 1u << (k - x);
                    if (next < 0) below |= 1u << (k - x);
                }
            }
            *hits = found;
            *darker = below;
            return x;
        }
    }
    return width;
}

/// Lanes of `rest` (bit k: pixel x + k) whose scalar distance exceeds `maxDelta`, and in
/// `*darker` those of them with a negative one.
static inline unsigned overscroll_pm_scalar_lanes(const uint8_t *a, const uint8_t *b, size_t x, unsigned rest,
                                                  size_t rowByte, double maxDelta, unsigned *darker) {
    unsigned hits = 0;
    *darker = 0;
    while (rest) {
        unsigned lane = (unsigned)__builtin_ctz(rest);
        size_t at = (x + lane) * 4;
        double delta = overscroll_pm_delta(a + at, b + at, rowByte + at);
        if (fabs(delta) > maxDelta) {
            hits |= 1u << lane;
            if (delta < 0) *darker |= 1u << lane;
        }
        rest &= rest - 1;
    }
    return hits;
}

#if OVERSCROLL_PM_X86
/// The unsigned squared distance of four opaque pixels from their channel differences, with the
/// scalar operations in their order.
__attribute__((target("avx2")))
static inline __m256d overscroll_pm_yiq_avx2(__m128i r, __m128i g, __m128i b, __m256d *luma) {
#pragma clang fp contract(off)
    __m256d dr = _mm256_cvtepi32_pd(r), dg = _mm256_cvtepi32_pd(g), db = _mm256_cvtepi32_pd(b);
    __m256d y = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.29889531)),
                                            _mm256_mul_pd(dg, _mm256_set1_pd(0.58662247))),
                              _mm256_mul_pd(db, _mm256_set1_pd(0.11448223)));
    __m256d i = _mm256_sub_pd(_mm256_sub_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.59597799)),
                                            _mm256_mul_pd(dg, _mm256_set1_pd(0.27417610))),
                              _mm256_mul_pd(db, _mm256_set1_pd(0.32180189)));
    __m256d q = _mm256_add_pd(_mm256_sub_pd(_mm256_mul_pd(dr, _mm256_set1_pd(0.21147017)),
                                            _mm256_mul_pd(dg, _mm256_set1_pd(0.52261711))),
                              _mm256_mul_pd(db, _mm256_set1_pd(0.31114694)));
    __m256d yy = _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.5053), y), y);
    __m256d ii = _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.299), i), i);
    __m256d qq = _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(0.1957), q), q);
    *luma = y;
    return _mm256_add_pd(_mm256_add_pd(yy, ii), qq);
}

/// The AVX2 target of `overscroll_pm_next_scalar`: eight pixels a step, the tail scalar.
__attribute__((target("avx2")))
static inline size_t overscroll_pm_next_avx2(const uint8_t *a, const uint8_t *b, size_t from, size_t width,
                                             size_t rowByte, double maxDelta, uint32_t *found, uint32_t *darker) {
    const __m256i m8 = _mm256_set1_epi32(255);
    const __m256d limit = _mm256_set1_pd(maxDelta);
    size_t x = from;
    for (; x + 8 <= width; x += 8) {
        __m256i va = _mm256_loadu_si256((const __m256i *)(const void *)(a + x * 4));
        __m256i vb = _mm256_loadu_si256((const __m256i *)(const void *)(b + x * 4));
        unsigned same = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(va, vb)));
        if (same == 0xFF) continue;
        unsigned opaque = (unsigned)_mm256_movemask_ps(
            _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_srli_epi32(_mm256_and_si256(va, vb), 24), m8)));
        __m256i dr = _mm256_sub_epi32(_mm256_and_si256(va, m8), _mm256_and_si256(vb, m8));
        __m256i dg = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(va, 8), m8),
                                      _mm256_and_si256(_mm256_srli_epi32(vb, 8), m8));
        __m256i db = _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(va, 16), m8),
                                      _mm256_and_si256(_mm256_srli_epi32(vb, 16), m8));
        __m256d lowY, highY;
        __m256d low = overscroll_pm_yiq_avx2(_mm256_castsi256_si128(dr), _mm256_castsi256_si128(dg),
                                             _mm256_castsi256_si128(db), &lowY);
        __m256d high = overscroll_pm_yiq_avx2(_mm256_extracti128_si256(dr, 1), _mm256_extracti128_si256(dg, 1),
                                              _mm256_extracti128_si256(db, 1), &highY);
        const __m256d zero = _mm256_setzero_pd();
        unsigned firstBrighter = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(lowY, zero, _CMP_GT_OQ))
                            | (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(highY, zero, _CMP_GT_OQ)) << 4;
        unsigned over = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(low, limit, _CMP_GT_OQ))
                        | (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(high, limit, _CMP_GT_OQ)) << 4;
        unsigned differ = ~same & 0xFFu;
        unsigned hits = over & opaque & differ, rest;
        hits |= overscroll_pm_scalar_lanes(a, b, x, differ & ~opaque, rowByte, maxDelta, &rest);
        if (hits) {
            *found = hits;
            *darker = (firstBrighter & opaque & hits) | rest;
            return x;
        }
    }
    return overscroll_pm_next_scalar(a, b, x, width, rowByte, maxDelta, found, darker);
}

__attribute__((target("avx512f,avx512bw,avx512vl")))
static inline __m512d overscroll_pm_yiq_avx512(__m256i r, __m256i g, __m256i b, __mmask8 *firstBrighter) {
#pragma clang fp contract(off)
    __m512d dr = _mm512_cvtepi32_pd(r), dg = _mm512_cvtepi32_pd(g), db = _mm512_cvtepi32_pd(b);
    __m512d y = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(dr, _mm512_set1_pd(0.29889531)),
                                            _mm512_mul_pd(dg, _mm512_set1_pd(0.58662247))),
                              _mm512_mul_pd(db, _mm512_set1_pd(0.11448223)));
    __m512d i = _mm512_sub_pd(_mm512_sub_pd(_mm512_mul_pd(dr, _mm512_set1_pd(0.59597799)),
                                            _mm512_mul_pd(dg, _mm512_set1_pd(0.27417610))),
                              _mm512_mul_pd(db, _mm512_set1_pd(0.32180189)));
    __m512d q = _mm512_add_pd(_mm512_sub_pd(_mm512_mul_pd(dr, _mm512_set1_pd(0.21147017)),
                                            _mm512_mul_pd(dg, _mm512_set1_pd(0.52261711))),
                              _mm512_mul_pd(db, _mm512_set1_pd(0.31114694)));
    __m512d yy = _mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(0.5053), y), y);
    __m512d ii = _mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(0.299), i), i);
    __m512d qq = _mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(0.1957), q), q);
    *firstBrighter = _mm512_cmp_pd_mask(y, _mm512_setzero_pd(), _CMP_GT_OQ);
    return _mm512_add_pd(_mm512_add_pd(yy, ii), qq);
}

/// The AVX-512 target of `overscroll_pm_next_scalar`: sixteen pixels a step, the row's tail
/// loaded under a mask (the masked-off lanes are not read).
__attribute__((target("avx512f,avx512bw,avx512vl")))
static inline size_t overscroll_pm_next_avx512(const uint8_t *a, const uint8_t *b, size_t from, size_t width,
                                               size_t rowByte, double maxDelta, uint32_t *found, uint32_t *darker) {
    const __m512i m8 = _mm512_set1_epi32(255);
    const __m512d limit = _mm512_set1_pd(maxDelta);
    for (size_t x = from; x < width; x += 16) {
        size_t left = width - x;
        __mmask16 live = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
        __m512i va = _mm512_maskz_loadu_epi32(live, a + x * 4);
        __m512i vb = _mm512_maskz_loadu_epi32(live, b + x * 4);
        __mmask16 differ = _mm512_mask_cmpneq_epi32_mask(live, va, vb);
        if (!differ) continue;
        __mmask16 opaque = _mm512_cmpeq_epi32_mask(_mm512_srli_epi32(_mm512_and_si512(va, vb), 24), m8);
        __m512i dr = _mm512_sub_epi32(_mm512_and_si512(va, m8), _mm512_and_si512(vb, m8));
        __m512i dg = _mm512_sub_epi32(_mm512_and_si512(_mm512_srli_epi32(va, 8), m8),
                                      _mm512_and_si512(_mm512_srli_epi32(vb, 8), m8));
        __m512i db = _mm512_sub_epi32(_mm512_and_si512(_mm512_srli_epi32(va, 16), m8),
                                      _mm512_and_si512(_mm512_srli_epi32(vb, 16), m8));
        __mmask8 lowY, highY;
        __m512d low = overscroll_pm_yiq_avx512(_mm512_castsi512_si256(dr), _mm512_castsi512_si256(dg),
                                               _mm512_castsi512_si256(db), &lowY);
        __m512d high = overscroll_pm_yiq_avx512(_mm512_extracti64x4_epi64(dr, 1), _mm512_extracti64x4_epi64(dg, 1),
                                                _mm512_extracti64x4_epi64(db, 1), &highY);
        unsigned firstBrighter = (unsigned)lowY | (unsigned)highY << 8;
        unsigned over = (unsigned)_mm512_cmp_pd_mask(low, limit, _CMP_GT_OQ)
                        | (unsigned)_mm512_cmp_pd_mask(high, limit, _CMP_GT_OQ) << 8;
        unsigned hits = over & (unsigned)opaque & (unsigned)differ, rest;
        hits |= overscroll_pm_scalar_lanes(a, b, x, (unsigned)differ & ~(unsigned)opaque, rowByte, maxDelta, &rest);
        if (hits) {
            *found = hits;
            *darker = (firstBrighter & (unsigned)opaque & hits) | rest;
            return x;
        }
    }
    *found = 0;
    *darker = 0;
    return width;
}

/// The eight neighbours of the pixel at `center` (rows `stride` words apart, not on the image's
/// edge), in the order pixelmatch's anti-aliasing test visits them: column by column, top to
/// bottom. Lane k's offset from the centre is `overscroll_pm_neighbour_dx/dy[k]`.
static const int overscroll_pm_neighbour_dx[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int overscroll_pm_neighbour_dy[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/// Lanes of the luma differences (centre minus neighbour, scalar operation order) of `n`.
__attribute__((target("avx2")))
static inline void overscroll_pm_luma_avx2(__m256i n, uint32_t c, __m256d *low, __m256d *high) {
#pragma clang fp contract(off)
    const __m256i m8 = _mm256_set1_epi32(255);
    __m256i dr = _mm256_sub_epi32(_mm256_set1_epi32((int)(c & 255)), _mm256_and_si256(n, m8));
    __m256i dg = _mm256_sub_epi32(_mm256_set1_epi32((int)(c >> 8 & 255)), _mm256_and_si256(_mm256_srli_epi32(n, 8), m8));
    __m256i db = _mm256_sub_epi32(_mm256_set1_epi32((int)(c >> 16 & 255)), _mm256_and_si256(_mm256_srli_epi32(n, 16), m8));
    const __m256d cr = _mm256_set1_pd(0.29889531), cg = _mm256_set1_pd(0.58662247), cb = _mm256_set1_pd(0.11448223);
    *low = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(dr)), cr),
                                       _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(dg)), cg)),
                         _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(db)), cb));
    *high = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(dr, 1)), cr),
                                        _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(dg, 1)), cg)),
                          _mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(db, 1)), cb));
}

/// The neighbour words of `center` in visit order.
__attribute__((target("avx2")))
static inline __m256i overscroll_pm_neighbours_avx2(const uint32_t *center, size_t stride) {
    const uint32_t *up = center - stride, *down = center + stride;
    return _mm256_setr_epi32((int)up[-1], (int)center[-1], (int)down[-1], (int)up[0], (int)down[0], (int)up[1],
                             (int)center[1], (int)down[1]);
}

/// The first part of pixelmatch's anti-aliasing test for an opaque pixel inside the image whose
/// neighbours are all opaque: -1 when some pixel is translucent (the caller runs the scalar
/// test), 0 when the test answers "not anti-aliased" here (more than two neighbours of equal
/// luma, or none darker or none firstBrighter), else 1 with `*darkest` and `*brightest` the lanes
/// (visit order) of the first neighbour of the largest luma difference each way, as the scalar
/// test finds them.
__attribute__((target("avx2")))
static inline int overscroll_pm_aa_extremes_avx2(const uint32_t *center, size_t stride, int *darkest, int *brightest) {
    uint32_t c = center[0];
    __m256i n = overscroll_pm_neighbours_avx2(center, stride);
    __m256i opaque = _mm256_cmpeq_epi32(_mm256_srli_epi32(n, 24), _mm256_set1_epi32(255));
    if ((c >> 24) != 255 || _mm256_movemask_epi8(opaque) != -1) return -1;
    __m256d low, high;
    overscroll_pm_luma_avx2(n, c, &low, &high);
    const __m256d zero = _mm256_setzero_pd();
    unsigned zeroes = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(low, zero, _CMP_EQ_OQ))
                      | (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(high, zero, _CMP_EQ_OQ)) << 4;
    if (__builtin_popcount(zeroes) > 2) return 0;
    // The extremes across the eight lanes, then the first lane holding each: the one the
    // scalar test's strict comparisons keep.
    __m256d lo = _mm256_min_pd(low, high), hi = _mm256_max_pd(low, high);
    lo = _mm256_min_pd(lo, _mm256_permute2f128_pd(lo, lo, 1));
    hi = _mm256_max_pd(hi, _mm256_permute2f128_pd(hi, hi, 1));
    lo = _mm256_min_pd(lo, _mm256_permute_pd(lo, 5));
    hi = _mm256_max_pd(hi, _mm256_permute_pd(hi, 5));
    if (!(_mm256_cvtsd_f64(lo) < 0) || !(_mm256_cvtsd_f64(hi) > 0)) return 0;
    *darkest = __builtin_ctz((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(low, lo, _CMP_EQ_OQ))
                             | (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(high, lo, _CMP_EQ_OQ)) << 4);
    *brightest = __builtin_ctz((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(low, hi, _CMP_EQ_OQ))
                               | (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(high, hi, _CMP_EQ_OQ)) << 4);
    return 1;
}

/// `overscroll_pm_aa_extremes_avx2` with the eight differences in one AVX-512 register.
__attribute__((target("avx512f,avx512bw,avx512vl")))
static inline int overscroll_pm_aa_extremes_avx512(const uint32_t *center, size_t stride, int *darkest, int *brightest) {
#pragma clang fp contract(off)
    uint32_t c = center[0];
    const uint32_t *up = center - stride, *down = center + stride;
    __m256i n = _mm256_setr_epi32((int)up[-1], (int)center[-1], (int)down[-1], (int)up[0], (int)down[0], (int)up[1],
                                  (int)center[1], (int)down[1]);
    if ((c >> 24) != 255 || _mm256_cmpneq_epi32_mask(_mm256_srli_epi32(n, 24), _mm256_set1_epi32(255))) return -1;
    const __m256i m8 = _mm256_set1_epi32(255);
    __m256i dr = _mm256_sub_epi32(_mm256_set1_epi32((int)(c & 255)), _mm256_and_si256(n, m8));
    __m256i dg = _mm256_sub_epi32(_mm256_set1_epi32((int)(c >> 8 & 255)), _mm256_and_si256(_mm256_srli_epi32(n, 8), m8));
    __m256i db = _mm256_sub_epi32(_mm256_set1_epi32((int)(c >> 16 & 255)), _mm256_and_si256(_mm256_srli_epi32(n, 16), m8));
    __m512d y = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(_mm512_cvtepi32_pd(dr), _mm512_set1_pd(0.29889531)),
                                            _mm512_mul_pd(_mm512_cvtepi32_pd(dg), _mm512_set1_pd(0.58662247))),
                              _mm512_mul_pd(_mm512_cvtepi32_pd(db), _mm512_set1_pd(0.11448223)));
    const __m512d zero = _mm512_setzero_pd();
    if (__builtin_popcount((unsigned)_mm512_cmp_pd_mask(y, zero, _CMP_EQ_OQ)) > 2) return 0;
    double minimum = _mm512_reduce_min_pd(y), maximum = _mm512_reduce_max_pd(y);
    if (!(minimum < 0) || !(maximum > 0)) return 0;
    // The first lane holding each extreme: the one the scalar test's strict comparisons keep.
    *darkest = __builtin_ctz((unsigned)_mm512_cmp_pd_mask(y, _mm512_set1_pd(minimum), _CMP_EQ_OQ));
    *brightest = __builtin_ctz((unsigned)_mm512_cmp_pd_mask(y, _mm512_set1_pd(maximum), _CMP_EQ_OQ));
    return 1;
}
#endif

/// The next block with pixels over the threshold, on `target` (one `overscroll_pm_best_target`
/// allows): its first pixel x (at or after `from`; `width` when there is none) and in `*hits` bit
/// k for pixel x + k over it, every pixel from `from` to the highest bit having been tested. The
/// same pixels on every target, found in blocks of 32 (scalar), 8 or 16. `*darker`: the bits of `*hits`
/// whose distance is negative (the second image darker: pixelmatch's alternative colour).
static inline size_t overscroll_pm_next(int target, const uint8_t *a, const uint8_t *b, size_t from, size_t width,
                                        size_t rowByte, double maxDelta, uint32_t *hits, uint32_t *darker) {
#if OVERSCROLL_PM_X86
    if (target == OVERSCROLL_PM_AVX512)
        return overscroll_pm_next_avx512(a, b, from, width, rowByte, maxDelta, hits, darker);
    if (target == OVERSCROLL_PM_AVX2) return overscroll_pm_next_avx2(a, b, from, width, rowByte, maxDelta, hits, darker);
#endif
    (void)target;
    return overscroll_pm_next_scalar(a, b, from, width, rowByte, maxDelta, hits, darker);
}

/// `overscroll_pm_aa_extremes_avx2` on `target` (-1, the scalar test, on the scalar target).
static inline int overscroll_pm_aa_extremes(int target, const uint32_t *center, size_t stride, int *darkest,
                                            int *brightest) {
#if OVERSCROLL_PM_X86
    if (target == OVERSCROLL_PM_AVX512) return overscroll_pm_aa_extremes_avx512(center, stride, darkest, brightest);
    if (target == OVERSCROLL_PM_AVX2) return overscroll_pm_aa_extremes_avx2(center, stride, darkest, brightest);
#endif
    (void)target, (void)center, (void)stride, (void)darkest, (void)brightest;
    return -1;
}
