/*
 * plank_core.h -- the hot path of the Plank engine (huegames.plank): move
 * generation, winning moves and threats on one position, a hand's line of
 * play (its positions, one move at a time, with the draws), and a kernel
 * that deals and plays whole hands with the random and greedy policies,
 * drawing from the same generator as the Python bots, so a kernel hand is
 * the very hand the Python engine plays from the same seeds.
 *
 * The contract
 * ------------
 * - The library keeps no global state and never allocates: every buffer is
 *   the caller's, passed with its size.  Functions are reentrant.
 * - Every function checks its arguments and returns a negative HG_ERR_*
 *   code (writing nothing) when they are out of range; it never reads or
 *   writes outside the buffers it is given.
 * - The rules are those of huegames.plank (rules/plank.md), and every list
 *   comes out in the order huegames.plank.Game lists it.
 * - A line of play is the positions of one hand, line[0..depth], the last
 *   the current one: plank_line_play writes the next after it, and undoing
 *   a move is forgetting the last.  A lone position cannot say when a hand
 *   is drawn; its line can (plank_line_play's status, and
 *   plank_line_repetitions).
 *
 * Numbers
 * -------
 * Colours: 0 G, 1 R, 2 W.  A strip's order (its colours left to right) is
 * an index into ORDERS = GRW GWR RGW RWG WGR WRG; a pattern (what a seat
 * holds) an index into PATTERNS = RWG RGW GRW.  Square i = 3 * row + col,
 * rows counted from the top strip as the table stands before the move.
 * Ends: 0 top ("T"), 1 bottom ("B").
 *
 * A move is a code: its action id in huegames.plank.encoding, and for a
 * Place also PLANK_PLACE_COLOUR times its colour, so code % 2048 is always
 * the action id:
 *
 *   Place     square s, colour c   s + 2048 * c            (s < 36)
 *   Shift     s to t               36 + 36 * s + t         (s != t)
 *   LayPlace  order o, end e, c    1332 + 6 * o + 3 * e + c
 *   LayShift  order o, end e, s    1368 + 36 * (2 * o + e) + s
 *   Pass                           1800
 *
 * Random numbers are MT19937 exactly as CPython's random.Random(seed) for
 * a seed 0 <= seed < 2**64, and "a choice among n" is its choice(): the
 * top k bits of one output, k the bit length of n, drawn again while >= n.
 */
#ifndef PLANK_CORE_H
#define PLANK_CORE_H

#include <stddef.h>
#include "huegames.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PLANK_CORE_VERSION_MAJOR 2
#define PLANK_CORE_VERSION_MINOR 2
#define PLANK_CORE_VERSION_PATCH 0
#define PLANK_CORE_VERSION \
    HG_VERSION_NUMBER(PLANK_CORE_VERSION_MAJOR, PLANK_CORE_VERSION_MINOR, PLANK_CORE_VERSION_PATCH)

#define PLANK_MIN_PLAYERS 2
#define PLANK_MAX_PLAYERS 4
#define PLANK_MAX_ROWS 12
#define PLANK_SQUARES 36
#define PLANK_MAX_MOVES 144      /* the longest list of legal moves (132) */
#define PLANK_EMPTY (-1)         /* an owner: no token on the square */
#define PLANK_MAX_TURN_LIMIT 1000000

#define PLANK_SHIFT_BASE 36
#define PLANK_LAY_PLACE_BASE 1332
#define PLANK_LAY_SHIFT_BASE 1368
#define PLANK_PASS 1800
#define PLANK_PLACE_COLOUR 2048

/* How a hand stands after a move (plank_line_play), by precedence: a line
 * ends it before the turn limit, the turn limit before a repetition, as
 * huegames.plank.Game settles a move. */
#define PLANK_GOES_ON 0          /* the hand goes on */
#define PLANK_LINE 1             /* the move completed a line for its seat: won */
#define PLANK_TURN_LIMIT 2       /* drawn: the position's turn reached turn_limit */
#define PLANK_REPETITION 3       /* drawn: the position stands for the
                                    repetition-th time in its line */

#define PLANK_POLICY_RANDOM 0    /* a uniform choice of the legal moves */
#define PLANK_POLICY_GREEDY 1    /* huegames.plank.GreedyBot: a choice of
                                    the winning moves; else of the moves
                                    after which the next seat has no
                                    threat; else of all legal moves */

/* Errors: the shared HG_ERR_* codes of huegames.h; every function
 * returns >= 0 on success. */

/* One position of a hand.  Array sizes are PLANK_MAX_PLAYERS (4),
 * PLANK_MAX_ROWS (12) and PLANK_SQUARES (36), written out for cffi.
 * Entries for seats >= players, and rows and squares beyond the table,
 * must be 0 (owners: PLANK_EMPTY). */
typedef struct {
    int32_t players;             /* 2..4 */
    int32_t rows;                /* strips on the table, 0..12 */
    int32_t turn;                /* turns played so far, 0..2**31-2 */
    int8_t order[4];             /* turn order: turn t is order[t % players]'s
                                    (in hand 0, order[k] is the seat of letter
                                    k: A, B, C, D); with 4 players order[k]
                                    and order[k + 2] are a team */
    int8_t strips[12];           /* each row's order, top to bottom, 0..5 */
    int8_t owners[36];           /* each square's seat, or PLANK_EMPTY */
    int8_t off[4][3];            /* each seat's tokens of each colour off
                                    the table, 0..2 */
    int8_t held[4][3];           /* each seat's strips of each pattern, 0..4 */
} plank_position;

/* The version this library was built as (PLANK_CORE_VERSION). */
HG_API int plank_core_version(void);

/* `count` choices among n (1 <= n <= 2**31) from random.Random(seed), as
 * [rng.choice(range(n)) for _ in range(count)] draws them, into out.
 * Returns 0 or HG_ERR_ARGUMENT. */
HG_API int plank_choices(uint64_t seed, uint32_t n, int32_t count, uint32_t *out);

/* The start of hand 0 dealt from `seed` as huegames.plank.deal_hand
 * deals it (letters drawn, then the 12 strips shuffled and dealt out).
 * Returns 0 or HG_ERR_ARGUMENT. */
HG_API int plank_deal(uint64_t seed, int32_t players, plank_position *out);

/* The legal moves of the seat to move, as Game.legal_moves lists them
 * (PLANK_PASS alone when there is no action).  Returns their number. */
HG_API int plank_legal_moves(const plank_position *position,
                      uint32_t moves[PLANK_MAX_MOVES]);

/* The legal moves that complete a line for the seat to move, as
 * Game.winning_moves lists them.  Returns their number (maybe 0). */
HG_API int plank_winning_moves(const plank_position *position,
                        uint32_t moves[PLANK_MAX_MOVES]);

/* Game.threats(seat): how many ways `seat` could complete a line on its
 * next turn.  Returns it, or a negative error code. */
HG_API int plank_threats(const plank_position *position, int32_t seat);

/* Plays `move` for the seat to move (turn + 1).  Returns 1 when it
 * completes a line for that seat, 0 when not, or a negative error code
 * (HG_ERR_ILLEGAL when it is not one of the legal moves), and then the
 * position is unchanged.  Draws (repetition, turn limit) are the hand's
 * business, not the position's: see plank_line_play and plank_play_hands. */
HG_API int plank_play(plank_position *position, uint32_t move);

/* Bytes of workspace plank_play_hands needs for hands of at most
 * turn_limit turns, or 0 when turn_limit is out of 1..PLANK_MAX_TURN_LIMIT. */
HG_API size_t plank_workspace_size(int32_t turn_limit);

/* The rules of the hands plank_play_hands plays and of a line of play
 * (huegames.plank.Rules). */
typedef struct {
    int32_t players;             /* 2..4 */
    int32_t repetition;          /* 0: never drawn by repetition; else >= 2 */
    int32_t turn_limit;          /* plank_play_hands: 1..PLANK_MAX_TURN_LIMIT;
                                    a line: 0 (no turn limit: Rules.turn_limit
                                    None) or any turn count >= 1 */
} plank_rules;

/* A line of play: `line` holds `capacity` positions, line[0..depth] the
 * hand's so far, line[depth] the current one.  huegames.plank.Game starts
 * a line with the hand's start (turn 0, as plank_deal deals it), so a
 * position's turn is the turns played.  The positions before line[depth]
 * are taken to be the line's own, as plank_line_play wrote them: they are
 * read only to count repetitions (safely, whatever bytes they hold).
 *
 * plank_line_play plays `move` from line[depth] as plank_play would on a
 * copy and writes the position it leads to into line[depth + 1], leaving
 * line[0..depth] as they were.  Returns how the hand stands then, under
 * `rules`: PLANK_LINE when the move completed a line for the seat that
 * played it, else PLANK_TURN_LIMIT when the new position's turn is
 * rules->turn_limit or more (turn_limit 0: never), else PLANK_REPETITION
 * when the new position stands for the rules->repetition-th time in
 * line[0..depth + 1] (plank_line_repetitions; repetition 0: never), else
 * PLANK_GOES_ON.  Errors, checked in this order, write nothing:
 * HG_ERR_ARGUMENT for a NULL line or rules, depth < 0 or depth >= capacity,
 * rules out of range (repetition 1 or < 0, turn_limit < 0) or for another
 * number of players than line[depth]'s; HG_ERR_CAPACITY when
 * depth + 1 >= capacity (no room for the next position); HG_ERR_STATE when
 * line[depth] is a position the core refuses; HG_ERR_ILLEGAL when `move` is
 * not one of its legal moves. */
HG_API int32_t plank_line_play(plank_position *line, int32_t capacity, int32_t depth,
                               uint32_t move, const plank_rules *rules);

/* How many times line[depth]'s position (the seat to move and the owner
 * of every square) has stood in line[0..depth], itself included (1 the
 * first time): Game.repetitions(), the repetition rule's count.  Only the
 * positions since the last strip was laid are compared: the scan back
 * stops at the first with other rows.  `line` holds at least depth + 1
 * positions.  HG_ERR_ARGUMENT for a NULL line or depth < 0, HG_ERR_STATE
 * when line[depth] is a position the core refuses. */
HG_API int32_t plank_line_repetitions(const plank_position *line, int32_t depth);

/* Where plank_play_hands writes (see there). */
typedef struct {
    int32_t *scores;
    int32_t *winners;
    int32_t *lengths;
    uint32_t *moves;             /* NULL, or move_capacity codes */
    int64_t move_capacity;
} plank_hands_out;

/* Deals and plays `hands` hands of `players` seats to their end.
 *
 * Hand h is dealt by plank_deal(deal_seeds[h], players); seat s plays
 * policies[h*players + s] (PLANK_POLICY_*) with its own generator
 * random.Random(bot_seeds[h*players + s]), one choice a turn (a seat with
 * no action chooses among its one move, the pass).  The hand ends at a
 * line (won by the seat or, with 4 players, its team), or is drawn after
 * turn_limit turns, or when a position (the table, its tokens, the seat
 * to move) occurs for the `repetition`-th time (repetition 0: never;
 * else >= 2), in that order of precedence -- huegames.plank.Rules.
 *
 * Outputs, written for hand h:
 *   scores[h*players + s]   seat s's points (rules 6: 1 to the winner, or
 *                           both of its team; with 3 players penalties,
 *                           2 to the seat after the winner, 1 to the next)
 *   winners[h]              bit s set for each winning seat (0: a draw)
 *   lengths[h]              the turns played
 *   moves                   NULL, or every hand's moves one after another
 *                           (hand h's start after lengths[0..h-1]); at most
 *                           move_capacity codes (HG_ERR_CAPACITY beyond;
 *                           hands * turn_limit always suffices)
 * Returns 0, or a negative error code (outputs then undefined). */
HG_API int plank_play_hands(const plank_rules *settings, int32_t hands,
                            const uint64_t *deal_seeds, const uint64_t *bot_seeds,
                            const int8_t *policies, void *workspace, size_t workspace_size,
                            const plank_hands_out *out);

/* -- vector environments (huegames.vector) ----------------------------------
 *
 * A batch of hands stepped together: each env's hand lives in a plank_env,
 * the batch's settings in a plank_vector, and each call writes every env's
 * observation, mask, seat to move and end into the caller's arrays
 * (plank_vector_out, row i for env i).  Observations and action ids are
 * huegames.plank.encoding's (PLANK_OBSERVATION_BASE +
 * PLANK_OBSERVATION_PER_PLAYER * players numbers, PLANK_ACTIONS ids); seeds
 * and random actions are hg_vector.h's; the bots' choices are
 * plank_play_hands' (PLANK_POLICY_RANDOM, PLANK_POLICY_GREEDY).  Every hand
 * has a turn limit (1..PLANK_MAX_TURN_LIMIT): the repetition rule reads
 * each env's earlier positions from the batch's history, and the bots'
 * generators live in the batch's rngs, both the caller's arrays (their
 * lengths checked).  The caller checks actions first
 * (huegames.vector.VectorEnv); the core still refuses an action id out of
 * range (HG_ERR_ARGUMENT) or illegal (HG_ERR_ILLEGAL), an env it did not
 * start (HG_ERR_STATE), with the envs before it stepped, their next hands
 * dealt, and that env as it was.  The library keeps no state and
 * allocates nothing; calls on disjoint ranges of envs may run at once. */

#define PLANK_OBSERVATION_BASE 111      /* numbers in an observation: this ... */
#define PLANK_OBSERVATION_PER_PLAYER 43 /* ... plus this per player */
#define PLANK_OBSERVATION_MAX 283       /* the most: 4 players */
#define PLANK_ACTIONS 1801       /* action ids: a move's code % PLANK_PLACE_COLOUR */
#define PLANK_SEED_TEXT 256      /* the longest text of a batch seed or a bot's label */

#define PLANK_SAME_STEP 0        /* autoreset modes: reset in the step that ends a hand */
#define PLANK_NEXT_STEP 1        /* ... in the step after it (its action ignored) */
#define PLANK_DISABLED 2         /* ... never (a finished env is an argument error) */

/* CPython's random.Random state (MT19937), one bot's generator. */
typedef struct {
    uint32_t mt[624];
    int32_t index;
} plank_rng;

/* A position as the repetition rule compares them (the seat to move, the
 * rows and every square's owner), packed by the core. */
typedef struct {
    uint64_t low;
    uint64_t high;
} plank_key;

typedef struct {
    plank_position position;     /* the hand now */
    uint64_t actions;            /* the random actions' SplitMix64 state */
    int64_t episode;             /* this hand's number in the env, from 0 */
    uint64_t seen[4];            /* a filter of the keys of the positions with
                                    as many rows as this one (bit hash % 256) */
    int32_t repeats;             /* times the position has stood (repetition rule on) */
    int8_t seen_rows;            /* the rows of the positions `seen` holds */
    int8_t status;               /* PLANK_GOES_ON, or how the hand ended */
    int8_t last;                 /* the seat that moved last, -1 before any move */
    int8_t done;                 /* over, and not reset yet (next-step, disabled) */
    int8_t started;              /* 1 once reset wrote this env */
} plank_env;

typedef struct {
    plank_rules rules;           /* players 2..4, repetition 0 or >= 2, turn_limit
                                    1..PLANK_MAX_TURN_LIMIT */
    int8_t is_bot[4];            /* 1 where a bot plays the seat */
    int8_t policies[4];          /* each bot seat's PLANK_POLICY_RANDOM or _GREEDY */
    int32_t agent;               /* the caller's seat, -1 when it plays every seat */
    int32_t autoreset;           /* PLANK_SAME_STEP, PLANK_NEXT_STEP or PLANK_DISABLED */
    char seed_text[256];         /* repr(batch seed), PLANK_SEED_TEXT at most */
    int32_t seed_length;
    char labels[4][256];         /* repr(label) of each bot seat's bot */
    int32_t label_lengths[4];
    plank_key *history;          /* env i's positions after 0, 1, ... turns from
                                    history[i * (turn_limit + 1)]; NULL when the
                                    repetition rule is off */
    int64_t history_length;      /* entries history holds */
    plank_rng *rngs;             /* env i's bot in seat s: rngs[i * players + s];
                                    NULL when no seat is a bot's */
    int64_t rngs_length;         /* entries rngs holds */
    double reward_sign;          /* hg_rewards' sign: -1 where lower scores win, else 1 */
} plank_vector;

typedef struct {
    float *observations;         /* [n][observation size] */
    int8_t *masks;               /* [n][PLANK_ACTIONS] */
    int32_t *to_move;            /* [n]: the seat to move, -1 once over */
    uint8_t *terminated;         /* [n]: 1 where the hand ended in this call */
    double *scores;              /* [n][players]: the final scores, where terminated (else 0) */
    int8_t *winners;             /* [n][players]: 1 for each winner, where terminated (else 0) */
    float *final_observations;   /* [n][observation size]: where terminated (same-step) */
    int8_t *final_masks;         /* [n][PLANK_ACTIONS] */
    double *rewards;             /* [n][players]: each seat's reward (hg_rewards), where terminated */
} plank_vector_out;

/* Start hands in envs[0..count-1]: with `which` NULL every env's hand 0
 * (its random actions seeded), else the next hand of each env i with
 * which[i] set.  Returns count, or a negative code: HG_ERR_STATE when the
 * bots end a hand before the caller's first move (a turn limit that short). */
HG_API int32_t plank_vector_reset(const plank_vector *vector, plank_env *envs, int32_t count,
                                  const uint8_t *which, const plank_vector_out *out);

/* Step envs[start..stop-1]: actions[i] for env i (ignored where the env is
 * over in next-step mode), the bots after it, and the autoreset.  Returns
 * the number of envs stepped, or a negative code. */
HG_API int32_t plank_vector_step(const plank_vector *vector, plank_env *envs, int32_t start,
                                 int32_t stop, const int64_t *actions,
                                 const plank_vector_out *out);

/* One random legal action per env of `masks` (count rows of PLANK_ACTIONS)
 * into out[0..count-1]. */
HG_API int32_t plank_vector_random_actions(plank_env *envs, int32_t count, const int8_t *masks,
                                           int64_t *out);

/* Where plank_vector_step_all copies what it writes, for arrays the caller
 * hands out (each pointer NULL for none): every stepped env's new
 * observation and mask rows (both or neither); and in same-step mode the
 * final rows, each env's end where it ended in the call and 0 elsewhere
 * (final_observations, final_masks and final_rows all or none, where
 * final_rows[i] is 1 while env i's final rows hold an end: the core keeps
 * it, zeroing them when they do not, and the caller zeroes it with
 * arrays it zeroes; the final arrays may be out's own). */
typedef struct {
    float *observations;         /* [n][observation size] */
    int8_t *masks;               /* [n][PLANK_ACTIONS] */
    float *final_observations;   /* [n][observation size] */
    int8_t *final_masks;         /* [n][PLANK_ACTIONS] */
    uint8_t *final_rows;         /* [n] */
} plank_vector_copies;

/* Worker threads for the calls below (hg_vector.h's), in a block of
 * plank_workers_size() bytes of the caller's memory (8-aligned), started
 * for `threads` threads (1..PLANK_MOST_THREADS: the calling thread and
 * threads - 1 workers, which take the chunks of a call's envs in turn) and
 * stopped before the memory is freed or started again.  One call at a
 * time: a second while one runs is refused (HG_ERR_STATE).  start returns
 * threads, or HG_ERR_STATE when the system refuses a thread (none then
 * left running). */
#define PLANK_MOST_THREADS 64
HG_API int32_t plank_workers_size(void);
HG_API int32_t plank_workers_start(void *workers, int32_t threads);
HG_API void plank_workers_stop(void *workers);

/* Step all `count` envs (at least the workers' threads), split into
 * numpy's linspace(0, count, chunks + 1) chunks (hg_vector.h's hg_chunks);
 * with `active` given, only
 * the envs i with active[i] set (the others are left as they are, their
 * actions unread, terminated 0).  Every action is checked
 * first, against the env's row of out->masks (an over env's only in
 * next-step mode): the first refused sets *refused to its env and returns
 * HG_ERR_ILLEGAL with no env changed (*refused is -1 otherwise).  With
 * `copies` (or NULL), each env's rows are copied there as well.  Returns
 * count, or a negative code. */
HG_API int32_t plank_vector_step_all(const plank_vector *vector, plank_env *envs, int32_t count,
                                     const int64_t *actions, const uint8_t *active,
                                     const plank_vector_out *out,
                                     const plank_vector_copies *copies, void *workers,
                                     int32_t *refused);

/* plank_vector_random_actions over all `count` envs, split as above. */
HG_API int32_t plank_vector_random_all(plank_env *envs, int32_t count, const int8_t *masks,
                                       int64_t *out, void *workers);

#ifdef __cplusplus
}
#endif

#endif /* PLANK_CORE_H */
