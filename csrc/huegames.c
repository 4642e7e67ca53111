/*
 * huegames.c -- what every core shares (huegames.h), compiled into each.
 */
#include "huegames.h"

#include <string.h>

const char *hg_error_name(int code)
{
    switch (code) {
    case HG_ERR_ARGUMENT: return "argument";
    case HG_ERR_WORKSPACE: return "workspace";
    case HG_ERR_CELL: return "cell";
    case HG_ERR_BOUNDS: return "bounds";
    case HG_ERR_CAPACITY: return "capacity";
    case HG_ERR_DECK: return "deck";
    case HG_ERR_ILLEGAL: return "illegal";
    case HG_ERR_STATE: return "state";
    default: return code >= 0 ? "ok" : "unknown";
    }
}

/* -- BLAKE2b (RFC 7693), unkeyed, for derive_seed ------------------------- */

static const uint64_t BLAKE2B_IV[8] = {
    0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu, 0x3c6ef372fe94f82bu, 0xa54ff53a5f1d36f1u,
    0x510e527fade682d1u, 0x9b05688c2b3e6c1fu, 0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u,
};

static const uint8_t BLAKE2B_SIGMA[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

static uint64_t rotate_right(uint64_t x, int n)
{
    return (x >> n) | (x << (64 - n));
}

static void blake2b_mix(uint64_t *v, int a, int b, int c, int d, uint64_t x, uint64_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = rotate_right(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotate_right(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotate_right(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotate_right(v[b] ^ v[c], 63);
}

/* Compress one 128-byte block into h; `counted` bytes so far, `last` for the final one. */
static void blake2b_compress(uint64_t h[8], const uint8_t block[128], uint64_t counted, int last)
{
    uint64_t v[16], m[16];
    for (int i = 0; i < 16; i++) {
        m[i] = 0;
        for (int k = 7; k >= 0; k--) {
            m[i] = m[i] << 8 | block[8 * i + k];
        }
    }
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = BLAKE2B_IV[i];
    }
    v[12] ^= counted; /* the high word of the count stays 0: texts are short */
    if (last) {
        v[14] = ~v[14];
    }
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = BLAKE2B_SIGMA[r];
        blake2b_mix(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        blake2b_mix(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        blake2b_mix(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        blake2b_mix(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        blake2b_mix(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        blake2b_mix(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        blake2b_mix(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        blake2b_mix(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++) {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

uint64_t hg_derive_seed(const char *text, int32_t length)
{
    uint64_t h[8];
    uint8_t block[128];
    int32_t done = 0;
    if (!text || length < 0) {
        length = 0;
    }
    for (int i = 0; i < 8; i++) {
        h[i] = BLAKE2B_IV[i];
    }
    h[0] ^= 0x01010000u ^ 8u; /* no key, an 8-byte digest */
    while (length - done > 128) {
        memcpy(block, text + done, 128);
        done += 128;
        blake2b_compress(h, block, (uint64_t)done, 0);
    }
    memset(block, 0, sizeof block);
    if (length > done) {
        memcpy(block, text + done, (size_t)(length - done));
    }
    blake2b_compress(h, block, (uint64_t)length, 1);
    uint64_t big = 0; /* the digest's 8 bytes (h[0], little-endian) read big-endian */
    for (int k = 0; k < 8; k++) {
        big = big << 8 | ((h[0] >> (8 * k)) & 0xffu);
    }
    return big >> 1;
}
