#pragma once
#include <malloc.h>

/// glibc allocator tuning (malloc.h is not part of Swift's Glibc module).
static inline void overscroll_keep_large_allocations(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_TRIM_THRESHOLD, bytes * 2);
}
