/* hg_vector.h: what the cores' vector environments share (huegames.vector),
 * internal to the cores: every function is static.
 *
 * - Seeds: env i's game k of a batch seeded s is derive_seed(s, i, k), its
 *   bot in seat j derive_seed(game seed, j, label) and its random actions'
 *   generator derive_seed(s, i, 'actions'), made here from the text of the
 *   parts' repr exactly as Python writes it (the batch seed's text and each
 *   label's repr come from Python).
 * - Random actions: SplitMix64; the i-th legal action (ascending) of a
 *   mask with n legal ones, i = (high 32 bits of the output * n) >> 32. */
#ifndef HUEGAMES_HG_VECTOR_H
#define HUEGAMES_HG_VECTOR_H

#include "huegames.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define HG_SEED_TEXT 320         /* the longest seed text made here */

static inline uint64_t hg_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* derive_seed(<head>, <middle>, <tail>) where head is the text of a part's
 * repr (`head_length` bytes), middle an integer and tail the text of the
 * last part's repr: (head, middle, tail). */
static inline uint64_t hg_seed_of(const char *head, int32_t head_length, int64_t middle,
                                  const char *tail, int32_t tail_length)
{
    char text[HG_SEED_TEXT];
    int32_t n = 0;
    if (head_length < 0 || tail_length < 0 || head_length + tail_length > HG_SEED_TEXT - 32) {
        return 0; /* the caller keeps both short (the Python side checks) */
    }
    text[n++] = '(';
    memcpy(text + n, head, (size_t)head_length);
    n += head_length;
    n += snprintf(text + n, (size_t)(HG_SEED_TEXT - n), ", %lld, ", (long long)middle);
    memcpy(text + n, tail, (size_t)tail_length);
    n += tail_length;
    text[n++] = ')';
    return hg_derive_seed(text, n);
}

/* The same with the tail an integer: (head, middle, last). */
static inline uint64_t hg_seed_of_ints(const char *head, int32_t head_length, int64_t middle,
                                       int64_t last)
{
    char tail[24];
    int written = snprintf(tail, sizeof tail, "%lld", (long long)last);
    return hg_seed_of(head, head_length, middle, tail, (int32_t)written);
}

/* A uniformly random legal action of `mask` (`count` entries) from `state`;
 * 0, without a draw, when none is legal. */
static inline int64_t hg_random_action(uint64_t *state, const int8_t *mask, int32_t count)
{
    int32_t legal = 0;
    for (int32_t a = 0; a < count; a++) {
        legal += mask[a] != 0;
    }
    if (legal == 0) {
        return 0;
    }
    uint64_t pick = ((hg_splitmix64(state) >> 32) * (uint64_t)legal) >> 32;
    for (int32_t a = 0; a < count; a++) {
        if (mask[a] != 0 && pick-- == 0) {
            return a;
        }
    }
    return 0; /* not reached */
}

#endif
