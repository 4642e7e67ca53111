/*
 * plank_core_fuzz.c -- a libFuzzer target over every entry point of
 * csrc/plank_core.h (run it with scripts/fuzz.sh --core plank_core).
 *
 * Each input drives one target, chosen by its first byte (mod 6):
 *
 *   0  one position from raw bytes (any counts, seats and owners), or one
 *      dealt by plank_deal and played into by moves the input picks: a
 *      position the core refuses is refused by every call, unchanged; for
 *      one it takes, every legal move plays on a copy (1 exactly for the
 *      winning moves, which are legal moves), the position it leaves is
 *      one the core takes again, a code not listed is refused with the
 *      position unchanged, and threats are counts;
 *   1  plank_play_hands with hostile rules, seats, policies, a workspace
 *      that may be short or misaligned and a move buffer that may be short:
 *      every hand replayed move by move with plank_play to its length and
 *      its winners (a line by the last mover), bad arguments refused;
 *   2  plank_choices: every choice below n, refusals for n or count out of
 *      range;
 *   3  a line of play (plank_line_play, plank_line_repetitions) of any
 *      capacity, its first position raw or dealt and perhaps played into
 *      (the rest copies of it, maybe poked), with rules in range or not: moves legal or not, from
 *      any depth, in range or not; each status is what replaying the move
 *      with plank_play, the turn limit and a plain count of the earlier
 *      equal positions say, and only line[depth + 1] is ever written (and
 *      only on success);
 *   4  the vector environments (plank_vector_reset, _step, _random_actions)
 *      with hostile settings (players, draw rules, the caller's seat, bots
 *      and policies, seed and label lengths, autoreset mode), a history and
 *      bot generators that may be short or missing, and actions legal or
 *      not: settings out of range are refused; every env a call writes
 *      holds a seat to move in range, a mask of 0s and 1s with a legal id
 *      for the seat it observes when that seat is to move, observations in
 *      [0, 1] and, where a hand ended, scores and winners of rules 6 and
 *      the rewards hg_rewards' formula gives from the scores (sign -1 at 3
 *      players, 1 otherwise, or another finite value), elsewhere rewards,
 *      scores and winners of 0; an action refused leaves its env as it
 *      was; random actions are legal; a reset or step without rewards is
 *      refused;
 *   5  the worker threads and the batch calls on them (plank_workers_*,
 *      plank_vector_step_all, plank_vector_random_all): starts refused for
 *      thread counts out of range, a NULL or misaligned block, stops of a
 *      block never started or stopped twice, calls on workers never started
 *      or stopped, counts below the threads, an out without rewards, every
 *      copies with a lone pointer of a pair (observations and masks; final
 *      observations, masks and rows), a short history: all refused with
 *      every array as it was; then one batch on one thread and its twin on
 *      2..8 (restarted on other counts along the way) stepped with the same
 *      actions (random legal, any id), `active` subsets (NULL, all, none,
 *      any), the new rows copied or not, and the final rows not asked for,
 *      copied into the caller's own final arrays or kept in out's (each
 *      with its final_rows; no copies given as NULL or as all NULLs): a
 *      refused action reported as the same first env by both with nothing
 *      changed, else both batches' arrays (rewards, scores, winners, the
 *      final arrays and final_rows among them), copies, envs, histories and
 *      bot generators equal, the copies equal to the rows, the rows as
 *      target 4 checks them (rewards included); in the final arrays given,
 *      an env that ended has out's final rows and any other rows of 0; the
 *      caller's final arrays, when not given, as they were.
 *
 * Running out of bytes reads zeros.  Every buffer is allocated at its exact
 * size, so AddressSanitizer sees any overrun.  A broken promise aborts with
 * a message naming it.
 */
#include "plank_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                                                              \
    do {                                                                       \
        fprintf(stderr, "plank_core_fuzz: %s:%d: ", __FILE__, __LINE__);       \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
        abort();                                                               \
    } while (0)
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond))                                                           \
            FAIL(__VA_ARGS__);                                                 \
    } while (0)

#define CANARY 0xA5
#define MAX_HANDS 3
#define MAX_TURNS 400           /* the turn limit of a fuzzed hand, at most */

typedef struct {
    const uint8_t *data;
    size_t size, at;
} input;

static uint8_t byte(input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0;
}

static uint64_t u64(input *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | byte(in);
    return v;
}

static int32_t i32(input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | byte(in);
    return (int32_t)v;
}

static void *canary(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL)
        FAIL("out of memory (%zu bytes)", bytes);
    memset(p, CANARY, bytes ? bytes : 1);
    return p;
}

static int listed(const uint32_t *moves, int n, uint32_t code)
{
    for (int k = 0; k < n; k++)
        if (moves[k] == code)
            return 1;
    return 0;
}

/* Every call on a position the core refuses is refused, and changes nothing. */
static void check_refused(plank_position *p, int status)
{
    plank_position before = *p;
    uint32_t moves[PLANK_MAX_MOVES];

    CHECK(status == HG_ERR_STATE, "a refused position gave %d", status);
    CHECK(plank_legal_moves(p, moves) == status && plank_winning_moves(p, moves) == status
              && plank_threats(p, 0) == status && plank_play(p, PLANK_PASS) == status
              && memcmp(&before, p, sizeof before) == 0,
          "a call took a position the core refuses");
}

/* The promises on a position the core takes; returns the number of legal moves. */
static int check_position(input *in, plank_position *p)
{
    uint32_t moves[PLANK_MAX_MOVES], wins[PLANK_MAX_MOVES];
    int n = plank_legal_moves(p, moves), w, k;

    if (n < 0) {
        check_refused(p, n);
        return 0;
    }
    CHECK(n >= 1 && n <= PLANK_MAX_MOVES, "plank_legal_moves: %d", n);
    for (k = 0; k < n; k++)
        CHECK(!listed(moves, k, moves[k]), "plank_legal_moves lists %u twice", moves[k]);
    w = plank_winning_moves(p, wins);
    CHECK(w >= 0 && w <= n, "plank_winning_moves: %d of %d", w, n);
    for (k = 0; k < w; k++)
        CHECK(listed(moves, n, wins[k]), "winning move %u is not legal", wins[k]);
    for (k = 0; k < p->players; k++)
        CHECK(plank_threats(p, k) >= 0, "plank_threats(%d) < 0", k);
    CHECK(plank_threats(p, -1) == HG_ERR_ARGUMENT && plank_threats(p, p->players) == HG_ERR_ARGUMENT,
          "plank_threats took a seat out of range");
    CHECK(plank_legal_moves(p, NULL) == HG_ERR_ARGUMENT, "plank_legal_moves(NULL) was taken");
    for (k = 0; k < n; k++) {
        plank_position copy = *p;
        uint32_t after[PLANK_MAX_MOVES];
        int line = plank_play(&copy, moves[k]);
        CHECK(line == listed(wins, w, moves[k]), "plank_play(%u): %d, winning %d", moves[k], line,
              listed(wins, w, moves[k]));
        CHECK(copy.turn == p->turn + 1 || p->turn + 1 == INT32_MAX,
              "plank_play: turn %d after %d", copy.turn, p->turn);
        CHECK(copy.turn == INT32_MAX || plank_legal_moves(&copy, after) >= 1,
              "plank_play(%u) left a position the core refuses", moves[k]);
    }
    for (k = 0; k < 4; k++) {   /* codes the input picks, listed or not */
        uint32_t code = byte(in) < 0xC0 ? (uint32_t)(byte(in) << 8 | byte(in)) % 4096 : (uint32_t)i32(in);
        plank_position copy = *p;
        int status = plank_play(&copy, code);
        if (listed(moves, n, code))
            CHECK(status >= 0, "plank_play refused the legal move %u: %d", code, status);
        else
            CHECK(status == HG_ERR_ILLEGAL && memcmp(&copy, p, sizeof copy) == 0,
                  "plank_play took %u, not a legal move (%d)", code, status);
    }
    return n;
}

static void fuzz_position(input *in)
{
    plank_position p;
    uint8_t mode = byte(in);
    int turns, k;

    if (mode & 1) {             /* raw bytes, poked into a dealt one or not */
        uint8_t *raw = (uint8_t *)&p;
        if (mode & 2) {
            int32_t players = 2 + byte(in) % 3;
            CHECK(plank_deal(u64(in), players, &p) == 0, "plank_deal(%d) refused", players);
            for (k = byte(in) % 4; k > 0; k--)
                raw[byte(in) % sizeof p] = byte(in);
        } else {
            for (k = 0; k < (int)sizeof p; k++)
                raw[k] = byte(in);
        }
        check_position(in, &p);
        return;
    }
    {
        int32_t players = (int32_t)(int8_t)byte(in);
        uint64_t seed = u64(in);
        int status = plank_deal(seed, players, &p);
        if (players < PLANK_MIN_PLAYERS || players > PLANK_MAX_PLAYERS) {
            CHECK(status == HG_ERR_ARGUMENT, "plank_deal(%d players): %d", players, status);
            CHECK(plank_deal(seed, 2, NULL) == HG_ERR_ARGUMENT, "plank_deal(NULL) was taken");
            return;
        }
        CHECK(status == 0 && p.players == players && p.turn == 0, "plank_deal: %d", status);
    }
    turns = byte(in);
    for (k = 0; k < turns; k++) {
        uint32_t moves[PLANK_MAX_MOVES];
        int n = check_position(in, &p), line;
        if (n == 0)
            return;
        CHECK(plank_legal_moves(&p, moves) == n, "plank_legal_moves changed its mind");
        line = plank_play(&p, moves[byte(in) % n]);
        CHECK(line == 0 || line == 1, "plank_play: %d", line);
        if (line)
            return;             /* the hand is over */
    }
}

/* Replays hand h move by move: its length, and a winner exactly when the
 * last move completed a line for the seat that made it. */
static void replay_hand(uint64_t seed, int32_t players, const uint32_t *moves, int32_t length,
                        int32_t winners)
{
    plank_position p;
    int line = 0;

    CHECK(plank_deal(seed, players, &p) == 0, "plank_deal refused a hand it played");
    for (int32_t t = 0; t < length; t++) {
        CHECK(!line, "hand goes on after a line at turn %d", t);
        line = plank_play(&p, moves[t]);
        CHECK(line >= 0, "hand move %d (%u) refused on replay: %d", t, moves[t], line);
    }
    CHECK((winners != 0) == (line == 1), "hand of %d turns: winners %#x, last move line %d",
          length, (unsigned)winners, line);
}

static void fuzz_hands(input *in)
{
    plank_rules rules;
    int32_t hands = (int32_t)(byte(in) % (MAX_HANDS + 2)) - 1, total = 0;
    uint8_t hostile = byte(in);
    int64_t cells, capacity;
    size_t need, size;
    unsigned misalign = byte(in) % 8;
    uint64_t deal_seeds[MAX_HANDS], bot_seeds[MAX_HANDS * PLANK_MAX_PLAYERS];
    int8_t policies[MAX_HANDS * PLANK_MAX_PLAYERS];
    int32_t *scores, *winners, *lengths;
    uint32_t *moves;
    uint8_t *block;
    plank_hands_out out;
    int status, valid;

    rules.players = hostile & 1 ? (int32_t)(int8_t)byte(in) : 2 + byte(in) % 3;
    rules.repetition = hostile & 2 ? i32(in) : (byte(in) % 2) * (2 + byte(in) % 3);
    rules.turn_limit = hostile & 4 ? i32(in) : 1 + byte(in) % MAX_TURNS;
    for (int32_t h = 0; h < MAX_HANDS; h++)
        deal_seeds[h] = u64(in);
    for (int32_t k = 0; k < MAX_HANDS * PLANK_MAX_PLAYERS; k++) {
        bot_seeds[k] = u64(in);
        policies[k] = (int8_t)(hostile & 8 ? byte(in) : byte(in) % 2);
    }
    valid = rules.players >= PLANK_MIN_PLAYERS && rules.players <= PLANK_MAX_PLAYERS
            && (rules.repetition == 0 || rules.repetition >= 2) && rules.turn_limit >= 1
            && rules.turn_limit <= MAX_TURNS && hands >= 0;
    for (int32_t k = 0; valid && k < hands * rules.players; k++)
        valid = policies[k] == PLANK_POLICY_RANDOM || policies[k] == PLANK_POLICY_GREEDY;
    need = plank_workspace_size(rules.turn_limit);
    CHECK((need > 0) == (rules.turn_limit >= 1 && rules.turn_limit <= PLANK_MAX_TURN_LIMIT),
          "plank_workspace_size(%d) = %zu", rules.turn_limit, need);
    if (rules.turn_limit > MAX_TURNS)
        need = 64;              /* refused anyway: no need to allocate its workspace */
    size = hostile & 16 ? need - (need > 0) : need;
    cells = hands > 0 ? hands : 1;
    capacity = hostile & 32 ? byte(in) : cells * (rules.turn_limit > 0 && rules.turn_limit <= MAX_TURNS
                                                      ? rules.turn_limit : 1);
    block = malloc(size + misalign + 1);
    if (block == NULL)
        FAIL("out of memory");
    scores = canary((size_t)cells * PLANK_MAX_PLAYERS * sizeof *scores);
    winners = canary((size_t)cells * sizeof *winners);
    lengths = canary((size_t)cells * sizeof *lengths);
    moves = canary((size_t)(capacity ? capacity : 1) * sizeof *moves);
    out.scores = scores;
    out.winners = winners;
    out.lengths = lengths;
    out.moves = hostile & 64 ? NULL : moves;
    out.move_capacity = capacity;
    status = plank_play_hands(&rules, hands, deal_seeds, bot_seeds, policies, block + misalign,
                              size, &out);
    if (!valid || size < need) {
        CHECK(status == (valid ? HG_ERR_WORKSPACE : HG_ERR_ARGUMENT) || (!valid && status < 0),
              "plank_play_hands with bad arguments: %d", status);
    } else if (status >= 0) {
        for (int32_t h = 0; h < hands; h++) {
            CHECK(lengths[h] >= 1 && lengths[h] <= rules.turn_limit, "hand %d lasts %d", h,
                  lengths[h]);
            if (out.moves != NULL && total + lengths[h] <= capacity)
                replay_hand(deal_seeds[h], rules.players, moves + total, lengths[h], winners[h]);
            total += lengths[h];
        }
    } else {
        CHECK(status == HG_ERR_CAPACITY && out.moves != NULL, "plank_play_hands: %d", status);
    }
    free(block);
    free(scores);
    free(winners);
    free(lengths);
    free(moves);
}

static void fuzz_choices(input *in)
{
    uint32_t n = byte(in) < 0xF0 ? 1 + byte(in) : (uint32_t)i32(in);
    int32_t count = (int32_t)(int8_t)byte(in);
    uint32_t *out = canary((size_t)(count > 0 ? count : 1) * sizeof *out);
    int status = plank_choices(u64(in), n, count, out);

    if (n < 1 || n > (1u << 31) || count < 0) {
        CHECK(status == HG_ERR_ARGUMENT, "plank_choices(n %u, count %d): %d", n, count, status);
    } else {
        CHECK(status == 0, "plank_choices(n %u, count %d): %d", n, count, status);
        for (int32_t k = 0; k < count; k++)
            CHECK(out[k] < n, "plank_choices: %u of %u", out[k], n);
    }
    free(out);
}

#define LINE_MOST 12            /* the largest line fuzzed */

/* The seat to move in an accepted position. */
static int seat_to_move(const plank_position *p)
{
    return p->order[p->turn % p->players];
}

/* How often `p` (accepted) stands among line[0 .. count-1], accepted too:
 * the same rows, seat to move and owners, counted back to the last
 * position with other rows. */
static int earlier_equal(const plank_position *line, int32_t count, const plank_position *p)
{
    int found = 0;
    for (int32_t j = count - 1; j >= 0 && line[j].rows == p->rows; j--)
        found += seat_to_move(&line[j]) == seat_to_move(p)
                 && memcmp(line[j].owners, p->owners, sizeof p->owners) == 0;
    return found;
}

/* Whether the core takes every position of line[0 .. count-1]. */
static int accepted(const plank_position *line, int32_t count)
{
    uint32_t moves[PLANK_MAX_MOVES];
    for (int32_t j = 0; j < count; j++)
        if (plank_legal_moves(&line[j], moves) < 0)
            return 0;
    return 1;
}

/* What plank_line_play must return for these arguments, and in `next` the
 * position it must write (when it returns >= 0); -100 when the count of
 * repetitions rests on earlier positions the core refuses (any of
 * PLANK_GOES_ON and PLANK_REPETITION may then be right). */
static int32_t line_status(const plank_position *line, int32_t capacity, int32_t depth,
                           uint32_t move, const plank_rules *rules, plank_position *next)
{
    int line_made;
    if (depth < 0 || depth >= capacity || (rules->repetition != 0 && rules->repetition < 2)
        || rules->turn_limit < 0 || rules->players != line[depth].players)
        return HG_ERR_ARGUMENT;
    if (depth + 1 >= capacity)
        return HG_ERR_CAPACITY;
    *next = line[depth];
    line_made = plank_play(next, move);
    if (line_made < 0)
        return line_made;
    if (line_made)
        return PLANK_LINE;
    if (rules->turn_limit && next->turn >= rules->turn_limit)
        return PLANK_TURN_LIMIT;
    if (!rules->repetition)
        return PLANK_GOES_ON;
    if (!accepted(line, depth + 1))
        return -100;
    return earlier_equal(line, depth + 1, next) + 1 >= rules->repetition ? PLANK_REPETITION
                                                                         : PLANK_GOES_ON;
}

static void fuzz_line(input *in)
{
    int32_t capacity = byte(in) % (LINE_MOST + 1), top = 0;
    uint8_t mode = byte(in);
    size_t bytes = sizeof(plank_position) * (size_t)(capacity ? capacity : 1);
    plank_position *line = canary(bytes), *before = canary(bytes), next;
    plank_rules rules;
    uint32_t moves[PLANK_MAX_MOVES];

    if (capacity) {             /* line[0] raw or dealt, poked or not; the rest copies */
        uint8_t *raw = (uint8_t *)&line[0];
        if (mode & 1) {
            for (size_t k = 0; k < sizeof line[0]; k++)
                raw[k] = byte(in);
        } else {                /* dealt, and played into: the movement phase is 12 turns on */
            CHECK(plank_deal(u64(in), 2 + byte(in) % 3, &line[0]) == 0, "plank_deal refused");
            for (int k = mode & 64 ? 12 + byte(in) % 24 : 0; k > 0; k--) {
                int n = plank_legal_moves(&line[0], moves);
                plank_position after = line[0];
                if (plank_play(&after, moves[byte(in) % n]) != 0)
                    break;      /* a line: keep the position before it */
                line[0] = after;
            }
        }
        for (int k = mode & 2 ? byte(in) % 4 : 0; k > 0; k--)
            raw[byte(in) % sizeof line[0]] = byte(in);
        for (int32_t j = 1; j < capacity; j++) {
            line[j] = line[0];
            if (mode & 4)       /* a stray byte in a later position */
                ((uint8_t *)&line[j])[byte(in) % sizeof line[j]] = byte(in);
        }
    }
    rules.players = mode & 8 || capacity == 0 ? (int32_t)(int8_t)byte(in) : line[0].players;
    if (mode & 16) {
        rules.repetition = i32(in);
    } else {                    /* 0 or 2..4 */
        rules.repetition = byte(in) % 2;
        rules.repetition *= 2 + byte(in) % 3;
    }
    rules.turn_limit = mode & 32 ? i32(in) : byte(in) % 48;   /* 0: no limit */
    CHECK(plank_line_play(NULL, capacity, 0, PLANK_PASS, &rules) == HG_ERR_ARGUMENT
              && plank_line_play(line, capacity, 0, PLANK_PASS, NULL) == HG_ERR_ARGUMENT
              && plank_line_repetitions(NULL, 0) == HG_ERR_ARGUMENT
              && plank_line_repetitions(line, -1) == HG_ERR_ARGUMENT,
          "a line call took a NULL or a depth below 0");
    for (int step = 0; step < 32; step++) {
        uint8_t how = byte(in);
        int32_t depth = how & 1 ? top : (int32_t)(byte(in) % (LINE_MOST + 2)) - 1;
        uint32_t move = byte(in);
        int32_t status, expected;
        move = move < 0xC0 ? (move << 8 | byte(in)) % 4096 : (uint32_t)i32(in);
        if (how & 2 && depth >= 0 && depth < capacity) {   /* mostly a legal move */
            int n = plank_legal_moves(&line[depth], moves);
            if (n > 0)
                move = moves[byte(in) % n];
        }
        memcpy(before, line, sizeof *line * (size_t)capacity);
        expected = line_status(line, capacity, depth, move, &rules, &next);
        status = plank_line_play(line, capacity, depth, move, &rules);
        if (expected == -100)
            CHECK(status == PLANK_GOES_ON || status == PLANK_REPETITION,
                  "plank_line_play at depth %d: %d, not a count", depth, status);
        else
            CHECK(status == expected, "plank_line_play(%u) at depth %d of %d: %d, replayed %d",
                  move, depth, capacity, status, expected);
        if (status >= 0) {
            CHECK(status <= PLANK_REPETITION, "plank_line_play: status %d", status);
            CHECK(memcmp(&line[depth + 1], &next, sizeof next) == 0,
                  "plank_line_play wrote another position than plank_play's");
            memcpy(&before[depth + 1], &next, sizeof next);
            top = depth + 1 < capacity - 1 ? depth + 1 : top;
        }
        CHECK(memcmp(before, line, sizeof *line * (size_t)capacity) == 0,
              "plank_line_play wrote outside line[depth + 1]");
    }
    for (int32_t depth = 0; depth < capacity; depth++) {
        int32_t count = plank_line_repetitions(line, depth);
        if (plank_legal_moves(&line[depth], moves) < 0)
            CHECK(count == HG_ERR_STATE, "plank_line_repetitions took a refused position");
        else if (accepted(line, depth))
            CHECK(count == earlier_equal(line, depth, &line[depth]) + 1,
                  "plank_line_repetitions at depth %d: %d", depth, count);
        else
            CHECK(count >= 1 && count <= depth + 1, "plank_line_repetitions: %d", count);
    }
    CHECK(memcmp(before, line, sizeof *line * (size_t)capacity) == 0,
          "plank_line_repetitions wrote to the line");
    free(line);
    free(before);
}

/* ---- target 4: the vector environments ------------------------------------ */

#define VECTOR_ENVS 4

typedef struct {
    float *observations, *final_observations;
    int8_t *masks, *final_masks, *winners;
    int32_t *to_move;
    uint8_t *terminated;
    double *scores, *rewards;
} vector_arrays;

/* Seat p's reward of an end with `scores`, worked out as hg_rewards does:
 * sign * (players * score - total) / (players - 1). */
static double reward_of(const double *scores, int32_t players, double sign, int32_t p)
{
    double total = 0;
    for (int32_t k = 0; k < players; k++)
        total += scores[k];
    return sign * ((double)players * scores[p] - total) / (double)(players - 1);
}

/* hg_rewards' sign for `players` picked by `pick`: the game's own (-1 at
 * the penalty count, 3 players: huegames.plank.SPEC.lower_scores_win),
 * the other one, or other finite values (any is legal). */
static double sign_of(int32_t players, uint8_t pick)
{
    double own = players == 3 ? -1.0 : 1.0;
    switch (pick % 6) {
    case 0: case 1: case 2: return own;
    case 3: return -own;
    case 4: return 0.375;
    default: return -1e300;
    }
}

/* Each env's row of the arrays, where the call wrote it: in range; where
 * the hand ended, rewards those of its scores, else rewards, scores and
 * winners 0 (every byte, as hg_no_end writes them). */
static void check_rows(const plank_vector *v, const plank_env *envs, const vector_arrays *a,
                       int32_t start, int32_t stop)
{
    static const double zero;
    int32_t players = v->rules.players;
    int32_t size = PLANK_OBSERVATION_BASE + PLANK_OBSERVATION_PER_PLAYER * players;
    for (int32_t i = start; i < stop; i++) {
        const int8_t *mask = a->masks + (int64_t)i * PLANK_ACTIONS;
        const float *obs = a->observations + (int64_t)i * size;
        int32_t seat = a->to_move[i], legal = 0;
        CHECK(seat >= -1 && seat < players, "env %d: seat to move %d", i, seat);
        for (int32_t k = 0; k < PLANK_ACTIONS; k++) {
            CHECK(mask[k] == 0 || mask[k] == 1, "env %d: mask[%d] = %d", i, k, mask[k]);
            legal += mask[k];
        }
        if (seat >= 0 && (v->agent < 0 || v->agent == seat)) { /* plank_legal_moves' ids */
            uint32_t moves[PLANK_MAX_MOVES];
            int n = plank_legal_moves(&envs[i].position, moves);
            CHECK(n >= 1 && n == legal, "env %d: %d legal actions, %d legal moves", i, legal, n);
            for (int k = 0; k < n; k++)
                CHECK(mask[moves[k] % PLANK_PLACE_COLOUR] == 1, "env %d: move %u not in the mask",
                      i, moves[k]);
        } else
            CHECK(legal == 0, "env %d: %d legal actions, not its turn", i, legal);
        for (int32_t k = 0; k < size; k++)
            CHECK(obs[k] >= 0.0f && obs[k] <= 1.0f, "env %d: observation[%d] = %g", i, k,
                  (double)obs[k]);
        CHECK(a->terminated[i] <= 1, "env %d: terminated %d", i, a->terminated[i]);
        for (int32_t s = 0; s < players; s++) {
            int64_t at = (int64_t)i * players + s;
            double score = a->scores[at], reward = a->rewards[at];
            double expected = reward_of(&a->scores[(int64_t)i * players], players,
                                        v->reward_sign, s);
            if (a->terminated[i])
                CHECK(reward == expected, "env %d seat %d: reward %g, its scores say %g", i, s,
                      reward, expected);
            else
                CHECK(memcmp(&score, &zero, sizeof zero) == 0
                          && memcmp(&reward, &zero, sizeof zero) == 0 && a->winners[at] == 0,
                      "env %d did not end: seat %d's score %g, reward %g, winner %d", i, s,
                      score, reward, a->winners[at]);
        }
        if (a->terminated[i]) {
            int32_t winners = 0;
            for (int32_t s = 0; s < players; s++) {
                double score = a->scores[(int64_t)i * players + s];
                CHECK(score == 0.0 || score == 1.0 || score == 2.0, "env %d: score %g", i,
                      score);
                CHECK(a->winners[(int64_t)i * players + s] <= 1, "env %d: winners", i);
                winners += a->winners[(int64_t)i * players + s];
            }
            CHECK(winners == 0 || winners == (players == 4 ? 2 : 1), "env %d: %d winners", i,
                  winners);
        }
    }
}

static void fuzz_vector(input *in)
{
    uint8_t mode = byte(in), which[VECTOR_ENVS];
    int32_t count = 1 + byte(in) % VECTOR_ENVS, players, size, status;
    plank_vector *v = canary(sizeof *v);
    plank_env *envs = canary(sizeof *envs * VECTOR_ENVS), before;
    plank_vector_out out;
    vector_arrays a;
    int64_t actions[VECTOR_ENVS], history = 0, generators = 0;
    memset(v, 0, sizeof *v);
    v->rules.players = mode & 1 ? (int32_t)(int8_t)byte(in) : 2 + byte(in) % 3;
    v->rules.repetition = mode & 2 ? i32(in) : (byte(in) % 2) * (2 + byte(in) % 3);
    v->rules.turn_limit = mode & 4 ? i32(in) : 1 + byte(in) % 40;
    v->agent = (int32_t)(int8_t)byte(in) % 6 - 1; /* -1 .. 4, and beyond when negative */
    v->autoreset = mode & 8 ? (int32_t)(int8_t)byte(in) : byte(in) % 3;
    v->seed_length = mode & 16 ? i32(in) : byte(in) % 24;
    for (int32_t k = 0; k < 24; k++)
        v->seed_text[k] = (char)('0' + byte(in) % 10);
    for (int32_t s = 0; s < PLANK_MAX_PLAYERS; s++) {
        uint8_t bot = byte(in);
        v->is_bot[s] = (int8_t)(s != v->agent && v->agent >= 0 ? 1 : bot & 1);
        v->policies[s] = (int8_t)(bot & 0x80 ? (int8_t)byte(in) : (bot >> 1) % 2);
        v->label_lengths[s] = bot & 0x40 ? i32(in) : 8;
        memcpy(v->labels[s], "'random'", 8);
    }
    players = v->rules.players >= 2 && v->rules.players <= 4 ? v->rules.players : 4;
    /* mode's top bit, free, for another sign than the game's: the seed's first digit picks */
    v->reward_sign = sign_of(players, mode & 128 ? (uint8_t)v->seed_text[0] : 0);
    size = PLANK_OBSERVATION_BASE + PLANK_OBSERVATION_PER_PLAYER * players;
    if (v->rules.turn_limit >= 1 && v->rules.turn_limit <= 64) /* room, one short, or none */
        history = (int64_t)count * (v->rules.turn_limit + 1) - (mode & 32 ? byte(in) % 2 : 0);
    v->history_length = history;
    v->history = history > 0 ? canary(sizeof(plank_key) * (size_t)history) : NULL;
    generators = (int64_t)count * players - (mode & 64 ? byte(in) % 2 : 0);
    v->rngs_length = generators;
    v->rngs = generators > 0 ? canary(sizeof(plank_rng) * (size_t)generators) : NULL;
    a.observations = canary(sizeof(float) * (size_t)(count * size));
    a.final_observations = canary(sizeof(float) * (size_t)(count * size));
    a.masks = canary((size_t)count * PLANK_ACTIONS);
    a.final_masks = canary((size_t)count * PLANK_ACTIONS);
    a.to_move = canary(sizeof(int32_t) * (size_t)count);
    a.terminated = canary((size_t)count);
    a.scores = canary(sizeof(double) * (size_t)(count * players));
    a.rewards = canary(sizeof(double) * (size_t)(count * players));
    a.winners = canary((size_t)(count * players));
    out.observations = a.observations;
    out.final_observations = a.final_observations;
    out.masks = a.masks;
    out.final_masks = a.final_masks;
    out.to_move = a.to_move;
    out.terminated = a.terminated;
    out.scores = a.scores;
    out.winners = a.winners;
    out.rewards = NULL;
    CHECK(plank_vector_reset(v, envs, count, NULL, &out) == HG_ERR_ARGUMENT
              && plank_vector_step(v, envs, 0, count, actions, &out) == HG_ERR_ARGUMENT,
          "a vector call without rewards");
    out.rewards = a.rewards;

    CHECK(plank_vector_reset(NULL, envs, count, NULL, &out) == HG_ERR_ARGUMENT
              && plank_vector_reset(v, envs, count, NULL, NULL) == HG_ERR_ARGUMENT
              && plank_vector_reset(v, NULL, count, NULL, &out) == HG_ERR_ARGUMENT
              && plank_vector_reset(v, envs, -1, NULL, &out) == HG_ERR_ARGUMENT
              && plank_vector_step(v, envs, 1, 0, actions, &out) == HG_ERR_ARGUMENT
              && plank_vector_step(v, envs, -1, 0, actions, &out) == HG_ERR_ARGUMENT
              && plank_vector_step(v, envs, 0, count, NULL, &out) == HG_ERR_ARGUMENT
              && plank_vector_random_actions(envs, -1, a.masks, actions) == HG_ERR_ARGUMENT
              && plank_vector_random_actions(envs, count, NULL, actions) == HG_ERR_ARGUMENT,
          "a vector call took a NULL or a count out of range");
    memset(envs, 0, sizeof *envs * VECTOR_ENVS);
    for (int32_t i = 0; i < count; i++) /* never reset: refused */
        actions[i] = PLANK_PASS;
    status = plank_vector_step(v, envs, 0, count, actions, &out);
    CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_STATE,
          "plank_vector_step on envs never reset: %d", status);
    status = plank_vector_reset(v, envs, count, NULL, &out);
    if (status < 0) {
        CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_STATE, "plank_vector_reset: %d",
              status);
        goto done;
    }
    CHECK(status == count, "plank_vector_reset: %d of %d", status, count);
    CHECK(v->rules.players == players && v->rules.turn_limit >= 1
              && v->rules.turn_limit <= PLANK_MAX_TURN_LIMIT && v->agent >= -1
              && v->agent < players && v->autoreset >= 0 && v->autoreset <= 2
              && v->seed_length >= 0 && v->seed_length <= PLANK_SEED_TEXT,
          "plank_vector_reset took settings out of range");
    check_rows(v, envs, &a, 0, count);
    for (int32_t step = 0; step < 48; step++) {
        uint8_t how = byte(in);
        int32_t start = how & 1 ? byte(in) % count : 0, stop = how & 2 ? start + 1 : count;
        if (how & 4) { /* random actions, legal ones */
            CHECK(plank_vector_random_actions(envs, count, a.masks, actions) == count,
                  "plank_vector_random_actions");
            for (int32_t i = 0; i < count; i++) {
                const int8_t *mask = a.masks + (int64_t)i * PLANK_ACTIONS;
                int32_t legal = 0;
                for (int32_t k = 0; k < PLANK_ACTIONS; k++)
                    legal += mask[k];
                CHECK(actions[i] >= 0 && actions[i] < PLANK_ACTIONS
                          && (legal == 0 ? actions[i] == 0 : mask[actions[i]] == 1),
                      "random action %lld of env %d", (long long)actions[i], i);
            }
        } else {
            for (int32_t i = 0; i < count; i++)
                actions[i] = how & 8 ? (int64_t)(int32_t)i32(in) : (int64_t)(byte(in) << 3 | byte(in) % 8);
        }
        if (how & 16) { /* the next hands of some envs */
            for (int32_t i = 0; i < count; i++)
                which[i] = byte(in) & 1;
            status = plank_vector_reset(v, envs, count, which, &out);
            CHECK(status == count || status == HG_ERR_STATE, "plank_vector_reset(which): %d",
                  status);
            if (status < 0)
                break;
            check_rows(v, envs, &a, 0, count);
            continue;
        }
        before = envs[stop - 1];
        status = plank_vector_step(v, envs, start, stop, actions, &out);
        if (status < 0) {
            CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_ILLEGAL || status == HG_ERR_STATE,
                  "plank_vector_step: %d", status);
            if (stop == start + 1 && status != HG_ERR_STATE)
                CHECK(memcmp(&before, &envs[start], sizeof before) == 0,
                      "a refused step changed env %d", start);
            if (status == HG_ERR_STATE)
                break; /* the bots ended a new hand at once: that env is not started */
            continue;
        }
        CHECK(status == stop - start, "plank_vector_step: %d of %d", status, stop - start);
        check_rows(v, envs, &a, start, stop);
    }
done:
    free(v->history);
    free(v->rngs);
    free(v);
    free(envs);
    free(a.observations);
    free(a.final_observations);
    free(a.masks);
    free(a.final_masks);
    free(a.to_move);
    free(a.terminated);
    free(a.scores);
    free(a.rewards);
    free(a.winners);
}

/* ---- target 5: worker threads, plank_vector_step_all and _random_all ------ */

#define WORKER_ENVS 10
#define WORKER_THREADS 8
#define WORKER_ARRAYS 18
#define GIVEN_PARTS 14          /* batch_arrays' first of the caller's final arrays */

/* The final rows step_all copies: none, into the caller's own final arrays
 * (a batch's given_*), or into out's final arrays themselves. */
enum { FINALS_NONE, FINALS_GIVEN, FINALS_OUT };

/* One batch: its settings (with its own history and bot generators), its
 * envs, the arrays of its calls and the copies step_all may write (the new
 * rows; the final rows into the caller's final arrays with their
 * final_rows, or into out's own with theirs; each at its exact size), and
 * its workers. */
typedef struct {
    int32_t count, threads, size;
    plank_vector v;
    plank_env *envs;
    vector_arrays a;
    float *copied_observations, *given_final_observations;
    int8_t *copied_masks, *given_final_masks;
    uint8_t *given_final_rows, *out_final_rows;
    void *workers;               /* plank_workers_size() bytes */
    plank_vector_out out;
} batch;

/* Every array the calls write, as (place, bytes) pairs. */
static void batch_arrays(const batch *b, void **places, size_t *sizes)
{
    size_t n = (size_t)b->count, players = (size_t)b->v.rules.players, obs = (size_t)b->size;
    void *p[WORKER_ARRAYS] = {b->envs, b->a.observations, b->a.final_observations,
                              b->copied_observations, b->a.masks, b->a.final_masks,
                              b->copied_masks, b->a.winners, b->a.to_move, b->a.terminated,
                              b->a.scores, b->v.history, b->v.rngs, b->a.rewards,
                              b->given_final_observations, b->given_final_masks,
                              b->given_final_rows, b->out_final_rows};
    size_t s[WORKER_ARRAYS] = {n * sizeof *b->envs, n * obs * sizeof(float),
                               n * obs * sizeof(float), n * obs * sizeof(float),
                               n * PLANK_ACTIONS, n * PLANK_ACTIONS, n * PLANK_ACTIONS,
                               n * players, n * sizeof(int32_t), n, n * players * sizeof(double),
                               sizeof(plank_key) * (size_t)b->v.history_length,
                               sizeof(plank_rng) * (size_t)b->v.rngs_length,
                               n * players * sizeof(double), n * obs * sizeof(float),
                               n * PLANK_ACTIONS, n, n};
    for (int32_t k = 0; k < WORKER_ARRAYS; k++) {
        places[k] = p[k];
        sizes[k] = s[k];
    }
}

/* The batch's arrays end to end (`into` sized by batch_bytes(b, NULL)). */
static size_t batch_bytes(const batch *b, uint8_t *into)
{
    void *places[WORKER_ARRAYS];
    size_t sizes[WORKER_ARRAYS], at = 0;
    batch_arrays(b, places, sizes);
    for (int32_t k = 0; k < WORKER_ARRAYS; k++) {
        if (into && sizes[k])
            memcpy(into + at, places[k], sizes[k]);
        at += sizes[k];
    }
    return at;
}

/* Whether the batch's arrays are the bytes `before` holds. */
static int batch_same(const batch *b, const uint8_t *before)
{
    size_t size = batch_bytes(b, NULL);
    uint8_t *now = canary(size);
    batch_bytes(b, now);
    int same = memcmp(now, before, size) == 0;
    free(now);
    return same;
}

/* Whether arrays first..last of the batch (batch_arrays' order) are as
 * `before` (batch_bytes') holds them. */
static int parts_same(const batch *b, int32_t first, int32_t last, const uint8_t *before)
{
    void *places[WORKER_ARRAYS];
    size_t sizes[WORKER_ARRAYS], at = 0;
    int same = 1;
    batch_arrays(b, places, sizes);
    for (int32_t k = 0; k <= last; k++) {
        if (k >= first && sizes[k])
            same &= memcmp(places[k], before + at, sizes[k]) == 0;
        at += sizes[k];
    }
    return same;
}

static void batch_new(batch *b, const plank_vector *v, int32_t count)
{
    size_t n = (size_t)count, players = (size_t)v->rules.players;
    memset(b, 0, sizeof *b);
    b->count = count;
    b->v = *v;
    b->size = PLANK_OBSERVATION_BASE + PLANK_OBSERVATION_PER_PLAYER * v->rules.players;
    b->v.history_length = (int64_t)count * (v->rules.turn_limit + 1);
    b->v.history = calloc((size_t)b->v.history_length, sizeof(plank_key));
    b->v.rngs_length = (int64_t)count * v->rules.players;
    b->v.rngs = calloc((size_t)b->v.rngs_length, sizeof(plank_rng));
    b->envs = calloc(n, sizeof *b->envs);
    b->a.observations = calloc(n * (size_t)b->size, sizeof(float));
    b->a.final_observations = calloc(n * (size_t)b->size, sizeof(float));
    b->copied_observations = calloc(n * (size_t)b->size, sizeof(float));
    b->a.masks = calloc(n * PLANK_ACTIONS, 1);
    b->a.final_masks = calloc(n * PLANK_ACTIONS, 1);
    b->copied_masks = calloc(n * PLANK_ACTIONS, 1);
    b->given_final_observations = calloc(n * (size_t)b->size, sizeof(float));
    b->given_final_masks = calloc(n * PLANK_ACTIONS, 1);
    b->given_final_rows = calloc(n, 1);
    b->out_final_rows = calloc(n, 1);
    b->a.winners = calloc(n * players, 1);
    b->a.to_move = calloc(n, sizeof(int32_t));
    b->a.terminated = calloc(n, 1);
    b->a.scores = calloc(n * players, sizeof(double));
    b->a.rewards = calloc(n * players, sizeof(double));
    b->workers = calloc(1, (size_t)plank_workers_size()); /* zeros: never started */
    b->out.observations = b->a.observations;
    b->out.final_observations = b->a.final_observations;
    b->out.masks = b->a.masks;
    b->out.final_masks = b->a.final_masks;
    b->out.to_move = b->a.to_move;
    b->out.terminated = b->a.terminated;
    b->out.scores = b->a.scores;
    b->out.winners = b->a.winners;
    b->out.rewards = b->a.rewards;
}

static void batch_free(batch *b)
{
    plank_workers_stop(b->workers);
    free(b->v.history), free(b->v.rngs), free(b->envs), free(b->a.observations);
    free(b->a.final_observations), free(b->copied_observations), free(b->a.masks);
    free(b->a.final_masks), free(b->copied_masks), free(b->a.winners), free(b->a.to_move);
    free(b->a.terminated), free(b->a.scores), free(b->a.rewards), free(b->workers);
    free(b->given_final_observations), free(b->given_final_masks), free(b->given_final_rows);
    free(b->out_final_rows);
}

static void batch_start(batch *b, int32_t threads)
{
    b->threads = threads;
    CHECK(plank_workers_start(b->workers, threads) == threads, "plank_workers_start(%d)",
          threads);
}

/* plank_vector_step_all of the whole batch: the new rows copied or not,
 * the final rows as `finals` (FINALS_*) says, and with neither a NULL
 * copies or (`empty`) one of NULLs. */
static int32_t batch_step(batch *b, const int64_t *actions, const uint8_t *active, int copies,
                          int finals, int empty, int32_t *refused)
{
    plank_vector_copies c;
    memset(&c, 0, sizeof c);
    if (copies) {
        c.observations = b->copied_observations;
        c.masks = b->copied_masks;
    }
    if (finals == FINALS_GIVEN) {
        c.final_observations = b->given_final_observations;
        c.final_masks = b->given_final_masks;
        c.final_rows = b->given_final_rows;
    } else if (finals == FINALS_OUT) {
        c.final_observations = b->a.final_observations;
        c.final_masks = b->a.final_masks;
        c.final_rows = b->out_final_rows;
    }
    return plank_vector_step_all(&b->v, b->envs, b->count, actions, active, &b->out,
                                 copies || finals || empty ? &c : NULL, b->workers, refused);
}

/* After a step_all with `finals` (FINALS_*), the final arrays it was given:
 * each env's rows its end's (out's final rows) and final_rows[i] 1 where
 * it ended in the call, else rows of 0 and final_rows[i] 0; the caller's
 * final arrays, when not given, as they were (`before`, batch_bytes'). */
static void check_finals(const batch *b, int finals, const uint8_t *before)
{
    static const int8_t no_mask[PLANK_ACTIONS];
    static const float none;
    size_t bytes = sizeof(float) * (size_t)b->size;
    if (finals != FINALS_GIVEN)
        CHECK(parts_same(b, GIVEN_PARTS, GIVEN_PARTS + 2, before),
              "a step_all not given the caller's final arrays wrote to them");
    if (finals == FINALS_NONE)
        return;
    int given = finals == FINALS_GIVEN;
    const float *observations = given ? b->given_final_observations : b->a.final_observations;
    const int8_t *masks = given ? b->given_final_masks : b->a.final_masks;
    const uint8_t *rows = given ? b->given_final_rows : b->out_final_rows;
    for (int32_t i = 0; i < b->count; i++) {
        int64_t row = (int64_t)i * b->size, mask = (int64_t)i * PLANK_ACTIONS;
        int zero = 1;
        for (int32_t k = 0; k < b->size; k++)
            zero &= memcmp(&observations[row + k], &none, sizeof none) == 0;
        if (b->a.terminated[i])
            CHECK(rows[i] == 1
                      && memcmp(&observations[row], &b->a.final_observations[row], bytes) == 0
                      && memcmp(&masks[mask], &b->a.final_masks[mask], sizeof no_mask) == 0,
                  "env %d ended: final_rows %d, its final rows not its end's (%s)", i, rows[i],
                  given ? "the caller's" : "out's");
        else
            CHECK(rows[i] == 0 && zero && memcmp(&masks[mask], no_mask, sizeof no_mask) == 0,
                  "env %d did not end: final_rows %d, its final rows not 0 (%s)", i, rows[i],
                  given ? "the caller's" : "out's");
    }
}

/* What the caller does for out's own final arrays after a step_all not
 * given them (same-step mode): where a hand ended its end is there now, so
 * out_final_rows says so (the next step_all given them zeroes it). */
static void batch_mark_ends(batch *b, int finals)
{
    for (int32_t i = 0; i < b->count && finals != FINALS_OUT; i++)
        if (b->a.terminated[i] && b->v.autoreset == PLANK_SAME_STEP)
            b->out_final_rows[i] = 1;
}

/* Calls the core must refuse (HG_ERR_ARGUMENT) with every array of the
 * batch as it was (running workers write their own block as they go to
 * sleep, so only a block never started is compared). */
static void check_refusals(batch *b, const int64_t *actions, input *in)
{
    size_t size = batch_bytes(b, NULL), block = (size_t)plank_workers_size();
    uint8_t *before = canary(size), *odd = canary(block + 8); /* a misaligned block */
    int64_t *drawn = canary(sizeof *drawn * (size_t)b->count);
    int32_t refused = -2, below = b->threads - 1 - (int32_t)(byte(in) % 3);
    plank_vector bad = b->v, short_history = b->v;
    plank_vector_out no_rewards = b->out;
    void *misaligned = odd + 1 + byte(in) % 7;
    no_rewards.rewards = NULL;
    bad.autoreset = 3 + byte(in);
    short_history.rules.repetition = 2;
    short_history.history_length--;
    batch_bytes(b, before);
    CHECK(plank_vector_step_all(&b->v, b->envs, below, actions, NULL, &b->out, NULL,
                                b->workers, &refused) == HG_ERR_ARGUMENT,
          "step_all of %d envs on %d threads", below, b->threads);
    /* every copies with a lone pointer of a pair: the new rows' observations
     * and masks both or neither, the final observations, masks and rows all
     * or none (the caller's arrays; out's own are the same to the check) */
    for (int32_t set = 0; set < 32; set++) {
        int finals = set >> 2;
        if ((set & 1) == (set >> 1 & 1) && (finals == 0 || finals == 7))
            continue;
        plank_vector_copies lone = {set & 1 ? b->copied_observations : NULL,
                                    set & 2 ? b->copied_masks : NULL,
                                    set & 4 ? b->given_final_observations : NULL,
                                    set & 8 ? b->given_final_masks : NULL,
                                    set & 16 ? b->given_final_rows : NULL};
        CHECK(plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, &b->out, &lone,
                                    b->workers, &refused) == HG_ERR_ARGUMENT,
              "step_all with a lone copies pointer (set %d)", set);
    }
    CHECK(plank_vector_step_all(&bad, b->envs, b->count, actions, NULL, &b->out, NULL,
                                b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&short_history, b->envs, b->count, actions, NULL, &b->out,
                                       NULL, b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(NULL, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, NULL, NULL, &b->out, NULL,
                                       b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, NULL, NULL,
                                       b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, &no_rewards,
                                       NULL, b->workers, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workers, NULL) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       NULL, &refused) == HG_ERR_ARGUMENT
              && plank_vector_step_all(&b->v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       misaligned, &refused) == HG_ERR_ARGUMENT,
          "step_all with bad settings, a short history, no rewards, a NULL or misaligned "
          "workers");
    CHECK(refused == -2, "a refused argument set *refused to %d", refused);
    CHECK(plank_vector_random_all(b->envs, below, b->a.masks, drawn, b->workers)
                  == HG_ERR_ARGUMENT
              && plank_vector_random_all(b->envs, b->count, b->a.masks, drawn, misaligned)
                     == HG_ERR_ARGUMENT
              && plank_vector_random_all(b->envs, b->count, NULL, drawn, b->workers)
                     == HG_ERR_ARGUMENT
              && plank_vector_random_all(NULL, b->count, b->a.masks, drawn, b->workers)
                     == HG_ERR_ARGUMENT,
          "random_all of %d envs, misaligned workers or NULLs", below);
    CHECK(plank_workers_start(misaligned, 1) == HG_ERR_ARGUMENT, "a misaligned block started");
    plank_workers_stop(misaligned);
    plank_workers_stop(NULL);
    for (size_t k = 0; k < block + 8; k++)
        CHECK(odd[k] == CANARY, "a refused call wrote to a misaligned block");
    CHECK(batch_same(b, before), "a refused call changed the batch");
    free(before), free(odd), free(drawn);
}

/* Start, stop and every call on a block never started (or stopped): refused
 * or nothing done, the block as it was. */
static void check_never_started(batch *b, input *in)
{
    size_t block = (size_t)plank_workers_size();
    uint8_t *stopped = canary(block);
    int64_t *actions = calloc((size_t)b->count, sizeof *actions);
    int32_t refused = -2;
    int32_t threads[] = {0, -1, PLANK_MOST_THREADS + 1, INT32_MIN, INT32_MAX,
                         -(int32_t)byte(in), PLANK_MOST_THREADS + 1 + (int32_t)byte(in)};
    plank_workers_stop(b->workers); /* stop without a start, or once more */
    memcpy(stopped, b->workers, block);
    for (int32_t k = 0; k < 7; k++)
        CHECK(plank_workers_start(b->workers, threads[k]) == HG_ERR_ARGUMENT,
              "plank_workers_start(%d)", threads[k]);
    CHECK(plank_workers_start(NULL, 1) == HG_ERR_ARGUMENT, "a NULL block started");
    CHECK(memcmp(stopped, b->workers, block) == 0, "a refused start wrote to the block");
    uint8_t how = byte(in);
    CHECK(batch_step(b, actions, NULL, how & 1, (how >> 1) % 3, how & 8, &refused)
                  == HG_ERR_ARGUMENT
              && plank_vector_random_all(b->envs, b->count, b->a.masks, actions, b->workers)
                     == HG_ERR_ARGUMENT,
          "a call on workers never started");
    CHECK(refused == -2, "a refused call set *refused");
    free(stopped), free(actions);
}

/* The first env step_all must refuse (the header's rule), or -1. */
static int32_t first_refused(const batch *b, const int64_t *actions, const uint8_t *active)
{
    for (int32_t i = 0; i < b->count; i++) {
        int64_t a = actions[i];
        if (!(active && !active[i])
            && !(a >= 0 && a < PLANK_ACTIONS && b->a.masks[(int64_t)i * PLANK_ACTIONS + a])
            && !(b->envs[i].done && b->v.autoreset == PLANK_NEXT_STEP))
            return i;
    }
    return -1;
}

static void fuzz_workers(input *in)
{
    plank_vector v;
    memset(&v, 0, sizeof v);
    uint8_t pick = byte(in);
    v.rules.players = 2 + pick % 3;
    v.reward_sign = sign_of(v.rules.players, (uint8_t)(pick / 3));
    v.rules.repetition = (byte(in) % 2) * (2 + byte(in) % 3);
    v.rules.turn_limit = 1 + byte(in) % 40;
    v.agent = (int32_t)(byte(in) % (uint32_t)(v.rules.players + 1)) - 1;
    v.autoreset = byte(in) % 3;
    v.seed_length = 1 + byte(in) % 20;
    for (int32_t k = 0; k < v.seed_length; k++)
        v.seed_text[k] = (char)('0' + byte(in) % 10);
    for (int32_t s = 0; s < PLANK_MAX_PLAYERS; s++) {
        uint8_t bot = byte(in);
        v.is_bot[s] = (int8_t)(v.agent >= 0 ? s != v.agent : bot & 1);
        v.policies[s] = (int8_t)((bot >> 1) % 2);
        v.label_lengths[s] = 8;
        memcpy(v.labels[s], "'random'", 8);
    }
    int32_t count = 1 + byte(in) % WORKER_ENVS, status;
    int32_t most = count < WORKER_THREADS ? count : WORKER_THREADS;
    batch one, many;
    batch_new(&one, &v, count);
    batch_new(&many, &v, count);
    size_t size = batch_bytes(&one, NULL);
    uint8_t *before = canary(size), *before_many = canary(size), *which = canary((size_t)count);
    uint8_t *active = canary((size_t)count);
    int64_t *actions = calloc((size_t)count, sizeof *actions);
    int64_t *drawn = canary(sizeof *drawn * (size_t)count);
    CHECK(plank_workers_size() > 0, "plank_workers_size %d", plank_workers_size());
    check_never_started(&many, in);
    status = plank_vector_reset(&one.v, one.envs, count, NULL, &one.out);
    CHECK(status == plank_vector_reset(&many.v, many.envs, count, NULL, &many.out)
              && (status == count || status == HG_ERR_STATE),
          "plank_vector_reset: %d", status);
    if (status < 0)
        goto done; /* the bots ended a new hand at once */
    check_rows(&one.v, one.envs, &one.a, 0, count);
    batch_start(&one, 1);
    batch_start(&many, most > 1 ? 2 + (int32_t)(byte(in) % (uint32_t)(most - 1)) : 1);
    for (int32_t round = 0; round < 32 && in->at < in->size; round++) {
        uint8_t how = byte(in);
        int32_t refused_one = -2, refused_many = -2;
        batch_bytes(&many, before_many);
        CHECK(batch_same(&one, before_many), "the batches differ on %d threads", many.threads);
        if (how % 16 == 15) { /* stop (once or twice), refused calls, another thread count */
            plank_workers_stop(many.workers);
            if (how & 16)
                plank_workers_stop(many.workers);
            check_never_started(&many, in);
            batch_start(&many, 1 + (int32_t)(byte(in) % (uint32_t)most));
            continue;
        }
        if (how % 16 == 14) {
            check_refusals(&many, actions, in);
            continue;
        }
        if (how % 16 == 13) { /* the next hands of some envs, on both */
            for (int32_t i = 0; i < count; i++)
                which[i] = byte(in) & 1;
            status = plank_vector_reset(&one.v, one.envs, count, which, &one.out);
            CHECK(status == plank_vector_reset(&many.v, many.envs, count, which, &many.out)
                      && (status == count || status == HG_ERR_STATE),
                  "plank_vector_reset(which): %d", status);
            if (status < 0)
                break;
            check_rows(&one.v, one.envs, &one.a, 0, count);
            continue;
        }
        CHECK(plank_vector_random_all(one.envs, count, one.a.masks, actions, one.workers) == count
                  && plank_vector_random_all(many.envs, count, many.a.masks, drawn, many.workers)
                         == count,
              "plank_vector_random_all");
        CHECK(memcmp(actions, drawn, sizeof *actions * (size_t)count) == 0,
              "plank_vector_random_all differs on %d threads", many.threads);
        for (int32_t i = 0; i < count; i++) {
            const int8_t *mask = one.a.masks + (int64_t)i * PLANK_ACTIONS;
            int32_t legal = 0;
            for (int32_t k = 0; k < PLANK_ACTIONS; k++)
                legal += mask[k];
            CHECK(actions[i] >= 0 && actions[i] < PLANK_ACTIONS
                      && (legal == 0 ? actions[i] == 0 : mask[actions[i]] == 1),
                  "random action %lld of env %d", (long long)actions[i], i);
        }
        if (how & 16) { /* one env's action any id */
            int32_t i = byte(in) % count;
            actions[i] = how & 32 ? (int64_t)(byte(in) << 3 | byte(in) % 8) : (int64_t)u64(in);
        }
        const uint8_t *subset = NULL;
        switch (how >> 6) {
        case 1: memset(active, 1, (size_t)count); subset = active; break;
        case 2: memset(active, 0, (size_t)count); subset = active; break;
        case 3:
            for (int32_t i = 0; i < count; i++)
                active[i] = byte(in) & 1;
            subset = active;
            break;
        default: break;
        }
        /* the new rows copied or not; the final rows none, the caller's or
         * out's own; with neither, a NULL copies or one of NULLs */
        int copies = how & 8, finals = how % 8 % 3, empty = how % 8 == 6;
        int expected = first_refused(&one, actions, subset);
        batch_bytes(&one, before);
        batch_bytes(&many, before_many);
        int32_t status_one = batch_step(&one, actions, subset, copies, finals, empty,
                                        &refused_one);
        int32_t status_many = batch_step(&many, actions, subset, copies, finals, empty,
                                         &refused_many);
        if (expected >= 0) {
            CHECK(status_one == HG_ERR_ILLEGAL && refused_one == expected
                      && status_many == HG_ERR_ILLEGAL && refused_many == expected,
                  "env %d refused: %d/%d, refused %d/%d", expected, status_one, status_many,
                  refused_one, refused_many);
            CHECK(batch_same(&one, before) && batch_same(&many, before_many),
                  "a refused plank_vector_step_all changed a batch");
            continue;
        }
        CHECK(status_one == status_many && refused_one == -1 && refused_many == -1
                  && (status_one == count || status_one == HG_ERR_STATE),
              "plank_vector_step_all: %d and %d on %d threads, refused %d/%d", status_one,
              status_many, many.threads, refused_one, refused_many);
        if (status_one < 0)
            break; /* the bots ended a new hand at once: that env is not started */
        check_rows(&one.v, one.envs, &one.a, 0, count);
        check_finals(&one, finals, before);
        batch_mark_ends(&one, finals);
        batch_mark_ends(&many, finals);
        for (int32_t i = 0; i < count; i++) {
            int64_t row = (int64_t)i * one.size, mask = (int64_t)i * PLANK_ACTIONS;
            if (subset && !subset[i])
                CHECK(one.a.terminated[i] == 0
                          && memcmp(&one.envs[i], before + sizeof *one.envs * (size_t)i,
                                    sizeof *one.envs) == 0,
                      "env %d stepped, not active", i);
            else if (copies)
                CHECK(memcmp(&one.copied_observations[row], &one.a.observations[row],
                             sizeof(float) * (size_t)one.size) == 0
                          && memcmp(&one.copied_masks[mask], &one.a.masks[mask], PLANK_ACTIONS)
                                 == 0,
                      "env %d: the copies are not its rows", i);
        }
    }
    batch_bytes(&many, before_many);
    CHECK(batch_same(&one, before_many), "the batches differ on %d threads", many.threads);
done:
    batch_free(&one);
    batch_free(&many);
    free(before), free(before_many), free(which), free(active), free(actions), free(drawn);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size, 0};

    CHECK(plank_core_version() == PLANK_CORE_VERSION, "plank_core_version");
    switch (byte(&in) % 6) {
    case 0: fuzz_position(&in); break;
    case 1: fuzz_hands(&in); break;
    case 2: fuzz_choices(&in); break;
    case 3: fuzz_line(&in); break;
    case 4: fuzz_vector(&in); break;
    default: fuzz_workers(&in); break;
    }
    return 0;
}
