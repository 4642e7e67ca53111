/*
 * linja_core.c -- see linja_core.h for the contract.  Every rule here
 * mirrors huegames/linja/game.py (single moves) and turns.py (whole turns,
 * walked in the mover's frame, where the mover heads for 7), and the
 * policies mirror bots.py; the tests check that they agree.
 */
#include "linja_core.h"
#define PYRANDOM_STATE linja_rng
#include "pyrandom.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define GOAL 7                   /* in the mover's frame */
#define WIN 1000.0
#define PROGRESS_WEIGHT 0.25

static const int32_t POINTS[LINJA_POSITIONS] = {0, 0, 0, 0, 1, 2, 3, 5};

int linja_core_version(void)
{
    return LINJA_CORE_VERSION;
}

/* -- Python's random.Random (MT19937, seeded by init_by_array) ------------ */

void linja_rng_seed(linja_rng *rng, uint64_t seed)
{
    uint32_t start[PYRANDOM_N];
    pyrandom_start(start);
    pyrandom_seed(rng, start, seed);
}

uint32_t linja_rng_below(linja_rng *rng, uint32_t n)
{
    return pyrandom_below(rng, n);
}

/* -- boards and single moves (game.py) ------------------------------------- */

static const uint8_t *pieces_of(const linja_board *b, int32_t seat)
{
    return seat == 0 ? b->red : b->black;
}

static int32_t count_at(const linja_board *b, int32_t p)
{
    return b->red[p] + b->black[p];
}

static int32_t passed(const linja_board *b)
{
    int32_t low = 0, high = LINJA_POSITIONS - 1;
    while (low < LINJA_POSITIONS - 1 && !b->red[low]) {
        low++;
    }
    while (high > 0 && !b->black[high]) {
        high--;
    }
    return low > high;
}

int32_t linja_points(const linja_board *board, int32_t seat)
{
    int32_t total = 0;
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        total += seat == 0 ? board->red[p] * POINTS[p]
                           : board->black[p] * POINTS[LINJA_POSITIONS - 1 - p];
    }
    return total;
}

/* The (src, dst) moves of n positions forward for seat: Game._steps. */
static int32_t steps(const linja_board *b, int32_t seat, int32_t n, linja_move *out)
{
    const uint8_t *own = pieces_of(b, seat);
    int32_t goal = seat == 0 ? 7 : 0, step = seat == 0 ? 1 : -1, found = 0;
    for (int32_t src = 0; src < LINJA_POSITIONS; src++) {
        if (!own[src] || src == goal) {
            continue;
        }
        int32_t dst = src + n * step;
        if (dst < 0 || dst > 7) {
            dst = goal;
        }
        if (dst == goal || count_at(b, dst) < LINJA_ROW_LIMIT) {
            if (out) {
                out[found].src = (int8_t)src;
                out[found].dst = (int8_t)dst;
            }
            found++;
        }
    }
    return found;
}

static int32_t can_start(const linja_board *b, int32_t seat)
{
    const uint8_t *own = pieces_of(b, seat);
    if (seat == 0) {
        for (int32_t s = 0; s < 7; s++) {
            if (own[s] && (s + 1 == 7 || count_at(b, s + 1) < LINJA_ROW_LIMIT)) {
                return 1;
            }
        }
    } else {
        for (int32_t s = 7; s > 0; s--) {
            if (own[s] && (s - 1 == 0 || count_at(b, s - 1) < LINJA_ROW_LIMIT)) {
                return 1;
            }
        }
    }
    return 0;
}

static void turn_start(linja_state *s, int32_t seat, int32_t bonus)
{
    s->player = (int8_t)seat;
    s->following = 0;
    s->bonus = (int8_t)bonus;
    s->termination = !can_start(&s->board, seat) && !can_start(&s->board, 1 - seat)
                         ? LINJA_BLOCKADE
                         : LINJA_ONGOING;
}

int32_t linja_check_state(const linja_state *state)
{
    if (!state) {
        return HG_ERR_ARGUMENT;
    }
    const linja_board *b = &state->board;
    int32_t red = 0, black = 0;
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        red += b->red[p];
        black += b->black[p];
        if (p > 0 && p < 7 && count_at(b, p) > LINJA_ROW_LIMIT) {
            return HG_ERR_STATE;
        }
    }
    if (red != LINJA_PIECES || black != LINJA_PIECES || (state->player != 0 && state->player != 1)
        || state->following < 0 || state->following > 7 || (state->bonus != 0 && state->bonus != 1)
        || state->termination < LINJA_ONGOING || state->termination > LINJA_BLOCKADE) {
        return HG_ERR_STATE;
    }
    return 0;
}

int32_t linja_start(linja_state *state, int32_t first)
{
    static const uint8_t START[LINJA_POSITIONS] = {6, 1, 1, 1, 1, 1, 1, 0};
    if (!state || (first != 0 && first != 1)) {
        return HG_ERR_ARGUMENT;
    }
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        state->board.red[p] = START[p];
        state->board.black[p] = START[LINJA_POSITIONS - 1 - p];
    }
    turn_start(state, first, 0);
    return 0;
}

int32_t linja_legal_moves(const linja_state *state, linja_move *out)
{
    if (!state || !out || linja_check_state(state) < 0) {
        return HG_ERR_ARGUMENT;
    }
    if (state->termination != LINJA_ONGOING) {
        return 0;
    }
    int32_t n = steps(&state->board, state->player, state->following ? state->following : 1, out);
    if (n == 0) {
        out[0].src = out[0].dst = -1;
        n = 1;
    }
    return n;
}

/* Game._apply: a move known to be legal. */
static void apply(linja_state *s, linja_move move, int32_t goal_bonus)
{
    int32_t seat = s->player;
    if (move.src < 0) {
        turn_start(s, 1 - seat, 0);
        return;
    }
    int32_t arrived_on = count_at(&s->board, move.dst);
    uint8_t *own = seat == 0 ? s->board.red : s->board.black;
    own[move.src]--;
    own[move.dst]++;
    if (passed(&s->board)) {
        s->following = 0;
        s->termination = LINJA_PASSED;
    } else if (!s->following) {
        int32_t n = move.dst == (seat == 0 ? 7 : 0) ? 1 : arrived_on;
        if (n) {
            s->following = (int8_t)n;
        } else {
            turn_start(s, 1 - seat, 0);
        }
    } else if (!s->bonus && arrived_on == 0 && ((move.dst > 0 && move.dst < 7) || goal_bonus)) {
        turn_start(s, seat, 1);
    } else {
        turn_start(s, 1 - seat, 0);
    }
}

int32_t linja_play(linja_state *state, linja_move move, const linja_rules *rules)
{
    linja_move legal[LINJA_MAX_MOVES];
    if (!rules) {
        return HG_ERR_ARGUMENT;
    }
    int32_t n = linja_legal_moves(state, legal);
    if (n < 0) {
        return n;
    }
    for (int32_t i = 0; i < n; i++) {
        if (legal[i].src == move.src && legal[i].dst == move.dst) {
            apply(state, move, rules->goal_bonus != 0);
            return 0;
        }
    }
    return HG_ERR_ILLEGAL;
}

/* linja_moves_key of a possible state. */
static int32_t key_of(const linja_state *s)
{
    if (s->termination != LINJA_ONGOING) {
        return 0;
    }
    linja_move moves[LINJA_MAX_MOVES];
    int32_t length = s->following ? s->following : 1; /* 1..7 */
    int32_t n = steps(&s->board, s->player, length, moves), starts = 0;
    for (int32_t i = 0; i < n; i++) {
        starts |= 1 << moves[i].src;
    }
    return LINJA_KEY_LIVE | s->player << LINJA_KEY_SEAT | (n ? length : 0) << 8 | starts;
}

int32_t linja_moves_key(const linja_state *state)
{
    return linja_check_state(state) < 0 ? HG_ERR_ARGUMENT : key_of(state);
}

int32_t linja_line_play(linja_state *line, int32_t capacity, int32_t depth, linja_move move,
                        const linja_rules *rules)
{
    if (!line || !rules || depth < 0 || depth >= capacity) {
        return HG_ERR_ARGUMENT;
    }
    if (depth + 1 >= capacity) {
        return HG_ERR_CAPACITY;
    }
    linja_state next = line[depth];
    int32_t played = linja_play(&next, move, rules);
    if (played < 0) {
        return played;
    }
    line[depth + 1] = next;
    return key_of(&next);
}

int32_t linja_winner(const linja_state *state, const linja_rules *rules)
{
    if (!state || !rules || state->termination == LINJA_ONGOING) {
        return HG_ERR_ARGUMENT;
    }
    if (state->termination == LINJA_BLOCKADE && rules->blockade) {
        return -1;
    }
    int32_t red = linja_points(&state->board, 0), black = linja_points(&state->board, 1);
    if (red == black && rules->tie_break) {
        red = state->board.red[7];
        black = state->board.black[0];
    }
    return red == black ? -1 : red > black ? 0 : 1;
}

/* -- whole turns in the mover's frame (turns.py) -------------------------- */

/* The distinct states a walk has found, by their hash: open addressing, a
 * power of two of slots that doubles when half full, from SEEN_FIRST (few
 * to clear for a walk of a hundred states) to SEEN_SLOTS (at most
 * LINJA_MAX_TURNS states, so never full). */
#define SEEN_FIRST 256
#define SEEN_SLOTS 8192

typedef struct {
    uint32_t mask;               /* the slots in use, less one */
    uint16_t slot[SEEN_SLOTS];   /* 1 + the index of the state there, 0 when free */
} seen_table;

typedef char seen_table_holds_every_state[SEEN_SLOTS > 2 * LINJA_MAX_TURNS
                                          && LINJA_MAX_TURNS < UINT16_MAX ? 1 : -1];

typedef struct {
    uint8_t own[LINJA_POSITIONS], opp[LINJA_POSITIONS];
    int32_t seat, goal_bonus;
    linja_move steps[4];
    int32_t nsteps;
    linja_turn *turns;           /* whole turns, or (when NULL) distinct states: */
    unsigned char *states;       /* ... state i a linja_next at states + i * stride */
    size_t stride;
    seen_table *seen;
    int32_t capacity, found;
    int32_t overflow;
} walker;

static int32_t frame_can_start(const walker *w, const uint8_t *pieces, int32_t step)
{
    int32_t goal = step == 1 ? GOAL : 0;
    for (int32_t s = 0; s < LINJA_POSITIONS; s++) {
        if (pieces[s] && s != goal) {
            int32_t t = s + step;
            if (t == goal || w->own[t] + w->opp[t] < LINJA_ROW_LIMIT) {
                return 1;
            }
        }
    }
    return 0;
}

static int32_t frame_passed(const walker *w)
{
    int32_t low = 0, high = LINJA_POSITIONS - 1;
    while (low < LINJA_POSITIONS - 1 && !w->own[low]) {
        low++;
    }
    while (high > 0 && !w->opp[high]) {
        high--;
    }
    return low > high;
}

static uint32_t board_hash(const linja_board *b, int32_t tag)
{
    uint64_t a, c;
    memcpy(&a, b->red, 8);
    memcpy(&c, b->black, 8);
    uint64_t h = (a * 0x9E3779B97F4A7C15ULL) ^ (c + 0xC2B2AE3D27D4EB4FULL + (uint64_t)(uint32_t)tag);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (uint32_t)h;
}

static int32_t same_board(const linja_board *a, const linja_board *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static uint32_t state_hash(const linja_board *b, int32_t player, int32_t over)
{
    return board_hash(b, player * 2 + over);
}

static linja_next *state_at(const walker *w, int32_t i)
{
    return (linja_next *)(void *)(w->states + (size_t)i * w->stride);
}

static void seen_clear(seen_table *t, uint32_t slots)
{
    t->mask = slots - 1U;
    memset(t->slot, 0, slots * sizeof *t->slot);
}

/* Twice the slots, the states found so far put back in them. */
static void seen_grow(walker *w)
{
    seen_table *t = w->seen;
    seen_clear(t, 2U * (t->mask + 1U));
    for (int32_t i = 0; i < w->found; i++) {
        const linja_next *s = state_at(w, i);
        uint32_t slot = state_hash(&s->board, s->player, s->over) & t->mask;
        while (t->slot[slot]) {
            slot = (slot + 1U) & t->mask;
        }
        t->slot[slot] = (uint16_t)(i + 1);
    }
}

/* Make `w` keep the distinct states (no more than `capacity`, nor than
 * LINJA_MAX_TURNS), state i at states + i * stride, found through `seen`. */
static void keep_states(walker *w, void *states, size_t stride, int32_t capacity,
                        seen_table *seen)
{
    w->turns = NULL;
    w->states = states;
    w->stride = stride;
    w->capacity = capacity < LINJA_MAX_TURNS ? capacity : LINJA_MAX_TURNS;
    w->seen = seen;
    seen_clear(seen, SEEN_FIRST);
}

static void record(walker *w, int32_t player, int32_t over)
{
    linja_board after;
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        if (w->seat == 0) {
            after.red[p] = w->own[p];
            after.black[p] = w->opp[p];
        } else {
            after.red[p] = w->opp[LINJA_POSITIONS - 1 - p];
            after.black[p] = w->own[LINJA_POSITIONS - 1 - p];
        }
    }
    if (w->turns) {
        if (w->found >= w->capacity) {
            w->overflow = 1;
            return;
        }
        linja_turn *turn = &w->turns[w->found++];
        for (int32_t i = 0; i < w->nsteps; i++) {
            linja_move m = w->steps[i];
            if (w->seat == 1 && m.src >= 0) {
                m.src = (int8_t)(7 - m.src);
                m.dst = (int8_t)(7 - m.dst);
            }
            turn->moves[i] = m;
        }
        turn->count = w->nsteps;
        turn->board = after;
        turn->player = (int8_t)player;
        turn->over = (int8_t)over;
        return;
    }
    /* a distinct state, in the order first found */
    seen_table *t = w->seen;
    uint32_t slot = state_hash(&after, player, over) & t->mask;
    for (; t->slot[slot]; slot = (slot + 1U) & t->mask) {
        const linja_next *known = state_at(w, t->slot[slot] - 1);
        if (known->player == player && known->over == over && same_board(&known->board, &after)) {
            return;
        }
    }
    if (w->found >= w->capacity) {
        w->overflow = 1;
        return;
    }
    linja_next *state = state_at(w, w->found);
    state->board = after;
    state->player = (int8_t)player;
    state->over = (int8_t)over;
    t->slot[slot] = (uint16_t)++w->found;
    if (2U * (uint32_t)w->found > t->mask && t->mask + 1U < SEEN_SLOTS) {
        seen_grow(w);
    }
}

static void push(walker *w, int32_t s, int32_t t)
{
    w->steps[w->nsteps].src = (int8_t)s;
    w->steps[w->nsteps].dst = (int8_t)t;
    w->nsteps++;
}

static void end_turn(walker *w)
{
    int32_t blockade = !frame_can_start(w, w->opp, -1) && !frame_can_start(w, w->own, 1);
    record(w, 1 - w->seat, blockade);
}

static void follow(walker *w, int32_t n, int32_t in_bonus);

static void initial(walker *w, int32_t in_bonus)
{
    int32_t any = 0;
    for (int32_t s = 0; s < GOAL; s++) {
        int32_t t = s + 1;
        if (!w->own[s] || (t != GOAL && w->own[t] + w->opp[t] >= LINJA_ROW_LIMIT)) {
            continue;
        }
        any = 1;
        int32_t n = t == GOAL ? 1 : w->own[t] + w->opp[t];
        w->own[s]--;
        w->own[t]++;
        push(w, s, t);
        if (frame_passed(w)) {
            record(w, w->seat, 1);
        } else if (n == 0) {
            end_turn(w);
        } else {
            follow(w, n, in_bonus);
        }
        w->nsteps--;
        w->own[s]++;
        w->own[t]--;
    }
    if (!any) {
        if (frame_can_start(w, w->opp, -1)) {
            push(w, -1, -1);
            end_turn(w);
            w->nsteps--;
        } else { /* a bonus turn that opens on a mutual blockade: the game ends */
            record(w, w->seat, 1);
        }
    }
}

static void follow(walker *w, int32_t n, int32_t in_bonus)
{
    int32_t any = 0;
    for (int32_t s = 0; s < GOAL; s++) {
        if (!w->own[s]) {
            continue;
        }
        int32_t t = s + n < GOAL ? s + n : GOAL;
        if (t != GOAL && w->own[t] + w->opp[t] >= LINJA_ROW_LIMIT) {
            continue;
        }
        any = 1;
        int32_t was_empty = w->own[t] + w->opp[t] == 0;
        w->own[s]--;
        w->own[t]++;
        push(w, s, t);
        if (frame_passed(w)) {
            record(w, w->seat, 1);
        } else if (was_empty && !in_bonus && (t != GOAL || w->goal_bonus)) {
            initial(w, 1);
        } else {
            end_turn(w);
        }
        w->nsteps--;
        w->own[s]++;
        w->own[t]--;
    }
    if (!any) {
        push(w, -1, -1);
        end_turn(w);
        w->nsteps--;
    }
}

static void walk(walker *w, const linja_board *b, int32_t seat, int32_t following, int32_t bonus,
                 int32_t goal_bonus)
{
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        if (seat == 0) {
            w->own[p] = b->red[p];
            w->opp[p] = b->black[p];
        } else {
            w->own[p] = b->black[LINJA_POSITIONS - 1 - p];
            w->opp[p] = b->red[LINJA_POSITIONS - 1 - p];
        }
    }
    w->seat = seat;
    w->goal_bonus = goal_bonus;
    w->nsteps = 0;
    w->found = 0;
    w->overflow = 0;
    if (following) {
        follow(w, following, bonus);
    } else {
        initial(w, bonus);
    }
}

int32_t linja_turns(const linja_state *state, const linja_rules *rules, linja_turn *out,
                    int32_t capacity)
{
    if (!state || !rules || !out || capacity < 0 || linja_check_state(state) < 0) {
        return HG_ERR_ARGUMENT;
    }
    if (state->termination != LINJA_ONGOING) {
        return 0;
    }
    walker w;
    w.turns = out;
    w.capacity = capacity;
    walk(&w, &state->board, state->player, state->following, state->bonus, rules->goal_bonus != 0);
    return w.overflow ? HG_ERR_CAPACITY : w.found;
}

int32_t linja_next_states(const linja_state *state, const linja_rules *rules, linja_next *out,
                          int32_t capacity)
{
    if (!state || !rules || !out || capacity < 0 || linja_check_state(state) < 0) {
        return HG_ERR_ARGUMENT;
    }
    if (state->termination != LINJA_ONGOING) {
        return 0;
    }
    int32_t direct = capacity >= LINJA_MAX_TURNS; /* else `out` may be short: walk into room */
    linja_next room[LINJA_MAX_TURNS];
    seen_table seen;
    walker w;
    keep_states(&w, direct ? out : room, sizeof *out, LINJA_MAX_TURNS, &seen);
    walk(&w, &state->board, state->player, state->following, state->bonus, rules->goal_bonus != 0);
    if (w.overflow || w.found > capacity) { /* (no walk overflows LINJA_MAX_TURNS) */
        return HG_ERR_CAPACITY;
    }
    if (!direct) {
        memcpy(out, room, (size_t)w.found * sizeof *out);
    }
    return w.found;
}

/* -- the bots' values (bots.py) ------------------------------------------- */

static double estimate(const linja_board *b, int32_t seat)
{
    double red = 0.0, black = 0.0;
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        red += b->red[p] * (POINTS[p] + PROGRESS_WEIGHT * p);
        black += b->black[p]
                 * (POINTS[LINJA_POSITIONS - 1 - p] + PROGRESS_WEIGHT * (LINJA_POSITIONS - 1 - p));
    }
    return seat == 0 ? red - black : black - red;
}

static int32_t balance(const linja_board *b, int32_t seat)
{
    return linja_points(b, seat) - linja_points(b, 1 - seat);
}

static double result(const linja_board *b, int32_t seat)
{
    int32_t margin = balance(b, seat);
    return margin + (margin > 0 ? WIN : margin < 0 ? -WIN : 0.0);
}

static double leaf(const linja_board *b, int32_t over, int32_t seat)
{
    return over ? result(b, seat) : estimate(b, seat);
}

/* Stable sort, highest value first (Python's sorted(..., reverse=True)). */
static void sort_children(linja_child *c, int32_t n)
{
    for (int32_t i = 1; i < n; i++) {
        linja_child key = c[i];
        int32_t j = i - 1;
        while (j >= 0 && c[j].value < key.value) {
            c[j + 1] = c[j];
            j--;
        }
        c[j + 1] = key;
    }
}

/* -- the search (SearchBot) ----------------------------------------------- */

#define OUT_OF_NODES 1

typedef struct {
    linja_workspace *ws;
    int32_t goal_bonus;
    int32_t nodes, depth, expanded, used;
    int32_t horizon;             /* whether this depth's search stopped anywhere short */
    int32_t error;               /* 0, OUT_OF_NODES or a LINJA_E_* code */
    seen_table seen;             /* the states of the position being expanded */
} search;

static void next_seen_stamp(linja_workspace *ws)
{
    if (++ws->seen_stamp == 0) { /* wrapped: forget every slot */
        memset(ws->seen, 0, (size_t)ws->seen_size * sizeof *ws->seen);
        ws->seen_stamp = 1;
    }
}

/* SearchBot._expand: the distinct states after seat's whole turns, best first. */
static const linja_entry *expand(search *s, const linja_board *b, int32_t seat)
{
    linja_workspace *ws = s->ws;
    uint32_t mask = (uint32_t)ws->table_size - 1U;
    uint32_t slot = board_hash(b, seat) & mask;
    for (;; slot = (slot + 1U) & mask) {
        linja_entry *e = &ws->table[slot];
        if (e->stamp != ws->stamp) {
            break;
        }
        if (e->seat == seat && same_board(&e->board, b)) {
            return e;
        }
    }
    s->expanded++;
    if (s->expanded > s->nodes && s->depth > 1) {
        s->error = OUT_OF_NODES;
        return NULL;
    }
    if (2 * (s->expanded + 1) > ws->table_size) {
        s->error = HG_ERR_WORKSPACE;
        return NULL;
    }
    linja_child *children = &ws->children[s->used];
    int32_t room = ws->children_capacity - s->used;
    walker w;
    keep_states(&w, room > 0 ? &children->state : NULL, sizeof *children, room, &s->seen);
    walk(&w, b, seat, 0, 0, s->goal_bonus);
    if (w.overflow) {
        s->error = HG_ERR_WORKSPACE;
        return NULL;
    }
    for (int32_t i = 0; i < w.found; i++) {
        children[i].value = leaf(&children[i].state.board, children[i].state.over, seat);
    }
    sort_children(children, w.found);
    linja_entry *e = &ws->table[slot];
    e->board = *b;
    e->seat = seat;
    e->stamp = ws->stamp;
    e->first = s->used;
    e->count = w.found;
    s->used += w.found;
    return e;
}

/* SearchBot._negamax: fail-soft alpha-beta, the value for seat to move at b. */
static double negamax(search *s, const linja_board *b, int32_t seat, int32_t depth, double alpha,
                      double beta)
{
    const linja_entry *e = expand(s, b, seat);
    if (!e) {
        return 0.0;
    }
    const linja_child *children = &s->ws->children[e->first];
    if (depth == 1) {
        s->horizon = 1;
        return children[0].value;
    }
    double best = -INFINITY;
    for (int32_t i = 0; i < e->count; i++) {
        const linja_child *c = &children[i];
        double value = c->value;
        if (!c->state.over) { /* the pool never moves: c stays valid as the search grows it */
            value = -negamax(s, &c->state.board, c->state.player, depth - 1, -beta, -alpha);
            if (s->error) {
                return 0.0;
            }
        }
        if (value > best) {
            best = value;
            alpha = alpha > value ? alpha : value;
            if (alpha >= beta) {
                break;
            }
        }
    }
    return best;
}

static void next_stamp(linja_workspace *ws)
{
    if (++ws->stamp == 0) {
        memset(ws->table, 0, (size_t)ws->table_size * sizeof *ws->table);
        ws->stamp = 1;
    }
}

/* SearchBot.rank: each turn's value (ws->values by turn), or an error code. */
static int32_t search_rank(const linja_rules *rules, const linja_bot *bot, int32_t seat,
                           linja_workspace *ws, const linja_turn *turns, int32_t n)
{
    /* the distinct root states, in the order first found, then best leaf first */
    linja_child *roots = ws->roots;
    int32_t count = 0;
    next_seen_stamp(ws);
    uint32_t mask = (uint32_t)ws->seen_size - 1U;
    for (int32_t i = 0; i < n; i++) {
        const linja_turn *t = &turns[i];
        uint32_t slot = state_hash(&t->board, t->player, t->over) & mask;
        for (;; slot = (slot + 1U) & mask) {
            linja_seen *seen = &ws->seen[slot];
            if (seen->stamp != ws->seen_stamp) {
                roots[count].state.board = t->board;
                roots[count].state.player = t->player;
                roots[count].state.over = t->over;
                roots[count].value = leaf(&t->board, t->over, seat);
                seen->stamp = ws->seen_stamp;
                seen->index = count++;
                break;
            }
            const linja_next *r = &roots[seen->index].state;
            if (r->player == t->player && r->over == t->over && same_board(&r->board, &t->board)) {
                break;
            }
        }
    }
    sort_children(roots, count);
    /* each turn's state among the sorted roots */
    next_seen_stamp(ws);
    for (int32_t r = 0; r < count; r++) {
        const linja_next *root = &roots[r].state;
        uint32_t slot = state_hash(&root->board, root->player, root->over) & mask;
        while (ws->seen[slot].stamp == ws->seen_stamp) {
            slot = (slot + 1U) & mask;
        }
        ws->seen[slot].stamp = ws->seen_stamp;
        ws->seen[slot].index = r;
        ws->values[r] = roots[r].value;
    }
    for (int32_t i = 0; i < n; i++) {
        const linja_turn *t = &turns[i];
        uint32_t slot = state_hash(&t->board, t->player, t->over) & mask;
        for (;; slot = (slot + 1U) & mask) {
            const linja_next *r = &roots[ws->seen[slot].index].state;
            if (r->player == t->player && r->over == t->over && same_board(&r->board, &t->board)) {
                ws->turn_root[i] = ws->seen[slot].index;
                break;
            }
        }
    }
    search s;
    s.ws = ws;
    s.goal_bonus = rules->goal_bonus != 0;
    s.nodes = bot->nodes;
    s.expanded = 0;
    s.used = 0;
    s.error = 0;
    next_stamp(ws);
    for (int32_t depth = 1; depth < bot->max_depth; depth++) {
        s.depth = depth;
        s.horizon = 0;
        double best = -INFINITY;
        for (int32_t r = 0; r < count && !s.error; r++) {
            const linja_next *root = &roots[r].state;
            double value = root->over
                               ? result(&root->board, seat)
                               : -negamax(&s, &root->board, root->player, depth, -INFINITY,
                                          -best + 1e-9);
            ws->deeper[r] = value;
            best = best > value ? best : value;
        }
        if (s.error == OUT_OF_NODES) {
            break;
        }
        if (s.error) {
            return s.error;
        }
        memcpy(ws->values, ws->deeper, (size_t)count * sizeof *ws->values);
        if (!s.horizon) { /* exact: a deeper search would walk the same tree again */
            break;
        }
    }
    return 0;
}

static int32_t workspace_ok(const linja_workspace *ws, int32_t searching)
{
    if (!ws || !ws->turns) {
        return 0;
    }
    if (!searching) {
        return 1;
    }
    return ws->roots && ws->values && ws->deeper && ws->turn_root && ws->children
           && ws->children_capacity >= 0 && ws->table && ws->table_size >= 2
           && (ws->table_size & (ws->table_size - 1)) == 0 && ws->seen
           && ws->seen_size >= 2 * LINJA_MAX_TURNS && (ws->seen_size & (ws->seen_size - 1)) == 0;
}

int32_t linja_choose_turn(const linja_state *state, const linja_rules *rules,
                          const linja_bot *bot, linja_rng *rng, linja_workspace *ws,
                          const linja_turn *turns, int32_t n)
{
    if (!state || !rules || !bot || !rng || !turns || n < 1 || n > LINJA_MAX_TURNS
        || state->player < 0 || state->player > 1) {
        return HG_ERR_ARGUMENT;
    }
    int32_t seat = state->player, best_count = 0;
    double best = -INFINITY;
    if (bot->policy == LINJA_POLICY_GREEDY) {
        for (int32_t i = 0; i < n; i++) {
            double rank = balance(&turns[i].board, seat);
            if (rank > best) {
                best = rank;
                best_count = 0;
            }
            best_count += rank == best;
        }
        uint32_t pick = linja_rng_below(rng, (uint32_t)best_count);
        for (int32_t i = 0; i < n; i++) {
            if (balance(&turns[i].board, seat) == best && pick-- == 0) {
                return i;
            }
        }
        return HG_ERR_ARGUMENT; /* not reached */
    }
    if (bot->policy != LINJA_POLICY_SEARCH || bot->nodes < 0 || bot->max_depth < 1
        || !workspace_ok(ws, 1)) {
        return HG_ERR_ARGUMENT;
    }
    int32_t status = search_rank(rules, bot, seat, ws, turns, n);
    if (status < 0) {
        return status;
    }
    for (int32_t i = 0; i < n; i++) {
        double rank = ws->values[ws->turn_root[i]];
        if (rank > best) {
            best = rank;
            best_count = 0;
        }
        best_count += rank == best;
    }
    uint32_t pick = linja_rng_below(rng, (uint32_t)best_count);
    for (int32_t i = 0; i < n; i++) {
        if (ws->values[ws->turn_root[i]] == best && pick-- == 0) {
            return i;
        }
    }
    return HG_ERR_ARGUMENT; /* not reached */
}

/* -- whole games ----------------------------------------------------------- */

static int32_t play_one(const linja_rules *rules, const uint32_t *base, uint64_t deal_seed,
                        const linja_bot *bots, linja_workspace *ws, linja_state *state,
                        linja_move *moves, int32_t *played)
{
    linja_rng rngs[3];           /* each seat's bot, and the deal's random.Random(seed) */
    linja_rng *const which[3] = {&rngs[0], &rngs[1], &rngs[2]};
    const uint64_t seeds[3] = {bots[0].seed, bots[1].seed, deal_seed};
    pyrandom_seed_many(which, seeds, 3, base);
    linja_start(state, (int32_t)pyrandom_below(&rngs[2], 2)); /* randrange(2) */
    int32_t goal_bonus = rules->goal_bonus != 0, count = 0;
    while (state->termination == LINJA_ONGOING) {
        int32_t seat = state->player;
        const linja_bot *bot = &bots[seat];
        if (bot->policy == LINJA_POLICY_RANDOM) {
            linja_move legal[LINJA_MAX_MOVES];
            int32_t n = steps(&state->board, seat, state->following ? state->following : 1, legal);
            if (n == 0) {
                legal[0].src = legal[0].dst = -1;
                n = 1;
            }
            linja_move m = legal[linja_rng_below(&rngs[seat], (uint32_t)n)];
            if (count >= LINJA_MAX_GAME_MOVES) {
                return HG_ERR_CAPACITY;
            }
            if (moves) {
                moves[count] = m;
            }
            count++;
            apply(state, m, goal_bonus);
            continue;
        }
        walker w;
        w.turns = ws->turns;
        w.capacity = LINJA_MAX_TURNS;
        walk(&w, &state->board, seat, state->following, state->bonus, goal_bonus);
        if (w.overflow) {
            return HG_ERR_CAPACITY;
        }
        int32_t pick = linja_choose_turn(state, rules, bot, &rngs[seat], ws, ws->turns, w.found);
        if (pick < 0) {
            return pick;
        }
        const linja_turn *turn = &ws->turns[pick];
        for (int32_t i = 0; i < turn->count; i++) {
            if (count >= LINJA_MAX_GAME_MOVES) {
                return HG_ERR_CAPACITY;
            }
            if (moves) {
                moves[count] = turn->moves[i];
            }
            count++;
            apply(state, turn->moves[i], goal_bonus);
        }
    }
    *played = count;
    return 0;
}

int32_t linja_play_games(const linja_rules *rules, int32_t games, const uint64_t *deal_seeds,
                         const linja_bot *bots, linja_workspace *ws, int32_t *scores,
                         int8_t *winners, linja_move *moves, int32_t *move_counts)
{
    if (!rules || games < 0 || !deal_seeds || !bots || !scores || !winners
        || (moves && !move_counts)) {
        return HG_ERR_ARGUMENT;
    }
    for (int32_t i = 0; i < 2 * games; i++) {
        const linja_bot *bot = &bots[i];
        if (bot->policy < LINJA_POLICY_RANDOM || bot->policy > LINJA_POLICY_SEARCH
            || (bot->policy != LINJA_POLICY_RANDOM && !workspace_ok(ws, bot->policy == LINJA_POLICY_SEARCH))
            || (bot->policy == LINJA_POLICY_SEARCH && (bot->nodes < 0 || bot->max_depth < 1))) {
            return HG_ERR_ARGUMENT;
        }
    }
    uint32_t base[PYRANDOM_N];
    pyrandom_start(base);
    for (int32_t g = 0; g < games; g++) {
        linja_state state;
        int32_t played = 0;
        linja_move *out = moves ? &moves[(int64_t)g * LINJA_MAX_GAME_MOVES] : NULL;
        int32_t status =
            play_one(rules, base, deal_seeds[g], &bots[2 * g], ws, &state, out, &played);
        if (status < 0) {
            return status;
        }
        scores[2 * g] = linja_points(&state.board, 0);
        scores[2 * g + 1] = linja_points(&state.board, 1);
        winners[g] = (int8_t)linja_winner(&state, rules);
        if (move_counts) {
            move_counts[g] = played;
        }
    }
    return games;
}
