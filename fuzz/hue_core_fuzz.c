/*
 * hue_core_fuzz.c -- a libFuzzer target over every entry point of
 * csrc/hue_core.h (run it with scripts/fuzz.sh).
 *
 * Each input drives one target, chosen by its first byte:
 *
 *   0  the size and count functions (version, workspace sizes, capacity,
 *      moves per game) with hostile integers, against their formulas;
 *   1  one grid through hue_colour_values, hue_colour_values_after,
 *      hue_legal_placements and hue_legal_anchors, each checked against
 *      the plain reference below (flood fill, rule-by-rule legality);
 *   2  hue_random_games, every game replayed on a reference table: each
 *      move legal and from the mover's hand, scores and winner recomputed;
 *   3  hue_playouts (random, keep_best and greedy policies), against the
 *      promises it can be held to from outside (scores from the seat's own
 *      cards, winners, streams; the values and the keep_best choice where
 *      no random move decides them);
 *   4  hue_play_matches, every game replayed on a reference table (the
 *      opening, each move legal and of a dealt card, each seat's moves its
 *      own, the winner), the skipped outputs and each game alone agreeing;
 *   5  one game's state (hue_state_*): made, dealt or laid by hand, then
 *      moves, undos, listings and scores in any order, each listing and
 *      score checked against the reference, a move legal exactly when it
 *      is listed and its card held, a refusal leaving the state's bytes
 *      and the hands as they were, and hostile pointers refused; with each
 *      listing, every seat's hue_state_encode against the observation and
 *      mask worked out from the state's cells, cards and hands, and each
 *      broken promise (a frame, the pairs or the mask short) refused;
 *   6  the vector environments (hue_vector_*): a batch of envs with any
 *      deck, players, bots, autoreset mode and seed, hostile settings,
 *      pointers, counts and workspaces refused with the outputs untouched,
 *      then steps of random or hostile actions: every random action legal
 *      in its mask row (none only when the row is all 0), an illegal or
 *      out-of-range action refused with the rows as they were, each seat
 *      to move, end, score and winner in range; where an env ended, the
 *      rewards hg_rewards' formula gives from its scores (sign 1, -1 or
 *      another finite value), elsewhere rewards, scores and winners of 0;
 *      a reset or step without rewards refused;
 *   7  the worker threads and the batch calls on them (hue_workers_*,
 *      hue_vector_step_all, hue_vector_random_all): starts refused for
 *      thread counts out of range, a NULL or misaligned block, stops of a
 *      block never started or stopped twice, calls on workers never started
 *      or stopped, counts below the threads, an out without rewards, every
 *      copies with a lone pointer of a pair (observations and masks; final
 *      observations and rows), a workspace one byte short: all refused with
 *      every array as it was; then one batch on one thread and its twin on
 *      2..6 (restarted on other counts along the way), each thread's
 *      workspace exactly the size asked (or a few bytes over) and
 *      misaligned or not, stepped for up to 64 rounds (long enough for
 *      games to end) with the same actions (random legal, any id), `active`
 *      subsets (NULL, all, none, any), the new rows copied or not, and the
 *      final observations not asked for, copied into the caller's own or
 *      kept in out's (each with its final_rows; no copies given as NULL or
 *      as all NULLs): a refused action reported as the same first env by
 *      both with nothing changed, else both batches' envs, rows (rewards,
 *      scores, winners, the final observations and final_rows among them)
 *      and copies equal, the copies equal to the rows, the rows as target 6
 *      checks them (rewards included); in the final observations given, an
 *      env that ended has out's final row and any other a row of 0; the
 *      caller's, when not given, as they were.
 * Any other first byte picks target (byte mod 4), as before targets 4 to
 * 7 were.
 *
 * The rest of the input is read in order by the decoders below (and
 * written by fuzz/make_corpus.py for the seed corpus); running out of
 * bytes reads zeros.  Most choices take an in-range value from one
 * byte, and a byte from 0xF0 up picks a hostile one instead (negative, one
 * past the limit, INT32_MIN ...), so the functions' own argument checks are
 * exercised as often as their work.  A "hostility" byte per call may make
 * one or more pointers NULL, shorten the workspace, or misalign it.
 *
 * What every call is held to (the header's contract): it returns >= 0 iff
 * every argument is in range, else the code the header gives for one of
 * the arguments out of range; a negative return leaves every
 * output buffer as it was (canary-filled), except the documented
 * HG_ERR_CAPACITY case of the placement lists and hue_legal_anchors'
 * *vertical = 0; no call reads or writes outside the buffers it is given
 * (each is allocated at its exact size, so AddressSanitizer sees any
 * overrun), and outputs are in range.  A broken promise aborts with a
 * message naming it.
 */
#include "hue_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                                                              \
    do {                                                                       \
        fprintf(stderr, "hue_core_fuzz: %s:%d: ", __FILE__, __LINE__);         \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
        abort();                                                               \
    } while (0)
#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond))                                                           \
            FAIL(__VA_ARGS__);                                                 \
    } while (0)

#define MAX_CELLS 4096          /* a valid grid is clamped to this many cells */
#define MAX_PLAYOUT_CELLS 1024  /* ... and to this many for playouts */
#define MAX_CANDIDATES 16
#define MAX_HAND_CARDS 6        /* cards in a hand for hue_legal_placements */
#define MAX_GAMES 3
#define MAX_PLAYOUTS 3
#define CANARY 0xA5
#define HOSTILE 0xF0            /* a choice byte from here picks an edge case */

/* Bits of an error set: which HUE_E_* codes a call may return. */
#define E(code) (1u << -(code))

/* ---- reading the input ------------------------------------------------ */

typedef struct {
    const uint8_t *at;
    size_t left;
} input;

static uint8_t u8(input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->at++;
}

static uint16_t u16(input *in)
{
    uint16_t lo = u8(in);
    return (uint16_t)(lo | (uint16_t)u8(in) << 8);
}

static uint32_t u32(input *in)
{
    uint32_t lo = u16(in);
    return lo | (uint32_t)u16(in) << 16;
}

static uint64_t u64(input *in)
{
    uint64_t lo = u32(in);
    return lo | (uint64_t)u32(in) << 32;
}

/* An int32 edge case for choice byte b >= HOSTILE; `past` is one beyond
 * the valid range. */
static int32_t edge32(input *in, uint8_t b, int32_t before, int32_t past)
{
    switch (b - HOSTILE) {
    case 0: return before;
    case 1: return past;
    case 2: return INT32_MIN;
    case 3: return INT32_MAX;
    case 4: return -1;
    case 5: return 0;
    default: return (int32_t)u32(in);
    }
}

/* A value in lo..hi from one byte, or an edge case (any int32). */
static int32_t pick(input *in, int32_t lo, int32_t hi)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return lo + (int32_t)(b % (uint32_t)(hi - lo + 1));
    return edge32(in, b, lo - 1, hi + 1);
}

/* A count in 0..hi, or a negative one (the only hostile counts that are
 * safe: a count beyond the buffer would be the caller's overrun). */
static int32_t pick_count(input *in, int32_t hi)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return (int32_t)(b % (uint32_t)(hi + 1));
    switch (b & 3) {
    case 0: return -1;
    case 1: return INT32_MIN;
    default: return (int32_t)(u32(in) | 0x80000000u);
    }
}

/* A grid side: 1..48, or any int32 (HUE_MAX_SIDE among the edges). */
static int32_t pick_side(input *in)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return 1 + b % 48;
    if (b == 0xFE)
        return HUE_MAX_SIDE;
    return edge32(in, b, 0, HUE_MAX_SIDE + 1);
}

/* A coordinate near a small grid, or an extreme. */
static int32_t pick_coord(input *in)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return (int32_t)b - 8;
    return edge32(in, b, -1, HUE_MAX_SIDE);
}

/* An allow_cover flag: 0 or 1, or another int (any non-0 means yes). */
static int pick_flag(input *in)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return b & 1;
    return (int)edge32(in, b, 2, 0x100);
}

/* A table-coordinate origin for hue_legal_anchors. */
static int64_t pick_origin(input *in)
{
    uint8_t b = u8(in);

    if (b < HOSTILE)
        return (int64_t)b - 120;
    switch (b - HOSTILE) {
    case 0: return HUE_MAX_ORIGIN;
    case 1: return -HUE_MAX_ORIGIN;
    case 2: return HUE_MAX_ORIGIN + 1;
    case 3: return -HUE_MAX_ORIGIN - 1;
    case 4: return INT64_MAX;
    case 5: return INT64_MIN;
    case 6: return HUE_MAX_ORIGIN - HUE_MAX_SIDE;
    default: return (int64_t)u64(in);
    }
}

/* A cell code: 0 empty; 1..0x7FFF one of the valid non-empty codes; with
 * bit 15 set, the low 15 bits as a raw (likely invalid) code. */
static hue_cell pick_cell(input *in)
{
    uint16_t v = u16(in);
    unsigned k;

    if (v == 0)
        return HUE_EMPTY;
    if (v & 0x8000)
        return (hue_cell)(v & 0x7FFF);
    k = (v - 1u) % 750u;                     /* 3 layouts x 125 colours x skull */
    return (hue_cell)((1 + k % 3)
                      | (k / 3 % 5) << HUE_COLOUR_SHIFT
                      | (k / 15 % 5) << (HUE_COLOUR_SHIFT + 3)
                      | (k / 75 % 5) << (HUE_COLOUR_SHIFT + 6)
                      | (k / 375 ? HUE_SKULL : 0));
}

/* A per-call hostility byte: below 0xC0 only the workspace alignment
 * varies; from 0xC0 a NULL mask and a workspace shortfall follow. */
typedef struct {
    unsigned nulls;             /* bit k: pointer argument k is NULL */
    size_t short_by;            /* bytes taken off the workspace size */
    unsigned misalign;          /* workspace address mod 8 */
} hostility;

static hostility pick_hostility(input *in)
{
    uint8_t b = u8(in);
    hostility h;

    h.misalign = b & 7;
    h.nulls = 0;
    h.short_by = 0;
    if (b >= 0xC0) {
        h.nulls = u8(in);
        h.short_by = u8(in);
    }
    return h;
}

/* ---- buffers -------------------------------------------------------- */

/* A canary-filled buffer of exactly `bytes` (AddressSanitizer catches any
 * access past it). */
static void *canary_buffer(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);

    if (p == NULL)
        FAIL("out of memory (%zu bytes)", bytes);
    memset(p, CANARY, bytes ? bytes : 1);
    return p;
}

static int untouched(const void *p, size_t bytes)
{
    const uint8_t *b = p;
    size_t k;

    for (k = 0; k < bytes; k++)
        if (b[k] != CANARY)
            return 0;
    return 1;
}

/* A copy of an input buffer, to check that a call left it alone. */
static void *snapshot(const void *p, size_t bytes)
{
    void *copy = malloc(bytes ? bytes : 1);

    if (copy == NULL)
        FAIL("out of memory (%zu bytes)", bytes);
    if (bytes > 0)
        memcpy(copy, p, bytes);
    return copy;
}

/* Checks an input buffer against its snapshot, and frees the snapshot. */
static void check_unchanged(void *copy, const void *p, size_t bytes, const char *what)
{
    CHECK(bytes == 0 || memcmp(copy, p, bytes) == 0, "%s changed an input it takes as const",
          what);
    free(copy);
}

/* A workspace of `bytes` usable bytes at an address `misalign` past an
 * 8-aligned one, ending where its allocation ends; garbage-filled, as the
 * library must not depend on what a workspace holds. */
typedef struct {
    uint8_t *block;
    void *at;
} workspace;

static workspace workspace_new(size_t bytes, unsigned misalign, uint8_t garbage)
{
    workspace w;

    w.block = malloc(bytes + misalign);
    if (w.block == NULL)
        FAIL("out of memory (%zu bytes of workspace)", bytes);
    w.at = w.block + misalign;
    memset(w.at, garbage, bytes < 65536 ? bytes : 65536);
    return w;
}

/* ---- the reference: the header's rules, written plainly --------------- */

static int side_ok(int32_t width, int32_t height)
{
    return width >= 1 && width <= HUE_MAX_SIDE && height >= 1 && height <= HUE_MAX_SIDE;
}

static unsigned colour_of(hue_cell code, unsigned k)
{
    return (code >> (HUE_COLOUR_SHIFT + 3 * k)) & 7u;
}

static int cell_valid(hue_cell code)
{
    return code == HUE_EMPTY
        || ((code & ~0x0FFFu) == 0 && (code & HUE_LAYOUT_MASK) != HUE_EMPTY
            && colour_of(code, 0) < HUE_COLOURS && colour_of(code, 1) < HUE_COLOURS
            && colour_of(code, 2) < HUE_COLOURS);
}

static int grid_valid(const hue_cell *cells, size_t n)
{
    size_t k;

    for (k = 0; k < n; k++)
        if (!cell_valid(cells[k]))
            return 0;
    return 1;
}

static int occupied_at(const hue_cell *cells, int32_t w, int32_t h, int64_t x, int64_t y)
{
    return x >= 0 && x < w && y >= 0 && y < h && cells[y * w + x] != HUE_EMPTY;
}

/* Rules section 4: a footprint from (x, y) along (dx, dy) is legal when it
 * covers nothing and shares a side with an occupied cell, or (cover)
 * covers exactly one occupied cell. */
static int ref_legal(const hue_cell *cells, int32_t w, int32_t h, int64_t x, int64_t y,
                     int horizontal, int cover)
{
    int64_t dx = horizontal ? 1 : 0, dy = 1 - dx;
    int covered = 0, touches = 0, k;

    for (k = 0; k < 3; k++) {
        int64_t cx = x + k * dx, cy = y + k * dy;
        covered += occupied_at(cells, w, h, cx, cy);
        touches |= occupied_at(cells, w, h, cx + 1, cy) | occupied_at(cells, w, h, cx - 1, cy)
                   | occupied_at(cells, w, h, cx, cy + 1) | occupied_at(cells, w, h, cx, cy - 1);
    }
    return covered == 0 ? touches : covered == 1 && cover;
}

/* Every legal anchor of one orientation, sorted by (y, x), searched well
 * past where any can be; returns the count (anchors NULL: count only). */
static int64_t ref_anchors(const hue_cell *cells, int32_t w, int32_t h, int horizontal,
                           int cover, int32_t *anchors)
{
    int64_t n = 0;
    int32_t x, y;

    for (y = -6; y < h + 6; y++)
        for (x = -6; x < w + 6; x++)
            if (ref_legal(cells, w, h, x, y, horizontal, cover)) {
                if (anchors != NULL) {
                    anchors[2 * n] = x;
                    anchors[2 * n + 1] = y;
                }
                n++;
            }
    return n;
}

/* Colour of sub-cell (column, row) of a non-empty square. */
static unsigned sub_colour(hue_cell code, int32_t column, int32_t row)
{
    switch (code & HUE_LAYOUT_MASK) {
    case HUE_VERTICAL: return colour_of(code, (unsigned)column);
    case HUE_HORIZONTAL: return colour_of(code, (unsigned)row);
    default: return colour_of(code, 0);
    }
}

/* Colour values by flood fill over the sub-cells of the occupied box: a
 * 4-connected same-colour area is worth sub-cells / 3, or 0 when it holds
 * a sub-cell of a skull square; a colour's value is its best area. */
static void ref_values(const hue_cell *cells, int32_t w, int32_t h, int32_t values[HUE_COLOURS])
{
    int32_t x0 = w, y0 = h, x1 = -1, y1 = -1, x, y, k;
    int32_t sw, sh, *stack;
    uint8_t *seen;

    for (k = 0; k < HUE_COLOURS; k++)
        values[k] = 0;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (cells[y * w + x] != HUE_EMPTY) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
    if (x1 < 0)
        return;
    sw = 3 * (x1 - x0 + 1);
    sh = 3 * (y1 - y0 + 1);
    seen = calloc((size_t)sw * (size_t)sh, 1);
    stack = malloc((size_t)sw * (size_t)sh * sizeof *stack);
    if (seen == NULL || stack == NULL)
        FAIL("out of memory in the reference");
    for (y = 0; y < sh; y++) {
        for (x = 0; x < sw; x++) {
            hue_cell code = cells[(y0 + y / 3) * w + x0 + x / 3];
            unsigned colour;
            int32_t top = 0, size = 0, skull = 0;

            if (code == HUE_EMPTY || seen[y * sw + x])
                continue;
            colour = sub_colour(code, x % 3, y % 3);
            seen[y * sw + x] = 1;
            stack[top++] = y * sw + x;
            while (top > 0) {
                int32_t at = stack[--top], sx = at % sw, sy = at / sw, d;
                hue_cell here = cells[(y0 + sy / 3) * w + x0 + sx / 3];

                size++;
                skull |= (here & HUE_SKULL) != 0;
                for (d = 0; d < 4; d++) {
                    int32_t nx = sx + (d == 0) - (d == 1), ny = sy + (d == 2) - (d == 3);
                    hue_cell there;
                    if (nx < 0 || ny < 0 || nx >= sw || ny >= sh || seen[ny * sw + nx])
                        continue;
                    there = cells[(y0 + ny / 3) * w + x0 + nx / 3];
                    if (there == HUE_EMPTY || sub_colour(there, nx % 3, ny % 3) != colour)
                        continue;
                    seen[ny * sw + nx] = 1;
                    stack[top++] = ny * sw + nx;
                }
            }
            if (!skull && size / 3 > values[colour])
                values[colour] = size / 3;
        }
    }
    free(seen);
    free(stack);
}

static void check_values_equal(const int32_t *got, const int32_t *want, const char *what)
{
    CHECK(memcmp(got, want, HUE_COLOURS * sizeof *got) == 0,
          "%s: values %d %d %d %d %d, reference %d %d %d %d %d", what, got[0], got[1], got[2],
          got[3], got[4], want[0], want[1], want[2], want[3], want[4]);
}

/* An output of a run that skipped it (NULL), or the same as the full run's. */
static int agrees(unsigned skipped, const void *got, const void *full, size_t bytes)
{
    return skipped || memcmp(got, full, bytes) == 0;
}

/* A return against the set of codes the arguments allow: >= 0 iff the set
 * is empty, else one of them. */
static void check_status(int64_t status, unsigned allowed, const char *what)
{
    if (allowed == 0)
        CHECK(status >= 0, "%s: returned %lld for valid arguments", what, (long long)status);
    else
        CHECK(status < 0 && status >= -31 && (allowed & E(status)),
              "%s: returned %lld, expected one of error set 0x%x", what, (long long)status,
              allowed);
}

/* ---- target 0: sizes and counts --------------------------------------- */

static void fuzz_sizes(input *in)
{
    int32_t w = pick_side(in), h = pick_side(in), cards = pick(in, 0, 40);
    int32_t players = pick(in, HUE_MIN_PLAYERS, HUE_MAX_PLAYERS);
    int32_t deck = pick(in, 1, 200), hand = pick(in, 1, HUE_MAX_HAND);
    int64_t capacity = hue_legal_capacity(w, h, cards);
    int32_t moves = hue_game_moves(players);
    size_t size = hue_workspace_size(w, h);
    size_t games = hue_games_workspace_size(deck, players);
    size_t playouts = hue_playouts_workspace_size(w, h, deck, players, hand);
    int players_ok = players >= HUE_MIN_PLAYERS && players <= HUE_MAX_PLAYERS;
    int deck_ok = deck >= 1 && deck <= HUE_MAX_CARDS;
    int hand_ok = hand >= 1 && hand <= HUE_MAX_HAND;
    int32_t grow = players_ok && hand_ok ? 2 * (3 * players * (hand - 1) + 4) : 0;

    CHECK(hue_core_version() == HUE_CORE_VERSION, "hue_core_version: %d", hue_core_version());
    if (side_ok(w, h))
        CHECK(size >= (size_t)w * (size_t)h * 14 && size <= (size_t)w * (size_t)h * 64 + 64,
              "hue_workspace_size(%d, %d) = %zu", w, h, size);
    else
        CHECK(size == 0, "hue_workspace_size(%d, %d) = %zu for bad sides", w, h, size);
    if (side_ok(w, h) && cards >= 0)
        CHECK(capacity == (int64_t)cards * 4 * ((int64_t)w + 4) * ((int64_t)h + 4),
              "hue_legal_capacity(%d, %d, %d) = %lld", w, h, cards, (long long)capacity);
    else
        CHECK(capacity == -1, "hue_legal_capacity(%d, %d, %d) = %lld", w, h, cards,
              (long long)capacity);
    CHECK(moves == (players_ok ? players * (players == 5 ? 4 : 5) : -1),
          "hue_game_moves(%d) = %d", players, moves);
    CHECK((games != 0) == (players_ok && deck_ok), "hue_games_workspace_size(%d, %d) = %zu",
          deck, players, games);
    if (players_ok && deck_ok && hand_ok && side_ok(w, h))
        CHECK((playouts != 0) == (w <= HUE_MAX_SIDE - grow && h <= HUE_MAX_SIDE - grow),
              "hue_playouts_workspace_size(%d, %d, %d, %d, %d) = %zu", w, h, deck, players,
              hand, playouts);
    else
        CHECK(playouts == 0, "hue_playouts_workspace_size(%d, %d, %d, %d, %d) = %zu", w, h,
              deck, players, hand, playouts);
}

/* ---- target 1: one grid ------------------------------------------------- */

typedef struct {
    hue_cell *cells;            /* exactly width * height, or 1 cell */
    int32_t width, height;
    size_t n;                   /* cells allocated */
    int ok;                     /* sides in range */
    int valid;                  /* ... and every code valid */
} fuzz_grid;

/* A grid: two sides (clamped to `limit` cells when valid), then a code
 * per cell.  With bad sides one cell is read and passed. */
static fuzz_grid grid_read(input *in, size_t limit)
{
    fuzz_grid g;
    size_t k;

    g.width = pick_side(in);
    g.height = pick_side(in);
    g.ok = side_ok(g.width, g.height);
    if (g.ok && (size_t)g.width * (size_t)g.height > limit)
        g.height = (int32_t)(limit / (size_t)g.width > 0 ? limit / (size_t)g.width : 1);
    if (g.ok && (size_t)g.width * (size_t)g.height > limit)
        g.width = (int32_t)limit;
    g.n = g.ok ? (size_t)g.width * (size_t)g.height : 1;
    g.cells = malloc(g.n * sizeof *g.cells);
    if (g.cells == NULL)
        FAIL("out of memory");
    for (k = 0; k < g.n; k++)
        g.cells[k] = pick_cell(in);
    g.valid = g.ok && grid_valid(g.cells, g.n);
    return g;
}

static int grid_empty(const fuzz_grid *g)
{
    size_t k;

    for (k = 0; k < g->n; k++)
        if (g->cells[k] != HUE_EMPTY)
            return 0;
    return 1;
}

/* hue_colour_values on the grid, against the reference. */
static void fuzz_colour_values(input *in, const fuzz_grid *g)
{
    hostility h = pick_hostility(in);
    size_t need = hue_workspace_size(g->width, g->height);
    size_t size = need > h.short_by ? need - h.short_by : 0;
    workspace ws = workspace_new(size, h.misalign, 0xBE);
    int32_t *values = canary_buffer(HUE_COLOURS * sizeof *values), want[HUE_COLOURS];
    unsigned allowed = 0;
    int status;

    if ((h.nulls & 7) || !g->ok)
        allowed |= E(HG_ERR_ARGUMENT);
    if (g->ok && size < need)
        allowed |= E(HG_ERR_WORKSPACE);
    if (g->ok && !g->valid)
        allowed |= E(HG_ERR_CELL);
    status = hue_colour_values(h.nulls & 1 ? NULL : g->cells, g->width, g->height,
                               h.nulls & 2 ? NULL : ws.at, size, h.nulls & 4 ? NULL : values);
    check_status(status, allowed, "hue_colour_values");
    if (status < 0) {
        CHECK(untouched(values, HUE_COLOURS * sizeof *values),
              "hue_colour_values: error %d wrote values", status);
    } else {
        ref_values(g->cells, g->width, g->height, want);
        check_values_equal(values, want, "hue_colour_values");
    }
    free(values);
    free(ws.block);
}

/* hue_colour_values_after: each candidate written over a copy of the grid
 * and valued by the reference. */
static void fuzz_values_after(input *in, const fuzz_grid *g)
{
    int32_t count = pick_count(in, MAX_CANDIDATES), n = count > 0 ? count : 0, i, k;
    hue_candidate *cands = canary_buffer((size_t)n * sizeof *cands);
    hostility h;
    size_t need, size;
    workspace ws;
    int32_t *values;
    void *before;
    unsigned allowed = 0;
    int status;

    for (i = 0; i < n; i++) {
        uint8_t b;
        memset(&cands[i], 0, sizeof cands[i]);
        cands[i].x = pick_coord(in);
        cands[i].y = pick_coord(in);
        b = u8(in);
        cands[i].shape.horizontal = b < HOSTILE ? b & 1 : b;
        for (k = 0; k < 3; k++)
            cands[i].shape.cells[k] = pick_cell(in);
    }
    h = pick_hostility(in);
    need = hue_workspace_size(g->width, g->height);
    size = need > h.short_by ? need - h.short_by : 0;
    ws = workspace_new(size, h.misalign, 0xBE);
    values = canary_buffer((size_t)n * HUE_COLOURS * sizeof *values);

    if (count < 0 || (count > 0 && (h.nulls & 3)) || (h.nulls & 12) || !g->ok)
        allowed |= E(HG_ERR_ARGUMENT);
    if (g->ok && size < need)
        allowed |= E(HG_ERR_WORKSPACE);
    if (g->ok && !g->valid)
        allowed |= E(HG_ERR_CELL);
    for (i = 0; i < n; i++) {
        const hue_candidate *c = &cands[i];
        int64_t last_x = (int64_t)c->x + (c->shape.horizontal == 1 ? 2 : 0);
        int64_t last_y = (int64_t)c->y + (c->shape.horizontal == 1 ? 0 : 2);
        if (c->shape.horizontal > 1)
            allowed |= E(HG_ERR_ARGUMENT);
        for (k = 0; k < 3; k++)
            if (!cell_valid(c->shape.cells[k]))
                allowed |= E(HG_ERR_CELL);
        if (c->x < 0 || c->y < 0 || last_x >= g->width || last_y >= g->height)
            allowed |= E(HG_ERR_BOUNDS);
    }
    before = snapshot(cands, (size_t)n * sizeof *cands);
    status = hue_colour_values_after(h.nulls & 4 ? NULL : g->cells, g->width, g->height,
                                     h.nulls & 1 ? NULL : cands, count,
                                     h.nulls & 8 ? NULL : ws.at, size,
                                     h.nulls & 2 ? NULL : values);
    check_status(status, allowed, "hue_colour_values_after");
    check_unchanged(before, cands, (size_t)n * sizeof *cands, "hue_colour_values_after");
    if (status < 0) {
        CHECK(untouched(values, (size_t)n * HUE_COLOURS * sizeof *values),
              "hue_colour_values_after: error %d wrote values", status);
    } else if (n > 0) {
        hue_cell *copy = malloc(g->n * sizeof *copy);
        if (copy == NULL)
            FAIL("out of memory");
        for (i = 0; i < n; i++) {
            const hue_candidate *c = &cands[i];
            int32_t want[HUE_COLOURS], dx = c->shape.horizontal, dy = 1 - dx;
            memcpy(copy, g->cells, g->n * sizeof *copy);
            for (k = 0; k < 3; k++)
                copy[(c->y + k * dy) * g->width + c->x + k * dx] = c->shape.cells[k];
            ref_values(copy, g->width, g->height, want);
            check_values_equal(values + HUE_COLOURS * i, want, "hue_colour_values_after");
        }
        free(copy);
    }
    free(values);
    free(cands);
    free(ws.block);
}

/* A capacity: exactly what is needed (by the reference), the header's
 * bound, a little more than needed, one short, a small number, or
 * negative. */
static int64_t pick_capacity(input *in, int64_t bound, int64_t need)
{
    uint8_t b = u8(in);

    switch (b >> 5) {
    case 3: return bound;
    case 4: return need + u8(in);
    case 5: return need - 1;
    case 6: return u8(in);
    case 7: return b & 1 ? -1 : INT64_MIN;
    default: return need;
    }
}

/* hue_legal_placements for a hand of up to MAX_HAND_CARDS cards. */
static void fuzz_legal_placements(input *in, const fuzz_grid *g)
{
    int32_t cards = pick_count(in, MAX_HAND_CARDS), n = cards > 0 ? cards : 0, c;
    uint8_t *rotations = canary_buffer((size_t)n);
    int cover = pick_flag(in), rotations_ok = 1, r;
    int64_t bound, need = 0, capacity, status, at = 0, anchors[2] = {0, 0}, k;
    int32_t *ref[2] = {NULL, NULL};
    hue_placement *out;
    hostility h;
    unsigned allowed = 0;

    for (c = 0; c < n; c++) {
        uint8_t b = u8(in);
        rotations[c] = b < HOSTILE ? (b & 1 ? 4 : 2) : (uint8_t)(b - HOSTILE);
        rotations_ok &= rotations[c] == 2 || rotations[c] == 4;
    }
    if (g->valid) {
        for (r = 0; r < 2; r++) {
            anchors[r] = ref_anchors(g->cells, g->width, g->height, r, cover, NULL);
            ref[r] = malloc((size_t)(2 * anchors[r] + 1) * sizeof *ref[r]);
            if (ref[r] == NULL)
                FAIL("out of memory");
            ref_anchors(g->cells, g->width, g->height, r, cover, ref[r]);
        }
        for (c = 0; c < n; c++)
            if (rotations_ok)
                need += (int64_t)(rotations[c] / 2) * (anchors[0] + anchors[1]);
    }
    bound = hue_legal_capacity(g->width, g->height, n);
    capacity = pick_capacity(in, bound, need);
    h = pick_hostility(in);
    out = canary_buffer((size_t)(capacity > 0 ? capacity : 0) * sizeof *out);

    if (!g->ok || cards < 0 || capacity < 0 || (h.nulls & 1)
        || (cards > 0 && ((h.nulls & 6) || !rotations_ok)))
        allowed |= E(HG_ERR_ARGUMENT);
    if (g->ok && !g->valid)
        allowed |= E(HG_ERR_CELL);
    if (g->valid && need > capacity)
        allowed |= E(HG_ERR_CAPACITY);
    status = hue_legal_placements(h.nulls & 1 ? NULL : g->cells, g->width, g->height,
                                  h.nulls & 2 ? NULL : rotations, cards, cover,
                                  h.nulls & 4 ? NULL : out, capacity);
    check_status(status, allowed, "hue_legal_placements");
    if (status < 0 && status != HG_ERR_CAPACITY) {
        CHECK(untouched(out, (size_t)(capacity > 0 ? capacity : 0) * sizeof *out),
              "hue_legal_placements: error %lld wrote placements", (long long)status);
    } else if (status >= 0) {
        CHECK(status == need, "hue_legal_placements: %lld placements, reference %lld",
              (long long)status, (long long)need);
        CHECK(status <= bound, "hue_legal_placements: %lld past the capacity bound %lld",
              (long long)status, (long long)bound);
        for (c = 0; c < n; c++)
            for (r = 0; r < rotations[c]; r++)
                for (k = 0; k < anchors[r % 2]; k++, at++)
                    CHECK(out[at].card == c && out[at].rotation == r
                              && out[at].x == ref[r % 2][2 * k]
                              && out[at].y == ref[r % 2][2 * k + 1],
                          "hue_legal_placements: placement %lld is (%d, %d, %d, %d), "
                          "reference (%d, %d, %d, %d)",
                          (long long)at, out[at].card, out[at].x, out[at].y, out[at].rotation,
                          c, ref[r % 2][2 * k], ref[r % 2][2 * k + 1], r);
    }
    free(out);
    free(rotations);
    free(ref[0]);
    free(ref[1]);
}

/* hue_legal_anchors from a hostile origin. */
static void fuzz_legal_anchors(input *in, const fuzz_grid *g)
{
    int cover = pick_flag(in), r;
    int64_t origin_x = pick_origin(in), origin_y = pick_origin(in);
    int64_t anchors[2] = {0, 0}, bound, capacity, status, *pairs, *vertical, k;
    int32_t *ref[2] = {NULL, NULL};
    hostility h;
    unsigned allowed = 0;

    if (g->valid)
        for (r = 0; r < 2; r++) {
            anchors[r] = ref_anchors(g->cells, g->width, g->height, r, cover, NULL);
            ref[r] = malloc((size_t)(2 * anchors[r] + 1) * sizeof *ref[r]);
            if (ref[r] == NULL)
                FAIL("out of memory");
            ref_anchors(g->cells, g->width, g->height, r, cover, ref[r]);
        }
    bound = hue_legal_capacity(g->width, g->height, 1);
    bound = bound > 0 ? bound / 2 : bound;
    capacity = pick_capacity(in, bound, anchors[0] + anchors[1]);
    h = pick_hostility(in);
    pairs = canary_buffer((size_t)(capacity > 0 ? 2 * capacity : 0) * sizeof *pairs);
    vertical = canary_buffer(sizeof *vertical);

    if (!g->ok || capacity < 0 || (h.nulls & 7) || origin_x < -HUE_MAX_ORIGIN
        || origin_x > HUE_MAX_ORIGIN || origin_y < -HUE_MAX_ORIGIN || origin_y > HUE_MAX_ORIGIN)
        allowed |= E(HG_ERR_ARGUMENT);
    if (g->ok && !g->valid)
        allowed |= E(HG_ERR_CELL);
    if (g->valid && anchors[0] + anchors[1] > capacity)
        allowed |= E(HG_ERR_CAPACITY);
    status = hue_legal_anchors(h.nulls & 1 ? NULL : g->cells, g->width, g->height, cover,
                               origin_x, origin_y, h.nulls & 2 ? NULL : pairs, capacity,
                               h.nulls & 4 ? NULL : vertical);
    check_status(status, allowed, "hue_legal_anchors");
    if (status < 0) {
        CHECK((h.nulls & 4) || *vertical == 0,
              "hue_legal_anchors: error %lld left *vertical = %lld (the header promises 0)",
              (long long)status, (long long)*vertical);
        if (status != HG_ERR_CAPACITY)
            CHECK(untouched(pairs, (size_t)(capacity > 0 ? 2 * capacity : 0) * sizeof *pairs),
                  "hue_legal_anchors: error %lld wrote pairs", (long long)status);
    } else {
        CHECK(status == anchors[0] + anchors[1] && *vertical == anchors[0],
              "hue_legal_anchors: %lld anchors (%lld vertical), reference %lld (%lld)",
              (long long)status, (long long)*vertical, (long long)(anchors[0] + anchors[1]),
              (long long)anchors[0]);
        CHECK(status <= bound, "hue_legal_anchors: %lld past the bound %lld",
              (long long)status, (long long)bound);
        for (k = 0; k < status; k++) {
            int vertical_one = k < anchors[0];
            const int32_t *want = vertical_one ? ref[0] + 2 * k : ref[1] + 2 * (k - anchors[0]);
            CHECK(pairs[2 * k] == origin_x + want[0] && pairs[2 * k + 1] == origin_y + want[1],
                  "hue_legal_anchors: pair %lld is (%lld, %lld), reference (%lld, %lld)",
                  (long long)k, (long long)pairs[2 * k], (long long)pairs[2 * k + 1],
                  (long long)(origin_x + want[0]), (long long)(origin_y + want[1]));
        }
    }
    free(pairs);
    free(vertical);
    free(ref[0]);
    free(ref[1]);
}

static void fuzz_grid_calls(input *in)
{
    fuzz_grid g = grid_read(in, MAX_CELLS);
    hue_cell *before = malloc(g.n * sizeof *before);

    if (before == NULL)
        FAIL("out of memory");
    memcpy(before, g.cells, g.n * sizeof *before);
    if (g.ok)
        CHECK(hue_workspace_size(g.width, g.height) > 0, "hue_workspace_size is 0");
    CHECK(grid_empty(&g) || !g.ok || hue_legal_capacity(g.width, g.height, 1) > 0,
          "hue_legal_capacity is not positive");
    fuzz_colour_values(in, &g);
    fuzz_values_after(in, &g);
    fuzz_legal_placements(in, &g);
    fuzz_legal_anchors(in, &g);
    CHECK(memcmp(before, g.cells, g.n * sizeof *before) == 0, "a call modified the grid");
    free(before);
    free(g.cells);
}

/* ---- decks -------------------------------------------------------------- */

/* A card as the Python engine builds it (cards.py, rules section 2). */
static hue_card card_make(uint8_t kind, const uint8_t colours[3])
{
    hue_card card;
    int r, k;

    memset(&card, 0, sizeof card);
    for (r = 0; r < 4; r++) {
        if (kind == HUE_KIND_STARTING || kind == HUE_KIND_STRIPED) {
            int forward = r == 0 || r == 1;
            hue_cell code = (hue_cell)(r % 2 == 0 ? HUE_VERTICAL : HUE_HORIZONTAL);
            for (k = 0; k < 3; k++)
                code |= (hue_cell)(colours[forward ? k : 2 - k] << (HUE_COLOUR_SHIFT + 3 * k));
            for (k = 0; k < 3; k++)
                card.shapes[r][k] = code;
        } else {
            int forward = r == 0 || r == 3;
            for (k = 0; k < 3; k++) {
                int square = forward ? k : 2 - k;
                unsigned c = colours[square];
                card.shapes[r][k] = (hue_cell)(HUE_SOLID | c << 2 | c << 5 | c << 8
                                               | (kind == HUE_KIND_POISON && square == 1
                                                      ? HUE_SKULL : 0));
            }
        }
    }
    memcpy(card.colours, colours, 3);
    card.kind = kind;
    card.rotations = memcmp(card.shapes[0], card.shapes[2], sizeof card.shapes[0]) ? 4 : 2;
    return card;
}

/* Card i of the default 30-card deck (cards.py, _DEFAULT_PATTERNS). */
static hue_card default_card(int32_t i)
{
    static const uint8_t kinds[6] = {HUE_KIND_STARTING, HUE_KIND_POISON, HUE_KIND_SOLID,
                                     HUE_KIND_SOLID, HUE_KIND_STRIPED, HUE_KIND_STRIPED};
    static const uint8_t offsets[6][3] = {{1, 0, 3}, {2, 0, 4}, {1, 0, 2},
                                          {4, 0, 3}, {2, 0, 1}, {3, 0, 4}};
    int32_t pattern = i / 5 % 6, k;
    uint8_t colours[3];

    for (k = 0; k < 3; k++)
        colours[k] = (uint8_t)((i % 5 + offsets[pattern][k]) % 5);
    return card_make(kinds[pattern], colours);
}

typedef struct {
    hue_card *cards;            /* exactly n records */
    int32_t n;                  /* records allocated */
    int32_t count;              /* the card_count passed */
    int valid;                  /* deck_check would pass on `count` cards */
} fuzz_deck;

/* A deck: mode byte (default deck; the default deck repeated; compact
 * cards of kind and colours; raw records), pokes at raw bytes, then the
 * count to pass (the real one, or a hostile one that cannot overrun). */
static fuzz_deck deck_read(input *in)
{
    uint8_t mode = u8(in), pokes;
    fuzz_deck d;
    int32_t i, k, repeat = 1;

    switch (mode % 4) {
    case 0:
        d.n = 30;
        break;
    case 1:
        repeat = 1 + u8(in) % 137;      /* up to 4110 cards: past HUE_MAX_CARDS */
        d.n = 30 * repeat;
        break;
    default:
        d.n = u8(in);
        break;
    }
    d.cards = canary_buffer((size_t)d.n * sizeof *d.cards);
    for (i = 0; i < d.n; i++) {
        if (mode % 4 < 2) {
            d.cards[i] = default_card(i % 30);
        } else if (mode % 4 == 2) {
            uint16_t v = u16(in);
            uint8_t colours[3];
            for (k = 0; k < 3; k++)
                colours[k] = (uint8_t)(((v >> (2 + 3 * k)) & 7) % 5);
            d.cards[i] = card_make(v & 3, colours);
        } else {
            uint8_t *raw = (uint8_t *)&d.cards[i];
            for (k = 0; k < (int32_t)sizeof d.cards[i]; k++)
                raw[k] = u8(in);
        }
    }
    pokes = u8(in);
    if (pokes >= HOSTILE && d.n > 0)
        for (k = 0; k < pokes - HOSTILE + 1; k++) {
            size_t at = u16(in) % ((size_t)d.n * sizeof *d.cards);
            ((uint8_t *)d.cards)[at] = u8(in);
        }
    d.count = pick(in, d.n, d.n);
    if (d.count >= 1 && d.count <= HUE_MAX_CARDS && d.count > d.n)
        d.count = d.n - 1;              /* a short count, never an overrun */
    d.valid = d.count >= 1 && d.count <= HUE_MAX_CARDS;
    for (i = 0; d.valid && i < d.count; i++) {
        const hue_card *c = &d.cards[i];
        int r;
        if (c->kind > HUE_KIND_STRIPED || (c->rotations != 2 && c->rotations != 4))
            d.valid = 0;
        for (k = 0; k < 3; k++)
            if (c->colours[k] >= HUE_COLOURS)
                d.valid = 0;
        for (r = 0; r < 4; r++)
            for (k = 0; k < 3; k++)
                if (c->shapes[r][k] == HUE_EMPTY || !cell_valid(c->shapes[r][k]))
                    d.valid = 0;
    }
    return d;
}

/* The error set of a deck: HG_ERR_ARGUMENT for a bad pointer or count,
 * HG_ERR_DECK for a bad record. */
static unsigned deck_errors(const fuzz_deck *d, int null)
{
    if (null || d->count < 1 || d->count > HUE_MAX_CARDS)
        return E(HG_ERR_ARGUMENT);
    return d->valid ? 0 : E(HG_ERR_DECK);
}

static int32_t card_score(const hue_card *card, const int32_t values[HUE_COLOURS])
{
    return values[card->colours[0]] + 2 * values[card->colours[1]] + values[card->colours[2]];
}

static int32_t first_best(const int32_t *scores, int32_t players)
{
    int32_t best = 0, s;

    for (s = 1; s < players; s++)
        if (scores[s] > scores[best])
            best = s;
    return best;
}

/* ---- target 2: whole random games ------------------------------------- */

typedef struct {
    int32_t *owners, *opening, *scores, *winners;
    hue_placement *moves;
    size_t owners_n, opening_n, moves_n, scores_n, winners_n;
} games_out;

static games_out games_out_new(int32_t games, int32_t cards, int32_t players, int32_t per_game)
{
    games_out o;
    size_t g = games > 0 ? (size_t)games : 0;

    o.owners_n = g * (size_t)(cards > 0 && cards <= HUE_MAX_CARDS ? cards : 0);
    o.opening_n = g * 6;
    o.moves_n = g * (size_t)(per_game > 0 ? per_game : 0);
    o.scores_n = g * (size_t)(players > 0 && players <= HUE_MAX_PLAYERS ? players : 0);
    o.winners_n = g;
    o.owners = canary_buffer(o.owners_n * sizeof *o.owners);
    o.opening = canary_buffer(o.opening_n * sizeof *o.opening);
    o.moves = canary_buffer(o.moves_n * sizeof *o.moves);
    o.scores = canary_buffer(o.scores_n * sizeof *o.scores);
    o.winners = canary_buffer(o.winners_n * sizeof *o.winners);
    return o;
}

static int games_out_untouched(const games_out *o)
{
    return untouched(o->owners, o->owners_n * sizeof *o->owners)
        && untouched(o->opening, o->opening_n * sizeof *o->opening)
        && untouched(o->moves, o->moves_n * sizeof *o->moves)
        && untouched(o->scores, o->scores_n * sizeof *o->scores)
        && untouched(o->winners, o->winners_n * sizeof *o->winners);
}

static void games_out_free(games_out *o)
{
    free(o->owners);
    free(o->opening);
    free(o->moves);
    free(o->scores);
    free(o->winners);
}

/* Game g of a run with every output, replayed on a reference table: the
 * deal as rules section 3 says, every move from the mover's hand and legal
 * where it is laid, the scores and winner those of the final table. */
static void replay_game(const fuzz_deck *d, int32_t players, int cover, const games_out *o,
                        int32_t g)
{
    int32_t per_game = hue_game_moves(players), dealt = per_game / players;
    int32_t offset = 3 * per_game + 4, w = 3 + 2 * offset, h = 5 + 2 * offset;
    const int32_t *owners = o->owners + (size_t)g * (size_t)d->count;
    const int32_t *opening = o->opening + (size_t)g * 6;
    const hue_placement *moves = o->moves + (size_t)g * (size_t)per_game;
    int32_t held[HUE_MAX_PLAYERS] = {0}, poison[HUE_MAX_PLAYERS] = {0}, opened = 0, left;
    int32_t values[HUE_COLOURS], want[HUE_MAX_PLAYERS], c, j, k, s;
    hue_cell *table = calloc((size_t)w * (size_t)h, sizeof *table);
    uint8_t *played = calloc((size_t)d->count, 1);

    if (table == NULL || played == NULL)
        FAIL("out of memory");
    for (c = 0; c < d->count; c++) {
        int32_t owner = owners[c];
        CHECK(owner == HUE_OWNER_SET_ASIDE || owner == HUE_OWNER_OPENING
                  || (owner >= 0 && owner < players),
              "hue_random_games: game %d card %d owner %d", g, c, owner);
        if (owner == HUE_OWNER_OPENING) {
            CHECK(d->cards[c].kind == HUE_KIND_STARTING,
                  "hue_random_games: opening card %d of kind %d", c, d->cards[c].kind);
            opened++;
        } else if (owner >= 0) {
            held[owner]++;
            if (d->cards[c].kind == HUE_KIND_POISON)
                poison[owner]++;
            else
                CHECK(d->cards[c].kind == HUE_KIND_SOLID || d->cards[c].kind == HUE_KIND_STRIPED,
                      "hue_random_games: seat %d dealt card %d of kind %d", owner, c,
                      d->cards[c].kind);
        }
    }
    CHECK(opened == 3, "hue_random_games: %d opening cards", opened);
    for (s = 0; s < players; s++)
        CHECK(held[s] == dealt + 1 && poison[s] == 1,
              "hue_random_games: seat %d dealt %d cards, %d poison", s, held[s], poison[s]);
    for (k = 0; k < 3; k++) {
        int32_t card = opening[2 * k], rotation = opening[2 * k + 1];
        CHECK(card >= 0 && card < d->count && owners[card] == HUE_OWNER_OPENING
                  && (rotation == 0 || rotation == 2),
              "hue_random_games: opening %d is card %d rotation %d", k, card, rotation);
        for (j = 0; j < k; j++)
            CHECK(opening[2 * j] != card, "hue_random_games: card %d opens twice", card);
        for (j = 0; j < 3; j++)
            table[(offset + k + j) * w + offset + k] = d->cards[card].shapes[rotation][j];
    }
    for (j = 0; j < per_game; j++) {
        const hue_placement *m = &moves[j];
        int32_t dx, dy;
        CHECK(m->card >= 0 && m->card < d->count && owners[m->card] == j % players
                  && !played[m->card] && m->rotation >= 0
                  && m->rotation < d->cards[m->card].rotations,
              "hue_random_games: game %d move %d (card %d rotation %d) not from seat %d's hand",
              g, j, m->card, m->rotation, j % players);
        CHECK(m->x + offset >= 0 && m->y + offset >= 0 && m->x + offset < w - 2
                  && m->y + offset < h - 2
                  && ref_legal(table, w, h, m->x + offset, m->y + offset, m->rotation & 1, cover),
              "hue_random_games: game %d move %d at (%d, %d) rotation %d is illegal", g, j,
              m->x, m->y, m->rotation);
        played[m->card] = 1;
        dx = m->rotation & 1;
        dy = 1 - dx;
        for (k = 0; k < 3; k++)
            table[(m->y + offset + k * dy) * w + m->x + offset + k * dx]
                = d->cards[m->card].shapes[m->rotation][k];
    }
    ref_values(table, w, h, values);
    for (s = 0; s < players; s++) {
        for (c = 0, left = -1; c < d->count; c++)
            if (owners[c] == s && !played[c]) {
                CHECK(left < 0, "hue_random_games: game %d seat %d keeps two cards", g, s);
                left = c;
            }
        CHECK(left >= 0, "hue_random_games: game %d seat %d keeps no card", g, s);
        want[s] = card_score(&d->cards[left], values);
        CHECK(o->scores[(size_t)g * (size_t)players + (size_t)s] == want[s],
              "hue_random_games: game %d seat %d scored %d, reference %d", g, s,
              o->scores[(size_t)g * (size_t)players + (size_t)s], want[s]);
    }
    CHECK(o->winners[g] == first_best(want, players), "hue_random_games: game %d winner %d",
          g, o->winners[g]);
    free(table);
    free(played);
}

/* The deck's kinds: enough of each for `players`? */
static int deck_enough(const fuzz_deck *d, int32_t players)
{
    int32_t counts[4] = {0, 0, 0, 0}, c;

    for (c = 0; c < d->count; c++)
        counts[d->cards[c].kind]++;
    return counts[HUE_KIND_POISON] >= players && counts[HUE_KIND_STARTING] >= 3
        && counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] >= hue_game_moves(players);
}

static int games_run(const fuzz_deck *d, int32_t players, int cover, uint64_t seed,
                     uint64_t first, int32_t games, const hostility *h, games_out *o,
                     uint8_t garbage, size_t *size_out, unsigned *allowed)
{
    size_t need = hue_games_workspace_size(d->count, players);
    size_t size = need > h->short_by ? need - h->short_by : 0;
    workspace ws = workspace_new(size, h->misalign, garbage);
    hue_setup setup;
    hue_games_out out;
    int status;

    *size_out = size;
    *allowed = deck_errors(d, h->nulls & 1);
    if (players < HUE_MIN_PLAYERS || players > HUE_MAX_PLAYERS || games < 0 || (h->nulls & 2))
        *allowed |= E(HG_ERR_ARGUMENT);
    if (need > 0 && size < need)
        *allowed |= E(HG_ERR_WORKSPACE);
    if (d->valid && need > 0 && !deck_enough(d, players))
        *allowed |= E(HG_ERR_DECK);
    setup.deck = h->nulls & 1 ? NULL : d->cards;
    setup.card_count = d->count;
    setup.players = players;
    setup.allow_cover = cover;
    out.owners = h->nulls & 4 ? NULL : o->owners;
    out.opening = h->nulls & 8 ? NULL : o->opening;
    out.moves = h->nulls & 16 ? NULL : o->moves;
    out.scores = h->nulls & 32 ? NULL : o->scores;
    out.winners = h->nulls & 64 ? NULL : o->winners;
    status = hue_random_games(&setup, seed, first, games, h->nulls & 2 ? NULL : ws.at, size,
                              &out);
    free(ws.block);
    return status;
}

static void fuzz_random_games(input *in)
{
    fuzz_deck d = deck_read(in);
    int32_t players = pick(in, HUE_MIN_PLAYERS, HUE_MAX_PLAYERS);
    int cover = pick_flag(in);
    uint64_t seed = u64(in), first = u64(in);
    int32_t games = pick_count(in, MAX_GAMES), per_game = hue_game_moves(players), g;
    hostility h = pick_hostility(in), clean = {0, 0, 0};
    games_out o = games_out_new(games, d.count, players, per_game);
    void *deck_before = snapshot(d.cards, (size_t)d.n * sizeof *d.cards);
    size_t size;
    unsigned allowed;
    int status = games_run(&d, players, cover, seed, first, games, &h, &o, 0xBE, &size,
                           &allowed);

    check_status(status, allowed, "hue_random_games");
    if (status < 0) {
        CHECK(games_out_untouched(&o), "hue_random_games: error %d wrote an output", status);
    } else if (games > 0) {
        /* Every output, against the reference; and the same games with the
         * skipped outputs, and game g alone (stream first + g), agree. */
        games_out full = games_out_new(games, d.count, players, per_game);
        games_out one = games_out_new(1, d.count, players, per_game);
        size_t m = (size_t)per_game;
        CHECK(games_run(&d, players, cover, seed, first, games, &clean, &full, 0x5A, &size,
                        &allowed) == 0, "hue_random_games: a second run failed");
        for (g = 0; g < games; g++)
            replay_game(&d, players, cover, &full, g);
        CHECK(agrees(h.nulls & 4, o.owners, full.owners, o.owners_n * sizeof *o.owners)
                  && agrees(h.nulls & 8, o.opening, full.opening, o.opening_n * sizeof *o.opening)
                  && agrees(h.nulls & 16, o.moves, full.moves, o.moves_n * sizeof *o.moves)
                  && agrees(h.nulls & 32, o.scores, full.scores, o.scores_n * sizeof *o.scores)
                  && agrees(h.nulls & 64, o.winners, full.winners,
                            o.winners_n * sizeof *o.winners),
              "hue_random_games: skipping outputs changed the others");
        g = games - 1;
        CHECK(games_run(&d, players, cover, seed, first + (uint64_t)g, 1, &clean, &one, 0x33,
                        &size, &allowed) == 0, "hue_random_games: a one-game run failed");
        CHECK(memcmp(one.owners, full.owners + (size_t)g * (size_t)d.count,
                     one.owners_n * sizeof *one.owners) == 0
                  && memcmp(one.moves, full.moves + (size_t)g * m, m * sizeof *one.moves) == 0
                  && memcmp(one.scores, full.scores + (size_t)g * (size_t)players,
                            (size_t)players * sizeof *one.scores) == 0,
              "hue_random_games: game %d alone (stream first + %d) differs", g, g);
        games_out_free(&full);
        games_out_free(&one);
    }
    check_unchanged(deck_before, d.cards, (size_t)d.n * sizeof *d.cards, "hue_random_games");
    games_out_free(&o);
    free(d.cards);
}

/* ---- target 3: playouts ------------------------------------------------- */

typedef struct {
    const fuzz_deck *deck;
    const fuzz_grid *grid;
    int32_t players, to_move, hand_capacity, playouts, policy;
    int cover;
    const int32_t *hands;
    const hue_placement *first;
    uint64_t seed, first_playout;
} playout_args;

typedef struct {
    int32_t *values, *scores, *winners;
    size_t values_n, scores_n, winners_n;
} playout_out;

static playout_out playout_out_new(int32_t playouts, int32_t players)
{
    playout_out o;
    size_t p = playouts > 0 ? (size_t)playouts : 0;

    o.values_n = p * HUE_COLOURS;
    o.scores_n = p * (size_t)(players > 0 && players <= HUE_MAX_PLAYERS ? players : 0);
    o.winners_n = p;
    o.values = canary_buffer(o.values_n * sizeof *o.values);
    o.scores = canary_buffer(o.scores_n * sizeof *o.scores);
    o.winners = canary_buffer(o.winners_n * sizeof *o.winners);
    return o;
}

static void playout_out_free(playout_out *o)
{
    free(o->values);
    free(o->scores);
    free(o->winners);
}

/* The error set of the hands and first moves, read as the header says. */
static unsigned hands_errors(const playout_args *a)
{
    int32_t n = a->deck->count, p, s, k;
    unsigned allowed = 0;
    int32_t *seen;

    if (n < 1 || n > HUE_MAX_CARDS || a->hand_capacity < 1 || a->hand_capacity > HUE_MAX_HAND
        || a->players < HUE_MIN_PLAYERS || a->players > HUE_MAX_PLAYERS || a->to_move < 0
        || a->to_move >= a->players || a->hands == NULL)
        return 0;               /* refused before the hands are read */
    seen = calloc((size_t)n, sizeof *seen);
    if (seen == NULL)
        FAIL("out of memory");
    for (p = 0; p < a->playouts; p++) {
        int32_t held_to_move = 0;
        for (s = 0; s < a->players; s++) {
            const int32_t *slots = a->hands + ((size_t)p * (size_t)a->players + (size_t)s)
                                              * (size_t)a->hand_capacity;
            int32_t held = 0, ended = 0;
            for (k = 0; k < a->hand_capacity; k++) {
                int32_t c = slots[k];
                if (c == -1) {
                    ended = 1;
                } else if (ended || c < 0 || c >= n) {
                    allowed |= E(HG_ERR_ARGUMENT);
                } else {
                    if (seen[c] == p + 1)
                        allowed |= E(HG_ERR_ILLEGAL);
                    seen[c] = p + 1;
                    held++;
                }
            }
            if (held == 0)
                allowed |= E(HG_ERR_ILLEGAL);
            if (s == a->to_move)
                held_to_move = held;
        }
        if (a->first != NULL) {
            const hue_placement *m = &a->first[p];
            const int32_t *slots = a->hands + ((size_t)p * (size_t)a->players
                                               + (size_t)a->to_move) * (size_t)a->hand_capacity;
            int in_hand = 0;
            for (k = 0; k < a->hand_capacity && slots[k] != -1; k++)
                in_hand |= slots[k] == m->card && m->card >= 0 && m->card < n;
            if (!in_hand || held_to_move < 2 || m->rotation < 0
                || m->rotation >= a->deck->cards[m->card].rotations
                || (a->grid->valid
                    && !ref_legal(a->grid->cells, a->grid->width, a->grid->height, m->x, m->y,
                                  m->rotation & 1, a->cover)))
                allowed |= E(HG_ERR_ILLEGAL);
        }
    }
    free(seen);
    return allowed;
}

static int playouts_run(const playout_args *a, const hostility *h, playout_out *o,
                        uint8_t garbage, unsigned *allowed)
{
    hue_setup setup;
    hue_start start;
    hue_playouts_out out;
    const fuzz_grid *g = a->grid;
    size_t need = a->policy == HUE_POLICY_GREEDY
                  ? hue_greedy_playouts_workspace_size(g->width, g->height, a->deck->count,
                                                       a->players, a->hand_capacity)
                  : hue_playouts_workspace_size(g->width, g->height, a->deck->count, a->players,
                                                a->hand_capacity);
    size_t size = need > h->short_by ? need - h->short_by : 0;
    workspace ws = workspace_new(size, h->misalign, garbage);
    int status;

    *allowed = deck_errors(a->deck, h->nulls & 1);
    if ((h->nulls & 6) || a->players < HUE_MIN_PLAYERS || a->players > HUE_MAX_PLAYERS
        || a->to_move < 0 || a->to_move >= a->players || a->playouts < 0
        || (a->playouts > 0 && a->hands == NULL)
        || (a->policy != HUE_POLICY_RANDOM && a->policy != HUE_POLICY_KEEP_BEST
            && a->policy != HUE_POLICY_GREEDY)
        || need == 0)
        *allowed |= E(HG_ERR_ARGUMENT);
    if (need > 0 && size < need)
        *allowed |= E(HG_ERR_WORKSPACE);
    if (need > 0 && !g->valid)
        *allowed |= E(HG_ERR_CELL);
    if (need > 0 && g->valid && grid_empty(g))
        *allowed |= E(HG_ERR_ARGUMENT);
    if (a->deck->valid)
        *allowed |= hands_errors(a);
    setup.deck = h->nulls & 1 ? NULL : a->deck->cards;
    setup.card_count = a->deck->count;
    setup.players = a->players;
    setup.allow_cover = a->cover;
    start.grid.cells = h->nulls & 2 ? NULL : g->cells;
    start.grid.width = g->width;
    start.grid.height = g->height;
    start.to_move = a->to_move;
    start.hands = a->hands;
    start.hand_capacity = a->hand_capacity;
    start.first = a->first;
    out.values = h->nulls & 8 ? NULL : o->values;
    out.scores = h->nulls & 16 ? NULL : o->scores;
    out.winners = h->nulls & 32 ? NULL : o->winners;
    status = hue_playouts(&setup, &start, a->playouts, a->policy, a->seed, a->first_playout,
                          h->nulls & 4 ? NULL : ws.at, size, &out);
    free(ws.block);
    return status;
}

/* Hands: dealt (distinct cards from a rotating pool) or raw slots. */
static int32_t *hands_read(input *in, size_t n, int32_t players, int32_t capacity,
                           int32_t cards)
{
    int32_t playouts = (int32_t)(n / (size_t)players / (size_t)capacity);
    size_t k;
    int32_t *hands = canary_buffer(n * sizeof *hands);
    uint8_t mode = u8(in);

    for (k = 0; k < n; k++)
        hands[k] = -1;
    if (mode < 0x80 && cards > 0) {
        int32_t p, s, j;
        for (p = 0; p < playouts; p++) {
            int32_t next = u8(in) % cards;
            for (s = 0; s < players; s++) {
                int32_t held = 1 + u8(in) % capacity;
                int32_t *slots = hands + ((size_t)p * (size_t)players + (size_t)s)
                                         * (size_t)capacity;
                for (j = 0; j < held; j++) {
                    slots[j] = next;
                    next = (next + 1) % cards;
                }
            }
        }
    } else {
        for (k = 0; k < n; k++) {
            uint8_t b = u8(in);
            hands[k] = b == 0xFF ? -1 : b == 0xFE ? (int32_t)u32(in) : b;
        }
    }
    return hands;
}

/* With no random move to make, a playout's values are the grid's after
 * the first move, if any: valued by the reference on a copy with room
 * for a footprint that reaches off the grid. */
static void check_no_random_move(const fuzz_grid *g, const fuzz_deck *d,
                                 const hue_placement *first, const int32_t *values)
{
    int32_t w = g->width + 6, h = g->height + 6, want[HUE_COLOURS], x, y, k;
    hue_cell *copy = calloc((size_t)w * (size_t)h, sizeof *copy);

    if (copy == NULL)
        FAIL("out of memory");
    for (y = 0; y < g->height; y++)
        for (x = 0; x < g->width; x++)
            copy[(y + 3) * w + x + 3] = g->cells[y * g->width + x];
    if (first != NULL) {
        int32_t dx = first->rotation & 1, dy = 1 - dx;
        for (k = 0; k < 3; k++)
            copy[(first->y + 3 + k * dy) * w + first->x + 3 + k * dx]
                = d->cards[first->card].shapes[first->rotation][k];
    }
    ref_values(copy, w, h, want);
    check_values_equal(values, want, "hue_playouts with no random move");
    free(copy);
}

/* HUE_POLICY_KEEP_BEST with one move to make: the seat holding two cards
 * keeps the one scoring more on the table as it is (ties: the earlier in
 * its hand), whatever it then lays. */
static void check_keep_best(const playout_args *a, int32_t p, const int32_t *scores,
                            const int32_t *values)
{
    const fuzz_grid *g = a->grid;
    int32_t now[HUE_COLOURS], s;

    ref_values(g->cells, g->width, g->height, now);
    for (s = 0; s < a->players; s++) {
        const int32_t *slots = a->hands + ((size_t)p * (size_t)a->players + (size_t)s)
                                          * (size_t)a->hand_capacity;
        if (a->hand_capacity >= 2 && slots[1] != -1) {
            const hue_card *first = &a->deck->cards[slots[0]];
            const hue_card *second = &a->deck->cards[slots[1]];
            const hue_card *kept
                = card_score(second, now) > card_score(first, now) ? second : first;
            CHECK(scores[s] == card_score(kept, values),
                  "hue_playouts: keep_best seat %d scored %d, not its best card's %d", s,
                  scores[s], card_score(kept, values));
        }
    }
}

static void fuzz_playouts(input *in)
{
    fuzz_deck d = deck_read(in);
    fuzz_grid g = grid_read(in, MAX_PLAYOUT_CELLS);
    playout_args a;
    int32_t *hands = NULL, p, s, k;
    hue_placement *first = NULL;
    size_t hands_n = 0, first_n = 0;
    void *deck_before, *cells_before, *hands_before, *first_before;
    hostility h, clean = {0, 0, 0};
    playout_out o;
    unsigned allowed;
    int status;

    a.deck = &d;
    a.grid = &g;
    a.players = pick(in, HUE_MIN_PLAYERS, HUE_MAX_PLAYERS);
    a.to_move = pick(in, 0, a.players > 0 && a.players <= HUE_MAX_PLAYERS ? a.players - 1 : 0);
    a.cover = pick_flag(in);
    a.hand_capacity = pick(in, 1, HUE_MAX_HAND);
    a.playouts = pick_count(in, MAX_PLAYOUTS);
    if (a.playouts > 0 && a.players >= 1 && a.players <= HUE_MAX_PLAYERS
        && a.hand_capacity >= 1 && a.hand_capacity <= HUE_MAX_HAND) {
        hands_n = (size_t)a.playouts * (size_t)a.players * (size_t)a.hand_capacity;
        hands = hands_read(in, hands_n, a.players, a.hand_capacity, d.count > 0 ? d.count : 0);
    }
    a.hands = hands;
    if (u8(in) >= 0x80 && a.playouts > 0) {
        first_n = (size_t)a.playouts;
        first = canary_buffer(first_n * sizeof *first);
        for (p = 0; p < a.playouts; p++) {
            uint8_t b = u8(in);
            int32_t held = 0;
            const int32_t *slots = NULL;
            if (hands != NULL && a.to_move >= 0 && a.to_move < a.players) {
                slots = hands + ((size_t)p * (size_t)a.players + (size_t)a.to_move)
                                * (size_t)a.hand_capacity;
                while (held < a.hand_capacity && slots[held] != -1)
                    held++;
            }
            first[p].card = b < HOSTILE && held > 0 ? slots[b % held] : edge32(in, b, -1, d.count);
            first[p].x = pick_coord(in);
            first[p].y = pick_coord(in);
            first[p].rotation = pick(in, 0, 3);
        }
    }
    a.first = first;
    a.policy = pick(in, HUE_POLICY_RANDOM, HUE_POLICY_GREEDY);
    a.seed = u64(in);
    a.first_playout = u64(in);
    h = pick_hostility(in);
    if (hands != NULL && (h.nulls & 64))
        a.hands = NULL;
    o = playout_out_new(a.playouts, a.players);
    deck_before = snapshot(d.cards, (size_t)d.n * sizeof *d.cards);
    cells_before = snapshot(g.cells, g.n * sizeof *g.cells);
    hands_before = snapshot(hands, hands_n * sizeof *hands);
    first_before = snapshot(first, first_n * sizeof *first);

    status = playouts_run(&a, &h, &o, 0xBE, &allowed);
    check_status(status, allowed, "hue_playouts");
    if (status < 0) {
        CHECK(untouched(o.values, o.values_n * sizeof *o.values)
                  && untouched(o.scores, o.scores_n * sizeof *o.scores)
                  && untouched(o.winners, o.winners_n * sizeof *o.winners),
              "hue_playouts: error %d wrote an output", status);
    } else if (a.playouts > 0) {
        /* Against a clean run with every output: skipped outputs change
         * nothing; each seat's score is one of its cards' scores on the
         * final values; the winner is the first best; with no random move
         * to make, the values are the reference's; and the last playout
         * alone (stream first_playout + p) is the same. */
        playout_out full = playout_out_new(a.playouts, a.players);
        playout_out one = playout_out_new(1, a.players);
        playout_args alone = a;
        CHECK(playouts_run(&a, &clean, &full, 0x5A, &allowed) == 0,
              "hue_playouts: a second run failed");
        CHECK(agrees(h.nulls & 8, o.values, full.values, o.values_n * sizeof *o.values)
                  && agrees(h.nulls & 16, o.scores, full.scores, o.scores_n * sizeof *o.scores)
                  && agrees(h.nulls & 32, o.winners, full.winners,
                            o.winners_n * sizeof *o.winners),
              "hue_playouts: skipping outputs changed the others");
        for (p = 0; p < a.playouts; p++) {
            const int32_t *values = full.values + (size_t)p * HUE_COLOURS;
            const int32_t *scores = full.scores + (size_t)p * (size_t)a.players;
            int32_t moves = 0, held;
            for (k = 0; k < HUE_COLOURS; k++)
                CHECK(values[k] >= 0, "hue_playouts: value %d", values[k]);
            for (s = 0; s < a.players; s++) {
                const int32_t *slots = hands + ((size_t)p * (size_t)a.players + (size_t)s)
                                               * (size_t)a.hand_capacity;
                int found = 0;
                for (held = 0; held < a.hand_capacity && slots[held] != -1; held++)
                    found |= card_score(&d.cards[slots[held]], values) == scores[s];
                CHECK(found, "hue_playouts: playout %d seat %d scored %d, no card of its own",
                      p, s, scores[s]);
                moves += held - 1;
            }
            CHECK(full.winners[p] == first_best(scores, a.players),
                  "hue_playouts: playout %d winner %d", p, full.winners[p]);
            if (moves == (first != NULL ? 1 : 0))
                check_no_random_move(&g, &d, first != NULL ? &first[p] : NULL, values);
            if (moves == 1 && first == NULL && a.policy == HUE_POLICY_KEEP_BEST)
                check_keep_best(&a, p, scores, values);
        }
        p = a.playouts - 1;
        alone.playouts = 1;
        alone.hands = hands + (size_t)p * (size_t)a.players * (size_t)a.hand_capacity;
        alone.first = first != NULL ? first + p : NULL;
        alone.first_playout = a.first_playout + (uint64_t)p;
        CHECK(playouts_run(&alone, &clean, &one, 0x33, &allowed) == 0,
              "hue_playouts: a one-playout run failed");
        CHECK(memcmp(one.values, full.values + (size_t)p * HUE_COLOURS,
                     HUE_COLOURS * sizeof *one.values) == 0
                  && memcmp(one.scores, full.scores + (size_t)p * (size_t)a.players,
                            (size_t)a.players * sizeof *one.scores) == 0,
              "hue_playouts: playout %d alone (stream first_playout + %d) differs", p, p);
        playout_out_free(&full);
        playout_out_free(&one);
    }
    check_unchanged(deck_before, d.cards, (size_t)d.n * sizeof *d.cards, "hue_playouts");
    check_unchanged(cells_before, g.cells, g.n * sizeof *g.cells, "hue_playouts");
    check_unchanged(hands_before, hands, hands_n * sizeof *hands, "hue_playouts");
    check_unchanged(first_before, first, first_n * sizeof *first, "hue_playouts");
    playout_out_free(&o);
    free(first);
    free(hands);
    free(g.cells);
    free(d.cards);
}

/* ---- target 4: whole games as the Python engine plays them -------------- */

static int matches_run(const fuzz_deck *d, int32_t players, int cover, int32_t games,
                       const uint64_t *seeds, const int32_t *policies,
                       const uint64_t *bot_seeds, const hostility *h, games_out *o,
                       uint8_t garbage, unsigned *allowed)
{
    size_t need = hue_matches_workspace_size(d->count, players);
    size_t size = need > h->short_by ? need - h->short_by : 0;
    workspace ws = workspace_new(size, h->misalign, garbage);
    hue_setup setup;
    hue_games_out out;
    int32_t k;
    int status;

    *allowed = deck_errors(d, h->nulls & 1);
    if (players < HUE_MIN_PLAYERS || players > HUE_MAX_PLAYERS || games < 0 || (h->nulls & 2)
        || (games > 0 && (h->nulls & 0x700)))
        *allowed |= E(HG_ERR_ARGUMENT);
    if (need > 0 && size < need)
        *allowed |= E(HG_ERR_WORKSPACE);
    for (k = 0; players >= HUE_MIN_PLAYERS && players <= HUE_MAX_PLAYERS
                && (int64_t)k < (int64_t)games * players;
         k++)
        if (policies[k] != HUE_SEAT_RANDOM && policies[k] != HUE_SEAT_GREEDY)
            *allowed |= E(HG_ERR_ARGUMENT);
    if (d->valid && need > 0 && !deck_enough(d, players))
        *allowed |= E(HG_ERR_DECK);
    setup.deck = h->nulls & 1 ? NULL : d->cards;
    setup.card_count = d->count;
    setup.players = players;
    setup.allow_cover = cover;
    out.owners = NULL;
    out.opening = h->nulls & 8 ? NULL : o->opening;
    out.moves = h->nulls & 16 ? NULL : o->moves;
    out.scores = h->nulls & 32 ? NULL : o->scores;
    out.winners = h->nulls & 64 ? NULL : o->winners;
    status = hue_play_matches(&setup, games, h->nulls & 0x100 ? NULL : seeds,
                              h->nulls & 0x200 ? NULL : policies,
                              h->nulls & 0x400 ? NULL : bot_seeds, h->nulls & 2 ? NULL : ws.at,
                              size, &out);
    free(ws.block);
    return status;
}

/* Game g of a full run, replayed on a reference table: three distinct
 * starting cards open the staircase; every move lays a poison or standard
 * card not laid before, legally; each seat lays its dealt share with at
 * most one poison card; the winner is the first best score. */
static void replay_match(const fuzz_deck *d, int32_t players, int cover, const games_out *o,
                         int32_t g)
{
    int32_t per_game = hue_game_moves(players);
    int32_t offset = 3 * per_game + 4, w = 3 + 2 * offset, h = 5 + 2 * offset;
    const int32_t *opening = o->opening + (size_t)g * 6;
    const hue_placement *moves = o->moves + (size_t)g * (size_t)per_game;
    int32_t poison[HUE_MAX_PLAYERS] = {0}, j, k;
    hue_cell *table = calloc((size_t)w * (size_t)h, sizeof *table);
    uint8_t *laid = calloc((size_t)d->count, 1);

    if (table == NULL || laid == NULL)
        FAIL("out of memory");
    for (k = 0; k < 3; k++) {
        int32_t card = opening[2 * k], rotation = opening[2 * k + 1];
        CHECK(card >= 0 && card < d->count && d->cards[card].kind == HUE_KIND_STARTING
                  && !laid[card] && (rotation == 0 || rotation == 2),
              "hue_play_matches: game %d opening %d is card %d rotation %d", g, k, card,
              rotation);
        laid[card] = 1;
        for (j = 0; j < 3; j++)
            table[(offset + k + j) * w + offset + k] = d->cards[card].shapes[rotation][j];
    }
    for (j = 0; j < per_game; j++) {
        const hue_placement *m = &moves[j];
        int32_t dx, dy, kind;
        CHECK(m->card >= 0 && m->card < d->count && !laid[m->card] && m->rotation >= 0
                  && m->rotation < d->cards[m->card].rotations,
              "hue_play_matches: game %d move %d lays card %d rotation %d", g, j, m->card,
              m->rotation);
        kind = d->cards[m->card].kind;
        CHECK(kind != HUE_KIND_STARTING, "hue_play_matches: game %d move %d lays a starting card",
              g, j);
        poison[j % players] += kind == HUE_KIND_POISON;
        CHECK(poison[j % players] <= 1, "hue_play_matches: game %d seat %d lays two poisons", g,
              j % players);
        CHECK(m->x + offset >= 0 && m->y + offset >= 0 && m->x + offset < w - 2
                  && m->y + offset < h - 2
                  && ref_legal(table, w, h, m->x + offset, m->y + offset, m->rotation & 1, cover),
              "hue_play_matches: game %d move %d at (%d, %d) rotation %d is illegal", g, j,
              m->x, m->y, m->rotation);
        laid[m->card] = 1;
        dx = m->rotation & 1;
        dy = 1 - dx;
        for (k = 0; k < 3; k++)
            table[(m->y + offset + k * dy) * w + m->x + offset + k * dx]
                = d->cards[m->card].shapes[m->rotation][k];
    }
    for (k = 0; k < players; k++)
        CHECK(o->scores[(size_t)g * (size_t)players + (size_t)k] >= 0,
              "hue_play_matches: game %d seat %d scored below 0", g, k);
    CHECK(o->winners[g] == first_best(o->scores + (size_t)g * (size_t)players, players),
          "hue_play_matches: game %d winner %d", g, o->winners[g]);
    free(table);
    free(laid);
}

static void fuzz_matches(input *in)
{
    fuzz_deck d = deck_read(in);
    int32_t players = pick(in, HUE_MIN_PLAYERS, HUE_MAX_PLAYERS);
    int cover = pick_flag(in);
    int32_t games = pick_count(in, MAX_GAMES), per_game = hue_game_moves(players), g, k;
    int32_t seats = games > 0 && players >= 0 && players <= HUE_MAX_PLAYERS ? games * players : 0;
    uint64_t *seeds = canary_buffer((size_t)(games > 0 ? games : 0) * sizeof *seeds);
    uint64_t *bot_seeds = canary_buffer((size_t)seats * sizeof *bot_seeds);
    int32_t *policies = canary_buffer((size_t)seats * sizeof *policies);
    hostility h, clean = {0, 0, 0};
    games_out o = games_out_new(games, 0, players, per_game);
    void *deck_before = snapshot(d.cards, (size_t)d.n * sizeof *d.cards);
    unsigned allowed;
    int status;

    for (g = 0; g < games; g++)
        seeds[g] = u64(in);
    for (k = 0; k < seats; k++) {
        uint8_t b = u8(in);
        policies[k] = b >= HOSTILE ? edge32(in, b, -1, 2) : b % 2;
        bot_seeds[k] = u64(in);
    }
    h = pick_hostility(in);
    h.nulls |= (h.nulls & 0x80) ? (unsigned)u8(in) << 8 & 0x700 : 0;
    status = matches_run(&d, players, cover, games, seeds, policies, bot_seeds, &h, &o, 0xBE,
                         &allowed);
    check_status(status, allowed, "hue_play_matches");
    if (status < 0) {
        CHECK(games_out_untouched(&o), "hue_play_matches: error %d wrote an output", status);
    } else if (games > 0) {
        games_out full = games_out_new(games, 0, players, per_game);
        games_out one = games_out_new(1, 0, players, per_game);
        size_t m = (size_t)per_game;
        CHECK(matches_run(&d, players, cover, games, seeds, policies, bot_seeds, &clean, &full,
                          0x5A, &allowed) == 0, "hue_play_matches: a second run failed");
        for (g = 0; g < games; g++)
            replay_match(&d, players, cover, &full, g);
        CHECK(agrees(h.nulls & 8, o.opening, full.opening, o.opening_n * sizeof *o.opening)
                  && agrees(h.nulls & 16, o.moves, full.moves, o.moves_n * sizeof *o.moves)
                  && agrees(h.nulls & 32, o.scores, full.scores, o.scores_n * sizeof *o.scores)
                  && agrees(h.nulls & 64, o.winners, full.winners,
                            o.winners_n * sizeof *o.winners),
              "hue_play_matches: skipping outputs changed the others");
        g = games - 1;
        CHECK(matches_run(&d, players, cover, 1, seeds + g, policies + (size_t)g * (size_t)players,
                          bot_seeds + (size_t)g * (size_t)players, &clean, &one, 0x33,
                          &allowed) == 0, "hue_play_matches: a one-game run failed");
        CHECK(memcmp(one.moves, full.moves + (size_t)g * m, m * sizeof *one.moves) == 0
                  && memcmp(one.scores, full.scores + (size_t)g * (size_t)players,
                            (size_t)players * sizeof *one.scores) == 0,
              "hue_play_matches: game %d alone differs", g);
        games_out_free(&full);
        games_out_free(&one);
    }
    check_unchanged(deck_before, d.cards, (size_t)d.n * sizeof *d.cards, "hue_play_matches");
    games_out_free(&o);
    free(seeds);
    free(bot_seeds);
    free(policies);
    free(d.cards);
}

/* ---- the entry point ---------------------------------------------------- */

/* ---- 5: one game's state (hue_state_*) ------------------------------------- */

#define STATE_WINDOW 5          /* cells read around the occupied box */
#define STATE_OPS 48

typedef struct {
    void *block;                /* the state, malloc'd at its exact size */
    hue_state *s;
    size_t size;
    hue_hands hands;
    hue_setup setup;
    const fuzz_deck *deck;
    int32_t laid[64];           /* the cards on the table, in order */
    int32_t laid_count;
} fuzz_state_t;

static int state_on_table(const fuzz_state_t *f, int32_t card)
{
    int32_t k;

    for (k = 0; k < f->laid_count; k++)
        if (f->laid[k] == card)
            return 1;
    return 0;
}

/* The window of table cells around the occupied box, as a grid: w x h
 * cells from table cell (*x0, *y0); NULL for an empty table. */
static hue_cell *state_window(const hue_state *s, int32_t *w, int32_t *h, int64_t *x0,
                              int64_t *y0)
{
    hue_cell *cells;
    int32_t x, y;

    if (s->laid == 0)
        return NULL;
    *x0 = s->origin_x + s->box[0] - STATE_WINDOW;
    *y0 = s->origin_y + s->box[1] - STATE_WINDOW;
    *w = s->box[2] - s->box[0] + 1 + 2 * STATE_WINDOW;
    *h = s->box[3] - s->box[1] + 1 + 2 * STATE_WINDOW;
    cells = malloc((size_t)*w * (size_t)*h * sizeof *cells);
    if (cells == NULL)
        FAIL("out of memory in the state window");
    for (y = 0; y < *h; y++)
        for (x = 0; x < *w; x++) {
            int32_t code = hue_state_cell(s, *x0 + x, *y0 + y);
            CHECK(code >= 0 && code <= 0xFFFF && cell_valid((hue_cell)code),
                  "hue_state_cell: code %d", code);
            cells[y * *w + x] = (hue_cell)code;
        }
    return cells;
}

/* Whether the box from table cells x0..x1, y0..y1 keeps the limits. */
static int state_limits_ok(const hue_state *s, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    return x0 >= -s->limit && y0 >= -s->limit && x1 <= s->limit && y1 <= s->limit
        && x1 - x0 < s->span && y1 - y0 < s->span;
}

/* hue_state_legal against the reference: every listed pair legal by rules
 * section 4 and the limits, in order, and every legal anchor near the
 * table listed. */
static void check_state_legal(const fuzz_state_t *f)
{
    const hue_state *s = f->s;
    int64_t capacity = hue_state_legal_capacity(s), n, k, x0 = 0, y0 = 0, want = 0;
    int32_t counts[2] = {-7, -7}, w = 0, h = 0, o, x, y;
    int64_t *pairs;
    hue_cell *cells;

    CHECK(capacity >= 0, "hue_state_legal_capacity: %lld", (long long)capacity);
    pairs = canary_buffer((size_t)(capacity ? capacity : 1) * 2 * sizeof *pairs);
    if (capacity > 0) {
        n = hue_state_legal(s, pairs, capacity - 1, counts);
        CHECK(n == HG_ERR_CAPACITY && untouched(pairs, (size_t)capacity * 2 * sizeof *pairs),
              "hue_state_legal with a capacity one short: %lld", (long long)n);
    }
    n = hue_state_legal(s, pairs, capacity, counts);
    CHECK(n >= 0 && n <= capacity && counts[0] >= 0 && counts[1] >= 0
              && counts[0] + counts[1] == n,
          "hue_state_legal: %lld (%d + %d) of %lld", (long long)n, counts[0], counts[1],
          (long long)capacity);
    cells = state_window(s, &w, &h, &x0, &y0);
    if (cells == NULL) {
        CHECK(n == 0, "hue_state_legal lists %lld on an empty table", (long long)n);
        free(pairs);
        return;
    }
    k = 0;
    for (o = 0; o < 2; o++)
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int64_t tx = x0 + x, ty = y0 + y, bx0, by0, bx1, by1;
                if (!ref_legal(cells, w, h, x, y, o, s->allow_cover))
                    continue;
                bx0 = s->origin_x + s->box[0];
                by0 = s->origin_y + s->box[1];
                bx1 = s->origin_x + s->box[2];
                by1 = s->origin_y + s->box[3];
                if (tx < bx0) bx0 = tx;
                if (ty < by0) by0 = ty;
                if (tx + 2 * o > bx1) bx1 = tx + 2 * o;
                if (ty + 2 * (1 - o) > by1) by1 = ty + 2 * (1 - o);
                if (!state_limits_ok(s, bx0, by0, bx1, by1))
                    continue;
                CHECK(k < n && pairs[2 * k] == tx && pairs[2 * k + 1] == ty,
                      "hue_state_legal: anchor %lld should be (%lld, %lld)", (long long)k,
                      (long long)tx, (long long)ty);
                k++;
                want += o == 0;
            }
    CHECK(k == n && want == counts[0], "hue_state_legal: %lld listed, %lld legal",
          (long long)n, (long long)k);
    free(cells);
    free(pairs);
}

/* hue_state_scores against the reference flood fill and the hands. */
static void check_state_scores(input *in, const fuzz_state_t *f)
{
    const hue_state *s = f->s;
    size_t need = hue_state_workspace_size(s);
    hostility hz = pick_hostility(in);
    size_t short_by = hz.short_by > need ? need : hz.short_by;
    workspace ws;
    int32_t values[HUE_COLOURS], want[HUE_COLOURS], scores[HUE_MAX_PLAYERS], seat, k, w, h;
    int64_t x0, y0;
    hue_cell *cells;
    int status, bad_deck = 0;

    CHECK(need > 0, "hue_state_workspace_size: 0 for a valid state");
    ws = workspace_new(need - short_by, hz.misalign, 0x5A);
    memset(values, CANARY, sizeof values);
    memset(scores, CANARY, sizeof scores);
    for (seat = 0; seat < f->hands.players; seat++)
        for (k = 0; k < f->hands.count[seat]; k++)
            for (w = 0; w < 3; w++)
                bad_deck |= f->deck->cards[f->hands.cards[seat][k]].colours[w] >= HUE_COLOURS;
    status = hue_state_scores(&f->setup, s, &f->hands, ws.at, need - short_by, values, scores);
    if (short_by > 0 || bad_deck) {
        CHECK(status == (short_by > 0 ? HG_ERR_WORKSPACE : HG_ERR_DECK)
                  && untouched(values, sizeof values) && untouched(scores, sizeof scores),
              "hue_state_scores: %d (short by %zu, bad deck %d)", status, short_by, bad_deck);
        free(ws.block);
        return;
    }
    CHECK(status == 0, "hue_state_scores: %d", status);
    cells = state_window(s, &w, &h, &x0, &y0);
    if (cells == NULL) {
        memset(want, 0, sizeof want);
    } else {
        ref_values(cells, w, h, want);
        free(cells);
    }
    check_values_equal(values, want, "hue_state_scores");
    for (seat = 0; seat < f->hands.players; seat++) {
        int32_t best = 0;
        for (k = 0; k < f->hands.count[seat]; k++) {
            int32_t score = card_score(&f->deck->cards[f->hands.cards[seat][k]], want);
            if (k == 0 || score > best)
                best = score;
        }
        CHECK(scores[seat] == best, "hue_state_scores: seat %d scores %d, not %d", seat,
              scores[seat], best);
    }
    free(ws.block);
}

/* A call that failed left the state and the hands as they were. */
/* ---- hue_state_encode ------------------------------------------------ */

/* An encoding for check_state_encode: a layout of 2 planes (a cell code's
 * low byte, and its high byte with bit 7 set) over the table's box and a
 * margin, 3 features per card, slots for the largest hand, an action frame
 * with exactly room for every anchor, the origin part counting from 2 and
 * 1 cells right of and below the box's corner, and pairs for
 * hue_state_legal; each buffer at its exact size. */
typedef struct {
    hue_observation_layout layout;
    hue_state_encoding e;
    uint8_t *table, *features, *rotations;
    int64_t mask_size;
} fuzz_encoding;

static fuzz_encoding encoding_new(const fuzz_state_t *f)
{
    const hue_state *s = f->s;
    hue_observation_layout *l;
    fuzz_encoding z;
    int32_t w = s->laid ? s->box[2] - s->box[0] + 1 : 1;
    int32_t h = s->laid ? s->box[3] - s->box[1] + 1 : 1;
    int32_t seat, c, slots = 1;

    for (seat = 0; seat < s->players; seat++)
        if (f->hands.count[seat] > slots)
            slots = f->hands.count[seat];
    l = &z.layout;
    l->planes = 2;
    l->rows = h + 2;
    l->cols = w + 2;
    l->origin_at = 2 * l->rows * l->cols;
    l->origin_width = 4;
    l->hand_at = l->origin_at + 2 * l->origin_width;
    l->slots = slots;
    l->features = 3;
    l->cards_at = l->hand_at + slots * l->features;
    l->deck_size = s->card_count;
    l->players = s->players;
    l->sizes_at = l->cards_at + s->card_count * (3 + s->players);
    l->to_move_at = l->sizes_at + s->players * (slots + 1);
    l->seat_at = l->to_move_at + s->players;
    l->over_at = l->seat_at + s->players;
    l->size = l->over_at + 1;
    z.table = canary_buffer(4096 * 2);
    for (c = 0; c < 4096; c++) {
        z.table[2 * c] = (uint8_t)(c & 0xFF);
        z.table[2 * c + 1] = (uint8_t)(c >> 8 | 0x80);
    }
    z.features = canary_buffer((size_t)s->card_count * 3);
    for (c = 0; c < s->card_count * 3; c++)
        z.features[c] = (uint8_t)(c % 251 + 1);
    z.rotations = canary_buffer((size_t)s->card_count);
    for (c = 0; c < s->card_count; c++)
        z.rotations[c] = f->deck->cards[c].rotations;
    z.e.layout = l;
    z.e.table = z.table;
    z.e.features = z.features;
    z.e.rotations = z.rotations;
    z.e.cols = w + 4;           /* anchors from 3 left of the box to 1 right of it */
    z.e.rows = h + 4;
    z.e.left = z.e.top = -3;
    z.e.corner_x = s->laid ? s->origin_x + s->box[0] + 2 : 0;
    z.e.corner_y = s->laid ? s->origin_y + s->box[1] + 1 : 0;
    z.e.capacity = hue_state_legal_capacity(s);
    z.e.pairs = canary_buffer((size_t)(z.e.capacity ? z.e.capacity : 1) * 2 * sizeof(int64_t));
    z.mask_size = (int64_t)slots * 4 * z.e.cols * z.e.rows;
    return z;
}

static void encoding_free(fuzz_encoding *z)
{
    free(z->table);
    free(z->features);
    free(z->rotations);
    free(z->e.pairs);
}

/* Seat me's observation and (unless NULL) mask as the header describes
 * them, worked out from hue_state_cell, the cards laid in order (the
 * fuzzer's own list), the hands and hue_state_legal; the number of
 * placements marked. */
static int64_t encode_reference(const fuzz_state_t *f, const fuzz_encoding *z, int32_t me,
                                uint8_t *obs, int8_t *mask)
{
    const hue_state *s = f->s;
    const hue_observation_layout *l = &z->layout;
    int64_t x0 = s->origin_x + s->box[0], y0 = s->origin_y + s->box[1], n, k, marked = 0;
    int32_t players = s->players, stride = 3 + players, seat, x, y, slot, r, counts[2];
    int32_t to_move = s->moves % players, over = 1;
    int64_t *pairs;

    for (seat = 0; seat < players; seat++)
        over &= f->hands.count[seat] == 1;
    memset(obs, 0, (size_t)l->size);
    for (y = 0; y <= s->box[3] - s->box[1]; y++)
        for (x = 0; x <= s->box[2] - s->box[0]; x++) {
            int32_t code = hue_state_cell(s, x0 + x, y0 + y);
            if (code == 0)
                continue;
            obs[(int64_t)y * l->cols + x] = z->table[2 * code];
            obs[((int64_t)l->rows + y) * l->cols + x] = z->table[2 * code + 1];
        }
    obs[l->origin_at + (z->e.corner_x - x0)] = 1;
    obs[l->origin_at + l->origin_width + (z->e.corner_y - y0)] = 1;
    for (k = 0; k < s->card_count; k++)
        obs[l->cards_at + k * stride] = 1;
    for (k = 0; k < f->hands.count[me]; k++) {
        int32_t card = f->hands.cards[me][k];
        memcpy(obs + l->hand_at + k * 3, z->features + (size_t)card * 3, 3);
        obs[l->cards_at + (int64_t)card * stride] = 0;
        obs[l->cards_at + (int64_t)card * stride + 1] = 1;
    }
    for (k = 0; k < f->laid_count; k++) {
        int64_t row = l->cards_at + (int64_t)f->laid[k] * stride;
        int32_t moved = (int32_t)k - s->fixed;
        obs[row] = 0;
        obs[row + (moved < 0 ? 2 : 3 + (moved % players - me + players) % players)] = 1;
    }
    for (k = 0; k < players; k++)
        obs[l->sizes_at + k * (l->slots + 1) + f->hands.count[(me + k) % players]] = 1;
    if (!over)
        obs[l->to_move_at + (to_move - me + players) % players] = 1;
    obs[l->seat_at + me] = 1;
    obs[l->over_at] = (uint8_t)over;
    if (mask == NULL)
        return 0;
    memset(mask, 0, (size_t)z->mask_size);
    if (over || to_move != me)
        return 0;
    pairs = malloc((size_t)(z->e.capacity ? z->e.capacity : 1) * 2 * sizeof *pairs);
    if (pairs == NULL)
        FAIL("out of memory");
    n = hue_state_legal(s, pairs, z->e.capacity, counts);
    CHECK(n >= 0, "hue_state_legal: %lld", (long long)n);
    for (slot = 0; slot < f->hands.count[me]; slot++)
        for (r = 0; r < z->rotations[f->hands.cards[me][slot]]; r++)
            for (k = (r & 1) ? counts[0] : 0; k < ((r & 1) ? n : counts[0]); k++) {
                int64_t col = pairs[2 * k] - (x0 - 3), row = pairs[2 * k + 1] - (y0 - 3);
                CHECK(col >= 0 && col < z->e.cols && row >= 0 && row < z->e.rows,
                      "hue_state_legal: an anchor (%lld, %lld) out of reach of the box",
                      (long long)pairs[2 * k], (long long)pairs[2 * k + 1]);
                mask[((int64_t)slot * 4 + r) * z->e.cols * z->e.rows + row * z->e.cols + col] = 1;
                marked++;
            }
    free(pairs);
    return marked;
}

/* Fills an output with the canary again, for the next call. */
static void recanary(void *p, size_t bytes)
{
    memset(p, CANARY, bytes);
}

/* hue_state_encode for each seat, against encode_reference; then, for the
 * seat to move, each way to break one promise (a frame, an origin, the
 * pairs, the mask or the slots one short; a bad frame or pointer) refused
 * with both outputs untouched, and the observation alone without a mask. */
static void check_state_encode(const fuzz_state_t *f)
{
    const hue_state *s = f->s;
    fuzz_encoding z = encoding_new(f);
    size_t size = (size_t)z.layout.size, mask_bytes = (size_t)z.mask_size;
    uint8_t *want = canary_buffer(size), *obs = canary_buffer(size);
    int8_t *want_mask = canary_buffer(mask_bytes), *mask = canary_buffer(mask_bytes);
    int32_t me, bad, k, mover = s->moves % s->players, over = 1, bad_turns = 0, most = 0;
    int64_t status, marked;

    for (k = 0; k < s->players; k++) {
        over &= f->hands.count[k] == 1;
        most = f->hands.count[k] > most ? f->hands.count[k] : most;
    }
    for (k = 0; k < f->hands.count[mover]; k++)
        bad_turns |= z.rotations[f->hands.cards[mover][k]] != 2
                     && z.rotations[f->hands.cards[mover][k]] != 4;
    for (me = 0; me < s->players; me++) {
        int to_move = !over && me == mover;
        recanary(obs, size);
        recanary(mask, mask_bytes);
        status = hue_state_encode(s, &f->hands, me, &z.e, obs, mask, z.mask_size);
        if (s->laid == 0 || (to_move && bad_turns)) {
            check_status(status, s->laid == 0 ? E(HG_ERR_STATE) : E(HG_ERR_ARGUMENT),
                         "hue_state_encode");
            CHECK(untouched(obs, size) && untouched(mask, mask_bytes),
                  "hue_state_encode refused but wrote");
        } else {
            marked = encode_reference(f, &z, me, want, want_mask);
            CHECK(status == marked, "hue_state_encode: %lld marked, %lld legal", (long long)status,
                  (long long)marked);
            CHECK(memcmp(obs, want, size) == 0,
                  "hue_state_encode: seat %d's observation is not the reference", me);
            CHECK(memcmp(mask, want_mask, mask_bytes) == 0,
                  "hue_state_encode: seat %d's mask is not the reference", me);
        }
    }
    for (bad = 0; bad < 9 && s->laid > 0 && !bad_turns; bad++) {
        fuzz_encoding y = z;
        int64_t mask_size = z.mask_size;
        int32_t seat = over ? 0 : mover;
        unsigned allowed = 0;
        y.e.layout = &y.layout;
        switch (bad) {
        case 0:                 /* no room for the anchors right of the box */
            y.e.cols--;
            allowed = over ? 0 : E(HG_ERR_BOUNDS);
            break;
        case 1:
            y.e.rows--;
            allowed = over ? 0 : E(HG_ERR_BOUNDS);
            break;
        case 2:                 /* the box's cells wider than the planes */
            y.layout.cols = s->box[2] - s->box[0];
            allowed = E(HG_ERR_ARGUMENT) | E(HG_ERR_BOUNDS);
            break;
        case 3:                 /* the origin part's corner right of the box */
            y.e.corner_x -= 3;
            allowed = E(HG_ERR_BOUNDS);
            break;
        case 4:
            y.e.capacity--;
            allowed = over ? 0 : E(HG_ERR_CAPACITY);
            break;
        case 5:
            mask_size--;
            allowed = E(HG_ERR_CAPACITY);
            break;
        case 6:                 /* a hand over the slots */
            y.layout.slots--;
            allowed = most > y.layout.slots ? E(HG_ERR_ARGUMENT) : 0;
            break;
        case 7:                 /* a frame that misses the anchors left of the box */
            y.e.left = -2;
            allowed = E(HG_ERR_ARGUMENT);
            break;
        default:
            y.e.features = NULL;
            allowed = E(HG_ERR_ARGUMENT);
            break;
        }
        recanary(obs, size);
        recanary(mask, mask_bytes);
        status = hue_state_encode(s, &f->hands, seat, &y.e, obs, mask, mask_size);
        check_status(status, allowed, "hue_state_encode with one promise broken");
        if (status < 0)
            CHECK(untouched(obs, size) && untouched(mask, mask_bytes),
                  "hue_state_encode refused (case %d) but wrote", bad);
    }
    if (s->laid > 0) {          /* no mask: the observation alone, nothing marked */
        recanary(obs, size);
        status = hue_state_encode(s, &f->hands, mover, &z.e, obs, NULL, 0);
        encode_reference(f, &z, mover, want, NULL);
        CHECK(status == 0 && memcmp(obs, want, size) == 0,
              "hue_state_encode without a mask: %lld", (long long)status);
        CHECK(hue_state_encode(NULL, &f->hands, 0, &z.e, obs, NULL, 0) == HG_ERR_ARGUMENT
                  && hue_state_encode(s, NULL, 0, &z.e, obs, NULL, 0) == HG_ERR_ARGUMENT
                  && hue_state_encode(s, &f->hands, 0, NULL, obs, NULL, 0) == HG_ERR_ARGUMENT
                  && hue_state_encode(s, &f->hands, s->players, &z.e, obs, NULL, 0)
                         == HG_ERR_ARGUMENT
                  && hue_state_encode(s, &f->hands, -1, &z.e, obs, NULL, 0) == HG_ERR_ARGUMENT
                  && hue_state_encode(s, &f->hands, 0, &z.e, obs, NULL, -1) == HG_ERR_ARGUMENT,
              "hue_state_encode took a NULL or a seat or size out of range");
    }
    free(want);
    free(obs);
    free(want_mask);
    free(mask);
    encoding_free(&z);
}

static void check_state_unchanged(void *copy, const hue_hands *hands_before,
                                  const fuzz_state_t *f, int status, const char *what)
{
    CHECK(status < 0, "%s: expected a refusal", what);
    CHECK(memcmp(copy, f->block, f->size) == 0 && memcmp(hands_before, &f->hands,
                                                         sizeof *hands_before) == 0,
          "%s refused (%d) but changed the state", what, status);
    free(copy);
}

/* One move: a listed anchor or a nearby one, a card of the mover's hand or
 * another; legal exactly when listed (the card in hand, on no cell). */
static void state_play(input *in, fuzz_state_t *f)
{
    hue_state *s = f->s;
    int64_t capacity = hue_state_legal_capacity(s), n = 0, x, y;
    int64_t *pairs = malloc((size_t)(capacity ? capacity : 1) * 2 * sizeof *pairs);
    int32_t counts[2] = {0, 0}, seat = s->moves % s->players, card, rotation, slot, k;
    hue_hands before = f->hands;
    int listed = 0, held = 0, over = 1, status;
    void *copy;

    if (pairs == NULL)
        FAIL("out of memory");
    if (capacity > 0)
        n = hue_state_legal(s, pairs, capacity, counts);
    slot = u8(in);
    card = slot < 0xF0 && f->hands.count[seat] > 0
               ? f->hands.cards[seat][slot % f->hands.count[seat]]
               : pick(in, 0, s->card_count - 1);
    rotation = pick(in, 0, 3);
    if (n > 0 && u8(in) < 0xC0) {
        k = (int32_t)(u16(in) % (uint32_t)n);
        x = pairs[2 * k];
        y = pairs[2 * k + 1];
    } else if (u8(in) < 0xF8) {
        x = (s->laid ? s->origin_x + s->box[0] : 0) + pick_coord(in) / 4;
        y = (s->laid ? s->origin_y + s->box[1] : 0) + pick_coord(in) / 4;
    } else {                    /* anywhere, the extremes too */
        x = pick_origin(in);
        y = pick_origin(in);
    }
    if (s->laid == 0 && rotation >= 0 && rotation <= 3)  /* anything within the limits goes */
        listed = x > INT64_MIN + 2 && y > INT64_MIN + 2
                 && x < HUE_MAX_ORIGIN && y < HUE_MAX_ORIGIN
                 && state_limits_ok(s, x, y, x + 2 * (rotation & 1), y + 2 * (1 - (rotation & 1)));
    for (k = 0; n > 0 && rotation >= 0 && rotation <= 3 && k < counts[rotation & 1]; k++) {
        int64_t at = (rotation & 1) ? counts[0] + k : k;
        listed |= pairs[2 * at] == x && pairs[2 * at + 1] == y;
    }
    for (k = 0; k < f->hands.count[seat]; k++)
        held |= f->hands.cards[seat][k] == card;
    for (k = 0; k < f->hands.players; k++)
        over &= f->hands.count[k] == 1;
    copy = snapshot(f->block, f->size);
    status = hue_state_play(&f->setup, s, &f->hands, card, x, y, rotation);
    if (status == 0) {
        CHECK(listed && held && !over && !state_on_table(f, card),
              "hue_state_play took an unlisted move (card %d at %lld %lld r%d)", card,
              (long long)x, (long long)y, rotation);
        CHECK(f->hands.count[seat] == before.count[seat] - 1, "hue_state_play: hand not played");
        f->laid[f->laid_count++] = card;
        if (u8(in) & 1) {       /* taken back: the table as it was */
            int32_t back = hue_state_undo(s, &f->hands);
            CHECK(back == card && memcmp(&before, &f->hands, sizeof before) == 0,
                  "hue_state_undo: gave back %d, not %d", back, card);
            f->laid_count--;
            check_state_legal(f);
        }
        free(copy);
    } else {
        int deck_ok = card < 0 || card >= s->card_count || rotation < 0 || rotation > 3;
        for (k = 0; !deck_ok && k < 3; k++)
            deck_ok |= !cell_valid(f->deck->cards[card].shapes[rotation][k])
                       || f->deck->cards[card].shapes[rotation][k] == HUE_EMPTY;
        CHECK(over || !held || !listed || deck_ok || s->laid == s->capacity
                  || state_on_table(f, card),
              "hue_state_play refused (%d) a listed move of a held card (card %d at %lld %lld "
              "r%d; %d laid)", status, card, (long long)x, (long long)y, rotation, s->laid);
        check_state_unchanged(copy, &before, f, status, "hue_state_play");
    }
    free(pairs);
}

static void fuzz_state(input *in)
{
    fuzz_deck d = deck_read(in);
    fuzz_state_t f;
    int32_t players = pick(in, 2, 5), capacity = pick(in, 1, 40), seat, k, op;
    int cover = pick_flag(in);
    uint8_t limits = u8(in), mode;
    int64_t limit = limits & 1 ? 40 : HUE_MAX_ORIGIN - HUE_MAX_SIDE, span = limits & 2 ? 9 : 2048;
    size_t want;
    int status;

    want = hue_state_size(capacity, d.count);
    CHECK((want > 0) == (capacity >= 1 && capacity <= 681 && d.count >= 1
                         && d.count <= HUE_MAX_CARDS),
          "hue_state_size(%d, %d) = %zu", capacity, d.count, want);
    f.size = want ? want : 64;
    f.block = canary_buffer(f.size);
    f.s = (hue_state *)f.block;
    f.deck = &d;
    f.laid_count = 0;
    status = hue_state_init(f.block, f.size - (limits & 4 ? 1 : 0), players, d.count, cover,
                            capacity, limits & 8 ? 0 : limit, span);
    if (want == 0 || (limits & 4) || (limits & 8) || players < 2 || players > 5) {
        CHECK(status == HG_ERR_ARGUMENT && untouched(f.block, f.size),
              "hue_state_init with bad arguments: %d", status);
        free(f.block);
        free(d.cards);
        return;
    }
    CHECK(status == 0 && f.s->size == (int64_t)want && f.s->laid == 0,
          "hue_state_init: %d", status);
    memset(&f.hands, 0, sizeof f.hands);
    f.hands.players = players;
    f.setup.deck = d.cards;
    f.setup.card_count = d.count;
    f.setup.players = players;
    f.setup.allow_cover = cover;

    mode = u8(in);
    if (mode & 1) {             /* a deal */
        int32_t *cards = canary_buffer((size_t)d.count * sizeof *cards), rotations[3];
        int32_t *again = canary_buffer((size_t)d.count * sizeof *again);
        uint64_t seed = u64(in);
        status = hue_state_deal(&f.setup, f.s, &f.hands, seed, cards, rotations);
        if (status == 0) {
            int32_t dealt[3], per = hue_game_moves(players) / players + 1;
            CHECK(d.valid && f.s->laid == 3 && f.s->fixed == 3 && capacity >= 3,
                  "hue_state_deal: %d cards laid", f.s->laid);
            k = hue_deal(&f.setup, seed, again, dealt);
            CHECK(k == 0 && memcmp(dealt, rotations, sizeof dealt) == 0
                      && memcmp(again, cards, (size_t)d.count * sizeof *cards) == 0,
                  "hue_deal deals another game than hue_state_deal");
            for (seat = 0; seat < players; seat++)
                CHECK(f.hands.count[seat] == per
                          && memcmp(f.hands.cards[seat], cards + seat * per,
                                    (size_t)per * sizeof *cards) == 0,
                      "hue_state_deal: seat %d holds %d", seat, f.hands.count[seat]);
            for (k = 0; k < 3; k++)
                f.laid[f.laid_count++] = cards[players * per + k];
        } else {
            CHECK(!(d.valid && capacity >= 3 && deck_enough(&d, players)),
                  "hue_state_deal refused a good deck: %d", status);
        }
        free(cards);
        free(again);
    } else {                    /* an opening laid by hand, then hands */
        int32_t laid = 1 + u8(in) % 3;
        for (k = 0; k < laid; k++) {
            int32_t card = pick(in, 0, d.count - 1), rotation = pick(in, 0, 3);
            int64_t x = pick_coord(in), y = pick_coord(in);
            hue_hands before = f.hands;
            void *copy = snapshot(f.block, f.size);
            status = hue_state_lay(&f.setup, f.s, card, x, y, rotation, -1, u8(in) & 1);
            if (status == 0) {
                f.laid[f.laid_count++] = card;
                free(copy);
            }
            else
                check_state_unchanged(copy, &before, &f, status, "hue_state_lay");
        }
        for (seat = 0; seat < players; seat++) {
            int32_t cards[HUE_MAX_HAND + 1], count = pick_count(in, HUE_MAX_HAND + 1), next = 0;
            for (k = 0; k < count && k <= HUE_MAX_HAND; k++) {
                next += 1 + u8(in) % 4;
                cards[k] = next;
            }
            status = hue_hands_set(&f.hands, d.count, seat, cards, count);
            CHECK((status == 0) == (count >= 0 && count <= HUE_MAX_HAND
                                    && (count == 0 || cards[count - 1] < d.count)),
                  "hue_hands_set(%d cards): %d", count, status);
        }
    }

    for (op = 0; op < STATE_OPS && in->left > 0; op++) {
        uint8_t what = u8(in);
        hue_hands before = f.hands;
        void *copy;
        switch (what % 6) {
        case 0:
            check_state_legal(&f);
            check_state_encode(&f);
            break;
        case 1:
        case 2:
            state_play(in, &f);
            break;
        case 3:
            copy = snapshot(f.block, f.size);
            k = f.s->moves;
            status = hue_state_undo(f.s, &f.hands);
            if (k == 0) {
                check_state_unchanged(copy, &before, &f, status, "hue_state_undo");
            } else if (status >= 0) {
                CHECK(status == f.laid[f.laid_count - 1], "hue_state_undo gave back %d", status);
                f.laid_count--;
                free(copy);
            }
            else  /* a seat whose hand is full cannot take its card back */
                check_state_unchanged(copy, &before, &f, status, "hue_state_undo");
            break;
        case 4:
            check_state_scores(in, &f);
            break;
        default: {              /* a copy of the bytes plays on alone */
            void *twin = snapshot(f.block, f.size);
            int64_t x = pick_origin(in), y = pick_origin(in);
            int32_t code = hue_state_cell(f.s, x, y);
            CHECK(code >= 0 && code <= 0xFFFF && hue_state_cell((hue_state *)twin, x, y) == code,
                  "hue_state_cell of a copy");
            free(twin);
            break;
        }
        }
        CHECK(f.s->laid <= f.s->capacity && f.s->fixed + f.s->moves == f.s->laid,
              "a state out of shape after op %u", what % 6);
    }
    /* Hostile pointers and sizes are refused with the state untouched. */
    {
        hue_hands before = f.hands;
        void *copy = snapshot(f.block, f.size);
        int32_t counts[2], values[HUE_COLOURS];
        CHECK(hue_state_play(NULL, f.s, &f.hands, 0, 0, 0, 0) == HG_ERR_ARGUMENT
                  && hue_state_play(&f.setup, NULL, &f.hands, 0, 0, 0, 0) == HG_ERR_ARGUMENT
                  && hue_state_play(&f.setup, f.s, NULL, 0, 0, 0, 0) == HG_ERR_ARGUMENT
                  && hue_state_undo(NULL, &f.hands) == HG_ERR_ARGUMENT
                  && hue_state_undo(f.s, NULL) == HG_ERR_ARGUMENT
                  && hue_state_legal(f.s, NULL, 10, counts) == HG_ERR_ARGUMENT
                  && hue_state_legal(NULL, NULL, 10, counts) == HG_ERR_ARGUMENT
                  && hue_state_scores(&f.setup, f.s, &f.hands, NULL, 0, values, NULL)
                         == HG_ERR_WORKSPACE
                  && hue_state_lay(&f.setup, f.s, 0, 0, 0, 0, 7, 1) == HG_ERR_ARGUMENT
                  && hue_hands_set(NULL, d.count, 0, NULL, 0) == HG_ERR_ARGUMENT
                  && hue_state_cell(NULL, 0, 0) == 0,
              "a NULL or out-of-range argument was not refused");
        check_state_unchanged(copy, &before, &f, -1, "hostile calls");
    }
    free(f.block);
    free(d.cards);
}

/* ---- 6: the vector environments (hue_vector_*) ---------------------------- */

#define VECTOR_ENVS 4
#define VECTOR_STEPS 40

/* The action frame and observation layout the Python encoding gives the
 * staircase of `players` (huegames.hue.encoding), with 2 planes as
 * encoding_new paints them, 3 features per card, corner (0, 0). */
typedef struct {
    hue_observation_layout layout;
    hue_state_encoding e;
    uint8_t *table, *features, *rotations;
} vector_encoding;

static vector_encoding vector_encoding_new(const fuzz_deck *d, int32_t players)
{
    vector_encoding z;
    hue_observation_layout *l = &z.layout;
    int32_t plays = hue_game_moves(players), c;
    int32_t cards = d->count > 0 && d->count <= HUE_MAX_CARDS ? d->count : 1;

    memset(&z, 0, sizeof z);
    z.e.cols = 3 * plays + 4;
    z.e.rows = 3 * plays + 6;
    z.e.left = z.e.top = -3;
    l->planes = 2;
    l->rows = z.e.rows - 1;
    l->cols = z.e.cols - 1;
    l->origin_at = 2 * l->rows * l->cols;
    l->origin_width = 3 * plays + 1;
    l->hand_at = l->origin_at + 2 * l->origin_width;
    l->slots = plays / players + 1;
    l->features = 3;
    l->cards_at = l->hand_at + l->slots * l->features;
    l->deck_size = d->count;
    l->players = players;
    l->sizes_at = l->cards_at + cards * (3 + players);
    l->to_move_at = l->sizes_at + players * (l->slots + 1);
    l->seat_at = l->to_move_at + players;
    l->over_at = l->seat_at + players;
    l->size = l->over_at + 1;
    z.table = canary_buffer(4096 * 2);
    for (c = 0; c < 4096; c++) {
        z.table[2 * c] = (uint8_t)(c & 0xFF);
        z.table[2 * c + 1] = (uint8_t)(c >> 8 | 0x80);
    }
    z.features = canary_buffer((size_t)cards * 3);
    memset(z.features, 1, (size_t)cards * 3);
    z.rotations = canary_buffer((size_t)cards);
    for (c = 0; c < cards && c < d->n; c++)
        z.rotations[c] = d->cards[c].rotations;
    z.e.layout = l;
    z.e.table = z.table;
    z.e.features = z.features;
    z.e.rotations = z.rotations;
    return z;
}

typedef struct {
    uint8_t *observations, *terminated, *final_observations;
    int8_t *masks, *winners;
    int32_t *to_move;
    double *scores, *rewards;
    size_t observation_bytes, mask_bytes;
    hue_vector_out out;
} vector_buffers;

static vector_buffers vector_buffers_new(int32_t envs, int64_t observation, int64_t mask,
                                         int32_t players)
{
    vector_buffers b;

    b.observation_bytes = (size_t)envs * (size_t)observation;
    b.mask_bytes = (size_t)envs * (size_t)mask;
    b.observations = canary_buffer(b.observation_bytes);
    b.final_observations = canary_buffer(b.observation_bytes);
    b.masks = canary_buffer(b.mask_bytes);
    memset(b.masks, 0, b.mask_bytes);           /* the caller zeroes the masks once */
    b.terminated = canary_buffer((size_t)envs);
    b.winners = canary_buffer((size_t)envs * (size_t)players);
    b.to_move = canary_buffer((size_t)envs * sizeof(int32_t));
    b.scores = canary_buffer((size_t)envs * (size_t)players * sizeof(double));
    b.rewards = canary_buffer((size_t)envs * (size_t)players * sizeof(double));
    b.out.observations = b.observations;
    b.out.masks = b.masks;
    b.out.to_move = b.to_move;
    b.out.terminated = b.terminated;
    b.out.scores = b.scores;
    b.out.winners = b.winners;
    b.out.final_observations = b.final_observations;
    b.out.rewards = b.rewards;
    return b;
}

static void vector_buffers_free(vector_buffers *b)
{
    free(b->observations);
    free(b->final_observations);
    free(b->masks);
    free(b->terminated);
    free(b->winners);
    free(b->to_move);
    free(b->scores);
    free(b->rewards);
}

/* hg_rewards' signs the batches are given: Hue's own 1, -1 as for a count
 * where lower scores win, and other finite values (any is legal). */
static const double REWARD_SIGNS[4] = {1.0, -1.0, 0.25, 1e300};

/* Seat p's reward of an end with `scores`, worked out as hg_rewards does:
 * sign * (players * score - total) / (players - 1). */
static double reward_of(const double *scores, int32_t players, double sign, int32_t p)
{
    double total = 0;
    int32_t k;

    for (k = 0; k < players; k++)
        total += scores[k];
    return sign * ((double)players * scores[p] - total) / (double)(players - 1);
}

/* Every env's end after a call: terminated 0 or 1; where 1, its rewards
 * those of its scores; else its rows of rewards, scores and winners 0
 * (every byte, as hg_no_end writes them).  The rows of an env a call did
 * not touch hold what an earlier call wrote, so this holds of them too. */
static void check_vector_ends(const hue_vector *v, const vector_buffers *b, int32_t envs)
{
    static const double zero;
    int32_t players = v->setup->players, i, p;

    for (i = 0; i < envs; i++) {
        CHECK(b->terminated[i] <= 1, "hue_vector: env %d terminated %d", i, b->terminated[i]);
        for (p = 0; p < players; p++) {
            int64_t at = (int64_t)i * players + p;
            double expected = reward_of(&b->scores[(int64_t)i * players], players,
                                        v->reward_sign, p);
            if (b->terminated[i])
                CHECK(b->rewards[at] == expected,
                      "hue_vector: env %d seat %d: reward %g, its scores say %g", i, p,
                      b->rewards[at], expected);
            else
                CHECK(memcmp(&b->rewards[at], &zero, sizeof zero) == 0
                          && memcmp(&b->scores[at], &zero, sizeof zero) == 0
                          && b->winners[at] == 0,
                      "hue_vector: env %d did not end: seat %d's reward %g, score %g, winner %d",
                      i, p, b->rewards[at], b->scores[at], b->winners[at]);
        }
    }
}

/* The rows after a call are sane: each seat to move in range (-1 once
 * over), a mask row all 0 where no seat the caller plays is to move, and
 * where an env ended, scores and one winner. */
static void check_vector_rows(const hue_vector *v, const vector_buffers *b, int32_t envs,
                              int64_t mask_size, int ends)
{
    int32_t players = v->setup->players, i, p;

    for (i = 0; i < envs; i++) {
        int32_t to_move = b->to_move[i], ones = 0;
        int64_t a;
        CHECK(to_move >= -1 && to_move < players, "hue_vector: env %d to move %d", i, to_move);
        for (a = 0; a < mask_size; a++) {
            int8_t m = b->masks[(int64_t)i * mask_size + a];
            CHECK(m == 0 || m == 1, "hue_vector: mask byte %d", m);
            ones += m;
        }
        CHECK(ones == 0 || (to_move >= 0 && (v->agent < 0 || v->agent == to_move)),
              "hue_vector: env %d has legal ids with seat %d to move", i, to_move);
        CHECK(to_move < 0 || ones > 0, "hue_vector: env %d, seat %d to move, no legal id", i,
              to_move);
        if (ends && b->terminated[i]) {
            int32_t won = 0;
            for (p = 0; p < players; p++) {
                won += b->winners[i * players + p];
                CHECK(b->scores[i * players + p] >= 0, "hue_vector: a negative score");
            }
            CHECK(won == 1, "hue_vector: %d winners", won);
        } else if (ends) {
            CHECK(b->terminated[i] == 0, "hue_vector: terminated byte %d", b->terminated[i]);
        }
    }
    if (ends)
        check_vector_ends(v, b, envs);
}

static void fuzz_vector(input *in)
{
    fuzz_deck d = deck_read(in);
    int32_t players = pick(in, 2, 5), envs = 1 + u8(in) % VECTOR_ENVS, seat, i, step;
    uint8_t bots = u8(in), hostile = u8(in);
    hue_setup setup;
    hue_vector v;
    vector_encoding z;
    vector_buffers b;
    size_t env_size, size;
    int64_t mask_size = 0, *actions, *chosen;
    int64_t *envs_block;
    workspace w;
    int32_t status;
    int valid;
    uint8_t mode;
    hue_vector_out no_rewards;

    if (players < 2 || players > 5) {
        free(d.cards);
        return;
    }
    setup.deck = d.cards;
    setup.card_count = d.count;
    setup.players = players;
    setup.allow_cover = pick_flag(in);
    z = vector_encoding_new(&d, players);
    z.e.layout = &z.layout;     /* the copy's own layout */
    memset(&v, 0, sizeof v);
    v.setup = &setup;
    v.encoding = &z.e;
    v.capacity = 3 + hue_game_moves(players);
    v.limit = HUE_MAX_ORIGIN - HUE_MAX_SIDE;
    v.span = 2048;
    v.agent = bots & 1 ? (int32_t)(u8(in) % players) : -1;
    mode = u8(in);
    v.autoreset = mode % 3;
    v.reward_sign = REWARD_SIGNS[mode / 3 % 4];
    v.seed_length = snprintf(v.seed_text, sizeof v.seed_text, "%llu", (unsigned long long)u64(in));
    for (seat = 0; v.agent >= 0 && seat < players; seat++) {
        if (seat == v.agent)
            continue;
        v.is_bot[seat] = 1;
        v.policies[seat] = (bots >> (1 + seat)) & 1 ? HUE_SEAT_GREEDY : HUE_SEAT_RANDOM;
        v.label_lengths[seat] = snprintf(v.labels[seat], sizeof v.labels[seat], "'%s'",
                                         v.policies[seat] == HUE_SEAT_GREEDY ? "greedy"
                                                                             : "random");
    }
    valid = d.valid;
    switch (hostile >= HOSTILE ? hostile - HOSTILE : 16) {
    case 0: v.agent = players; valid = 0; break;
    case 1: v.autoreset = 3; valid = 0; break;
    case 2: v.seed_length = HUE_SEED_TEXT + 1; valid = 0; break;
    case 3: v.capacity = 2; valid = 0; break;
    case 4:                     /* a bot seat past the players */
        if (players < HUE_MAX_PLAYERS) {
            v.is_bot[HUE_MAX_PLAYERS - 1] = 1;
            valid = 0;
        }
        break;
    case 5: v.policies[0] = 7; v.is_bot[0] = 1; valid = 0; break;
    case 6: z.e.left = -2; valid = 0; break;
    case 7: z.layout.players = players + 1; valid = 0; break;
    case 8: v.encoding = NULL; valid = 0; break;
    case 9: v.setup = NULL; valid = 0; break;
    case 10: v.label_lengths[0] = -1; v.is_bot[0] = 1; valid = 0; break;
    case 11: z.e.rotations = NULL; valid = 0; break;
    default: break;
    }
    env_size = hue_vector_env_size(&v);
    size = hue_vector_workspace_size(&v);
    CHECK((env_size > 0) == (valid != 0) && (size > 0) == (valid != 0),
          "hue_vector_env_size %zu, workspace %zu for settings valid %d", env_size, size, valid);
    if (valid)
        mask_size = (int64_t)z.layout.slots * 4 * z.e.cols * z.e.rows;
    b = vector_buffers_new(envs, z.layout.size, mask_size > 0 ? mask_size : 1, players);
    envs_block = canary_buffer(env_size ? env_size * (size_t)envs : 8);
    memset(envs_block, 0, env_size ? env_size * (size_t)envs : 8);
    w = workspace_new(size ? size : 64, u8(in) & 7, 0x5A);
    actions = canary_buffer((size_t)envs * sizeof *actions);
    chosen = canary_buffer((size_t)envs * sizeof *chosen);
    status = hue_vector_reset(&v, envs_block, envs, NULL, &b.out, w.at, size ? size : 64);
    if (!valid) {
        CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_WORKSPACE,
              "hue_vector_reset with settings out of range: %d", status);
        CHECK(untouched(b.observations, b.observation_bytes) && untouched(b.to_move, 4 * (size_t)envs),
              "hue_vector_reset wrote with settings out of range");
        CHECK(hue_vector_step(&v, envs_block, envs, 0, envs, actions, &b.out, w.at, 64) < 0
                  && hue_vector_random_actions(&v, envs_block, envs, chosen) < 0,
              "hue_vector_step or _random_actions took settings out of range");
        goto done;
    }
    if (status == HG_ERR_DECK)  /* too few poison, starting or standard cards to deal */
        goto done;
    CHECK(status == envs, "hue_vector_reset: %d", status);
    check_vector_rows(&v, &b, envs, mask_size, 0);
    check_vector_ends(&v, &b, envs);
    /* hostile calls, refused */
    CHECK(hue_vector_reset(&v, envs_block, envs, NULL, &b.out, w.at, size - 1) == HG_ERR_WORKSPACE,
          "hue_vector_reset: a short workspace taken");
    no_rewards = b.out;
    no_rewards.rewards = NULL;
    CHECK(hue_vector_reset(&v, envs_block, envs, NULL, &no_rewards, w.at, size)
                  == HG_ERR_ARGUMENT
              && hue_vector_step(&v, envs_block, envs, 0, envs, actions, &no_rewards, w.at, size)
                     == HG_ERR_ARGUMENT,
          "hue_vector_reset or _step without rewards");
    CHECK(hue_vector_step(&v, envs_block, envs, 0, envs + 1, actions, &b.out, w.at, size)
              == HG_ERR_ARGUMENT
              && hue_vector_step(&v, envs_block, envs, 1, 0, actions, &b.out, w.at, size)
                     == HG_ERR_ARGUMENT
              && hue_vector_step(&v, (char *)envs_block + 4, envs, 0, envs, actions, &b.out,
                                 w.at, size)
                     == HG_ERR_ARGUMENT
              && hue_vector_step(&v, envs_block, envs, 0, envs, NULL, &b.out, w.at, size)
                     == HG_ERR_ARGUMENT
              && hue_vector_random_actions(&v, envs_block, -1, chosen) == HG_ERR_ARGUMENT,
          "hue_vector_step: hostile arguments taken");
    for (step = 0; step < VECTOR_STEPS; step++) {
        uint8_t how = u8(in);
        int32_t done[VECTOR_ENVS];
        CHECK(hue_vector_random_actions(&v, envs_block, envs, chosen) == envs,
              "hue_vector_random_actions failed");
        for (i = 0; i < envs; i++) {
            const int8_t *row = b.masks + (int64_t)i * mask_size;
            int64_t a;
            int any = 0;
            for (a = 0; a < mask_size && !any; a++)
                any = row[a];
            done[i] = b.to_move[i] < 0;
            CHECK(chosen[i] >= 0 && chosen[i] < mask_size
                      && (any ? row[chosen[i]] == 1 : chosen[i] == 0),
                  "hue_vector_random_actions: env %d drew %lld", i, (long long)chosen[i]);
            actions[i] = chosen[i];
        }
        if (how >= HOSTILE) {   /* one illegal or out-of-range action: refused, rows kept */
            int32_t at = (int32_t)(u8(in) % envs);
            if (!done[at]) {
                void *rows = snapshot(b.observations, b.observation_bytes);
                void *masks = snapshot(b.masks, b.mask_bytes);
                int64_t a = how & 1 ? (how & 2 ? -1 : mask_size) : (int64_t)u16(in) % mask_size;
                if (a >= 0 && a < mask_size && b.masks[(int64_t)at * mask_size + a])
                    a = -1;
                actions[at] = a;
                status = hue_vector_step(&v, envs_block, envs, at, at + 1, actions, &b.out,
                                         w.at, size);
                CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_ILLEGAL,
                      "hue_vector_step took action %lld: %d", (long long)a, status);
                check_unchanged(rows, b.observations, b.observation_bytes, "hue_vector_step");
                check_unchanged(masks, b.masks, b.mask_bytes, "hue_vector_step");
                actions[at] = chosen[at];
            }
        }
        if (v.autoreset == HUE_DISABLED) {
            uint8_t which[VECTOR_ENVS];
            int any = 0;
            for (i = 0; i < envs; i++) {
                which[i] = (uint8_t)done[i];
                any |= done[i];
            }
            if (any) {
                CHECK(hue_vector_step(&v, envs_block, envs, 0, envs, actions, &b.out, w.at,
                                      size) == HG_ERR_ARGUMENT || !done[0],
                      "hue_vector_step: a finished env stepped (disabled)");
                CHECK(hue_vector_reset(&v, envs_block, envs, which, &b.out, w.at, size) == envs,
                      "hue_vector_reset of the finished envs failed");
                check_vector_rows(&v, &b, envs, mask_size, 0);
                check_vector_ends(&v, &b, envs);
                continue;
            }
        }
        status = hue_vector_step(&v, envs_block, envs, 0, envs, actions, &b.out, w.at, size);
        CHECK(status == envs, "hue_vector_step: %d", status);
        check_vector_rows(&v, &b, envs, mask_size, 1);
    }
done:
    vector_buffers_free(&b);
    free(envs_block);
    free(w.block);
    free(actions);
    free(chosen);
    free(z.table);
    free(z.features);
    free(z.rotations);
    free(d.cards);
}

/* ---- 7: worker threads, hue_vector_step_all and _random_all --------------- */

#define WORKER_ENVS 8
#define WORKER_THREADS 6
#define WORKER_ROUNDS 64        /* enough for games to end (10 to 60 of them) and go on */
#define WORKER_ARRAYS 14
#define GIVEN_PARTS 11          /* hue_batch_arrays' first of the caller's final arrays */

/* The final observations step_all copies: none, into the caller's own
 * (a batch's given_*), or into out's final_observations themselves. */
enum { FINALS_NONE, FINALS_GIVEN, FINALS_OUT };

/* One batch: its envs, the arrays of its calls and the copies step_all may
 * write (the new rows; the final observations into the caller's with their
 * final_rows, or into out's own with theirs; each at its exact size), its
 * workers, and a workspace of `stride` bytes for each of its threads. */
typedef struct {
    int32_t count, threads, players;
    size_t env_size, stride;
    unsigned misalign;
    int64_t *envs;
    vector_buffers b;
    uint8_t *copied_observations, *given_final_observations, *given_final_rows;
    uint8_t *out_final_rows;
    int8_t *copied_masks;
    workspace w;
    void *workers;               /* hue_workers_size() bytes */
} hue_batch;

/* Every array the calls write, as (place, bytes) pairs. */
static void hue_batch_arrays(const hue_batch *h, void **places, size_t *sizes)
{
    size_t n = (size_t)h->count, players = (size_t)h->players;
    void *p[WORKER_ARRAYS];
    size_t s[WORKER_ARRAYS];
    int32_t k;

    p[0] = h->envs, s[0] = n * h->env_size;
    p[1] = h->b.observations, s[1] = h->b.observation_bytes;
    p[2] = h->b.final_observations, s[2] = h->b.observation_bytes;
    p[3] = h->copied_observations, s[3] = h->b.observation_bytes;
    p[4] = h->b.masks, s[4] = h->b.mask_bytes;
    p[5] = h->copied_masks, s[5] = h->b.mask_bytes;
    p[6] = h->b.terminated, s[6] = n;
    p[7] = h->b.winners, s[7] = n * players;
    p[8] = h->b.to_move, s[8] = n * sizeof(int32_t);
    p[9] = h->b.scores, s[9] = n * players * sizeof(double);
    p[10] = h->b.rewards, s[10] = n * players * sizeof(double);
    p[11] = h->given_final_observations, s[11] = h->b.observation_bytes;
    p[12] = h->given_final_rows, s[12] = n;
    p[13] = h->out_final_rows, s[13] = n;
    for (k = 0; k < WORKER_ARRAYS; k++) {
        places[k] = p[k];
        sizes[k] = s[k];
    }
}

/* The batch's arrays end to end (`into` sized by hue_batch_bytes(h, NULL)). */
static size_t hue_batch_bytes(const hue_batch *h, uint8_t *into)
{
    void *places[WORKER_ARRAYS];
    size_t sizes[WORKER_ARRAYS], at = 0;
    int32_t k;

    hue_batch_arrays(h, places, sizes);
    for (k = 0; k < WORKER_ARRAYS; k++) {
        if (into != NULL)
            memcpy(into + at, places[k], sizes[k]);
        at += sizes[k];
    }
    return at;
}

/* Whether the batch's arrays are the bytes `before` holds. */
static int hue_batch_same(const hue_batch *h, const uint8_t *before)
{
    size_t size = hue_batch_bytes(h, NULL);
    uint8_t *now = canary_buffer(size);
    int same;

    hue_batch_bytes(h, now);
    same = memcmp(now, before, size) == 0;
    free(now);
    return same;
}

/* Whether arrays first..last of the batch (hue_batch_arrays' order) are as
 * `before` (hue_batch_bytes') holds them. */
static int hue_parts_same(const hue_batch *h, int32_t first, int32_t last, const uint8_t *before)
{
    void *places[WORKER_ARRAYS];
    size_t sizes[WORKER_ARRAYS], at = 0;
    int32_t k;
    int same = 1;

    hue_batch_arrays(h, places, sizes);
    for (k = 0; k <= last; k++) {
        if (k >= first)
            same &= memcmp(places[k], before + at, sizes[k]) == 0;
        at += sizes[k];
    }
    return same;
}

static void hue_batch_new(hue_batch *h, const hue_vector *v, int32_t count, int64_t mask_size)
{
    size_t n = (size_t)count;

    memset(h, 0, sizeof *h);
    h->count = count;
    h->players = v->setup->players;
    h->env_size = hue_vector_env_size(v);
    h->envs = canary_buffer(h->env_size * n);
    memset(h->envs, 0, h->env_size * n);
    h->b = vector_buffers_new(count, v->encoding->layout->size, mask_size, h->players);
    h->copied_observations = canary_buffer(h->b.observation_bytes);
    h->copied_masks = canary_buffer(h->b.mask_bytes);
    memset(h->b.final_observations, 0, h->b.observation_bytes); /* no end in them yet */
    h->given_final_observations = calloc(h->b.observation_bytes, 1);
    h->given_final_rows = calloc(n, 1);
    h->out_final_rows = calloc(n, 1);
    h->workers = calloc(1, (size_t)hue_workers_size()); /* zeros: never started */
    h->w = workspace_new(1, 0, 0);
}

static void hue_batch_free(hue_batch *h)
{
    hue_workers_stop(h->workers);
    free(h->envs);
    vector_buffers_free(&h->b);
    free(h->copied_observations);
    free(h->copied_masks);
    free(h->given_final_observations);
    free(h->given_final_rows);
    free(h->out_final_rows);
    free(h->w.block);
    free(h->workers);
}

/* Start the batch's workers on `threads` threads, a workspace of `stride`
 * bytes each, `misalign` bytes past an 8-aligned address. */
static void hue_batch_start(hue_batch *h, int32_t threads, size_t stride, unsigned misalign)
{
    free(h->w.block);
    h->threads = threads;
    h->stride = stride;
    h->misalign = misalign;
    h->w = workspace_new(stride * (size_t)threads, misalign, 0x5A);
    CHECK(hue_workers_start(h->workers, threads) == threads, "hue_workers_start(%d)", threads);
}

/* The same with a workspace the input sizes: `needed` bytes or a few more,
 * misaligned or not. */
static void hue_batch_start_from(hue_batch *h, int32_t threads, size_t needed, input *in)
{
    uint8_t over = u8(in), misalign = u8(in);

    hue_batch_start(h, threads, needed + (over & 0x80 ? over % 16u : 0), misalign & 7u);
}

/* hue_vector_step_all of the whole batch: the new rows copied or not, the
 * final observations as `finals` (FINALS_*) says, and with neither a NULL
 * copies or (`empty`) one of NULLs. */
static int32_t hue_batch_step(const hue_vector *v, hue_batch *h, const int64_t *actions,
                              const uint8_t *active, int copies, int finals, int empty,
                              int32_t *refused)
{
    hue_vector_copies c;

    memset(&c, 0, sizeof c);
    if (copies) {
        c.observations = h->copied_observations;
        c.masks = h->copied_masks;
    }
    if (finals == FINALS_GIVEN) {
        c.final_observations = h->given_final_observations;
        c.final_rows = h->given_final_rows;
    } else if (finals == FINALS_OUT) {
        c.final_observations = h->b.final_observations;
        c.final_rows = h->out_final_rows;
    }
    return hue_vector_step_all(v, h->envs, h->count, actions, active, &h->b.out,
                               copies || finals || empty ? &c : NULL, h->w.at, h->stride,
                               h->workers, refused);
}

/* After a step_all with `finals` (FINALS_*), the final observations it was
 * given: each env's row its end's (out's final row) and final_rows[i] 1
 * where it ended in the call, else a row of 0 and final_rows[i] 0; the
 * caller's, when not given, as they were (`before`, hue_batch_bytes'). */
static void hue_check_finals(const hue_batch *h, int finals, const uint8_t *before)
{
    size_t size = h->b.observation_bytes / (size_t)h->count, i, k;
    const uint8_t *observations, *rows;

    if (finals != FINALS_GIVEN)
        CHECK(hue_parts_same(h, GIVEN_PARTS, GIVEN_PARTS + 1, before),
              "a hue_vector_step_all not given the caller's final arrays wrote to them");
    if (finals == FINALS_NONE)
        return;
    observations = finals == FINALS_GIVEN ? h->given_final_observations : h->b.final_observations;
    rows = finals == FINALS_GIVEN ? h->given_final_rows : h->out_final_rows;
    for (i = 0; i < (size_t)h->count; i++) {
        const uint8_t *row = observations + i * size;
        int zero = 1;
        for (k = 0; k < size; k++)
            zero &= row[k] == 0;
        if (h->b.terminated[i])
            CHECK(rows[i] == 1 && memcmp(row, h->b.final_observations + i * size, size) == 0,
                  "env %d ended: final_rows %d, its final row not its end's (%s)", (int)i,
                  rows[i], finals == FINALS_GIVEN ? "the caller's" : "out's");
        else
            CHECK(rows[i] == 0 && zero,
                  "env %d did not end: final_rows %d, its final row not 0 (%s)", (int)i, rows[i],
                  finals == FINALS_GIVEN ? "the caller's" : "out's");
    }
}

/* What the caller does for out's own final observations after a step_all
 * not given them (same-step mode): where a game ended its end is there
 * now, so out_final_rows says so (the next step_all given them zeroes it). */
static void hue_mark_ends(const hue_vector *v, hue_batch *h, int finals)
{
    int32_t i;

    for (i = 0; i < h->count && finals != FINALS_OUT; i++)
        if (h->b.terminated[i] && v->autoreset == HUE_SAME_STEP)
            h->out_final_rows[i] = 1;
}

/* Calls the core must refuse with every array of the batch as it was
 * (running workers write their own block as they go to sleep, so only a
 * block never started is compared). */
static void hue_check_refusals(const hue_vector *v, hue_batch *h, const int64_t *actions,
                               size_t needed, input *in)
{
    size_t size = hue_batch_bytes(h, NULL), block = (size_t)hue_workers_size(), k;
    uint8_t *before = canary_buffer(size), *odd = canary_buffer(block + 8);
    int64_t *drawn = canary_buffer(sizeof *drawn * (size_t)h->count);
    int32_t refused = -2, below = h->threads - 1 - (int32_t)(u8(in) % 3), status;
    void *misaligned = odd + 1 + u8(in) % 7;
    hue_vector bad = *v;
    hue_vector_out no_rewards = h->b.out;
    unsigned set;

    bad.autoreset = 3 + u8(in);
    no_rewards.rewards = NULL;
    hue_batch_bytes(h, before);
    CHECK(hue_vector_step_all(v, h->envs, below, actions, NULL, &h->b.out, NULL, h->w.at,
                              h->stride, h->workers, &refused) == HG_ERR_ARGUMENT,
          "hue_vector_step_all of %d envs on %d threads", below, h->threads);
    status = hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                                 h->w.at, needed - 1, h->workers, &refused);
    CHECK(status == HG_ERR_ARGUMENT || status == HG_ERR_WORKSPACE,
          "hue_vector_step_all: a workspace one byte short taken: %d", status);
    /* every copies with a lone pointer of a pair: the new rows'
     * observations and masks both or neither, the final observations and
     * rows both or neither */
    for (set = 0; set < 16; set++) {
        hue_vector_copies lone;
        if ((set & 1) == (set >> 1 & 1) && (set & 4) >> 2 == (set >> 3 & 1))
            continue;
        lone.observations = set & 1 ? h->copied_observations : NULL;
        lone.masks = set & 2 ? h->copied_masks : NULL;
        lone.final_observations = set & 4 ? h->given_final_observations : NULL;
        lone.final_rows = set & 8 ? h->given_final_rows : NULL;
        CHECK(hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, &lone, h->w.at,
                                  h->stride, h->workers, &refused) == HG_ERR_ARGUMENT,
              "hue_vector_step_all with a lone copies pointer (set %d)", (int)set);
    }
    CHECK(hue_vector_step_all(&bad, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                              h->w.at, h->stride, h->workers, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(NULL, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                                     h->w.at, h->stride, h->workers, &refused)
                     == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, (char *)h->envs + 4, h->count, actions, NULL, &h->b.out,
                                     NULL, h->w.at, h->stride, h->workers, &refused)
                     == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, NULL, NULL, &h->b.out, NULL,
                                     h->w.at, h->stride, h->workers, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, NULL, NULL,
                                     h->w.at, h->stride, h->workers, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, NULL, NULL,
                                     h->stride, h->workers, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, &no_rewards, NULL,
                                     h->w.at, h->stride, h->workers, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                                     h->w.at, h->stride, h->workers, NULL) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                                     h->w.at, h->stride, NULL, &refused) == HG_ERR_ARGUMENT
              && hue_vector_step_all(v, h->envs, h->count, actions, NULL, &h->b.out, NULL,
                                     h->w.at, h->stride, misaligned, &refused) == HG_ERR_ARGUMENT,
          "hue_vector_step_all with bad settings, misaligned envs, no rewards, a NULL or "
          "misaligned workers");
    CHECK(refused == -2, "a refused argument set *refused to %d", refused);
    CHECK(hue_vector_random_all(v, h->envs, below, drawn, h->workers) == HG_ERR_ARGUMENT
              && hue_vector_random_all(v, h->envs, h->count, drawn, misaligned) == HG_ERR_ARGUMENT
              && hue_vector_random_all(v, h->envs, h->count, NULL, h->workers) == HG_ERR_ARGUMENT
              && hue_vector_random_all(v, NULL, h->count, drawn, h->workers) == HG_ERR_ARGUMENT
              && hue_vector_random_all(&bad, h->envs, h->count, drawn, h->workers)
                     == HG_ERR_ARGUMENT,
          "hue_vector_random_all of %d envs, bad settings, misaligned workers or NULLs", below);
    CHECK(hue_workers_start(misaligned, 1) == HG_ERR_ARGUMENT, "a misaligned block started");
    hue_workers_stop(misaligned);
    hue_workers_stop(NULL);
    for (k = 0; k < block + 8; k++)
        CHECK(odd[k] == CANARY, "a refused call wrote to a misaligned block");
    CHECK(hue_batch_same(h, before), "a refused call changed the batch");
    free(before);
    free(odd);
    free(drawn);
}

/* Start, stop and every call on a block never started (or stopped): refused
 * or nothing done, the block as it was. */
static void hue_check_never_started(const hue_vector *v, hue_batch *h, input *in)
{
    size_t block = (size_t)hue_workers_size();
    uint8_t *stopped = canary_buffer(block);
    int64_t *actions = calloc((size_t)h->count, sizeof *actions);
    int32_t refused = -2, k;
    int32_t threads[7];
    uint8_t how;

    threads[0] = 0;
    threads[1] = -1;
    threads[2] = HUE_MOST_THREADS + 1;
    threads[3] = INT32_MIN;
    threads[4] = INT32_MAX;
    threads[5] = -(int32_t)u8(in);
    threads[6] = HUE_MOST_THREADS + 1 + (int32_t)u8(in);
    hue_workers_stop(h->workers); /* stop without a start, or once more */
    memcpy(stopped, h->workers, block);
    for (k = 0; k < 7; k++)
        CHECK(hue_workers_start(h->workers, threads[k]) == HG_ERR_ARGUMENT,
              "hue_workers_start(%d)", threads[k]);
    CHECK(hue_workers_start(NULL, 1) == HG_ERR_ARGUMENT, "a NULL block started");
    CHECK(memcmp(stopped, h->workers, block) == 0, "a refused start wrote to the block");
    how = u8(in);
    CHECK(hue_batch_step(v, h, actions, NULL, how & 1, (how >> 1) % 3, how & 8, &refused)
                  == HG_ERR_ARGUMENT
              && hue_vector_random_all(v, h->envs, h->count, actions, h->workers)
                     == HG_ERR_ARGUMENT,
          "a call on workers never started");
    CHECK(refused == -2, "a refused call set *refused");
    free(stopped);
    free(actions);
}

/* The first env step_all must refuse (the header's rule; an env over in
 * next-step mode has no seat to move), or -1. */
static int32_t hue_first_refused(const hue_vector *v, const hue_batch *h, const int64_t *actions,
                                 const uint8_t *active, int64_t mask_size)
{
    int32_t i;

    for (i = 0; i < h->count; i++) {
        int64_t a = actions[i];
        if (!(active != NULL && !active[i])
            && !(a >= 0 && a < mask_size && h->b.masks[(int64_t)i * mask_size + a])
            && !(h->b.to_move[i] < 0 && v->autoreset == HUE_NEXT_STEP))
            return i;
    }
    return -1;
}

static void fuzz_workers(input *in)
{
    fuzz_deck d = deck_read(in);
    int32_t players = pick(in, 2, 5), count = 1 + u8(in) % WORKER_ENVS, seat, i, round;
    int32_t most = count < WORKER_THREADS ? count : WORKER_THREADS, status;
    uint8_t bots = u8(in), *before = NULL, *before_many = NULL, *which = NULL, *active = NULL;
    uint8_t mode;
    hue_setup setup;
    hue_vector v;
    vector_encoding z;
    hue_batch one, many;
    size_t needed, size;
    int64_t mask_size, *actions = NULL, *drawn = NULL;

    if (players < 2 || players > 5 || !d.valid) {
        free(d.cards);
        return;
    }
    setup.deck = d.cards;
    setup.card_count = d.count;
    setup.players = players;
    setup.allow_cover = pick_flag(in);
    z = vector_encoding_new(&d, players);
    z.e.layout = &z.layout;
    memset(&v, 0, sizeof v);
    v.setup = &setup;
    v.encoding = &z.e;
    v.capacity = 3 + hue_game_moves(players);
    v.limit = HUE_MAX_ORIGIN - HUE_MAX_SIDE;
    v.span = 2048;
    v.agent = bots & 1 ? (int32_t)(u8(in) % players) : -1;
    mode = u8(in);
    v.autoreset = mode % 3;
    v.reward_sign = REWARD_SIGNS[mode / 3 % 4];
    v.seed_length = snprintf(v.seed_text, sizeof v.seed_text, "%llu", (unsigned long long)u64(in));
    for (seat = 0; v.agent >= 0 && seat < players; seat++) {
        if (seat == v.agent)
            continue;
        v.is_bot[seat] = 1;
        v.policies[seat] = (bots >> (1 + seat)) & 1 ? HUE_SEAT_GREEDY : HUE_SEAT_RANDOM;
        v.label_lengths[seat] = snprintf(v.labels[seat], sizeof v.labels[seat], "'%s'",
                                         v.policies[seat] == HUE_SEAT_GREEDY ? "greedy"
                                                                             : "random");
    }
    needed = hue_vector_workspace_size(&v);
    CHECK(needed > 0 && hue_vector_env_size(&v) > 0, "hue_vector sizes of valid settings");
    CHECK(hue_workers_size() > 0, "hue_workers_size %d", hue_workers_size());
    mask_size = (int64_t)z.layout.slots * 4 * z.e.cols * z.e.rows;
    hue_batch_new(&one, &v, count, mask_size);
    hue_batch_new(&many, &v, count, mask_size);
    size = hue_batch_bytes(&one, NULL);
    before = canary_buffer(size);
    before_many = canary_buffer(size);
    which = canary_buffer((size_t)count);
    active = canary_buffer((size_t)count);
    actions = calloc((size_t)count, sizeof *actions);
    drawn = canary_buffer(sizeof *drawn * (size_t)count);
    hue_check_never_started(&v, &many, in);
    hue_batch_start(&one, 1, needed, 0);
    hue_batch_start_from(&many, most > 1 ? 2 + (int32_t)(u8(in) % (uint32_t)(most - 1)) : 1,
                         needed, in);
    status = hue_vector_reset(&v, one.envs, count, NULL, &one.b.out, one.w.at, needed);
    CHECK(status == hue_vector_reset(&v, many.envs, count, NULL, &many.b.out, many.w.at,
                                     many.stride),
          "hue_vector_reset: %d, then not", status);
    if (status == HG_ERR_DECK)  /* too few poison, starting or standard cards to deal */
        goto done;
    CHECK(status == count, "hue_vector_reset: %d", status);
    check_vector_rows(&v, &one.b, count, mask_size, 0);
    check_vector_ends(&v, &one.b, count);
    for (round = 0; round < WORKER_ROUNDS && in->left > 0; round++) {
        uint8_t how = u8(in);
        const uint8_t *subset = NULL;
        int32_t refused_one = -2, refused_many = -2, status_one, status_many, expected;
        int copies, finals, empty;

        hue_batch_bytes(&many, before_many);
        CHECK(hue_batch_same(&one, before_many), "the batches differ on %d threads",
              many.threads);
        if (how % 16 == 15) {   /* stop (once or twice), refused calls, another start */
            hue_workers_stop(many.workers);
            if (how & 16)
                hue_workers_stop(many.workers);
            hue_check_never_started(&v, &many, in);
            hue_batch_start_from(&many, 1 + (int32_t)(u8(in) % (uint32_t)most), needed, in);
            continue;
        }
        if (how % 16 == 14) {
            hue_check_refusals(&v, &many, actions, needed, in);
            continue;
        }
        if (how % 16 == 13) {   /* the next game of the envs over, on both */
            for (i = 0; i < count; i++)
                which[i] = (uint8_t)(one.b.to_move[i] < 0 && u8(in) & 1);
            status = hue_vector_reset(&v, one.envs, count, which, &one.b.out, one.w.at, needed);
            CHECK(status == count
                      && hue_vector_reset(&v, many.envs, count, which, &many.b.out, many.w.at,
                                          many.stride) == count,
                  "hue_vector_reset(which): %d", status);
            check_vector_rows(&v, &one.b, count, mask_size, 0);
            check_vector_ends(&v, &one.b, count);
            continue;
        }
        CHECK(hue_vector_random_all(&v, one.envs, count, actions, one.workers) == count
                  && hue_vector_random_all(&v, many.envs, count, drawn, many.workers) == count,
              "hue_vector_random_all");
        CHECK(memcmp(actions, drawn, sizeof *actions * (size_t)count) == 0,
              "hue_vector_random_all differs on %d threads", many.threads);
        for (i = 0; i < count; i++) {
            const int8_t *row = one.b.masks + (int64_t)i * mask_size;
            int64_t a;
            int any = 0;
            for (a = 0; a < mask_size && !any; a++)
                any = row[a];
            CHECK(actions[i] >= 0 && actions[i] < mask_size
                      && (any ? row[actions[i]] == 1 : actions[i] == 0),
                  "hue_vector_random_all: env %d drew %lld", i, (long long)actions[i]);
        }
        if (how & 16) {         /* one env's action any id */
            i = (int32_t)(u8(in) % (uint32_t)count);
            actions[i] = how & 32 ? (int64_t)u16(in) % mask_size : (int64_t)u64(in);
        }
        switch (how >> 6) {
        case 1: memset(active, 1, (size_t)count); subset = active; break;
        case 2: memset(active, 0, (size_t)count); subset = active; break;
        case 3:
            for (i = 0; i < count; i++)
                active[i] = u8(in) & 1;
            subset = active;
            break;
        default: break;
        }
        /* the new rows copied or not; the final observations none, the
         * caller's or out's own; with neither, a NULL copies or one of NULLs */
        copies = how & 8;
        finals = how % 8 % 3;
        empty = how % 8 == 6;
        expected = hue_first_refused(&v, &one, actions, subset, mask_size);
        hue_batch_bytes(&one, before);
        hue_batch_bytes(&many, before_many);
        status_one = hue_batch_step(&v, &one, actions, subset, copies, finals, empty,
                                    &refused_one);
        status_many = hue_batch_step(&v, &many, actions, subset, copies, finals, empty,
                                     &refused_many);
        if (expected >= 0) {
            CHECK(status_one == HG_ERR_ILLEGAL && refused_one == expected
                      && status_many == HG_ERR_ILLEGAL && refused_many == expected,
                  "env %d refused: %d/%d, refused %d/%d", expected, status_one, status_many,
                  refused_one, refused_many);
            CHECK(hue_batch_same(&one, before) && hue_batch_same(&many, before_many),
                  "a refused hue_vector_step_all changed a batch");
            continue;
        }
        CHECK(status_one == count && status_many == count && refused_one == -1
                  && refused_many == -1,
              "hue_vector_step_all: %d and %d on %d threads, refused %d/%d", status_one,
              status_many, many.threads, refused_one, refused_many);
        check_vector_rows(&v, &one.b, count, mask_size, 1);
        hue_check_finals(&one, finals, before);
        hue_mark_ends(&v, &one, finals);
        hue_mark_ends(&v, &many, finals);
        for (i = 0; i < count; i++) {
            size_t row = (size_t)i * (size_t)z.layout.size, mask = (size_t)i * (size_t)mask_size;
            if (subset != NULL && !subset[i])
                CHECK(one.b.terminated[i] == 0
                          && memcmp((char *)one.envs + one.env_size * (size_t)i,
                                    before + one.env_size * (size_t)i, one.env_size) == 0,
                      "env %d stepped, not active", i);
            else if (copies)
                CHECK(memcmp(one.copied_observations + row, one.b.observations + row,
                             (size_t)z.layout.size) == 0
                          && memcmp(one.copied_masks + mask, one.b.masks + mask,
                                    (size_t)mask_size) == 0,
                      "env %d: the copies are not its rows", i);
        }
    }
    hue_batch_bytes(&many, before_many);
    CHECK(hue_batch_same(&one, before_many), "the batches differ on %d threads", many.threads);
done:
    hue_batch_free(&one);
    hue_batch_free(&many);
    free(before);
    free(before_many);
    free(which);
    free(active);
    free(actions);
    free(drawn);
    free(z.table);
    free(z.features);
    free(z.rotations);
    free(d.cards);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in;
    uint8_t target;

    in.at = data;
    in.left = size;
    target = u8(&in);
    switch (target >= 4 && target <= 7 ? target : target % 4) {
    case 7: fuzz_workers(&in); break;
    case 6: fuzz_vector(&in); break;
    case 5: fuzz_state(&in); break;
    case 4: fuzz_matches(&in); break;
    case 0: fuzz_sizes(&in); break;
    case 1: fuzz_grid_calls(&in); break;
    case 2: fuzz_random_games(&in); break;
    default: fuzz_playouts(&in); break;
    }
    return 0;
}
