#pragma once
// A deflate (RFC 1951) compressor in a zlib (RFC 1950) wrapper, made for PNG image data
// filtered with Up: rows equal to the row above become long runs of zero bytes, the rest is
// short stretches of anti-aliased edges. Used by Imaging's PNGEncoder (`PNGEncoder.fast` and
// `.diff`, through RowDeflater).
//
// Parsing is greedy, one position at a time:
// - a run of the previous byte (a zero run after Up) is found 32 bytes per step and written
//   as matches at distance 1 of up to 258 bytes;
// - otherwise the longer of two candidates: the last position whose next three bytes (one RGB
//   pixel) hashed the same (one hash table entry per hash, no chains), and the same position one
//   row up (`row` bytes back, a natural candidate in image rows); three bytes at least;
// - otherwise a literal.
// Each block of up to `OVERSCROLL_RD_BLOCK` symbols is written with the smallest of dynamic
// Huffman codes (lengths limited to 15 bits, code-length codes to 7), the fixed codes, or
// stored, whichever its exact bit count says. Only integer arithmetic, and the SSE2 run scan
// counts what the scalar one counts: the same input gives the same bytes on every machine
// (RowDeflaterTests pins a digest).
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <libdeflate.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define OVERSCROLL_RD_HASH_BITS 15
#define OVERSCROLL_RD_BLOCK 16384
#define OVERSCROLL_RD_WINDOW 32768

/// Everything one stream needs besides its input and output; reused from stream to stream.
typedef struct {
    uint32_t head[1u << OVERSCROLL_RD_HASH_BITS];
    /// Literal: the byte. Match: 1 << 31 | length << 16 | distance.
    uint32_t symbols[OVERSCROLL_RD_BLOCK];
    uint32_t litlen_freq[288];
    uint32_t dist_freq[32];
    uint8_t litlen_len[288];
    uint8_t dist_len[32];
    uint16_t litlen_code[288];
    uint16_t dist_code[32];
    /// Length 3…258 → its literal/length symbol (257…285).
    uint16_t length_symbol[259];
    /// Length 3…258 → its symbol's code and extra bits as written, and their bit count (per block).
    uint32_t length_bits[259];
    uint8_t length_nbits[259];
    /// Distance code → base distance and extra bit count.
    uint16_t dist_base[30];
    uint8_t dist_extra[30];
} overscroll_rd_state;

/// Bytes `overscroll_row_deflate` needs for its state.
static inline size_t overscroll_row_deflate_state_size(void) { return sizeof(overscroll_rd_state); }

/// The largest zlib stream `overscroll_row_deflate` writes for `n` input bytes (stored blocks
/// at worst), plus room for its 8-byte stores past the end.
static inline size_t overscroll_row_deflate_bound(size_t n) {
    return n + 6 * (n / (OVERSCROLL_RD_BLOCK / 2) + 4) + 32;
}

// Extra bits and base of each length symbol (257…285) and distance code (0…29), by formula.
static inline unsigned overscroll_rd_length_extra(unsigned symbol) {
    return symbol < 265 || symbol == 285 ? 0 : (symbol - 261) / 4;
}
static inline unsigned overscroll_rd_length_base(unsigned symbol) {
    if (symbol < 265) return symbol - 254;
    if (symbol == 285) return 258;
    unsigned e = (symbol - 261) / 4;
    return 3 + ((4 + (symbol - 265) % 4) << e);
}
static inline unsigned overscroll_rd_dist_extra(unsigned code) { return code < 4 ? 0 : code / 2 - 1; }
static inline unsigned overscroll_rd_dist_base(unsigned code) {
    return code < 4 ? code + 1 : 1 + ((2 + (code & 1)) << (code / 2 - 1));
}
static inline unsigned overscroll_rd_dist_code(unsigned dist) {
    unsigned x = dist - 1;
    if (x < 4) return x;
    unsigned k = 31 - (unsigned)__builtin_clz(x);
    return 2 * k + ((x >> (k - 1)) & 1);
}

typedef struct {
    uint8_t *out;
    uint64_t bits;
    unsigned count;  // bits pending in `bits`, < 64
} overscroll_rd_writer;

static inline void overscroll_rd_put(overscroll_rd_writer *w, uint64_t value, unsigned n) {
    w->bits |= value << w->count;
    w->count += n;
}

/// Writes the whole bytes pending (always eight bytes; the caller's buffer has room).
static inline void overscroll_rd_flush(overscroll_rd_writer *w) {
    uint64_t v = w->bits;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(w->out, &v, 8);
    unsigned whole = w->count & ~7u;
    w->out += whole >> 3;
    w->bits = whole == 64 ? 0 : w->bits >> whole;
    w->count &= 7;
}

/// Sorts `n` keys ascending (heapsort: no recursion, no allocation).
static inline void overscroll_rd_sort(uint64_t *a, int n) {
    for (int start = n / 2 - 1, end = n; ; ) {
        int root;
        if (start >= 0) {
            root = start--;
        } else {
            if (--end <= 0) break;
            uint64_t t = a[0]; a[0] = a[end]; a[end] = t;
            root = 0;
        }
        for (;;) {
            int child = 2 * root + 1;
            if (child >= end) break;
            if (child + 1 < end && a[child + 1] > a[child]) child++;
            if (a[root] >= a[child]) break;
            uint64_t t = a[root]; a[root] = a[child]; a[child] = t;
            root = child;
        }
    }
}

/// Code lengths (at most `limit` bits) for the `n` symbols with frequencies `freq`: a Huffman
/// code, its over-long codes shortened and the code made complete again. At least two symbols
/// always get a code (two 1-bit codes when fewer are used), so every code is complete.
static inline void overscroll_rd_lengths(const uint32_t *freq, int n, unsigned limit, uint8_t *lens) {
    uint64_t keys[288];
    uint32_t weight[2 * 288];
    uint16_t parent[2 * 288];
    uint8_t depth[2 * 288];
    unsigned count[2 * 288 + 1];
    int m = 0;
    memset(lens, 0, (size_t)n);
    for (int s = 0; s < n; s++) {
        if (freq[s]) keys[m++] = (uint64_t)freq[s] << 16 | (unsigned)s;
    }
    if (m < 2) {
        int used = m ? (int)(keys[0] & 0xFFFF) : 0;
        lens[used] = 1;
        lens[used == 0 ? 1 : 0] = 1;
        return;
    }
    overscroll_rd_sort(keys, m);
    // Two queues: the sorted leaves (nodes 0…m-1) and the internal nodes in creation order.
    for (int i = 0; i < m; i++) weight[i] = (uint32_t)(keys[i] >> 16);
    int leaf = 0, inner = m, next = m;
    for (int k = 0; k < m - 1; k++) {
        int pick[2];
        for (int j = 0; j < 2; j++) {
            if (leaf < m && (inner >= next || weight[leaf] <= weight[inner])) pick[j] = leaf++;
            else pick[j] = inner++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = (uint16_t)next;
        next++;
    }
    int root = next - 1;
    depth[root] = 0;
    memset(count, 0, sizeof(unsigned) * (limit + 1));
    for (int node = root - 1; node >= 0; node--) {
        unsigned d = depth[parent[node]] + 1u;
        depth[node] = (uint8_t)(d > 255 ? 255 : d);
        if (node < m) count[d > limit ? limit : d]++;
    }
    // Kraft sum in units of 2^-limit: exactly 2^limit for a complete code.
    uint64_t full = (uint64_t)1 << limit, kraft = 0;
    for (unsigned l = 1; l <= limit; l++) kraft += (uint64_t)count[l] << (limit - l);
    while (kraft > full) {
        // Lengthen a code of the longest length below the limit.
        unsigned l = limit - 1;
        while (count[l] == 0) l--;
        count[l]--; count[l + 1]++;
        kraft -= (uint64_t)1 << (limit - l - 1);
    }
    while (kraft < full) {
        // Shorten a longest code (its gain always fits in what is left).
        unsigned l = limit;
        while (count[l] == 0 || ((uint64_t)1 << (limit - l)) > full - kraft) l--;
        count[l]--; count[l - 1]++;
        kraft += (uint64_t)1 << (limit - l);
    }
    // The rarest symbols get the longest codes.
    int i = 0;
    for (unsigned l = limit; l >= 1; l--) {
        for (unsigned c = 0; c < count[l]; c++) lens[keys[i++] & 0xFFFF] = (uint8_t)l;
    }
}

/// Canonical codes for `lens`, bit-reversed for an LSB-first writer.
static inline void overscroll_rd_codes(const uint8_t *lens, int n, uint16_t *codes) {
    unsigned count[16] = {0}, next[16];
    for (int s = 0; s < n; s++) count[lens[s]]++;
    count[0] = 0;
    unsigned code = 0;
    for (int l = 1; l < 16; l++) {
        code = (code + count[l - 1]) << 1;
        next[l] = code;
    }
    for (int s = 0; s < n; s++) {
        unsigned l = lens[s];
        if (!l) { codes[s] = 0; continue; }
        unsigned c = next[l]++, r = 0;
        for (unsigned b = 0; b < l; b++) r |= ((c >> b) & 1) << (l - 1 - b);
        codes[s] = (uint16_t)r;
    }
}

/// The code-length code order of the dynamic block header.
static const uint8_t overscroll_rd_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Run-length codes (0…18, extra value in bits 8+) of `n` code lengths; returns their count.
static inline int overscroll_rd_rle(const uint8_t *lens, int n, uint16_t *out) {
    int k = 0;
    for (int i = 0; i < n;) {
        uint8_t v = lens[i];
        int run = 1;
        while (i + run < n && lens[i + run] == v) run++;
        i += run;
        if (v == 0) {
            while (run >= 11) {
                int r = run < 138 ? run : 138;
                out[k++] = (uint16_t)(18 | (r - 11) << 8);
                run -= r;
            }
            if (run >= 3) { out[k++] = (uint16_t)(17 | (run - 3) << 8); run = 0; }
        } else {
            out[k++] = v; run--;
            while (run >= 3) {
                int r = run < 6 ? run : 6;
                out[k++] = (uint16_t)(16 | (r - 3) << 8);
                run -= r;
            }
        }
        while (run-- > 0) out[k++] = v;
    }
    return k;
}

static inline unsigned overscroll_rd_fixed_len(unsigned s) { return s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8; }

/// Writes one block of the symbols so far (input bytes `in[start…end)`), then clears them.
static inline void overscroll_rd_block(overscroll_rd_state *st, overscroll_rd_writer *w, const uint8_t *in,
                                       size_t start, size_t end, size_t nsym, int final) {
    uint32_t *lf = st->litlen_freq, *df = st->dist_freq;
    lf[256] = 1;
    overscroll_rd_lengths(lf, 286, 15, st->litlen_len);
    overscroll_rd_lengths(df, 30, 15, st->dist_len);
    st->litlen_len[286] = st->litlen_len[287] = st->dist_len[30] = st->dist_len[31] = 0;
    int hlit = 286, hdist = 30;
    while (hlit > 257 && !st->litlen_len[hlit - 1]) hlit--;
    while (hdist > 1 && !st->dist_len[hdist - 1]) hdist--;
    uint8_t all[286 + 30];
    memcpy(all, st->litlen_len, (size_t)hlit);
    memcpy(all + hlit, st->dist_len, (size_t)hdist);
    uint16_t rle[286 + 30];
    int nrle = overscroll_rd_rle(all, hlit + hdist, rle);
    uint32_t cl_freq[19] = {0};
    for (int i = 0; i < nrle; i++) cl_freq[rle[i] & 0xFF]++;
    uint8_t cl_len[19];
    uint16_t cl_code[19];
    overscroll_rd_lengths(cl_freq, 19, 7, cl_len);
    int hclen = 19;
    while (hclen > 4 && !cl_len[overscroll_rd_order[hclen - 1]]) hclen--;

    // Exact sizes of the three ways to write the block.
    uint64_t extra = 0, dyn = 0, fixed = 0;
    for (unsigned s = 0; s < 286; s++) {
        if (!lf[s]) continue;
        dyn += (uint64_t)lf[s] * st->litlen_len[s];
        fixed += (uint64_t)lf[s] * overscroll_rd_fixed_len(s);
        if (s > 256) extra += (uint64_t)lf[s] * overscroll_rd_length_extra(s);
    }
    for (unsigned c = 0; c < 30; c++) {
        if (!df[c]) continue;
        dyn += (uint64_t)df[c] * st->dist_len[c];
        fixed += (uint64_t)df[c] * 5;
        extra += (uint64_t)df[c] * overscroll_rd_dist_extra(c);
    }
    dyn += extra + 3 + 14 + 3 * (uint64_t)hclen;
    for (int c = 0; c < 19; c++) dyn += (uint64_t)cl_freq[c] * cl_len[c];
    dyn += 2 * (uint64_t)cl_freq[16] + 3 * (uint64_t)cl_freq[17] + 7 * (uint64_t)cl_freq[18];
    fixed += extra + 3;
    size_t length = end - start;
    size_t chunks = length ? (length + 65534) / 65535 : 1;
    uint64_t stored = ((w->count + 3 + 7) & ~7u) - w->count + 32 + 8 * (uint64_t)length + (chunks - 1) * 40;

    if (stored < dyn && stored < fixed) {
        for (size_t c = 0; c < chunks; c++) {
            size_t from = start + c * 65535, size = end - from < 65535 ? end - from : 65535;
            overscroll_rd_put(w, (uint64_t)(final && c == chunks - 1), 3);
            w->count = (w->count + 7) & ~7u;
            overscroll_rd_put(w, size | (uint64_t)(size ^ 0xFFFF) << 16, 32);
            overscroll_rd_flush(w);
            memcpy(w->out, in + from, size);
            w->out += size;
        }
    } else {
        if (fixed <= dyn) {
            for (unsigned s = 0; s < 288; s++) st->litlen_len[s] = (uint8_t)overscroll_rd_fixed_len(s);
            for (unsigned c = 0; c < 32; c++) st->dist_len[c] = 5;
            overscroll_rd_put(w, (uint64_t)final | 1u << 1, 3);
        } else {
            overscroll_rd_put(w, (uint64_t)final | 2u << 1, 3);
            overscroll_rd_put(w, (uint64_t)(hlit - 257) | (uint64_t)(hdist - 1) << 5 | (uint64_t)(hclen - 4) << 10, 14);
            overscroll_rd_flush(w);
            for (int i = 0; i < hclen; i++) {
                overscroll_rd_put(w, cl_len[overscroll_rd_order[i]], 3);
                if (i % 16 == 15) overscroll_rd_flush(w);
            }
            overscroll_rd_flush(w);
            overscroll_rd_codes(cl_len, 19, cl_code);
            for (int i = 0; i < nrle; i++) {
                unsigned c = rle[i] & 0xFF, v = rle[i] >> 8;
                overscroll_rd_put(w, cl_code[c], cl_len[c]);
                if (c == 16) overscroll_rd_put(w, v, 2);
                else if (c == 17) overscroll_rd_put(w, v, 3);
                else if (c == 18) overscroll_rd_put(w, v, 7);
                overscroll_rd_flush(w);
            }
        }
        overscroll_rd_codes(st->litlen_len, 288, st->litlen_code);
        overscroll_rd_codes(st->dist_len, 32, st->dist_code);
        const uint8_t *ll = st->litlen_len, *dl = st->dist_len;
        const uint16_t *lc = st->litlen_code, *dc = st->dist_code;
        for (unsigned len = 3; len <= 258; len++) {
            unsigned ls = st->length_symbol[len];
            st->length_bits[len] = lc[ls] | (len - overscroll_rd_length_base(ls)) << ll[ls];
            st->length_nbits[len] = (uint8_t)(ll[ls] + overscroll_rd_length_extra(ls));
        }
        for (size_t i = 0; i < nsym; i++) {
            uint32_t s = st->symbols[i];
            if (!(s >> 31)) {
                overscroll_rd_put(w, lc[s], ll[s]);
            } else {
                unsigned len = (s >> 16) & 0x1FF, dist = s & 0xFFFF, dcode = overscroll_rd_dist_code(dist);
                overscroll_rd_put(w, st->length_bits[len], st->length_nbits[len]);
                overscroll_rd_put(w, dc[dcode] | (uint64_t)(dist - st->dist_base[dcode]) << dl[dcode],
                                  dl[dcode] + st->dist_extra[dcode]);
            }
            overscroll_rd_flush(w);
        }
        overscroll_rd_put(w, lc[256], ll[256]);
        overscroll_rd_flush(w);
    }
    memset(st->litlen_freq, 0, sizeof st->litlen_freq);
    memset(st->dist_freq, 0, sizeof st->dist_freq);
}

static inline uint64_t overscroll_rd_load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline uint32_t overscroll_rd_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

/// How many bytes from `a` and `b` are equal, at most `limit`.
static inline size_t overscroll_rd_extend(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t i = 0;
    while (i + 8 <= limit) {
        uint64_t x = overscroll_rd_load64(a + i) ^ overscroll_rd_load64(b + i);
        if (x) return i + ((unsigned)__builtin_ctzll(x) >> 3);
        i += 8;
    }
    while (i < limit && a[i] == b[i]) i++;
    return i;
}

/// How many bytes from `p` (at most `limit`) equal `byte`: 32 bytes per step with SSE2 (every
/// x86-64 has it; the count is the same whichever way it is found), 8 otherwise.
static inline size_t overscroll_rd_run(const uint8_t *p, size_t limit, uint8_t byte) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i b = _mm_set1_epi8((char)byte);
    while (i + 32 <= limit) {
        __m128i x = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + i)), b);
        __m128i y = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + i + 16)), b);
        unsigned mask = (unsigned)_mm_movemask_epi8(x) | (unsigned)_mm_movemask_epi8(y) << 16;
        if (mask != 0xFFFFFFFFu) return i + (unsigned)__builtin_ctz(~mask);
        i += 32;
    }
#endif
    uint64_t pattern = 0x0101010101010101ull * byte;
    while (i + 8 <= limit) {
        uint64_t x = overscroll_rd_load64(p + i) ^ pattern;
        if (x) return i + ((unsigned)__builtin_ctzll(x) >> 3);
        i += 8;
    }
    while (i < limit && p[i] == byte) i++;
    return i;
}

/// Compresses `in[0…n)` as one zlib stream into `out` (at least
/// `overscroll_row_deflate_bound(n)` bytes) and returns its size. `row` is the distance to the
/// same byte one row up (PNG: 1 + bytes per row; 0 when there are no rows). `state` holds
/// `overscroll_row_deflate_state_size()` bytes, suitably aligned for 32-bit words; its contents
/// on entry do not matter.
static inline size_t overscroll_row_deflate(const uint8_t *in, size_t n, size_t row, uint8_t *out, void *state) {
    overscroll_rd_state *st = (overscroll_rd_state *)state;
    memset(st->head, 0, sizeof st->head);
    memset(st->litlen_freq, 0, sizeof st->litlen_freq);
    memset(st->dist_freq, 0, sizeof st->dist_freq);
    for (unsigned len = 3; len <= 258; len++) {
        unsigned s = 257;
        while (s < 285 && overscroll_rd_length_base(s + 1) <= len) s++;
        st->length_symbol[len] = (uint16_t)s;
    }
    for (unsigned c = 0; c < 30; c++) {
        st->dist_base[c] = (uint16_t)overscroll_rd_dist_base(c);
        st->dist_extra[c] = (uint8_t)overscroll_rd_dist_extra(c);
    }
    if (row > OVERSCROLL_RD_WINDOW) row = 0;
    out[0] = 0x78;
    out[1] = 0x01;
    overscroll_rd_writer w = {out + 2, 0, 0};
    uint32_t *sym = st->symbols, *lf = st->litlen_freq, *df = st->dist_freq;
    size_t nsym = 0, block_start = 0, p = 0;
#define OVERSCROLL_RD_ROOM(pos)                                                   \
    if (nsym == OVERSCROLL_RD_BLOCK) {                                            \
        overscroll_rd_block(st, &w, in, block_start, (pos), nsym, 0);             \
        nsym = 0;                                                                 \
        block_start = (pos);                                                      \
    }
#define OVERSCROLL_RD_MATCH(pos, len, dist)                                       \
    do {                                                                          \
        OVERSCROLL_RD_ROOM(pos)                                                   \
        sym[nsym++] = 1u << 31 | (uint32_t)(len) << 16 | ((uint32_t)(dist) & 0xFFFF); \
        lf[st->length_symbol[len]]++;                                             \
        df[overscroll_rd_dist_code((unsigned)(dist))]++;                          \
    } while (0)
#define OVERSCROLL_RD_LITERAL(pos)                                                \
    do {                                                                          \
        OVERSCROLL_RD_ROOM(pos)                                                   \
        sym[nsym++] = in[pos];                                                    \
        lf[in[pos]]++;                                                            \
    } while (0)
    while (p < n) {
        size_t left = n - p;
        if (p > 0 && in[p] == in[p - 1]) {
            size_t run = overscroll_rd_run(in + p, left, in[p - 1]);
            if (run >= 3) {
                while (run >= 3) {
                    size_t take = run > 258 ? (run - 258 < 3 ? run - 3 : 258) : run;
                    OVERSCROLL_RD_MATCH(p, take, 1);
                    p += take;
                    run -= take;
                }
                while (run > 0) { OVERSCROLL_RD_LITERAL(p); p++; run--; }
                continue;
            }
        }
        if (left >= 4) {
            // The first three bytes of the four loaded: one pixel of RGB.
            uint32_t word = overscroll_rd_load32(in + p) & 0xFFFFFFu;
            uint32_t h = (word * 0x9E3779B1u) >> (32 - OVERSCROLL_RD_HASH_BITS);
            size_t limit = left < 258 ? left : 258, best = 0, dist = 0;
            size_t cand = st->head[h];
            st->head[h] = (uint32_t)p;
            if (cand < p && p - cand <= OVERSCROLL_RD_WINDOW && (overscroll_rd_load32(in + cand) & 0xFFFFFFu) == word) {
                best = 3 + overscroll_rd_extend(in + cand + 3, in + p + 3, limit - 3);
                dist = p - cand;
            }
            if (row && p >= row && dist != row && (overscroll_rd_load32(in + p - row) & 0xFFFFFFu) == word) {
                size_t len = 3 + overscroll_rd_extend(in + p - row + 3, in + p + 3, limit - 3);
                if (len > best) { best = len; dist = row; }
            }
            if (best) {
                OVERSCROLL_RD_MATCH(p, best, dist);
                p += best;
                continue;
            }
        }
        OVERSCROLL_RD_LITERAL(p);
        p++;
    }
    overscroll_rd_block(st, &w, in, block_start, n, nsym, 1);
#undef OVERSCROLL_RD_ROOM
#undef OVERSCROLL_RD_MATCH
#undef OVERSCROLL_RD_LITERAL
    if (w.count) {
        w.count = (w.count + 7) & ~7u;
        overscroll_rd_flush(&w);
    }
    uint32_t adler = libdeflate_adler32(1, in, n);
    w.out[0] = (uint8_t)(adler >> 24);
    w.out[1] = (uint8_t)(adler >> 16);
    w.out[2] = (uint8_t)(adler >> 8);
    w.out[3] = (uint8_t)adler;
    return (size_t)(w.out + 4 - out);
}
