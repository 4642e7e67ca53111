/*
 * linja_core_fuzz.c -- a libFuzzer target over every entry point of
 * csrc/linja_core.h (run it with scripts/fuzz.sh --core linja_core).
 *
 * Each input drives one target, chosen by its first byte:
 *
 *   0  one state from raw bytes (any counts and flags): linja_check_state
 *      against a plain reference; for a state it accepts, the single moves
 *      rule by rule, the whole turns (each replayed with linja_play to the
 *      board, seat and end it claims), then single moves chosen by the
 *      input, the state staying possible after each; illegal moves refused
 *      with the state unchanged;
 *   1  linja_play_games with random, greedy and search bots, hostile
 *      settings and a workspace that may be short: every game replayed
 *      move by move with linja_play to its scores and winner;
 *   2  the generator: linja_rng_below(n) < n;
 *   3  a line of play (linja_line_play) of any capacity and depth, from a
 *      state of raw bytes, with moves chosen by the input, legal or not:
 *      a refused move writes nothing, a played one writes only the next
 *      position, as linja_play plays it, and returns its moves key;
 *      linja_moves_key of every position met, equal keys listing equal
 *      moves;
 *   4  linja_next_states of a state of raw bytes (any bytes at all, or
 *      counts and flags in a small range), then of each state a game
 *      reaches from it with moves chosen by the input: the distinct
 *      states of linja_turns' records in the order first found, into a
 *      buffer of any capacity (exactly enough, one short, none, negative,
 *      any); on a refusal nothing written, on success nothing past them;
 *   5  the vector environments (linja_vector_reset, _step, _random_actions)
 *      with hostile settings (seats, autoreset modes, bot policies, text
 *      lengths, rules), any env count and step range, and actions chosen by
 *      the input (random legal, any id, out of range): every array at its
 *      exact size; after every call every live env's mask is its state's
 *      legal actions (never all zero), its seat in range, its observation
 *      in [0, 1], the random actions legal, and every env's end rows as
 *      target 6 checks them; a reset or step without rewards refused;
 *   6  the worker threads and the batch calls on them (linja_workers_*,
 *      linja_vector_step_all, linja_vector_random_all): starts refused for
 *      thread counts out of range, a NULL or misaligned block, stops of a
 *      block never started or stopped twice, calls on workers never started
 *      or stopped, counts below the threads, an out without rewards, every
 *      copies with a lone pointer of a pair (observations and masks; final
 *      observations, masks and rows): all refused with the block and every
 *      array as they were; then one batch on one thread and its twin on
 *      2..8 (restarted on other counts along the way) stepped for up to 160
 *      rounds (long enough for games to end) with the same actions (random
 *      legal, any id, out of range), `active` subsets (NULL, all, none,
 *      any), the new rows copied or not, and the final rows not asked for,
 *      copied into the caller's own final arrays or kept in out's (each
 *      with its final_rows; no copies given as NULL or as all NULLs): a
 *      refused action reported as the same first env by both with nothing
 *      changed, else both batches' arrays (rewards, scores, winners, the
 *      final arrays and final_rows among them), copies and envs equal, the
 *      copies equal to the rows, every live env's mask not all zero; an env
 *      that ended has the rewards hg_rewards' formula gives from its scores
 *      (sign 1, -1 or another finite value) and, in the final arrays
 *      given, out's final rows; any other env has rows of 0 in rewards,
 *      scores, winners and the final arrays given; the caller's final
 *      arrays, when not given, as they were.
 *
 * Running out of bytes reads zeros.  Every buffer is allocated at its exact
 * size, so AddressSanitizer sees any overrun.  A broken promise aborts with
 * a message naming it.
 */
#include "linja_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                                                              \
    do {                                                                       \
        fprintf(stderr, "linja_core_fuzz: %s:%d: ", __FILE__, __LINE__);       \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
        abort();                                                               \
    } while (0)
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond))                                                           \
            FAIL(__VA_ARGS__);                                                 \
    } while (0)

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
    for (int i = 0; i < 8; i++) {
        v = v << 8 | byte(in);
    }
    return v;
}

static int possible(const linja_state *s)
{
    int red = 0, black = 0;
    for (int p = 0; p < 8; p++) {
        red += s->board.red[p];
        black += s->board.black[p];
        if (p > 0 && p < 7 && s->board.red[p] + s->board.black[p] > LINJA_ROW_LIMIT) {
            return 0;
        }
    }
    return red == 12 && black == 12 && (s->player == 0 || s->player == 1) && s->following >= 0
           && s->following <= 7 && (s->bonus == 0 || s->bonus == 1) && s->termination >= 0
           && s->termination <= 2;
}

/* A single move by the rules (2): forward, exact length or stopping in the goal. */
static int legal_by_rule(const linja_state *s, linja_move m)
{
    int seat = s->player, goal = seat == 0 ? 7 : 0, step = seat == 0 ? 1 : -1;
    int n = s->following ? s->following : 1;
    const uint8_t *own = seat == 0 ? s->board.red : s->board.black;
    if (m.src < 0 || m.src > 7 || m.src == goal || !own[m.src]) {
        return 0;
    }
    int dst = m.src + n * step;
    if (dst < 0 || dst > 7) {
        dst = goal;
    }
    return m.dst == dst && (dst == goal || s->board.red[dst] + s->board.black[dst] < 6);
}

/* A state of raw bytes, mostly a possible one (the start's). */
static void raw_state(input *in, linja_state *s)
{
    for (int p = 0; p < 8; p++) {
        s->board.red[p] = (uint8_t)(byte(in) % 14);
    }
    for (int p = 0; p < 8; p++) {
        s->board.black[p] = (uint8_t)(byte(in) % 14);
    }
    if (byte(in) & 1) {
        linja_start(s, byte(in) & 1);
    }
    s->player = (int8_t)(byte(in) % 3);
    s->following = (int8_t)(byte(in) % 9);
    s->bonus = (int8_t)(byte(in) % 3);
    s->termination = (int8_t)(byte(in) % 4);
}

static void fuzz_state(input *in)
{
    linja_state s;
    raw_state(in, &s);
    linja_rules rules = {byte(in) & 1, byte(in) & 1, byte(in) & 1};
    int ok = possible(&s);
    CHECK((linja_check_state(&s) == 0) == ok, "check_state disagrees with the reference");
    linja_move *moves = malloc(sizeof *moves * LINJA_MAX_MOVES);
    if (!ok) {
        CHECK(linja_legal_moves(&s, moves) == HG_ERR_ARGUMENT, "an impossible state listed");
        free(moves);
        return;
    }
    for (int step = 0; step < 40; step++) {
        int n = linja_legal_moves(&s, moves);
        CHECK(n >= 0 && n <= LINJA_MAX_MOVES, "legal_moves returned %d", n);
        if (s.termination != LINJA_ONGOING) {
            CHECK(n == 0, "moves after the end");
            int w = linja_winner(&s, &rules);
            CHECK(w >= -1 && w <= 1, "winner %d", w);
            break;
        }
        CHECK(n >= 1, "no move, not even a pass");
        int passes = moves[0].src < 0;
        for (int i = 0; i < n; i++) {
            CHECK(passes ? n == 1 : legal_by_rule(&s, moves[i]), "move %d-%d", moves[i].src,
                  moves[i].dst);
        }
        int32_t capacity = (int32_t)(byte(in) < 8 ? byte(in) : LINJA_MAX_TURNS);
        linja_turn *turns = malloc(sizeof *turns * (size_t)(capacity ? capacity : 1));
        int32_t count = linja_turns(&s, &rules, turns, capacity);
        CHECK(count >= 0 || count == HG_ERR_CAPACITY, "turns returned %d", count);
        for (int32_t t = 0; t < count; t++) {
            linja_state copy = s;
            CHECK(turns[t].count >= 1 && turns[t].count <= 4, "a turn of %d moves", turns[t].count);
            for (int k = 0; k < turns[t].count; k++) {
                CHECK(copy.termination == LINJA_ONGOING && copy.player == s.player,
                      "a turn goes on after it ended");
                CHECK(linja_play(&copy, turns[t].moves[k], &rules) == 0, "a turn's move is illegal");
            }
            CHECK(memcmp(&copy.board, &turns[t].board, sizeof copy.board) == 0, "a turn's board");
            CHECK((copy.termination != LINJA_ONGOING) == turns[t].over, "a turn's end");
            CHECK(turns[t].over || copy.player != s.player, "a turn stops short");
            CHECK(copy.player == turns[t].player, "a turn's next seat");
        }
        free(turns);
        linja_move wrong = {(int8_t)(byte(in) % 10 - 1), (int8_t)(byte(in) % 10 - 1)};
        int known = 0;
        for (int i = 0; i < n; i++) {
            known |= moves[i].src == wrong.src && moves[i].dst == wrong.dst;
        }
        if (!known) {
            linja_state before = s;
            CHECK(linja_play(&s, wrong, &rules) == HG_ERR_ILLEGAL, "an illegal move played");
            CHECK(memcmp(&before, &s, sizeof s) == 0, "a refused move changed the state");
        }
        CHECK(linja_play(&s, moves[byte(in) % n], &rules) == 0, "a legal move refused");
        CHECK(possible(&s), "a move made an impossible state");
    }
    free(moves);
}

static void fuzz_games(input *in)
{
    int32_t games = byte(in) % 4;
    uint64_t *deals = malloc(sizeof *deals * (size_t)(games ? games : 1));
    linja_bot *bots = malloc(sizeof *bots * (size_t)(2 * games ? 2 * games : 1));
    for (int32_t i = 0; i < games; i++) {
        deals[i] = u64(in);
        for (int s = 0; s < 2; s++) {
            linja_bot *b = &bots[2 * i + s];
            uint8_t kind = byte(in);
            b->policy = kind >= 0xF0 ? (int32_t)(kind - 0xF4) : kind % 3;
            b->nodes = byte(in) % 60;
            b->max_depth = byte(in) % 6;
            b->seed = u64(in);
        }
    }
    int32_t children = (int32_t)(byte(in) * 64), table = 1 << (byte(in) % 14);
    linja_workspace ws;
    memset(&ws, 0, sizeof ws);
    ws.turns = calloc(LINJA_MAX_TURNS, sizeof *ws.turns);
    ws.roots = calloc(LINJA_MAX_TURNS, sizeof *ws.roots);
    ws.values = calloc(LINJA_MAX_TURNS, sizeof *ws.values);
    ws.deeper = calloc(LINJA_MAX_TURNS, sizeof *ws.deeper);
    ws.turn_root = calloc(LINJA_MAX_TURNS, sizeof *ws.turn_root);
    ws.children = calloc((size_t)(children ? children : 1), sizeof *ws.children);
    ws.children_capacity = children;
    ws.table = calloc((size_t)table, sizeof *ws.table);
    ws.table_size = table;
    ws.seen_size = 8192;
    ws.seen = calloc((size_t)ws.seen_size, sizeof *ws.seen);
    int32_t *scores = malloc(sizeof *scores * (size_t)(2 * games ? 2 * games : 1));
    int8_t *winners = malloc((size_t)(games ? games : 1));
    size_t room = (size_t)(games ? games : 1) * LINJA_MAX_GAME_MOVES;
    linja_move *moves = malloc(sizeof *moves * room);
    int32_t *counts = malloc(sizeof *counts * (size_t)(games ? games : 1));
    linja_rules rules = {byte(in) & 1, byte(in) & 1, byte(in) & 1};
    int32_t status = linja_play_games(&rules, games, deals, bots, &ws, scores, winners, moves,
                                      counts);
    CHECK(status == games || status == HG_ERR_ARGUMENT || status == HG_ERR_WORKSPACE,
          "play_games returned %d", status);
    for (int32_t g = 0; status == games && g < games; g++) {
        const linja_move *played = &moves[(size_t)g * LINJA_MAX_GAME_MOVES];
        CHECK(counts[g] > 0 && counts[g] <= LINJA_MAX_GAME_MOVES, "%d moves", counts[g]);
        linja_state s;
        linja_start(&s, played[0].dst < played[0].src); /* black moves down */
        for (int32_t k = 0; k < counts[g]; k++) {
            CHECK(linja_play(&s, played[k], &rules) == 0, "game %d move %d illegal", g, k);
        }
        CHECK(s.termination != LINJA_ONGOING, "a game stopped early");
        CHECK(scores[2 * g] == linja_points(&s.board, 0), "red's score");
        CHECK(scores[2 * g + 1] == linja_points(&s.board, 1), "black's score");
        CHECK(winners[g] == linja_winner(&s, &rules), "the winner");
    }
    free(ws.turns);
    free(ws.roots);
    free(ws.values);
    free(ws.deeper);
    free(ws.turn_root);
    free(ws.children);
    free(ws.table);
    free(ws.seen);
    free(deals);
    free(bots);
    free(scores);
    free(winners);
    free(moves);
    free(counts);
}

#define KEYS_MET 64

static void fuzz_line(input *in)
{
    int32_t capacity = byte(in) % 12;
    linja_state *line = malloc(sizeof *line * (size_t)(capacity ? capacity : 1));
    linja_state *before = malloc(sizeof *before * (size_t)(capacity ? capacity : 1));
    if (capacity) {
        raw_state(in, &line[0]);
        for (int32_t k = 1; k < capacity; k++) {
            line[k] = line[0];
        }
    }
    linja_rules rules = {byte(in) & 1, byte(in) & 1, byte(in) & 1};
    int32_t keys[KEYS_MET], counts[KEYS_MET], met = 0;
    linja_move lists[KEYS_MET][LINJA_MAX_MOVES], moves[LINJA_MAX_MOVES];
    for (int step = 0; step < 24; step++) {
        int32_t depth = (int32_t)(byte(in) % 14) - 1;
        linja_move move = {(int8_t)(byte(in) % 10 - 1), (int8_t)(byte(in) % 10 - 1)};
        if (byte(in) & 1 && depth >= 0 && depth < capacity) { /* mostly a legal move */
            int32_t n = linja_legal_moves(&line[depth], moves);
            if (n > 0) {
                move = moves[byte(in) % n];
            }
        }
        memcpy(before, line, sizeof *line * (size_t)capacity);
        int32_t key = linja_line_play(line, capacity, depth, move, &rules);
        if (depth < 0 || depth >= capacity) {
            CHECK(key == HG_ERR_ARGUMENT, "line_play at depth %d of %d: %d", depth, capacity, key);
        } else if (depth + 1 >= capacity) {
            CHECK(key == HG_ERR_CAPACITY, "line_play past its capacity: %d", key);
        } else {
            linja_state played = line[depth];
            int32_t expected = linja_play(&played, move, &rules);
            CHECK(key < 0 ? key == expected : expected == 0, "line_play %d, play %d", key, expected);
            if (key >= 0) {
                CHECK(memcmp(&line[depth + 1], &played, sizeof played) == 0, "the next position");
                CHECK(key == linja_moves_key(&played), "line_play's key");
                memcpy(&before[depth + 1], &played, sizeof played);
            }
        }
        CHECK(memcmp(before, line, sizeof *line * (size_t)capacity) == 0,
              "line_play wrote outside the next position");
        for (int32_t k = 0; k < capacity && met < KEYS_MET; k++) {
            int32_t found = linja_moves_key(&line[k]);
            int32_t n = linja_legal_moves(&line[k], moves);
            CHECK((found < 0) == (n < 0) && (found == 0) == (n == 0), "key %d of %d moves", found, n);
            CHECK(found <= LINJA_MAX_MOVES_KEY, "key %d", found);
            for (int32_t j = 0; found >= 0 && j < met; j++) {
                CHECK(keys[j] != found
                          || (counts[j] == n && memcmp(lists[j], moves, sizeof *moves * (size_t)n) == 0),
                      "one key %d for two lists", found);
            }
            if (found >= 0) {
                keys[met] = found;
                counts[met] = n;
                memcpy(lists[met++], moves, sizeof *moves * (size_t)n);
            }
        }
    }
    free(line);
    free(before);
}

/* The distinct (board, player, over) of linja_turns' records, first found
 * first, into out (LINJA_MAX_TURNS of them): their number, or the error. */
static int32_t distinct_turns(const linja_state *s, const linja_rules *rules, linja_next *out)
{
    linja_turn *turns = malloc(sizeof *turns * LINJA_MAX_TURNS);
    int32_t n = linja_turns(s, rules, turns, LINJA_MAX_TURNS), count = 0;
    for (int32_t i = 0; i < n; i++) {
        linja_next next;
        memset(&next, 0, sizeof next);
        next.board = turns[i].board;
        next.player = turns[i].player;
        next.over = turns[i].over;
        int32_t j = 0;
        while (j < count && memcmp(&out[j], &next, sizeof next) != 0) {
            j++;
        }
        if (j == count) {
            out[count++] = next;
        }
    }
    free(turns);
    return n < 0 ? n : count;
}

static void fuzz_next_states(input *in)
{
    linja_state s;
    if (byte(in) & 1) {
        for (size_t k = 0; k < sizeof s; k++) {
            ((uint8_t *)&s)[k] = byte(in);
        }
    } else {
        raw_state(in, &s);
    }
    linja_rules rules = {byte(in) & 1, byte(in) & 1, byte(in) & 1};
    linja_next *expected = malloc(sizeof *expected * LINJA_MAX_TURNS);
    for (int step = 0; step < 16; step++) {
        int32_t n = linja_check_state(&s) < 0 ? HG_ERR_ARGUMENT : distinct_turns(&s, &rules, expected);
        CHECK(n >= HG_ERR_ARGUMENT && n <= LINJA_MAX_TURNS, "%d distinct turns", n);
        int32_t capacity;
        switch (byte(in) % 6) { /* exactly enough, one short, none, the most, negative, any */
        case 0:
            capacity = n;
            break;
        case 1:
            capacity = n - 1;
            break;
        case 2:
            capacity = 0;
            break;
        case 3:
            capacity = LINJA_MAX_TURNS;
            break;
        case 4:
            capacity = -1 - byte(in);
            break;
        default:
            capacity = byte(in);
            break;
        }
        size_t room = (size_t)(capacity > 0 ? capacity : 1);
        linja_next *out = malloc(sizeof *out * room), *before = malloc(sizeof *out * room);
        memset(out, 0xA5, sizeof *out * room);
        memcpy(before, out, sizeof *out * room);
        int32_t status = linja_next_states(&s, &rules, out, capacity);
        if (n < 0 || capacity < 0) {
            CHECK(status == HG_ERR_ARGUMENT, "next_states of a bad argument: %d", status);
        } else if (n > capacity) {
            CHECK(status == HG_ERR_CAPACITY, "%d states in room for %d: %d", n, capacity, status);
        } else {
            CHECK(status == n, "next_states %d, distinct turns %d", status, n);
            CHECK(memcmp(out, expected, sizeof *out * (size_t)n) == 0, "the states or their order");
        }
        size_t written = (size_t)(status > 0 ? status : 0);
        CHECK(memcmp(out + written, before + written, sizeof *out * (room - written)) == 0,
              "next_states wrote past its states");
        free(out);
        free(before);
        linja_move moves[LINJA_MAX_MOVES];
        int32_t legal = linja_legal_moves(&s, moves);
        if (legal <= 0) {
            break;
        }
        CHECK(linja_play(&s, moves[byte(in) % legal], &rules) == 0, "a legal move refused");
    }
    CHECK(linja_next_states(NULL, &rules, expected, 1) == HG_ERR_ARGUMENT, "a NULL state");
    CHECK(linja_next_states(&s, NULL, expected, 1) == HG_ERR_ARGUMENT, "NULL rules");
    CHECK(linja_next_states(&s, &rules, NULL, 1) == HG_ERR_ARGUMENT, "a NULL buffer");
    free(expected);
}

/* Env i's arrays after a call: a live env observed by the seat to move has a
 * mask with a legal action, every number of its observation in [0, 1]. */
static void check_envs(const linja_vector *v, const linja_env *envs, int32_t count,
                       const linja_vector_out *out)
{
    for (int32_t i = 0; i < count; i++) {
        int32_t to_move = out->to_move[i], legal = 0;
        CHECK(to_move >= -1 && to_move <= 1, "env %d: seat %d to move", i, to_move);
        for (int32_t a = 0; a < LINJA_ACTIONS; a++) {
            CHECK(out->masks[LINJA_ACTIONS * i + a] == 0 || out->masks[LINJA_ACTIONS * i + a] == 1,
                  "env %d: mask value %d", i, out->masks[LINJA_ACTIONS * i + a]);
            legal += out->masks[LINJA_ACTIONS * i + a];
        }
        int observed = v->agent < 0 || v->agent == to_move;
        CHECK(!(to_move >= 0 && observed) || legal > 0, "env %d: an all-zero mask to move", i);
        CHECK(to_move >= 0 || envs[i].state.termination != LINJA_ONGOING,
              "env %d: no seat to move in a game going on", i);
        for (int32_t k = 0; k < LINJA_OBSERVATION; k++) {
            float x = out->observations[LINJA_OBSERVATION * i + k];
            CHECK(x >= 0.0f && x <= 1.0f, "env %d: observation %d is %g", i, k, (double)x);
        }
    }
}

/* hg_rewards' signs the batches are given: Linja's own 1, -1 as for a
 * count where lower scores win, and other finite values (any is legal). */
static const double SIGNS[4] = {1.0, -1.0, 0.5, -1e300};

/* Seat p's reward of an end with `scores`, worked out as hg_rewards does:
 * sign * (players * score - total) / (players - 1). */
static double reward_of(const double *scores, int32_t players, double sign, int32_t p)
{
    double total = 0;
    for (int32_t k = 0; k < players; k++) {
        total += scores[k];
    }
    return sign * ((double)players * scores[p] - total) / (double)(players - 1);
}

/* Every env's end after a call: terminated 0 or 1; where 1, its rewards
 * those of its scores; else its rows of rewards, scores and winners 0
 * (every byte, as hg_no_end writes them).  The rows of an env a call did
 * not touch hold what an earlier call wrote, so this holds of them too. */
static void check_ends(const linja_vector *v, const linja_vector_out *out, int32_t count)
{
    static const double zero[2];
    for (int32_t i = 0; i < count; i++) {
        const double *scores = &out->scores[2 * i], *rewards = &out->rewards[2 * i];
        CHECK(out->terminated[i] <= 1, "env %d: terminated %d", i, out->terminated[i]);
        if (!out->terminated[i]) {
            CHECK(memcmp(rewards, zero, sizeof zero) == 0 && memcmp(scores, zero, sizeof zero) == 0
                      && out->winners[2 * i] == 0 && out->winners[2 * i + 1] == 0,
                  "env %d did not end: rewards %g %g, scores %g %g, winners %d %d", i,
                  rewards[0], rewards[1], scores[0], scores[1], out->winners[2 * i],
                  out->winners[2 * i + 1]);
            continue;
        }
        for (int32_t p = 0; p < 2; p++) {
            double expected = reward_of(scores, 2, v->reward_sign, p);
            CHECK(rewards[p] == expected, "env %d seat %d: reward %g, its scores say %g", i, p,
                  rewards[p], expected);
        }
    }
}

static void fuzz_vector(input *in)
{
    linja_vector v;
    memset(&v, 0, sizeof v);
    uint8_t hostile = byte(in);
    v.rules.goal_bonus = byte(in) % 2;
    v.rules.tie_break = byte(in) % 2;
    v.rules.blockade = byte(in) % 2;
    v.agent = (int32_t)(byte(in) % 3) - 1;
    uint8_t mode = byte(in);
    v.autoreset = (int32_t)(mode % 3);
    v.reward_sign = SIGNS[mode / 3 % 4];
    v.seed_length = (int32_t)(byte(in) % 24);
    for (int32_t k = 0; k < v.seed_length; k++) {
        v.seed_text[k] = (char)('0' + byte(in) % 10);
    }
    for (int32_t seat = 0; seat < 2; seat++) {
        v.is_bot[seat] = v.agent >= 0 && seat != v.agent;
        v.bots[seat].policy = byte(in) % 2;
        v.label_lengths[seat] = (int32_t)(byte(in) % 12);
        memset(v.labels[seat], 'r', (size_t)v.label_lengths[seat]);
    }
    if (hostile & 1) { /* settings the core must refuse */
        switch (byte(in) % 5) {
        case 0: v.agent = 2; break;
        case 1: v.autoreset = -1 - byte(in); break;
        case 2: v.seed_length = LINJA_SEED_TEXT + 1 + byte(in); break;
        case 3: v.is_bot[0] = v.is_bot[1] = 1; v.bots[0].policy = LINJA_POLICY_SEARCH; break;
        default: v.label_lengths[1] = -1; v.is_bot[1] = 1; v.agent = 0; break;
        }
    }
    int32_t count = (int32_t)(byte(in) % 9);
    size_t n = (size_t)(count ? count : 1);
    linja_env *envs = calloc(n, sizeof *envs);
    float *obs = calloc(n * LINJA_OBSERVATION, sizeof *obs);
    float *final_obs = calloc(n * LINJA_OBSERVATION, sizeof *final_obs);
    int8_t *masks = calloc(n * LINJA_ACTIONS, 1), *final_masks = calloc(n * LINJA_ACTIONS, 1);
    int32_t *to_move = calloc(n, sizeof *to_move);
    uint8_t *terminated = calloc(n, 1), *which = calloc(n, 1);
    double *scores = calloc(2 * n, sizeof *scores), *rewards = calloc(2 * n, sizeof *rewards);
    int8_t *winners = calloc(2 * n, 1);
    int64_t *actions = calloc(n, sizeof *actions);
    linja_turn *turns = malloc(sizeof *turns * LINJA_MAX_TURNS);
    linja_workspace ws;
    memset(&ws, 0, sizeof ws);
    ws.turns = (hostile & 2) ? NULL : turns;
    linja_vector_out out = {obs, masks, to_move, terminated, scores, winners, final_obs,
                            final_masks, rewards};
    linja_vector_out no_rewards = out;
    no_rewards.rewards = NULL;
    CHECK(linja_vector_reset(&v, envs, count, NULL, &no_rewards, &ws) == HG_ERR_ARGUMENT,
          "reset without rewards");
    int32_t status = linja_vector_reset(&v, envs, count, NULL, &out, &ws);
    if (status < 0) {
        goto done;
    }
    CHECK(status == count, "reset of %d envs returned %d", count, status);
    check_envs(&v, envs, count, &out);
    check_ends(&v, &out, count);
    for (int32_t round = 0; round < 40 && in->at < in->size; round++) {
        uint8_t how = byte(in);
        if (how % 8 == 7) { /* the next game of some envs */
            for (int32_t i = 0; i < count; i++) {
                which[i] = byte(in) & 1;
            }
            CHECK(linja_vector_reset(&v, envs, count, which, &out, &ws) == count, "a reset");
            check_envs(&v, envs, count, &out);
            check_ends(&v, &out, count);
            continue;
        }
        CHECK(linja_vector_random_actions(envs, count, masks, actions) == count, "random");
        for (int32_t i = 0; i < count; i++) {
            int64_t a = actions[i];
            CHECK(a >= 0 && a < LINJA_ACTIONS, "env %d: random action %lld", i, (long long)a);
            CHECK(masks[LINJA_ACTIONS * i + a] || to_move[i] < 0, "env %d: an illegal draw", i);
            if (how % 8 == 6) {
                actions[i] = (int64_t)byte(in) - 64; /* any id, legal or not */
            }
        }
        int32_t start = count ? (int32_t)(byte(in) % (uint32_t)(count + 1)) : 0;
        int32_t room = count - start;
        int32_t stop = start + (room ? (int32_t)(byte(in) % (uint32_t)(room + 1)) : 0);
        if (how % 8 == 5) {
            stop = start - 1; /* refused */
        }
        status = linja_vector_step(&v, envs, start, stop, actions, &out, &ws);
        CHECK(status < 0 || status == stop - start, "a step of %d envs returned %d",
              stop - start, status);
        if (status < 0) {
            break; /* a refused action: the envs after it are as they were, not checked here */
        }
        check_envs(&v, envs, count, &out);
        check_ends(&v, &out, count);
    }
    CHECK(linja_vector_random_actions(NULL, count, masks, actions) == HG_ERR_ARGUMENT, "NULL envs");
    CHECK(linja_vector_reset(NULL, envs, count, NULL, &out, &ws) == HG_ERR_ARGUMENT, "NULL vector");
    CHECK(linja_vector_step(&v, envs, 0, count, actions, &no_rewards, &ws) == HG_ERR_ARGUMENT,
          "a step without rewards");
done:
    free(envs), free(obs), free(final_obs), free(masks), free(final_masks), free(to_move);
    free(terminated), free(which), free(scores), free(rewards), free(winners), free(actions);
    free(turns);
}

/* ---- target 6: worker threads, linja_vector_step_all and _random_all ------ */

#define WORKER_ENVS 12
#define WORKER_THREADS 8
#define WORKER_ROUNDS 160        /* a game takes some 35 with a bot seat, 90 without */
#define WORKER_ARRAYS 16
#define GIVEN_PARTS 12           /* batch_arrays' first of the caller's final arrays */

/* The final rows step_all copies: none, into the caller's own final arrays
 * (a batch's given_*), or into out's final arrays themselves. */
enum { FINALS_NONE, FINALS_GIVEN, FINALS_OUT };

/* One batch: its envs, the arrays of its calls (each at its exact size),
 * the copies step_all may write (the new rows; the final rows into the
 * caller's final arrays with their final_rows, or into out's own with
 * theirs), and its workers with a workspace each. */
typedef struct {
    int32_t count, threads;
    linja_env *envs;
    float *observations, *final_observations, *copied_observations, *given_final_observations;
    int8_t *masks, *final_masks, *copied_masks, *given_final_masks, *winners;
    int32_t *to_move;
    uint8_t *terminated, *given_final_rows, *out_final_rows;
    double *scores, *rewards;
    linja_workspace *workspaces; /* `threads` of them, each with its own turns */
    void *workers;               /* linja_workers_size() bytes */
    linja_vector_out out;
} batch;

/* Every array the calls write, as (place, bytes) pairs. */
static int32_t batch_arrays(const batch *b, void **places, size_t *sizes)
{
    size_t n = (size_t)b->count, obs = n * LINJA_OBSERVATION * sizeof(float);
    size_t masks = n * LINJA_ACTIONS, seats = 2 * n * sizeof(double);
    void *p[WORKER_ARRAYS] = {b->envs, b->observations, b->final_observations,
                              b->copied_observations, b->masks, b->final_masks,
                              b->copied_masks, b->winners, b->to_move, b->terminated,
                              b->scores, b->rewards, b->given_final_observations,
                              b->given_final_masks, b->given_final_rows, b->out_final_rows};
    size_t s[WORKER_ARRAYS] = {n * sizeof *b->envs, obs, obs, obs, masks, masks, masks, 2 * n,
                               n * sizeof(int32_t), n, seats, seats, obs, masks, n, n};
    for (int32_t k = 0; k < WORKER_ARRAYS; k++) {
        places[k] = p[k];
        sizes[k] = s[k];
    }
    return WORKER_ARRAYS;
}

/* The batch's arrays end to end (`into` sized by batch_bytes). */
static size_t batch_bytes(const batch *b, uint8_t *into)
{
    void *places[WORKER_ARRAYS];
    size_t sizes[WORKER_ARRAYS], at = 0;
    for (int32_t k = 0, n = batch_arrays(b, places, sizes); k < n; k++) {
        if (into) {
            memcpy(into + at, places[k], sizes[k]);
        }
        at += sizes[k];
    }
    return at;
}

/* Whether the batch's arrays are the bytes `before` holds. */
static int batch_same(const batch *b, const uint8_t *before)
{
    size_t size = batch_bytes(b, NULL);
    uint8_t *now = malloc(size);
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
        if (k >= first) {
            same &= memcmp(places[k], before + at, sizes[k]) == 0;
        }
        at += sizes[k];
    }
    return same;
}

static void batch_workspaces(batch *b, int32_t threads)
{
    for (int32_t k = 0; k < b->threads; k++) {
        free(b->workspaces[k].turns);
    }
    free(b->workspaces);
    b->threads = threads;
    b->workspaces = threads ? calloc((size_t)threads, sizeof *b->workspaces) : NULL;
    for (int32_t k = 0; k < threads; k++) {
        b->workspaces[k].turns = malloc(sizeof(linja_turn) * LINJA_MAX_TURNS);
    }
}

static void batch_new(batch *b, int32_t count)
{
    size_t n = (size_t)count;
    memset(b, 0, sizeof *b);
    b->count = count;
    b->envs = calloc(n, sizeof *b->envs);
    b->observations = calloc(n * LINJA_OBSERVATION, sizeof(float));
    b->final_observations = calloc(n * LINJA_OBSERVATION, sizeof(float));
    b->copied_observations = calloc(n * LINJA_OBSERVATION, sizeof(float));
    b->given_final_observations = calloc(n * LINJA_OBSERVATION, sizeof(float));
    b->masks = calloc(n * LINJA_ACTIONS, 1);
    b->final_masks = calloc(n * LINJA_ACTIONS, 1);
    b->copied_masks = calloc(n * LINJA_ACTIONS, 1);
    b->given_final_masks = calloc(n * LINJA_ACTIONS, 1);
    b->given_final_rows = calloc(n, 1);
    b->out_final_rows = calloc(n, 1);
    b->winners = calloc(2 * n, 1);
    b->to_move = calloc(n, sizeof(int32_t));
    b->terminated = calloc(n, 1);
    b->scores = calloc(2 * n, sizeof(double));
    b->rewards = calloc(2 * n, sizeof(double));
    b->workers = calloc(1, (size_t)linja_workers_size()); /* zeros: never started */
    linja_vector_out out = {b->observations, b->masks, b->to_move, b->terminated, b->scores,
                            b->winners, b->final_observations, b->final_masks, b->rewards};
    b->out = out;
    batch_workspaces(b, 1);
}

static void batch_free(batch *b)
{
    linja_workers_stop(b->workers);
    batch_workspaces(b, 0);
    free(b->envs), free(b->observations), free(b->final_observations);
    free(b->copied_observations), free(b->given_final_observations), free(b->masks);
    free(b->final_masks), free(b->copied_masks), free(b->given_final_masks);
    free(b->given_final_rows), free(b->out_final_rows), free(b->winners), free(b->to_move);
    free(b->terminated), free(b->scores), free(b->rewards), free(b->workers);
}

/* Start the batch's workers on `threads` threads, a workspace each. */
static void batch_start(batch *b, int32_t threads)
{
    batch_workspaces(b, threads);
    CHECK(linja_workers_start(b->workers, threads) == threads, "workers_start(%d)", threads);
}

/* linja_vector_step_all of the whole batch: the new rows copied or not,
 * the final rows as `finals` (FINALS_*) says, and with neither a NULL
 * copies or (`empty`) one of NULLs. */
static int32_t batch_step(const linja_vector *v, batch *b, const int64_t *actions,
                          const uint8_t *active, int copies, int finals, int empty,
                          int32_t *refused)
{
    linja_vector_copies c;
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
        c.final_observations = b->final_observations;
        c.final_masks = b->final_masks;
        c.final_rows = b->out_final_rows;
    }
    return linja_vector_step_all(v, b->envs, b->count, actions, active, &b->out,
                                 copies || finals || empty ? &c : NULL, b->workspaces,
                                 b->workers, refused);
}

/* After a step_all with `finals` (FINALS_*), the final arrays it was given:
 * each env's rows its end's (out's final rows) and final_rows[i] 1 where
 * it ended in the call, else rows of 0 and final_rows[i] 0; the caller's
 * final arrays, when not given, as they were (`before`, batch_bytes'). */
static void check_finals(const batch *b, int finals, const uint8_t *before)
{
    static const float no_observation[LINJA_OBSERVATION];
    static const int8_t no_mask[LINJA_ACTIONS];
    if (finals != FINALS_GIVEN) {
        CHECK(parts_same(b, GIVEN_PARTS, GIVEN_PARTS + 2, before),
              "a step_all not given the caller's final arrays wrote to them");
    }
    if (finals == FINALS_NONE) {
        return;
    }
    int given = finals == FINALS_GIVEN;
    const float *observations = given ? b->given_final_observations : b->final_observations;
    const int8_t *masks = given ? b->given_final_masks : b->final_masks;
    const uint8_t *rows = given ? b->given_final_rows : b->out_final_rows;
    for (int32_t i = 0; i < b->count; i++) {
        int64_t row = (int64_t)i * LINJA_OBSERVATION, mask = (int64_t)i * LINJA_ACTIONS;
        if (b->terminated[i]) {
            CHECK(rows[i] == 1
                      && memcmp(&observations[row], &b->final_observations[row],
                                sizeof no_observation) == 0
                      && memcmp(&masks[mask], &b->final_masks[mask], sizeof no_mask) == 0,
                  "env %d ended: final_rows %d, its final rows not its end's (%s)", i, rows[i],
                  given ? "the caller's" : "out's");
        } else {
            CHECK(rows[i] == 0
                      && memcmp(&observations[row], no_observation, sizeof no_observation) == 0
                      && memcmp(&masks[mask], no_mask, sizeof no_mask) == 0,
                  "env %d did not end: final_rows %d, its final rows not 0 (%s)", i, rows[i],
                  given ? "the caller's" : "out's");
        }
    }
}

/* What the caller does for out's own final arrays after a step_all not
 * given them (same-step mode): where an env ended its end is there now,
 * so out_final_rows says so (the next step_all given them zeroes it). */
static void batch_mark_ends(const linja_vector *v, batch *b, int finals)
{
    for (int32_t i = 0; i < b->count && finals != FINALS_OUT; i++) {
        if (b->terminated[i] && v->autoreset == LINJA_SAME_STEP) {
            b->out_final_rows[i] = 1;
        }
    }
}

/* Calls the core must refuse (HG_ERR_ARGUMENT) with every array of the
 * batch as it was (its running workers write their own block as they go
 * to sleep, so only a block never started is compared). */
static void check_refusals(const linja_vector *v, batch *b, const int64_t *actions,
                           input *in)
{
    size_t size = batch_bytes(b, NULL), block = (size_t)linja_workers_size();
    uint8_t *before = malloc(size);
    uint8_t *odd = malloc(block + 8); /* a misaligned block */
    int64_t *drawn = malloc(sizeof *drawn * (size_t)b->count);
    int32_t refused = -2, below = b->threads - 1 - (int32_t)(byte(in) % 3);
    linja_vector bad = *v;
    bad.autoreset = 3 + byte(in);
    batch_bytes(b, before);
    memset(odd, 0x5A, block + 8);
    linja_vector_out no_rewards = b->out;
    no_rewards.rewards = NULL;
    void *misaligned = odd + 1 + byte(in) % 7;
    CHECK(linja_vector_step_all(v, b->envs, below, actions, NULL, &b->out, NULL, b->workspaces,
                                b->workers, &refused) == HG_ERR_ARGUMENT,
          "step_all of %d envs on %d threads", below, b->threads);
    /* every copies with a lone pointer of a pair: the new rows' observations
     * and masks both or neither, the final observations, masks and rows all
     * or none (the caller's arrays; out's own are the same to the check) */
    for (int32_t set = 0; set < 32; set++) {
        int finals = set >> 2;
        if ((set & 1) == (set >> 1 & 1) && (finals == 0 || finals == 7)) {
            continue;
        }
        linja_vector_copies lone = {set & 1 ? b->copied_observations : NULL,
                                    set & 2 ? b->copied_masks : NULL,
                                    set & 4 ? b->given_final_observations : NULL,
                                    set & 8 ? b->given_final_masks : NULL,
                                    set & 16 ? b->given_final_rows : NULL};
        CHECK(linja_vector_step_all(v, b->envs, b->count, actions, NULL, &b->out, &lone,
                                    b->workspaces, b->workers, &refused) == HG_ERR_ARGUMENT,
              "step_all with a lone copies pointer (set %d)", set);
    }
    CHECK(linja_vector_step_all(&bad, b->envs, b->count, actions, NULL, &b->out, NULL,
                                b->workspaces, b->workers, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(NULL, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workspaces, b->workers, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, NULL, NULL, &b->out, NULL,
                                       b->workspaces, b->workers, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, actions, NULL, &no_rewards, NULL,
                                       b->workspaces, b->workers, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       NULL, b->workers, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workspaces, b->workers, NULL) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workspaces, NULL, &refused) == HG_ERR_ARGUMENT
              && linja_vector_step_all(v, b->envs, b->count, actions, NULL, &b->out, NULL,
                                       b->workspaces, misaligned, &refused) == HG_ERR_ARGUMENT,
          "step_all with a bad vector, no rewards, a NULL or misaligned workers");
    CHECK(refused == -2, "a refused argument set *refused to %d", refused);
    CHECK(linja_vector_random_all(b->envs, below, b->masks, drawn, b->workers) == HG_ERR_ARGUMENT
              && linja_vector_random_all(b->envs, b->count, b->masks, drawn, misaligned)
                     == HG_ERR_ARGUMENT
              && linja_vector_random_all(b->envs, b->count, NULL, drawn, b->workers)
                     == HG_ERR_ARGUMENT
              && linja_vector_random_all(NULL, b->count, b->masks, drawn, b->workers)
                     == HG_ERR_ARGUMENT,
          "random_all of %d envs, misaligned workers or NULLs", below);
    CHECK(linja_workers_start(misaligned, 1) == HG_ERR_ARGUMENT, "a misaligned block started");
    linja_workers_stop(misaligned);
    linja_workers_stop(NULL);
    for (int32_t k = 0; k < (int32_t)block + 8; k++) {
        CHECK(odd[k] == 0x5A, "a refused call wrote to a misaligned block");
    }
    CHECK(batch_same(b, before), "a refused call changed the batch");
    free(before), free(odd), free(drawn);
}

/* Start, stop and every call on a block never started: refused or nothing. */
static void check_never_started(const linja_vector *v, batch *b, input *in)
{
    size_t block = (size_t)linja_workers_size();
    uint8_t *stopped = malloc(block);
    int64_t *actions = calloc((size_t)b->count, sizeof *actions);
    int32_t refused = -2;
    int32_t threads[] = {0, -1, LINJA_MOST_THREADS + 1, INT32_MIN, INT32_MAX,
                         -(int32_t)byte(in), LINJA_MOST_THREADS + 1 + (int32_t)byte(in)};
    linja_workers_stop(b->workers); /* stop without a start, or once more */
    memcpy(stopped, b->workers, block);
    for (int32_t k = 0; k < 7; k++) {
        CHECK(linja_workers_start(b->workers, threads[k]) == HG_ERR_ARGUMENT,
              "workers_start(%d)", threads[k]);
    }
    CHECK(linja_workers_start(NULL, 1) == HG_ERR_ARGUMENT, "a NULL block started");
    CHECK(memcmp(stopped, b->workers, block) == 0, "a refused start wrote to the block");
    uint8_t how = byte(in);
    CHECK(batch_step(v, b, actions, NULL, how & 1, (how >> 1) % 3, how & 8, &refused)
                  == HG_ERR_ARGUMENT
              && linja_vector_random_all(b->envs, b->count, b->masks, actions, b->workers)
                     == HG_ERR_ARGUMENT,
          "a call on workers never started");
    CHECK(refused == -2, "a refused call set *refused");
    free(stopped), free(actions);
}

/* The first env step_all must refuse (the header's rule), or -1. */
static int32_t first_refused(const linja_vector *v, const batch *b, const int64_t *actions,
                             const uint8_t *active)
{
    for (int32_t i = 0; i < b->count; i++) {
        int64_t a = actions[i];
        if (!(active && !active[i]) && !(a >= 0 && a < LINJA_ACTIONS
                                         && b->masks[(int64_t)i * LINJA_ACTIONS + a])
            && !(b->envs[i].done && v->autoreset == LINJA_NEXT_STEP)) {
            return i;
        }
    }
    return -1;
}

static void fuzz_workers(input *in)
{
    linja_vector v;
    memset(&v, 0, sizeof v);
    v.rules.goal_bonus = byte(in) % 2;
    v.rules.tie_break = byte(in) % 2;
    v.rules.blockade = byte(in) % 2;
    v.agent = (int32_t)(byte(in) % 3) - 1;
    uint8_t mode = byte(in);
    v.autoreset = (int32_t)(mode % 3);
    v.reward_sign = SIGNS[mode / 3 % 4];
    v.seed_length = 1 + (int32_t)(byte(in) % 20);
    for (int32_t k = 0; k < v.seed_length; k++) {
        v.seed_text[k] = (char)('0' + byte(in) % 10);
    }
    for (int32_t seat = 0; seat < 2; seat++) {
        v.is_bot[seat] = v.agent >= 0 && seat != v.agent;
        v.bots[seat].policy = byte(in) % 2;
        v.label_lengths[seat] = 8;
        memcpy(v.labels[seat], "'random'", 8);
    }
    int32_t count = 1 + (int32_t)(byte(in) % WORKER_ENVS);
    int32_t most = count < WORKER_THREADS ? count : WORKER_THREADS;
    batch one, many;
    batch_new(&one, count);
    batch_new(&many, count);
    size_t size = batch_bytes(&one, NULL);
    uint8_t *before = malloc(size), *before_many = malloc(size), *which = malloc((size_t)count);
    uint8_t *active = malloc((size_t)count);
    int64_t *actions = calloc((size_t)count, sizeof *actions);
    int64_t *drawn = malloc(sizeof *drawn * (size_t)count);
    CHECK(linja_workers_size() > 0, "workers_size %d", linja_workers_size());
    check_never_started(&v, &many, in);
    CHECK(linja_vector_reset(&v, one.envs, count, NULL, &one.out, one.workspaces) == count
              && linja_vector_reset(&v, many.envs, count, NULL, &many.out, many.workspaces)
                     == count,
          "reset");
    check_ends(&v, &one.out, count);
    batch_start(&one, 1);
    batch_start(&many, most > 1 ? 2 + (int32_t)(byte(in) % (uint32_t)(most - 1)) : 1);
    for (int32_t round = 0; round < WORKER_ROUNDS && in->at < in->size; round++) {
        uint8_t how = byte(in);
        int32_t refused_one = -2, refused_many = -2;
        batch_bytes(&many, before_many);
        CHECK(batch_same(&one, before_many), "the batches differ on %d threads", many.threads);
        if (how % 16 == 15) { /* stop (once or twice), refused calls, another thread count */
            linja_workers_stop(many.workers);
            if (how & 16) {
                linja_workers_stop(many.workers);
            }
            check_never_started(&v, &many, in);
            batch_start(&many, 1 + (int32_t)(byte(in) % (uint32_t)most));
            continue;
        }
        if (how % 16 == 14) {
            check_refusals(&v, &many, actions, in);
            continue;
        }
        if (how % 16 == 13) { /* the next game of some envs, on both */
            for (int32_t i = 0; i < count; i++) {
                which[i] = byte(in) & 1;
            }
            CHECK(linja_vector_reset(&v, one.envs, count, which, &one.out, one.workspaces)
                          == count
                      && linja_vector_reset(&v, many.envs, count, which, &many.out,
                                            many.workspaces) == count,
                  "a reset");
            check_ends(&v, &one.out, count);
            continue;
        }
        CHECK(linja_vector_random_all(one.envs, count, one.masks, actions, one.workers) == count
                  && linja_vector_random_all(many.envs, count, many.masks, drawn, many.workers)
                         == count,
              "random_all");
        CHECK(memcmp(actions, drawn, sizeof *actions * (size_t)count) == 0,
              "random_all differs on %d threads", many.threads);
        for (int32_t i = 0; i < count; i++) {
            const int8_t *mask = &one.masks[(int64_t)i * LINJA_ACTIONS];
            int32_t legal = 0;
            for (int32_t a = 0; a < LINJA_ACTIONS; a++) {
                legal += mask[a];
            }
            CHECK(actions[i] >= 0 && actions[i] < LINJA_ACTIONS
                      && (legal ? mask[actions[i]] == 1 : actions[i] == 0),
                  "env %d: random action %lld", i, (long long)actions[i]);
        }
        if (how & 16) { /* one env's action any id */
            int32_t i = (int32_t)(byte(in) % (uint32_t)count);
            actions[i] = how & 32 ? (int64_t)byte(in) - 64 : (int64_t)u64(in);
        }
        const uint8_t *subset = NULL;
        switch (how >> 6) {
        case 1: memset(active, 1, (size_t)count); subset = active; break;
        case 2: memset(active, 0, (size_t)count); subset = active; break;
        case 3:
            for (int32_t i = 0; i < count; i++) {
                active[i] = byte(in) & 1;
            }
            subset = active;
            break;
        default: break;
        }
        /* the new rows copied or not; the final rows none, the caller's or
         * out's own; with neither, a NULL copies or one of NULLs */
        int copies = how & 8, finals = how % 8 % 3, empty = how % 8 == 6;
        int expected = first_refused(&v, &one, actions, subset);
        batch_bytes(&one, before);
        batch_bytes(&many, before_many);
        int32_t status_one = batch_step(&v, &one, actions, subset, copies, finals, empty,
                                        &refused_one);
        int32_t status_many = batch_step(&v, &many, actions, subset, copies, finals, empty,
                                         &refused_many);
        if (expected >= 0) {
            CHECK(status_one == HG_ERR_ILLEGAL && refused_one == expected
                      && status_many == HG_ERR_ILLEGAL && refused_many == expected,
                  "env %d refused: %d/%d, refused %d/%d", expected, status_one, status_many,
                  refused_one, refused_many);
            CHECK(batch_same(&one, before) && batch_same(&many, before_many),
                  "a refused step_all changed a batch");
            continue;
        }
        CHECK(status_one == count && status_many == count && refused_one == -1
                  && refused_many == -1,
              "step_all: %d and %d on %d threads, refused %d/%d", status_one, status_many,
              many.threads, refused_one, refused_many);
        check_envs(&v, one.envs, count, &one.out);
        check_ends(&v, &one.out, count);
        check_finals(&one, finals, before);
        batch_mark_ends(&v, &one, finals);
        batch_mark_ends(&v, &many, finals);
        for (int32_t i = 0; i < count; i++) {
            int64_t row = (int64_t)i * LINJA_OBSERVATION, mask = (int64_t)i * LINJA_ACTIONS;
            if (subset && !subset[i]) {
                CHECK(one.terminated[i] == 0
                          && memcmp(&one.envs[i], before + sizeof *one.envs * (size_t)i,
                                    sizeof *one.envs) == 0,
                      "env %d stepped, not active", i);
            } else if (copies) {
                CHECK(memcmp(&one.copied_observations[row], &one.observations[row],
                             sizeof(float) * LINJA_OBSERVATION) == 0
                          && memcmp(&one.copied_masks[mask], &one.masks[mask], LINJA_ACTIONS)
                                 == 0,
                      "env %d: the copies are not its rows", i);
            }
        }
    }
    batch_bytes(&many, before_many);
    CHECK(batch_same(&one, before_many), "the batches differ on %d threads", many.threads);
    batch_free(&one);
    batch_free(&many);
    free(before), free(before_many), free(which), free(active), free(actions), free(drawn);
}

static void fuzz_rng(input *in)
{
    linja_rng rng;
    linja_rng_seed(&rng, u64(in));
    for (int i = 0; i < 64; i++) {
        uint32_t n = (uint32_t)byte(in) << 8 | byte(in);
        if (n == 0) {
            n = 1;
        }
        CHECK(linja_rng_below(&rng, n) < n, "below(%u) out of range", n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, size, 0};
    switch (byte(&in) % 7) {
    case 0:
        fuzz_state(&in);
        break;
    case 1:
        fuzz_games(&in);
        break;
    case 3:
        fuzz_line(&in);
        break;
    case 4:
        fuzz_next_states(&in);
        break;
    case 5:
        fuzz_vector(&in);
        break;
    case 6:
        fuzz_workers(&in);
        break;
    default:
        fuzz_rng(&in);
        break;
    }
    return 0;
}
