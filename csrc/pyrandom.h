/* pyrandom.h: CPython's random.Random (MT19937) in C, for the cores whose
 * kernels replay the Python bots' and deals' draws exactly.
 *
 * Internal to the cores (no core's public contract): every function is
 * static, so each core that includes it has its own copy and there is no
 * shared state.  The generator's type is PYRANDOM_STATE, any struct with
 * `uint32_t mt[PYRANDOM_N]` and `int32_t index`: a core whose public header
 * declares such a struct defines PYRANDOM_STATE to it before including
 * this file; otherwise it is `pyrandom`, declared here.
 *
 * Seeding is init_by_array from init_genrand(19650218) over the seed's
 * 32-bit words, low first, as random.seed(n) for an int 0 <= n < 2**64
 * does; pyrandom_below(n) is Random._randbelow(n), so rng.choice(seq) is
 * seq[below(len(seq))] and rng.randrange(n) is below(n). */
#ifndef HUEGAMES_PYRANDOM_H
#define HUEGAMES_PYRANDOM_H

#include <stdint.h>
#include <string.h>

#define PYRANDOM_N 624
#define PYRANDOM_M 397

#ifndef PYRANDOM_STATE
typedef struct {
    uint32_t mt[PYRANDOM_N];
    int32_t index;
} pyrandom;
#define PYRANDOM_STATE pyrandom
#endif

/* init_genrand(19650218): where init_by_array starts for every seed, made
 * once per batch. */
static inline void pyrandom_start(uint32_t start[PYRANDOM_N])
{
    int32_t i;

    start[0] = 19650218u;
    for (i = 1; i < PYRANDOM_N; i++)
        start[i] = 1812433253u * (start[i - 1] ^ (start[i - 1] >> 30)) + (uint32_t)i;
}

/* The most generators pyrandom_seed_many seeds side by side. */
#define PYRANDOM_MANY 8

/* random.seed(seeds[c]) for each of the n <= PYRANDOM_MANY generators g[c],
 * from `start` (pyrandom_start).  init_by_array is one long chain of
 * dependent multiplies per generator; running the chains side by side lets
 * the processor overlap them, each chain's last word kept in a local (last)
 * rather than read back from the word just stored.  Every chain visits the same words in the same
 * order: a one-word key adds key[0] at every step, a two-word key adds
 * key[0] and key[1] + 1 in turn (624 steps, an even number, so both cycles
 * stay in step). */
static inline void pyrandom_seed_many(PYRANDOM_STATE *const g[], const uint64_t seeds[], int32_t n,
                               const uint32_t start[PYRANDOM_N])
{
    uint32_t add[PYRANDOM_MANY][2], *mt[PYRANDOM_MANY], last[PYRANDOM_MANY];
    int32_t i = 1, j = 0, k, c;

    for (c = 0; c < n; c++) {
        uint32_t low = (uint32_t)seeds[c], high = (uint32_t)(seeds[c] >> 32);
        add[c][0] = low;
        add[c][1] = high != 0 ? high + 1u : low;
        mt[c] = g[c]->mt;
        memcpy(mt[c], start, sizeof g[c]->mt);
        g[c]->index = PYRANDOM_N;
        last[c] = start[0];
    }
    for (k = PYRANDOM_N; k > 0; k--) {
        for (c = 0; c < n; c++) {
            last[c] = (mt[c][i] ^ ((last[c] ^ (last[c] >> 30)) * 1664525u)) + add[c][j];
            mt[c][i] = last[c];
        }
        i++;
        j ^= 1;
        if (i >= PYRANDOM_N) {
            for (c = 0; c < n; c++)
                mt[c][0] = last[c];
            i = 1;
        }
    }
    for (k = PYRANDOM_N - 1; k > 0; k--) {
        for (c = 0; c < n; c++) {
            last[c] = (mt[c][i] ^ ((last[c] ^ (last[c] >> 30)) * 1566083941u)) - (uint32_t)i;
            mt[c][i] = last[c];
        }
        i++;
        if (i >= PYRANDOM_N) {
            for (c = 0; c < n; c++)
                mt[c][0] = last[c];
            i = 1;
        }
    }
    for (c = 0; c < n; c++)
        mt[c][0] = 0x80000000u;
}

/* random.seed(seed) for one generator. */
static inline void pyrandom_seed(PYRANDOM_STATE *g, const uint32_t start[PYRANDOM_N], uint64_t seed)
{
    PYRANDOM_STATE *one[1];

    one[0] = g;
    pyrandom_seed_many(one, &seed, 1, start);
}

static inline uint32_t pyrandom_twist(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t y = (a & 0x80000000u) | (b & 0x7fffffffu);
    return c ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
}

/* The next 32-bit word.  Each word of a new block is twisted when it is
 * drawn, in order, which is what twisting the whole block at once computes
 * (word k reads words k + 1 and k + 397 before their turn, k + 397 - 624
 * after it): a game that draws a few dozen numbers twists a few dozen
 * words. */
static inline uint32_t pyrandom_next(PYRANDOM_STATE *g)
{
    uint32_t *mt = g->mt, y;
    int32_t k;

    if (g->index >= PYRANDOM_N)
        g->index = 0;
    k = g->index++;
    if (k < PYRANDOM_N - PYRANDOM_M)
        mt[k] = pyrandom_twist(mt[k], mt[k + 1], mt[k + PYRANDOM_M]);
    else if (k < PYRANDOM_N - 1)
        mt[k] = pyrandom_twist(mt[k], mt[k + 1], mt[k + PYRANDOM_M - PYRANDOM_N]);
    else
        mt[k] = pyrandom_twist(mt[k], mt[0], mt[PYRANDOM_M - 1]);
    y = mt[k];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Random._randbelow(n) for n >= 1: getrandbits(n.bit_length()) until below
 * n (0 for n == 0, drawing nothing). */
static inline uint32_t pyrandom_below(PYRANDOM_STATE *g, uint32_t n)
{
    int32_t bits = 0;
    uint32_t r;

    while (bits < 32 && (n >> bits) != 0)
        bits++;
    if (bits == 0)
        return 0;
    do
        r = pyrandom_next(g) >> (32 - bits);
    while (r >= n);
    return r;
}

/* random.shuffle: from the end, each item swapped with one at or before it. */
static inline void pyrandom_shuffle(PYRANDOM_STATE *g, int32_t *items, int32_t n)
{
    int32_t i;

    for (i = n - 1; i >= 1; i--) {
        int32_t j = (int32_t)pyrandom_below(g, (uint32_t)(i + 1)), swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
}

#endif
