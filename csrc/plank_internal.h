/*
 * plank_internal.h -- what the source files of the Plank core share.  Not
 * part of the contract (plank_core.h is): nothing here is exported, and it
 * may change with any release.
 *
 *   plank_core.c    positions, moves, lines, the repetition rule, the bots'
 *                   choices and whole hands (the kernel)
 *   plank_vector.c  the vector environments, on the same building blocks
 *
 * The functions are defined once in plank_core.c and declared here, hidden
 * from the linker (HG_INTERNAL).
 */
#ifndef PLANK_INTERNAL_H
#define PLANK_INTERNAL_H

#include "plank_core.h"
#define PYRANDOM_STATE plank_rng
#include "pyrandom.h"

#include <stdint.h>

/* PATTERNS = RWG RGW GRW: each pattern's two orders, itself and reversed. */
static const int8_t PATTERN_ORDERS[3][2] = {{3, 1}, {2, 4}, {0, 5}};

/* A position and each square's colour (-1 beyond the table). */
typedef struct {
    plank_position p;
    int8_t colours[PLANK_SQUARES];
} plank_state;

/* What the greedy bot reads of a hand's rules: its earlier positions. */
typedef struct {
    int32_t repetition, turn_limit;
    plank_key *keys; /* keys[t]: the position after t turns */
} plank_hand_rules;

/* 0 when the core takes position p, else HG_ERR_STATE (HG_ERR_ARGUMENT for NULL). */
HG_INTERNAL int pk_check_position(const plank_position *p);

/* s from a position the core takes. */
HG_INTERNAL void pk_load(plank_state *s, const plank_position *p);

/* The legal moves of the seat to move (PLANK_PASS alone when none). */
HG_INTERNAL int pk_legal_moves(const plank_state *s, uint32_t out[PLANK_MAX_MOVES]);

/* Whether `code` is a legal move now. */
HG_INTERNAL int pk_is_legal(const plank_state *s, uint32_t code);

/* Play a legal move for the seat to move: 1 when it completes a line for
 * that seat, else 0. */
HG_INTERNAL int pk_play(plank_state *s, uint32_t code);

/* The repetition rule's key of a position, and how often k, the position
 * after `count` turns of a hand of `players` seats, stands among
 * keys[0..count-1] (keys[t]: the position after t turns). */
HG_INTERNAL plank_key pk_key_of(const plank_position *p);
HG_INTERNAL int pk_occurrences(const plank_key *keys, int count, plank_key k, int players);

/* A bot's move for the seat to move: PLANK_POLICY_RANDOM or _GREEDY. */
HG_INTERNAL uint32_t pk_choose(const plank_state *s, int policy, plank_rng *r,
                               const plank_hand_rules *rules);

/* deal_hand(players, seed)'s start from r, random.Random(seed). */
HG_INTERNAL void pk_deal(plank_rng *r, int32_t players, plank_position *out);

/* Rules 6's points of a hand won by `winner` (-1: drawn), and the winners' bits. */
HG_INTERNAL void pk_score(const plank_state *s, int winner, int32_t *scores, int32_t *winners);

/* The seat to move. */
static inline int pk_to_move(const plank_state *s)
{
    return s->p.order[s->p.turn % s->p.players];
}

#endif /* PLANK_INTERNAL_H */
