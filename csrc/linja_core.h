/*
 * linja_core.h -- the Linja engine in C (docs/rules/linja.md): single moves,
 * whole turns, and a batch player of whole games with the random, greedy
 * and search policies of huegames.linja.bots, choosing exactly as they do.
 *
 * The contract
 * ------------
 * - The library keeps no global state and never allocates: every buffer is
 *   the caller's, passed with its size.  Functions are reentrant.
 * - Boards, states and moves are the Python engine's (huegames.linja):
 *   red[p] and black[p] count the pieces on position p (0..7); red moves
 *   from 0 towards 7, black from 7 towards 0; a row (1..6) holds at most
 *   LINJA_ROW_LIMIT pieces.  A move is (src, dst), the pass (-1, -1).
 * - linja_legal_moves lists single moves in Game.legal_moves' order;
 *   linja_turns lists whole turns in turn_outcomes' order, and
 *   linja_next_states the distinct states they lead to in next_states'
 *   order; linja_play plays one legal single move exactly as Game.play does.
 * - A line of play is the positions of one game, line[0..depth], the last
 *   the current one: linja_line_play pushes the next, and undoing a move
 *   is forgetting the last.  Each position's legal moves have a key
 *   (linja_moves_key): equal keys, equal lists, so a caller can keep each
 *   list once and find it by the key.
 * - Random numbers are Python's: linja_rng is MT19937 seeded as
 *   random.Random(seed) is, and linja_rng_below(n) draws as
 *   random.Random._randbelow(n) (rng.choice(seq) is seq[below(len(seq))]).
 * - Functions check their arguments and return a negative LINJA_E_* code
 *   when they are out of range; they never read or write outside the
 *   buffers they are given.  States are trusted to be reachable ones
 *   (12 pieces a side, no row over the limit); linja_check_state says.
 */
#ifndef LINJA_CORE_H
#define LINJA_CORE_H

#include "huegames.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LINJA_CORE_VERSION_MAJOR 3
#define LINJA_CORE_VERSION_MINOR 3
#define LINJA_CORE_VERSION_PATCH 0
#define LINJA_CORE_VERSION \
    HG_VERSION_NUMBER(LINJA_CORE_VERSION_MAJOR, LINJA_CORE_VERSION_MINOR, LINJA_CORE_VERSION_PATCH)

#define LINJA_POSITIONS 8
#define LINJA_PIECES 12
#define LINJA_ROW_LIMIT 6
#define LINJA_MAX_MOVES 7        /* single moves at one point (src 0..7 but the goal) */
#define LINJA_MAX_TURNS 2401     /* whole turns from one state: at most 7 choices x 4 moves */
#define LINJA_MAX_GAME_MOVES 512 /* single moves of one game from the start: 126 steps
                                    forward, a skipped following move after each,
                                    127 whole-turn passes: 379 at most */

/* Errors: the shared HG_ERR_* codes of huegames.h; every function
 * returns >= 0 on success. */

#define LINJA_KEY_LIVE 4096      /* linja_moves_key: set in every key but 0 (over) */
#define LINJA_KEY_SEAT 11        /* the bit of a key that holds the seat to move */
#define LINJA_MAX_MOVES_KEY 8191 /* the largest key */

#define LINJA_ONGOING 0          /* termination codes */
#define LINJA_PASSED 1
#define LINJA_BLOCKADE 2

#define LINJA_POLICY_RANDOM 0    /* RandomBot: a uniform single move each time */
#define LINJA_POLICY_GREEDY 1    /* GreedyBot: the whole turn of the best score balance */
#define LINJA_POLICY_SEARCH 2    /* SearchBot: alpha-beta over whole turns, node budget */

typedef struct {                 /* (8: cffi reads struct sizes as numbers) */
    uint8_t red[8];
    uint8_t black[8];
} linja_board;

/* A state a whole turn leads to (an item of huegames.linja.next_states):
 * the board, the seat to move then, and 1 when the game is over. */
typedef struct {
    linja_board board;
    int8_t player;
    int8_t over;
} linja_next;

/* huegames.linja.State: the seat to move, the pending following move's
 * length (0 at an initial move), the bonus flag and the termination. */
typedef struct {
    linja_board board;
    int8_t player;
    int8_t following;
    int8_t bonus;
    int8_t termination;
} linja_state;

typedef struct {
    int8_t src, dst;             /* (-1, -1) is the pass */
} linja_move;

/* Rules: goal_bonus 0/1; tie_break 0 "draw", 1 "goal"; blockade 0 "score", 1 "draw". */
typedef struct {
    int32_t goal_bonus, tie_break, blockade;
} linja_rules;

/* A whole turn and where it leads (huegames.linja.TurnOutcome). */
typedef struct {
    linja_move moves[4];
    int32_t count;               /* moves used, 1..4 */
    linja_board board;
    int8_t player;               /* the seat to move after it */
    int8_t over;                 /* 1 when the game ends with it */
} linja_turn;

/* Python's random.Random: MT19937. */
typedef struct {
    uint32_t mt[624];
    int32_t index;
} linja_rng;

/* One seat's bot in one game: LINJA_POLICY_*, its seed, and the search's
 * nodes (>= 0) and max_depth (>= 1); the other policies ignore both. */
typedef struct {
    int32_t policy;
    int32_t nodes;
    int32_t max_depth;
    uint64_t seed;
} linja_bot;

/* The memory of the greedy and search policies, all the caller's: arrays
 * `turns`, `roots`, `values`, `deeper` and `turn_root` of LINJA_MAX_TURNS
 * each; `children` holds the states after every position the search has
 * expanded; `table` (a power of two of entries) finds a position's; `seen`
 * (a power of two, at least 2 * LINJA_MAX_TURNS) finds the turns at the root
 * that lead to the same state.  A search that runs out of children or table
 * returns HG_ERR_WORKSPACE (nothing is half-done: give more and retry).
 * Zero the entries, slots and stamps before the first use, and keep them
 * between calls. */
typedef struct {
    double value;                /* the bot's leaf value of the state, for its seat */
    linja_next state;
} linja_child;

typedef struct {
    linja_board board;
    int32_t seat;
    uint32_t stamp;              /* the search it belongs to; stale otherwise */
    int32_t first, count;        /* its children: children[first .. first+count-1] */
} linja_entry;

typedef struct {
    uint32_t stamp;              /* the expansion it belongs to; stale otherwise */
    int32_t index;               /* a state already found in this expansion */
} linja_seen;

typedef struct {
    linja_turn *turns;
    linja_child *roots;
    double *values, *deeper;
    int32_t *turn_root;          /* each turn's distinct state among the roots */
    linja_child *children;
    int32_t children_capacity;
    linja_entry *table;
    int32_t table_size;
    linja_seen *seen;
    int32_t seen_size;
    uint32_t stamp, seen_stamp;
} linja_workspace;

HG_API int linja_core_version(void);

/* HG_ERR_STATE unless `state` is possible (counts, rows, flags in range). */
HG_API int32_t linja_check_state(const linja_state *state);

/* The start of a game: the start layout, `first` to move. */
HG_API int32_t linja_start(linja_state *state, int32_t first);

/* The single legal moves, as Game.legal_moves: out[0..n-1], n returned;
 * one pass when nothing else is legal; 0 once the game is over.  `out`
 * holds at least LINJA_MAX_MOVES. */
HG_API int32_t linja_legal_moves(const linja_state *state, linja_move *out);

/* Play one legal single move (HG_ERR_ILLEGAL, state unchanged, otherwise). */
HG_API int32_t linja_play(linja_state *state, linja_move move, const linja_rules *rules);

/* The key of the single legal moves of `state`: 0 once the game is over
 * (no moves), else LINJA_KEY_LIVE, the seat to move at bit LINJA_KEY_SEAT,
 * and the length and start positions of the moves (none for the pass);
 * equal keys list equal moves (linja_legal_moves).  HG_ERR_ARGUMENT for an
 * impossible state. */
HG_API int32_t linja_moves_key(const linja_state *state);

/* Play `move` from line[depth] into line[depth + 1], as linja_play would
 * play it on a copy, leaving line[0..depth] as they were; returns the key
 * of the legal moves there (linja_moves_key).  HG_ERR_ILLEGAL when the move
 * is not legal, HG_ERR_CAPACITY when depth + 1 >= capacity (`line` holds
 * `capacity` states), HG_ERR_ARGUMENT for a depth below 0: in every case
 * nothing is written. */
HG_API int32_t linja_line_play(linja_state *line, int32_t capacity, int32_t depth,
                               linja_move move, const linja_rules *rules);

/* Every way to complete the current turn, as turn_outcomes: out[0..n-1],
 * n returned (HG_ERR_CAPACITY when more than `capacity`). */
HG_API int32_t linja_turns(const linja_state *state, const linja_rules *rules, linja_turn *out,
                    int32_t capacity);

/* The distinct states the current turn can lead to, as next_states lists
 * them (each once, in the order linja_turns first reaches it): out[0..n-1],
 * n returned (at most LINJA_MAX_TURNS; 0 once the game is over).
 * HG_ERR_CAPACITY when there are more than `capacity`, HG_ERR_ARGUMENT for
 * a NULL pointer, a capacity below 0 or an impossible state: in every case
 * nothing is written. */
HG_API int32_t linja_next_states(const linja_state *state, const linja_rules *rules,
                                 linja_next *out, int32_t capacity);

/* A board's points for a seat (rules 3). */
HG_API int32_t linja_points(const linja_board *board, int32_t seat);

/* The winner of a game that is over: 0, 1, or -1 for a draw. */
HG_API int32_t linja_winner(const linja_state *state, const linja_rules *rules);

HG_API void linja_rng_seed(linja_rng *rng, uint64_t seed);
HG_API uint32_t linja_rng_below(linja_rng *rng, uint32_t n);   /* n >= 1 */

/* The index among `turns` (count n) the policy of `bot` picks for the seat
 * to move, drawing from `rng` as the Python bot does; the search uses `ws`. */
HG_API int32_t linja_choose_turn(const linja_state *state, const linja_rules *rules,
                          const linja_bot *bot, linja_rng *rng, linja_workspace *ws,
                          const linja_turn *turns, int32_t n);

/* Play `games` whole games.  Game g starts with the seat
 * random.Random(deal_seeds[g]).randrange(2) draws, seat s played by
 * bots[2g + s] with its own generator seeded bots[2g + s].seed.  Writes
 * scores[2g], scores[2g + 1] and winners[g] (-1 for a draw); when `moves`
 * is not NULL, game g's single moves go to moves[g * LINJA_MAX_GAME_MOVES
 * ...] and their number to move_counts[g].  Returns `games`, or a negative
 * code (HG_ERR_WORKSPACE: retry with a larger workspace). */
HG_API int32_t linja_play_games(const linja_rules *rules, int32_t games, const uint64_t *deal_seeds,
                         const linja_bot *bots, linja_workspace *ws, int32_t *scores,
                         int8_t *winners, linja_move *moves, int32_t *move_counts);

/* -- vector environments (huegames.vector) ----------------------------------
 *
 * A batch of games stepped together: each env's state lives in a
 * linja_env, the batch's settings in a linja_vector, and each call writes
 * every env's observation, mask, seat to move and end into the caller's
 * arrays (linja_vector_out, row i for env i).  Observations and action ids
 * are huegames.linja.encoding's; seeds and random actions are hg_vector.h's.
 * The caller checks actions first (huegames.vector.VectorEnv); the core
 * still refuses an action id out of range or illegal (HG_ERR_ARGUMENT,
 * HG_ERR_ILLEGAL), with the envs before it stepped and that env as it was. */

#define LINJA_OBSERVATION 25     /* numbers in an observation */
#define LINJA_ACTIONS 29         /* action ids: 28 forward pairs and the pass */
#define LINJA_SEED_TEXT 256      /* the longest text of a batch seed or a bot's label */

#define LINJA_SAME_STEP 0        /* autoreset modes: reset in the step that ends a game */
#define LINJA_NEXT_STEP 1        /* ... in the step after it (its action ignored) */
#define LINJA_DISABLED 2         /* ... never (a finished env is an argument error) */

typedef struct {
    linja_state state;
    linja_rng rngs[2];           /* each bot seat's random.Random for this game */
    uint64_t actions;            /* the random actions' SplitMix64 state */
    int64_t episode;             /* this game's number in the env, from 0 */
    int8_t last;                 /* the seat that moved last, -1 before any move */
    int8_t done;                 /* over, and not reset yet (next-step, disabled) */
} linja_env;

typedef struct {
    linja_rules rules;
    linja_bot bots[2];           /* each seat's bot: policy RANDOM or GREEDY (seed unused) */
    int8_t is_bot[2];            /* 1 where a bot plays the seat */
    int32_t agent;               /* the caller's seat, -1 when it plays both (self-play) */
    int32_t autoreset;           /* LINJA_SAME_STEP, LINJA_NEXT_STEP or LINJA_DISABLED */
    char seed_text[LINJA_SEED_TEXT]; /* repr(batch seed) */
    int32_t seed_length;
    char labels[2][LINJA_SEED_TEXT]; /* repr(label) of each bot seat's bot */
    int32_t label_lengths[2];
    double reward_sign;          /* hg_rewards' sign: -1 where lower scores win, else 1 */
} linja_vector;

typedef struct {
    float *observations;         /* [n][LINJA_OBSERVATION] */
    int8_t *masks;               /* [n][LINJA_ACTIONS] */
    int32_t *to_move;            /* [n]: the seat to move, -1 once over */
    uint8_t *terminated;         /* [n]: 1 where the game ended in this call */
    double *scores;              /* [n][2]: the final scores, where terminated (else 0) */
    int8_t *winners;             /* [n][2]: 1 for each winner, where terminated (else 0) */
    float *final_observations;   /* [n][LINJA_OBSERVATION]: where terminated (same-step) */
    int8_t *final_masks;         /* [n][LINJA_ACTIONS] */
    double *rewards;             /* [n][2]: each seat's reward (hg_rewards), where terminated */
} linja_vector_out;

/* Where linja_vector_step_all copies what it writes, for arrays the caller
 * hands out (each pointer NULL for none): every stepped env's new
 * observation and mask rows (both or neither); and in same-step mode the
 * final rows, each env's end where it ended in the call and 0 elsewhere
 * (final_observations, final_masks and final_rows all or none, where
 * final_rows[i] is 1 while env i's final rows hold an end: the core keeps
 * it, zeroing them when they do not, and the caller zeroes it with
 * arrays it zeroes; the final arrays may be out's own). */
typedef struct {
    float *observations;         /* [n][LINJA_OBSERVATION] */
    int8_t *masks;               /* [n][LINJA_ACTIONS] */
    float *final_observations;   /* [n][LINJA_OBSERVATION] */
    int8_t *final_masks;         /* [n][LINJA_ACTIONS] */
    uint8_t *final_rows;         /* [n] */
} linja_vector_copies;

/* Start games in envs[0..count-1]: with `which` NULL every env's game 0
 * (its random actions seeded), else the next game of each env i with
 * which[i] set.  `ws` holds LINJA_MAX_TURNS turns (the greedy bot's). */
HG_API int32_t linja_vector_reset(const linja_vector *vector, linja_env *envs, int32_t count,
                                  const uint8_t *which, const linja_vector_out *out,
                                  linja_workspace *ws);

/* Step envs[start..stop-1]: actions[i] for env i (ignored where the env is
 * over in next-step mode), the bots after it, and the autoreset.  Returns
 * the number of envs stepped, or a negative code. */
HG_API int32_t linja_vector_step(const linja_vector *vector, linja_env *envs, int32_t start,
                                 int32_t stop, const int64_t *actions,
                                 const linja_vector_out *out, linja_workspace *ws);

/* One random legal action per env of `masks` into out[0..count-1]. */
HG_API int32_t linja_vector_random_actions(linja_env *envs, int32_t count, const int8_t *masks,
                                           int64_t *out);

/* Worker threads for the calls below (hg_vector.h's), in a block of
 * linja_workers_size() bytes of the caller's memory (8-aligned), started
 * for `threads` threads (1..LINJA_MOST_THREADS: the calling thread and
 * threads - 1 workers, which take the chunks of a call's envs in turn) and
 * stopped before the memory is freed or started again.  One call at a
 * time: a second while one runs is refused (HG_ERR_STATE).  start returns
 * threads, or HG_ERR_STATE when the system refuses a thread (none then
 * left running). */
#define LINJA_MOST_THREADS 64
HG_API int32_t linja_workers_size(void);
HG_API int32_t linja_workers_start(void *workers, int32_t threads);
HG_API void linja_workers_stop(void *workers);

/* Step all `count` envs (at least the workers' threads), split into
 * numpy's linspace(0, count, chunks + 1) chunks (hg_vector.h's hg_chunks),
 * thread k with workspaces[k]; with `active` given, only the envs i with active[i] set
 * (the others are left as they are, their actions unread, terminated 0).
 * Every action is checked first, against the env's row of out->masks (an
 * over env's only in next-step mode): the first refused sets
 * *refused to its env and returns HG_ERR_ILLEGAL with no env changed
 * (*refused is -1 otherwise).  With `copies` (or NULL), each env's rows
 * are copied there as well.  Returns count, or a negative code. */
HG_API int32_t linja_vector_step_all(const linja_vector *vector, linja_env *envs, int32_t count,
                                     const int64_t *actions, const uint8_t *active,
                                     const linja_vector_out *out,
                                     const linja_vector_copies *copies,
                                     linja_workspace *workspaces, void *workers,
                                     int32_t *refused);

/* linja_vector_random_actions over all `count` envs, split as above. */
HG_API int32_t linja_vector_random_all(linja_env *envs, int32_t count, const int8_t *masks,
                                       int64_t *out, void *workers);

#ifdef __cplusplus
}
#endif

#endif
