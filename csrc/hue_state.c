/*
 * hue_state.c -- one game's state for the Game API (hue_core.h): a table in
 * a buffer sized once, its cards with what each covered, and the hands.
 *
 * The state is one block of caller memory: the hue_state header, then
 * capacity laid records, a byte per deck card (on the table or not), and
 * the table's codes and marks (hue_internal.h's `table`), side x side
 * each.  Every array is found from the header by offset, never by a stored
 * pointer, so copying the bytes copies the game.
 *
 * The first card is laid with its anchor at buffer cell (3 capacity + 2)
 * on both axes; each later card lies within 3 cells of the occupied box,
 * so the box, grown by the 4 cells that marks and listings reach, stays
 * inside the buffer while at most `capacity` cards are on it.
 */
#include "hue_internal.h"

#define REACH 3                  /* a legal footprint lies this close to the box */

/* A capacity whose buffer side is at most HUE_MAX_SIDE. */
static int capacity_ok(int32_t capacity)
{
    return capacity >= 1 && capacity <= (HUE_MAX_SIDE - 8) / 6;
}

/* Where the first card's anchor goes, on both axes. */
static int32_t first_anchor(int32_t capacity)
{
    return 3 * capacity + 2;
}

/* The layout is hue_internal.h's (state_record, state_*_at): writable here. */
static state_record *records(hue_state *s)
{
    return (state_record *)((char *)s + state_records_at());
}

static uint8_t *laid_flags(hue_state *s)
{
    return (uint8_t *)((char *)s + state_flags_at(s));
}

/* The table of the state's buffer: codes, then marks. */
static table table_of(const hue_state *s)
{
    size_t cells = (size_t)s->side * (size_t)s->side;
    table t;

    t.code = (hue_cell *)((char *)s + state_codes_at(s));
    t.mark = (uint8_t *)((char *)t.code + round8(cells * sizeof(hue_cell)));
    t.width = t.height = s->side;
    memcpy(t.box, s->box, sizeof t.box);
    return t;
}

size_t hue_state_size(int32_t capacity, int32_t card_count)
{
    if (!capacity_ok(capacity) || card_count < 1
        || card_count > HUE_MAX_CARDS)
        return 0;
    return round8(sizeof(hue_state)) + round8((size_t)capacity * sizeof(state_record))
        + round8((size_t)card_count) + table_bytes(state_side(capacity), state_side(capacity));
}

int hue_state_init(void *memory, size_t size, int32_t players, int32_t card_count,
                   int32_t allow_cover, int32_t capacity, int64_t limit, int64_t span)
{
    size_t needed = hue_state_size(capacity, card_count);
    hue_state *s = (hue_state *)memory;

    if (memory == NULL || ((uintptr_t)memory & 7u) != 0 || needed == 0 || size < needed
        || !players_ok(players) || limit < 1 || limit > HUE_MAX_ORIGIN || span < 1)
        return HG_ERR_ARGUMENT;
    memset(memory, 0, needed);
    s->size = (int64_t)needed;
    s->players = players;
    s->card_count = card_count;
    s->allow_cover = allow_cover != 0;
    s->capacity = capacity;
    s->side = state_side(capacity);
    s->box[0] = s->box[1] = INT32_MAX;
    s->box[2] = s->box[3] = -1;
    s->limit = limit;
    s->span = span;
    return 0;
}

/* A state whose header can be trusted to describe its block: a sanity
 * check of what hue_state_init and the functions below keep true. */
static int state_ok(const hue_state *s)
{
    int32_t first, low, high;

    if (s == NULL || !players_ok(s->players) || !capacity_ok(s->capacity)
        || s->side != state_side(s->capacity)
        || s->card_count < 1 || s->card_count > HUE_MAX_CARDS
        || s->size != (int64_t)hue_state_size(s->capacity, s->card_count)
        || s->laid < 0 || s->laid > s->capacity || s->fixed < 0 || s->fixed > s->laid
        || s->moves != s->laid - s->fixed)
        return 0;
    if (s->laid == 0)
        return 1;
    /* Each card after the first grows the box by at most REACH a side. */
    first = first_anchor(s->capacity);
    low = first - REACH * (s->laid - 1);
    high = first + 2 + REACH * (s->laid - 1);
    return s->box[0] >= low && s->box[1] >= low && s->box[0] <= s->box[2]
        && s->box[1] <= s->box[3] && s->box[2] <= high && s->box[3] <= high;
}

/* hue_internal.h: the state as hue_state_init left it, clearing only what
 * its cards wrote (the codes and marks of the box grown by one cell, the
 * laid flags): 0, or HG_ERR_ARGUMENT (nothing changed) for a state
 * state_ok does not hold. */
int state_renew(hue_state *s)
{
    if (!state_ok(s))
        return HG_ERR_ARGUMENT;
    if (s->laid > 0) {
        table t = table_of(s);
        int32_t y, x0 = s->box[0] - 1, width = s->box[2] - s->box[0] + 3;
        for (y = s->box[1] - 1; y <= s->box[3] + 1; y++) {
            size_t at = (size_t)y * (size_t)s->side + (size_t)x0;
            memset(t.code + at, 0, (size_t)width * sizeof(hue_cell));
            memset(t.mark + at, 0, (size_t)width);
        }
        memset(laid_flags(s), 0, (size_t)s->card_count);
    }
    s->laid = s->fixed = s->moves = s->occupied = 0;
    s->box[0] = s->box[1] = INT32_MAX;
    s->box[2] = s->box[3] = -1;
    s->origin_x = s->origin_y = 0;
    return 0;
}

static int setup_ok(const hue_setup *setup, const hue_state *s)
{
    return setup != NULL && setup->deck != NULL && setup->card_count == s->card_count;
}

int hue_hands_set(hue_hands *hands, int32_t card_count, int32_t seat, const int32_t *cards,
                  int32_t count)
{
    int32_t k;

    if (hands == NULL || !players_ok(hands->players) || seat < 0 || seat >= hands->players
        || count < 0 || count > HUE_MAX_HAND || (count > 0 && cards == NULL))
        return HG_ERR_ARGUMENT;
    for (k = 0; k < count; k++)
        if (cards[k] < 0 || cards[k] >= card_count || (k > 0 && cards[k] <= cards[k - 1]))
            return HG_ERR_ARGUMENT;
    memcpy(hands->cards[seat], cards, (size_t)count * sizeof(int32_t));
    hands->count[seat] = count;
    return 0;
}

/* Whether `hands` fits the state: as many seats, each hand in range. */
static int hands_ok(const hue_hands *h, const hue_state *s)
{
    int32_t seat, k;

    if (h == NULL || h->players != s->players)
        return 0;
    for (seat = 0; seat < h->players; seat++) {
        if (h->count[seat] < 0 || h->count[seat] > HUE_MAX_HAND)
            return 0;
        for (k = 0; k < h->count[seat]; k++)
            if (h->cards[seat][k] < 0 || h->cards[seat][k] >= s->card_count)
                return 0;
    }
    return 1;
}

/* Whether the occupied box grown to hold table cells x0 y0 x1 y1 keeps the
 * table within its limits (cells.beyond_limits). */
static int box_within(const hue_state *s, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    if (s->laid > 0) {
        int64_t bx0 = s->origin_x + s->box[0], by0 = s->origin_y + s->box[1];
        int64_t bx1 = s->origin_x + s->box[2], by1 = s->origin_y + s->box[3];
        if (bx0 < x0) x0 = bx0;
        if (by0 < y0) y0 = by0;
        if (bx1 > x1) x1 = bx1;
        if (by1 > y1) y1 = by1;
    }
    return x0 >= -s->limit && y0 >= -s->limit && x1 <= s->limit && y1 <= s->limit
        && x1 - x0 < s->span && y1 - y0 < s->span;
}

/* Whether a footprint from table cell (x, y) keeps the table within its limits. */
static int within_limits(const hue_state *s, int64_t x, int64_t y, int horizontal)
{
    return box_within(s, x, y, x + (horizontal ? 2 : 0), y + (horizontal ? 0 : 2));
}

/* Checks a placement and finds its anchor in buffer cells: 0, or the error
 * hue_state_lay returns. */
static int placement(const hue_setup *setup, const hue_state *s, int32_t card, int64_t x,
                     int64_t y, int32_t rotation, int check, int32_t *bx, int32_t *by)
{
    const hue_card *c;
    int horizontal = rotation & 1;
    int k;

    if (!setup_ok(setup, s) || card < 0 || card >= s->card_count || rotation < 0 || rotation > 3)
        return HG_ERR_ARGUMENT;
    c = &setup->deck[card];
    for (k = 0; k < 3; k++)
        if (c->shapes[rotation][k] == HUE_EMPTY || !cell_ok(c->shapes[rotation][k]))
            return HG_ERR_DECK;
    if (s->laid == s->capacity)
        return HG_ERR_CAPACITY;
    if (x < -HUE_MAX_ORIGIN || x > HUE_MAX_ORIGIN || y < -HUE_MAX_ORIGIN || y > HUE_MAX_ORIGIN)
        return HG_ERR_BOUNDS;
    if (s->laid == 0) {
        *bx = *by = first_anchor(s->capacity);
    } else {
        int64_t ax = x - s->origin_x, ay = y - s->origin_y;
        int32_t dx = horizontal ? 2 : 0, dy = horizontal ? 0 : 2;
        if (ax < s->box[0] - REACH || ax + dx > s->box[2] + REACH
            || ay < s->box[1] - REACH || ay + dy > s->box[3] + REACH)
            return check ? HG_ERR_ILLEGAL : HG_ERR_BOUNDS;
        *bx = (int32_t)ax;
        *by = (int32_t)ay;
    }
    if (check) {
        if (((const uint8_t *)s + state_flags_at(s))[card] || !within_limits(s, x, y, horizontal))
            return HG_ERR_ILLEGAL;
        if (s->laid > 0) {
            table t = table_of(s);
            if (!table_legal(&t, *bx, *by, horizontal, s->allow_cover))
                return HG_ERR_ILLEGAL;
        }
    }
    return 0;
}

/* Lays a checked placement, recording what it covers. */
static void lay(const hue_setup *setup, hue_state *s, int32_t card, int64_t x, int64_t y,
                int32_t rotation, int32_t bx, int32_t by, int32_t seat)
{
    state_record *r = &records(s)[s->laid];
    table t = table_of(s);
    int32_t step = (rotation & 1) ? 1 : s->side, at = by * s->side + bx, k;

    if (s->laid == 0) {
        s->origin_x = x - bx;
        s->origin_y = y - by;
    }
    r->card = card;
    r->rotation = rotation;
    r->x = bx;
    r->y = by;
    r->seat = seat;
    memcpy(r->box, s->box, sizeof r->box);
    for (k = 0; k < 3; k++) {
        r->covered[k] = t.code[at + k * step];
        s->occupied += r->covered[k] == HUE_EMPTY;
    }
    table_lay(&t, &setup->deck[card], bx, by, rotation);
    memcpy(s->box, t.box, sizeof s->box);
    laid_flags(s)[card] = 1;
    s->laid++;
    if (seat >= 0)
        s->moves++;
    else
        s->fixed++;
}

int hue_state_lay(const hue_setup *setup, hue_state *state, int32_t card, int64_t x, int64_t y,
                  int32_t rotation, int32_t seat, int check)
{
    int32_t bx = 0, by = 0;
    int status;

    if (!state_ok(state))
        return HG_ERR_ARGUMENT;
    if (seat < -1 || seat >= state->players || (seat == -1 && state->moves > 0)
        || (seat >= 0 && seat != state->moves % state->players))
        return HG_ERR_ARGUMENT;
    status = placement(setup, state, card, x, y, rotation, check, &bx, &by);
    if (status == 0 && !check && laid_flags(state)[card])
        status = HG_ERR_ILLEGAL;     /* never one card twice, even trusted */
    if (status < 0)
        return status;
    lay(setup, state, card, x, y, rotation, bx, by, seat);
    return 0;
}

int hue_state_play(const hue_setup *setup, hue_state *state, hue_hands *hands, int32_t card,
                   int64_t x, int64_t y, int32_t rotation)
{
    int32_t seat, slot, bx = 0, by = 0;
    int status;

    if (!state_ok(state) || !hands_ok(hands, state) || !setup_ok(setup, state))
        return HG_ERR_ARGUMENT;
    if (hue_hands_over(hands))
        return HG_ERR_STATE;
    seat = state->moves % state->players;
    for (slot = 0; slot < hands->count[seat]; slot++)
        if (hands->cards[seat][slot] == card)
            break;
    if (slot == hands->count[seat])
        return HG_ERR_ILLEGAL;
    status = placement(setup, state, card, x, y, rotation, 1, &bx, &by);
    if (status < 0)
        return status;
    lay(setup, state, card, x, y, rotation, bx, by, seat);
    hand_remove(hands->cards[seat], &hands->count[seat], slot);
    return 0;
}

/* Marks again the cells around a footprint whose codes changed. */
static void remark(table *t, int32_t bx, int32_t by, int horizontal)
{
    int32_t w = t->width, x, y;
    int32_t x1 = bx + (horizontal ? 2 : 0) + 1, y1 = by + (horizontal ? 0 : 2) + 1;

    for (y = by - 1; y <= y1; y++) {
        for (x = bx - 1; x <= x1; x++) {
            int32_t at = y * w + x;
            if (t->code[at] != HUE_EMPTY)
                t->mark[at] = MARK_TAKEN;
            else
                t->mark[at] = (t->code[at - 1] | t->code[at + 1] | t->code[at - w]
                               | t->code[at + w]) ? MARK_TOUCH : 0;
        }
    }
}

int32_t hue_state_undo(hue_state *state, hue_hands *hands)
{
    state_record *r;
    table t;
    int32_t step, at, seat, n, k;

    if (!state_ok(state) || !hands_ok(hands, state))
        return HG_ERR_ARGUMENT;
    if (state->moves == 0)
        return HG_ERR_STATE;
    r = &records(state)[state->laid - 1];
    seat = r->seat;
    if (seat < 0 || seat >= state->players || hands->count[seat] >= HUE_MAX_HAND
        || r->card < 0 || r->card >= state->card_count)
        return HG_ERR_ARGUMENT;  /* a full hand, or not a record hue_state_lay wrote */
    t = table_of(state);
    step = (r->rotation & 1) ? 1 : state->side;
    at = r->y * state->side + r->x;
    for (k = 0; k < 3; k++) {
        t.code[at + k * step] = r->covered[k];
        state->occupied -= r->covered[k] == HUE_EMPTY;
    }
    remark(&t, r->x, r->y, r->rotation & 1);
    memcpy(state->box, r->box, sizeof state->box);
    laid_flags(state)[r->card] = 0;
    state->laid--;
    state->moves--;
    n = hands->count[seat];
    for (k = n; k > 0 && hands->cards[seat][k - 1] > r->card; k--)
        hands->cards[seat][k] = hands->cards[seat][k - 1];
    hands->cards[seat][k] = r->card;
    hands->count[seat] = n + 1;
    return r->card;
}

int64_t hue_state_legal_capacity(const hue_state *state)
{
    int64_t w, h;

    if (!state_ok(state) || state->laid == 0)
        return 0;
    w = state->box[2] - state->box[0] + 1;
    h = state->box[3] - state->box[1] + 1;
    return (w + 2) * (h + 4) + (w + 4) * (h + 2);
}

/* The legal anchors in hue_state_legal's order (vertical footprints, then
 * horizontal, each sorted by (y, x)), into `pairs` as table cells, or, when
 * `pairs` is NULL, into `positions` as (y - top) * cols + x - left from
 * buffer cell (left, top).  Far from the limits each cell scanned is
 * written at the next index and kept when legal, without a branch; so
 * both take hue_state_legal_capacity entries. */
static int64_t scan_legal(const hue_state *state, int64_t *pairs, int32_t *positions,
                          int32_t left, int32_t top, int32_t cols, int32_t counts[2])
{
    table t = table_of(state);
    int64_t n = 0;
    int32_t o;
    int cover = state->allow_cover != 0;
    /* Far from the limits, no footprint in reach can break them. */
    int near = !box_within(state, state->origin_x + t.box[0] - REACH,
                           state->origin_y + t.box[1] - REACH, state->origin_x + t.box[2] + REACH,
                           state->origin_y + t.box[3] + REACH);

    for (o = 0; o < 2; o++) {
        int32_t step = o ? 1 : t.width, start = (int32_t)n, x, y;
        int32_t xa = t.box[0] - (o ? 3 : 1), ya = t.box[1] - (o ? 1 : 3), xb = t.box[2] + 1;
        for (y = ya; y <= t.box[3] + 1; y++) {
            const uint8_t *row = t.mark + (size_t)y * (size_t)t.width;
            int64_t ty = state->origin_y + y;
            int32_t base = (y - top) * cols - left;
            if (near) {
                for (x = xa; x <= xb; x++) {
                    unsigned sum = (unsigned)row[x] + row[x + step] + row[x + 2 * step];
                    if (!LEGAL_SUM[cover][sum] || !within_limits(state, state->origin_x + x, ty, o))
                        continue;
                    if (pairs != NULL) {
                        pairs[2 * n] = state->origin_x + x;
                        pairs[2 * n + 1] = ty;
                    } else {
                        positions[n] = base + x;
                    }
                    n++;
                }
            } else if (pairs != NULL) { /* without a branch on the cell */
                for (x = xa; x <= xb; x++) {
                    unsigned sum = (unsigned)row[x] + row[x + step] + row[x + 2 * step];
                    pairs[2 * n] = state->origin_x + x;
                    pairs[2 * n + 1] = ty;
                    n += LEGAL_SUM[cover][sum];
                }
            } else {
                for (x = xa; x <= xb; x++) {
                    unsigned sum = (unsigned)row[x] + row[x + step] + row[x + 2 * step];
                    positions[n] = base + x;
                    n += LEGAL_SUM[cover][sum];
                }
            }
        }
        counts[o] = (int32_t)(n - start);
    }
    return n;
}

int64_t hue_state_legal(const hue_state *state, int64_t *pairs, int64_t capacity,
                        int32_t counts[2])
{
    if (!state_ok(state) || pairs == NULL || counts == NULL || capacity < 0)
        return HG_ERR_ARGUMENT;
    if (state->laid == 0) {
        counts[0] = counts[1] = 0;
        return 0;
    }
    if (capacity < hue_state_legal_capacity(state))
        return HG_ERR_CAPACITY;
    return scan_legal(state, pairs, NULL, 0, 0, 0, counts);
}

int64_t state_legal_positions(const hue_state *state, int32_t left, int32_t top, int32_t cols,
                              int32_t rows, int32_t *positions, int64_t capacity,
                              int32_t counts[2])
{
    if (!state_ok(state) || state->laid == 0 || positions == NULL || counts == NULL)
        return HG_ERR_ARGUMENT;
    if (capacity < hue_state_legal_capacity(state))
        return HG_ERR_CAPACITY;
    /* The scan's cells run from the box grown by 3 up and left to 1 past
     * it: all inside the frame when it holds them. */
    if (state->box[0] - 3 < left || state->box[1] - 3 < top
        || state->box[2] + 1 - left >= cols || state->box[3] + 1 - top >= rows)
        return HG_ERR_BOUNDS;
    return scan_legal(state, NULL, positions, left, top, cols, counts);
}

size_t hue_state_workspace_size(const hue_state *state)
{
    if (!state_ok(state))
        return 0;
    if (state->laid == 0)
        return 1;
    return hue_workspace_size(state->box[2] - state->box[0] + 1, state->box[3] - state->box[1] + 1);
}

int hue_state_scores(const hue_setup *setup, const hue_state *state, const hue_hands *hands,
                     void *workspace, size_t workspace_size, int32_t values[HUE_COLOURS],
                     int32_t *scores)
{
    int32_t found[HUE_COLOURS] = {0, 0, 0, 0, 0}, best[HUE_MAX_PLAYERS], seat, k;
    int scoring = hands != NULL && scores != NULL;

    if (!state_ok(state) || values == NULL
        || (scoring && (!setup_ok(setup, state) || !hands_ok(hands, state))))
        return HG_ERR_ARGUMENT;
    if (workspace == NULL || workspace_size < hue_state_workspace_size(state))
        return HG_ERR_WORKSPACE;
    if (scoring) {
        for (seat = 0; seat < state->players; seat++) {
            for (k = 0; k < hands->count[seat]; k++) {
                int32_t card = hands->cards[seat][k];
                if (setup->deck[card].colours[0] >= HUE_COLOURS
                    || setup->deck[card].colours[1] >= HUE_COLOURS
                    || setup->deck[card].colours[2] >= HUE_COLOURS)
                    return HG_ERR_DECK;
            }
        }
    }
    if (state->laid > 0) {
        table t = table_of(state);
        table_values(&t, workspace, found);
    }
    if (scoring) {
        for (seat = 0; seat < state->players; seat++) {
            best[seat] = 0;
            for (k = 0; k < hands->count[seat]; k++) {
                int32_t score = card_score(&setup->deck[hands->cards[seat][k]], found);
                if (k == 0 || score > best[seat])
                    best[seat] = score;
            }
        }
        memcpy(scores, best, (size_t)state->players * sizeof(int32_t));
    }
    memcpy(values, found, sizeof found);
    return 0;
}

int32_t hue_state_cell(const hue_state *state, int64_t x, int64_t y)
{
    table t;
    int64_t bx, by;

    if (!state_ok(state) || state->laid == 0)
        return 0;
    if (x < -HUE_MAX_ORIGIN || x > HUE_MAX_ORIGIN || y < -HUE_MAX_ORIGIN || y > HUE_MAX_ORIGIN)
        return 0;
    bx = x - state->origin_x;
    by = y - state->origin_y;
    if (bx < 0 || by < 0 || bx >= state->side || by >= state->side)
        return 0;
    t = table_of(state);
    return t.code[by * state->side + bx];
}

int hue_state_deal(const hue_setup *setup, hue_state *state, hue_hands *hands, uint64_t seed,
                   int32_t *cards, int32_t rotations[3])
{
    uint32_t start[PYRANDOM_N];
    pyrandom gen;

    pyrandom_start(start);
    pyrandom_seed(&gen, start, seed);
    return state_deal(setup, state, hands, &gen, cards, rotations);
}

int state_deal(const hue_setup *setup, hue_state *state, hue_hands *hands, pyrandom *gen,
               int32_t *cards, int32_t rotations[3])
{
    int32_t dealt, seat, k;
    int status;

    if (!state_ok(state) || !setup_ok(setup, state) || hands == NULL
        || hands->players != state->players || setup->players != state->players
        || state->laid != 0 || state->capacity < 3)
        return HG_ERR_ARGUMENT;
    status = deal_with(setup, gen, cards, rotations);
    if (status < 0)
        return status;
    dealt = hue_game_moves(state->players) / state->players + 1;
    if (dealt > HUE_MAX_HAND)
        return HG_ERR_ARGUMENT;
    for (k = 0; k < 3; k++) {
        int32_t bx = 0, by = 0;
        status = placement(setup, state, cards[state->players * dealt + k], k, k, rotations[k], 0,
                           &bx, &by);
        if (status < 0)
            return status;      /* not reached: the staircase is in reach, its codes checked */
        lay(setup, state, cards[state->players * dealt + k], k, k, rotations[k], bx, by, -1);
    }
    for (seat = 0; seat < state->players; seat++) {
        memcpy(hands->cards[seat], cards + seat * dealt, (size_t)dealt * sizeof(int32_t));
        hands->count[seat] = dealt;
    }
    return 0;
}
