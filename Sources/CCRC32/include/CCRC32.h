// CRC-32 (gzip's reflected polynomial 0xEDB88320) folded with carry-less multiplication, for what
// Swift cannot reach: x86's PCLMULQDQ intrinsics. Everything is static inline, compiled for
// PCLMULQDQ and SSE4.1 only inside these functions and used only after `ccrc32_has_clmul` says
// the CPU has both; elsewhere (other CPUs, other architectures) the Swift table code runs.
// The folding follows Intel's "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ" (2009)
// with its published constants for this polynomial.
#ifndef CCRC32_H
#define CCRC32_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

/// Whether the CPU has PCLMULQDQ and SSE4.1.
static inline int ccrc32_has_clmul(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & bit_PCLMUL) && (c & bit_SSE4_1);
}

/// The CRC register after `length` bytes at `bytes`, starting from `crc` (no inversion in or out:
/// pass ~seed, invert the result). `length` must be at least 64 and a multiple of 16.
__attribute__((target("pclmul,sse4.1")))
static inline uint32_t ccrc32_fold(uint32_t crc, const uint8_t *bytes, size_t length) {
    const __m128i k1k2 = _mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL);
    const __m128i k3k4 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
    const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124LL);
    const __m128i poly = _mm_set_epi64x(0x1f7011641LL, 0x1db710641LL);
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);

    __m128i x1 = _mm_loadu_si128((const __m128i *)bytes);
    __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 16));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 32));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(bytes + 48));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    bytes += 64;
    length -= 64;
    // Four lanes of 16 bytes, each folded 64 bytes forward.
    while (length >= 64) {
        __m128i h1 = _mm_clmulepi64_si128(x1, k1k2, 0x11);
        __m128i h2 = _mm_clmulepi64_si128(x2, k1k2, 0x11);
        __m128i h3 = _mm_clmulepi64_si128(x3, k1k2, 0x11);
        __m128i h4 = _mm_clmulepi64_si128(x4, k1k2, 0x11);
        x1 = _mm_clmulepi64_si128(x1, k1k2, 0x00);
        x2 = _mm_clmulepi64_si128(x2, k1k2, 0x00);
        x3 = _mm_clmulepi64_si128(x3, k1k2, 0x00);
        x4 = _mm_clmulepi64_si128(x4, k1k2, 0x00);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, h1), _mm_loadu_si128((const __m128i *)bytes));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, h2), _mm_loadu_si128((const __m128i *)(bytes + 16)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, h3), _mm_loadu_si128((const __m128i *)(bytes + 32)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, h4), _mm_loadu_si128((const __m128i *)(bytes + 48)));
        bytes += 64;
        length -= 64;
    }
    // The four lanes into one, 16 bytes at a time.
    __m128i h;
    h = _mm_clmulepi64_si128(x1, k3k4, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x00), h), x2);
    h = _mm_clmulepi64_si128(x1, k3k4, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x00), h), x3);
    h = _mm_clmulepi64_si128(x1, k3k4, 0x11);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x00), h), x4);
    while (length >= 16) {
        h = _mm_clmulepi64_si128(x1, k3k4, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x00), h),
                           _mm_loadu_si128((const __m128i *)bytes));
        bytes += 16;
        length -= 16;
    }
    // 128 bits to 64, then to 32, then Barrett's reduction to the 32-bit remainder.
    __m128i t = _mm_clmulepi64_si128(k3k4, x1, 0x01);
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), t);
    __m128i high = _mm_srli_si128(x1, 4);
    x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, mask32), k5, 0x00), high);
    __m128i folded = x1;
    x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), poly, 0x10);
    x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask32), poly, 0x00);
    x1 = _mm_xor_si128(x1, folded);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#else
static inline int ccrc32_has_clmul(void) { return 0; }
static inline uint32_t ccrc32_fold(uint32_t crc, const uint8_t *bytes, size_t length) {
    (void)bytes;
    (void)length;
    return crc;
}
#endif

#endif
