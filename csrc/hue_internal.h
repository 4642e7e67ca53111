/*
 * hue_internal.h -- what the source files of the Hue core share.  Not part
 * of the contract (hue_core.h is): nothing here is exported, and it may
 * change with any release.
 *
 *   hue_core.c    cells, connected areas and colour values, legal placements
 *   hue_encode.c  the learning environments' encoding (mask, planes, observation),
 *                 from a grid or straight from a game's state
 *   hue_table.c   the kernels' building blocks: random numbers, decks, a growing
 *                 table with its marks, listing and indexing legal anchors
 *   hue_greedy.c  GreedyBot's choice, bit for bit, on a growing table
 *   hue_kernel.c  whole games and playouts (the kernel entry points)
 *   hue_state.c   one game's state for the Game API (table, placements, hands)
 *
 * Small functions on the hot paths are static inline here, so that every
 * file gets them inlined; the others are defined once and declared here,
 * hidden from the linker (HG_INTERNAL).
 */
#ifndef HUE_INTERNAL_H
#define HUE_INTERNAL_H

#include "hue_core.h"
#include "pyrandom.h"

#include <stdint.h>
#include <string.h>

#define CELL_VALID_BITS 0x0FFFu  /* layout, three colours, skull */

/* ---- cells -------------------------------------------------------------- */

/* Whether the game of these hands is over: every seat holds only its score card. */
static inline int hue_hands_over(const hue_hands *h)
{
    for (int32_t seat = 0; seat < h->players; seat++)
        if (h->count[seat] != 1)
            return 0;
    return 1;
}

static inline int side_ok(int32_t width, int32_t height)
{
    return width >= 1 && width <= HUE_MAX_SIDE
        && height >= 1 && height <= HUE_MAX_SIDE;
}

static inline unsigned colour_of(hue_cell code, unsigned k)
{
    return (code >> (HUE_COLOUR_SHIFT + 3 * k)) & 0x7u;
}

static inline int cell_ok(hue_cell code)
{
    if (code == HUE_EMPTY)
        return 1;
    return (code & ~CELL_VALID_BITS) == 0
        && (code & HUE_LAYOUT_MASK) != HUE_EMPTY
        && colour_of(code, 0) < HUE_COLOURS
        && colour_of(code, 1) < HUE_COLOURS
        && colour_of(code, 2) < HUE_COLOURS;
}

/* ---- areas -------------------------------------------------------------- */

/* Scoring works on segments, not sub-cells: a solid square is one segment
 * of 9 sub-cells, a striped square three segments (its stripes) of 3.  Two
 * segments of one colour lie in one area when they share a side: two
 * neighbouring stripes of a square, or the sub-cell rows (columns) that
 * meet along the side between two squares.  A union-find over the segments
 * of the occupied box joins them into areas, each root keeping its area's
 * size and whether it holds a skull square.
 *
 * The workspace, carved from the caller's buffer (aligned up first), for a
 * box of w x h cells, with three segment slots per cell:
 *   int32_t  parent[3 w h]     the union-find forest
 *   int32_t  size[3 w h]       sub-cells in a root's area
 *   hue_cell cell[w h]         the box's cells (candidates written over them)
 *   uint8_t  poisoned[3 w h]   a root's area holds a skull square
 * With sides <= HUE_MAX_SIDE every index fits an int32_t. */
typedef struct {
    int32_t *parent;
    int32_t *size;
    hue_cell *cell;
    uint8_t *poisoned;
    int32_t width, height;       /* the box */
} areas;

/* The segment of a square that holds its sub-cell (column, row). */
static inline int32_t segment_at(hue_cell code, int32_t column, int32_t row)
{
    switch (code & HUE_LAYOUT_MASK) {
    case HUE_VERTICAL:
        return column;
    case HUE_HORIZONTAL:
        return row;
    default:
        return 0;
    }
}

static inline int32_t root_of(const areas *a, int32_t s)
{
    while (a->parent[s] != s) {
        a->parent[s] = a->parent[a->parent[s]];     /* path halving */
        s = a->parent[s];
    }
    return s;
}

static inline void join(const areas *a, int32_t s, int32_t t)
{
    s = root_of(a, s);
    t = root_of(a, t);
    if (s == t)
        return;
    if (a->size[s] < a->size[t]) {
        int32_t u = s;
        s = t;
        t = u;
    }
    a->parent[t] = s;
    a->size[s] += a->size[t];
    a->poisoned[s] |= a->poisoned[t];
}

/* SIDE_SEGMENT[layout][side][j]: the segment of a square holding sub-cell j
 * (from the left or the top) of its side 0 left, 1 right, 2 top, 3 bottom;
 * segment_at as a table. */
static const uint8_t SIDE_SEGMENT[4][4][3] = {
    {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},   /* empty: no segment */
    {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},   /* solid */
    {{0, 0, 0}, {2, 2, 2}, {0, 1, 2}, {0, 1, 2}},   /* vertical stripes */
    {{0, 1, 2}, {0, 1, 2}, {0, 0, 0}, {2, 2, 2}},   /* horizontal stripes */
};

/* Joins the same-colour segments of squares `at` and `next` along the side
 * they share: next lies right of at (across) or below it. */
static inline void join_side(const areas *a, int32_t at, int32_t next, int across)
{
    hue_cell here = a->cell[at], there = a->cell[next];
    const uint8_t *mine = SIDE_SEGMENT[here & HUE_LAYOUT_MASK][across ? 1 : 3];
    const uint8_t *theirs = SIDE_SEGMENT[there & HUE_LAYOUT_MASK][across ? 0 : 2];
    int32_t k;

    for (k = 0; k < 3; k++)
        if (colour_of(here, mine[k]) == colour_of(there, theirs[k]))
            join(a, 3 * at + mine[k], 3 * next + theirs[k]);
}

/* Segments of a square: one when solid, else its three stripes. */
static inline int32_t segments_of(hue_cell code)
{
    return (code & HUE_LAYOUT_MASK) == HUE_SOLID ? 1 : 3;
}

/* hue_core.c */
HG_INTERNAL int occupied_box(const hue_cell *cells, int32_t width, int32_t height,
                             int32_t box[4]);
HG_INTERNAL areas carve_box(void *workspace, const hue_cell *cells, int32_t width,
                            const int32_t box[4]);
HG_INTERNAL void value_box(const areas *a, int32_t values[HUE_COLOURS]);

/* ---- random numbers ----------------------------------------------------- */

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64. */
typedef struct {
    uint64_t s[4];
} rng;

static inline uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

/* Uniform in [0, n), n >= 1: Lemire's multiply-and-reject, no bias. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;

    if (low < n) {
        uint32_t floor = (uint32_t)(0u - n) % n;
        while (low < floor) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* hue_table.c */
HG_INTERNAL void rng_seed(rng *r, uint64_t seed, uint64_t stream);

/* ---- decks -------------------------------------------------------------- */

static inline int32_t card_score(const hue_card *card, const int32_t values[HUE_COLOURS])
{
    return values[card->colours[0]] + 2 * values[card->colours[1]]
        + values[card->colours[2]];
}


/* hue_table.c */
HG_INTERNAL int deck_check(const hue_card *deck, int32_t card_count);

/* ---- a growing table ---------------------------------------------------- */

/* A table in a fixed buffer whose occupied cells always stay at least 4
 * cells inside its edges (the callers size it so), so neighbours and
 * candidate footprints need no bounds tests.  mark[] holds MARK_TAKEN on an
 * occupied cell, MARK_TOUCH on an empty cell beside one, else 0: the sum of
 * a footprint's marks tells how many cells it covers and whether it
 * touches the table. */

#define MARK_TOUCH 1u
#define MARK_TAKEN 4u

/* LEGAL_SUM[allow_cover][sum of a footprint's marks], rules section 4:
 * 1..3 covers nothing and touches; 4..6 covers exactly one cell. */
static const uint8_t LEGAL_SUM[2][16] = {
    {0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};

typedef struct {
    hue_cell *code;
    uint8_t *mark;
    int32_t width, height;
    int32_t box[4];              /* occupied x0 y0 x1 y1, buffer cells */
} table;

static inline size_t round8(size_t bytes)
{
    return (bytes + 7) & ~(size_t)7;
}

/* Carves `bytes` from *at, keeping *at 8-aligned. */
static inline void *take(uintptr_t *at, size_t bytes)
{
    void *p = (void *)*at;
    *at += round8(bytes);
    return p;
}

static inline uintptr_t align8(void *workspace)
{
    return ((uintptr_t)workspace + 7) & ~(uintptr_t)7;
}

/* Shows `code` (non-empty) on buffer cell (x, y). */
static inline void table_show(table *t, int32_t x, int32_t y, hue_cell code)
{
    int32_t w = t->width, at = y * w + x;
    uint8_t *mark = t->mark;

    t->code[at] = code;
    mark[at] = MARK_TAKEN;
    if (mark[at - 1] == 0) mark[at - 1] = MARK_TOUCH;
    if (mark[at + 1] == 0) mark[at + 1] = MARK_TOUCH;
    if (mark[at - w] == 0) mark[at - w] = MARK_TOUCH;
    if (mark[at + w] == 0) mark[at + w] = MARK_TOUCH;
    if (x < t->box[0]) t->box[0] = x;
    if (y < t->box[1]) t->box[1] = y;
    if (x > t->box[2]) t->box[2] = x;
    if (y > t->box[3]) t->box[3] = y;
}

static inline void table_lay(table *t, const hue_card *card, int32_t x, int32_t y,
                      int32_t rotation)
{
    int32_t dx = rotation & 1, dy = 1 - dx, k;

    for (k = 0; k < 3; k++)
        table_show(t, x + k * dx, y + k * dy, card->shapes[rotation][k]);
}

static inline int table_legal(const table *t, int32_t x, int32_t y, int horizontal,
                       int allow_cover)
{
    int32_t at = y * t->width + x, step = horizontal ? 1 : t->width;
    const uint8_t *mark = t->mark;

    return LEGAL_SUM[allow_cover != 0][mark[at] + mark[at + step] + mark[at + 2 * step]];
}

static inline void hand_remove(int32_t *hand, int32_t *n, int32_t at)
{
    int32_t k;

    for (k = at; k + 1 < *n; k++)
        hand[k] = hand[k + 1];
    (*n)--;
}

static inline int32_t first_best(const int32_t *scores, int32_t players)
{
    int32_t best = 0, s;

    for (s = 1; s < players; s++)
        if (scores[s] > scores[best])
            best = s;
    return best;
}

/* ---- whole random games ------------------------------------------------- */

static inline int players_ok(int32_t players)
{
    return players >= HUE_MIN_PLAYERS && players <= HUE_MAX_PLAYERS;
}

/* The table of a whole game: the opening spans 3 x 5 cells from (0, 0);
 * each of M cards grows the occupied box by at most 3 cells on a side,
 * and proposals and marks reach 4 beyond it. */
static inline int32_t games_offset(int32_t players)
{
    return 3 * hue_game_moves(players) + 4;
}

/* hue_table.c */
HG_INTERNAL size_t table_bytes(int32_t width, int32_t height);
HG_INTERNAL table table_carve(uintptr_t *at, int32_t width, int32_t height);
HG_INTERNAL void table_clear(table *t);
HG_INTERNAL void table_restore(table *t, const table *from);
HG_INTERNAL void table_values(const table *t, void *scratch, int32_t values[HUE_COLOURS]);
HG_INTERNAL int32_t random_move(table *t, const hue_card *deck, const int32_t *hand,
    int32_t n, int allow_cover, rng *r, hue_placement *move);

/* hue_kernel.c: hue_deal's deal of deal_cards (cards and rotations as it
 * writes them), from a generator already seeded with the deal's seed. */
HG_INTERNAL int deal_with(const hue_setup *setup, pyrandom *gen, int32_t *cards,
                          int32_t rotations[3]);

/* ---- a game's state block: its layout, for hue_state.c and hue_encode.c ----
 *
 * A hue_state block is: the header, `capacity` laid records, a byte per
 * deck card (laid or not), then the table's codes (side x side hue_cells)
 * and marks, each part from an 8-aligned offset; the first card laid sits
 * 3 capacity + 2 cells in from the buffer's corner. */

typedef struct {
    int32_t card, rotation;
    int32_t x, y;                /* anchor, buffer cells */
    int32_t seat;                /* who played it; -1 for the opening */
    int32_t box[4];              /* the occupied box before it */
    hue_cell covered[3];         /* what its footprint showed before */
} state_record;

/* The buffer's side of a state whose table takes `capacity` cards. */
static inline int32_t state_side(int32_t capacity)
{
    return 6 * capacity + 8;
}

static inline size_t state_records_at(void)
{
    return round8(sizeof(hue_state));
}

static inline size_t state_flags_at(const hue_state *s)
{
    return state_records_at() + round8((size_t)s->capacity * sizeof(state_record));
}

static inline size_t state_codes_at(const hue_state *s)
{
    return state_flags_at(s) + round8((size_t)s->card_count);
}

static inline const state_record *state_records(const hue_state *s)
{
    return (const state_record *)((const char *)s + state_records_at());
}

static inline const hue_cell *state_codes(const hue_state *s)
{
    return (const hue_cell *)((const char *)s + state_codes_at(s));
}

/* hue_state.c: a state of hue_state_init's made empty again, cheaply. */
HG_INTERNAL int state_renew(hue_state *s);
/* hue_state_legal's anchors as positions (y - top) * cols + x - left from
 * buffer cell (left, top) of a frame of cols x rows that holds every cell
 * scanned (else HG_ERR_BOUNDS): n, or a negative code. */
HG_INTERNAL int64_t state_legal_positions(const hue_state *state, int32_t left, int32_t top,
                                          int32_t cols, int32_t rows, int32_t *positions,
                                          int64_t capacity, int32_t counts[2]);
/* hue_state_deal from a generator already seeded with the deal's seed. */
HG_INTERNAL int state_deal(const hue_setup *setup, hue_state *state, hue_hands *hands,
                           pyrandom *gen, int32_t *cards, int32_t rotations[3]);

/* ---- listing moves, and the greedy policy ------------------------------- */

/* The legal anchors of the table, as Board.legal_placements_of lists them:
 * for each orientation (0 vertical, 1 horizontal) sorted by (y, x), each a
 * buffer cell index, with the index of the cell it covers (or -1). */
typedef struct {
    int32_t *at[2], *cover[2];
    int32_t count[2];
} anchors;

/* Legal anchors per orientation on a table of `occupied` cells: at most 15
 * per cell, as a legal footprint puts one of its 3 cells on an occupied
 * cell or on one of its 4 sides. */
static inline int32_t anchor_capacity(int32_t occupied)
{
    return 15 * occupied;
}

/* The legal anchors of a whole game's table, kept as its cards are laid,
 * so that a random seat draws the k-th listed anchor without listing them
 * all: per orientation (0 vertical, 1 horizontal) a byte per buffer cell,
 * 1 on a legal anchor, the count per buffer row, and the total.  Laying a
 * card changes the marks of its three cells and their sides only, so only
 * the anchors whose footprint holds one of those are looked at again. */
typedef struct {
    uint8_t *legal[2];
    int32_t *row_count[2];
    int32_t count[2];
} legal_index;

/* hue_table.c */
HG_INTERNAL void list_anchors(const table *t, int allow_cover, anchors *out);
HG_INTERNAL int32_t listed_moves(const int32_t count[2], const hue_card *deck, const int32_t *hand,
    int32_t n);
HG_INTERNAL int32_t listed_slot(const int32_t count[2], const hue_card *deck, const int32_t *hand,
    int32_t n, int32_t index, int32_t *rotation, int32_t *place);
HG_INTERNAL int32_t listed_move(const anchors *list, const hue_card *deck, const int32_t *hand,
    int32_t n, int32_t index, hue_placement *move);
HG_INTERNAL size_t legal_index_bytes(int32_t width, int32_t height);
HG_INTERNAL legal_index legal_index_carve(uintptr_t *at, int32_t width, int32_t height);
HG_INTERNAL void legal_index_lay(legal_index *x, const table *t, int allow_cover, int32_t cx,
    int32_t cy, int32_t rotation);
HG_INTERNAL void legal_index_clear(legal_index *x, const table *t);
HG_INTERNAL int32_t legal_index_at(const legal_index *x, const table *t, int o, int32_t place);

/* ---- the greedy policy (hue_greedy.c) ------------------------------------ */

/* What the greedy policy works in, carved from a kernel's workspace. */
typedef struct greedy_space greedy_space;

/* Bytes greedy_carve takes for a table of width x height buffer cells,
 * anchors_cap anchors per orientation, hands of at most `hand` cards and a
 * deck of card_count. */
HG_INTERNAL size_t greedy_bytes(int32_t width, int32_t height, int32_t anchors_cap,
                                int32_t hand, int32_t card_count);
/* The greedy space carved from *at (greedy_bytes of them, 8-aligned). */
HG_INTERNAL greedy_space *greedy_carve(uintptr_t *at, int32_t width, int32_t height,
                                       int32_t anchors_cap, int32_t hand, int32_t card_count);
/* The listing of the table's legal anchors greedy_move reads: list_anchors
 * fills it before each move. */
HG_INTERNAL anchors *greedy_anchors(greedy_space *g);
/* GreedyBot's move for the n cards of `hand` on table t (see hue_greedy.c). */
HG_INTERNAL int32_t greedy_move(greedy_space *g, const table *t, const hue_card *deck,
                                const int32_t *hand, int32_t n, const int32_t *unseen,
                                int32_t unseen_count, pyrandom *py, rng *xo,
                                hue_placement *move);

#endif /* HUE_INTERNAL_H */
