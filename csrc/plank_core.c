/* plank_core.c -- see plank_core.h for the contract. */
#include "plank_internal.h"

#include <string.h>

#define SQUARES PLANK_SQUARES
#define EMPTY PLANK_EMPTY
#define TOP 0
#define BOTTOM 1
#define TOKENS_EACH 2            /* of each colour, per seat */
#define STRIPS_EACH 4            /* of each pattern */

/* Compile-time checks of the numbers the header writes out for cffi. */
typedef char check_sizes[(PLANK_SQUARES == 3 * PLANK_MAX_ROWS && PLANK_MAX_ROWS == 12 &&
                          PLANK_MAX_PLAYERS == 4)
                             ? 1
                             : -1];

/* ORDERS = GRW GWR RGW RWG WGR WRG: each order's colours left to right. */
static const int8_t ORDER_COLOURS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                           {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
/* Where colour c lies on a strip of order o. */
static const int8_t COLOUR_AT[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {2, 0, 1}, {1, 2, 0}, {2, 1, 0}};
/* PATTERN_ORDERS: plank_internal.h. */
static const int8_t PATTERN_OF_ORDER[6] = {2, 0, 1, 0, 1, 2};
/* Squares 0..35 in the order of their decimal text ("0" < "1" < "10" ...):
 * Game.winning_moves sorts its targets by str(). */
static const int8_t TEXT_ORDER[SQUARES] = {0,  1,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                           2,  20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 3,
                                           30, 31, 32, 33, 34, 35, 4,  5,  6,  7,  8,  9};

/* ---- positions ----------------------------------------------------------- */

typedef plank_rng pyrandom;
typedef plank_state state; /* each square's colour; -1 beyond the table */

/* Whether the core takes position p (0) or not (HG_ERR_STATE).  The rows,
 * squares and counts are read in loops without exits (any stray value
 * found, the largest count), which the compiler checks many at a time. */
static int check_position(const plank_position *p)
{
    int seen = 0, players, rows, strips = 0, bad = 0;
    uint8_t stray = 0;
    if (p == NULL)
        return HG_ERR_ARGUMENT;
    players = p->players;
    rows = p->rows;
    if (players < PLANK_MIN_PLAYERS || players > PLANK_MAX_PLAYERS || rows < 0 ||
        rows > PLANK_MAX_ROWS || p->turn < 0 || p->turn == INT32_MAX)
        return HG_ERR_STATE;
    for (int k = 0; k < PLANK_MAX_PLAYERS; k++) {
        int seat = p->order[k];
        if (k >= players) {
            bad |= seat != 0;
        } else if (seat < 0 || seat >= players || ((seen >> seat) & 1)) {
            bad = 1;
        } else {
            seen |= 1 << seat;
        }
    }
    for (int r = 0; r < rows; r++) /* an order 0..5 on the table, 0 beyond */
        bad |= (uint8_t)p->strips[r] > 5;
    for (int r = rows; r < PLANK_MAX_ROWS; r++)
        stray |= (uint8_t)p->strips[r];
    for (int i = 0; i < SQUARES; i++) { /* owner + 1: 0..players on the table, 0 beyond */
        uint8_t owner = (uint8_t)(p->owners[i] + 1), limit = i < 3 * rows ? (uint8_t)players : 0;
        stray |= owner > limit;
    }
    { /* each seat's counts, by seat then colour or pattern; 0 beyond the seats */
        const uint8_t *off = (const uint8_t *)p->off, *held = (const uint8_t *)p->held;
        uint8_t most_off = 0, most_held = 0;
        for (int k = 0; k < 3 * players; k++) {
            most_off = off[k] > most_off ? off[k] : most_off;
            most_held = held[k] > most_held ? held[k] : most_held;
            strips += held[k];
        }
        for (int k = 3 * players; k < 3 * PLANK_MAX_PLAYERS; k++)
            stray |= off[k] | held[k];
        bad |= most_off > TOKENS_EACH || most_held > STRIPS_EACH;
    }
    return bad || stray || rows + strips > PLANK_MAX_ROWS ? HG_ERR_STATE : 0;
}

static void load(state *s, const plank_position *p)
{
    int size = 3 * p->rows;
    s->p = *p;
    for (int r = 0; r < p->rows; r++)
        memcpy(s->colours + 3 * r, ORDER_COLOURS[p->strips[r]], 3);
    memset(s->colours + size, -1, (size_t)(SQUARES - size));
}

static int to_move(const state *s)
{
    return s->p.order[s->p.turn % s->p.players];
}

static int placing(const state *s, int seat)
{
    const int8_t *off = s->p.off[seat];
    return off[0] || off[1] || off[2];
}

/* The orders a seat may lay: each held pattern, then its reverse. */
static int orders_of(const state *s, int seat, int8_t orders[6])
{
    int n = 0;
    for (int pattern = 0; pattern < 3; pattern++)
        if (s->p.held[seat][pattern]) {
            orders[n++] = PATTERN_ORDERS[pattern][0];
            orders[n++] = PATTERN_ORDERS[pattern][1];
        }
    return n;
}

static uint32_t place_code(int square, int colour)
{
    return (uint32_t)(square + PLANK_PLACE_COLOUR * colour);
}

static uint32_t shift_code(int source, int target)
{
    return (uint32_t)(PLANK_SHIFT_BASE + SQUARES * source + target);
}

static uint32_t lay_place_code(int order, int end, int colour)
{
    return (uint32_t)(PLANK_LAY_PLACE_BASE + 6 * order + 3 * end + colour);
}

static uint32_t lay_shift_code(int order, int end, int source)
{
    return (uint32_t)(PLANK_LAY_SHIFT_BASE + SQUARES * (2 * order + end) + source);
}

static int legal_moves(const state *s, uint32_t *out)
{
    int seat = to_move(s), size = 3 * s->p.rows, n = 0;
    int ends = s->p.rows ? 2 : 1;
    const int8_t *owners = s->p.owners, *colours = s->colours, *off = s->p.off[seat];
    int8_t orders[6];
    int order_count = orders_of(s, seat, orders);
    if (placing(s, seat)) {
        for (int i = 0; i < size; i++)
            if (owners[i] == EMPTY && off[colours[i]])
                out[n++] = place_code(i, colours[i]);
        for (int k = 0; k < order_count; k++)
            for (int e = 0; e < ends; e++)
                for (int c = 0; c < 3; c++)
                    if (off[c])
                        out[n++] = lay_place_code(orders[k], e, c);
    } else {
        /* the first six of the seat's tokens, and the empty squares of each colour */
        int own[6], owned = 0, empties[3] = {0, 0, 0};
        int8_t empty[3][PLANK_MAX_ROWS];
        for (int i = 0; i < size; i++) {
            if (owners[i] == EMPTY)
                empty[colours[i]][empties[colours[i]]++] = (int8_t)i;
            else if (owners[i] == seat && owned < 6)
                own[owned++] = i;
        }
        for (int k = 0; k < owned; k++) {
            int colour = colours[own[k]];
            for (int j = 0; j < empties[colour]; j++)
                out[n++] = shift_code(own[k], empty[colour][j]);
        }
        for (int k = 0; k < order_count; k++)
            for (int e = 0; e < ends; e++)
                for (int j = 0; j < owned; j++)
                    out[n++] = lay_shift_code(orders[k], e, own[j]);
    }
    if (n == 0)
        out[n++] = PLANK_PASS;
    return n;
}

/* The square a line (a, b, c) lacks for `seat`: the empty one of a line
 * holding two of seat's tokens, else -1. */
static int gap(const int8_t *owners, int a, int b, int c, int seat)
{
    if (owners[a] == seat) {
        if (owners[b] == seat && owners[c] == EMPTY)
            return c;
        if (owners[b] == EMPTY && owners[c] == seat)
            return b;
        return -1;
    }
    return owners[a] == EMPTY && owners[b] == seat && owners[c] == seat ? a : -1;
}

static int distinct(const int8_t *colours, int a, int b, int c)
{
    return colours[a] != colours[b] && colours[a] != colours[c] && colours[b] != colours[c];
}

/* How many squares a set holds. */
static int bits(uint64_t set)
{
    int count = 0;
    for (; set; set &= set - 1)
        count++;
    return count;
}

/* Game._targets: the squares that complete a line for `seat` (a bit set),
 * and for each end and column (index 3 * end + col) the colour of a strip
 * laid there that would (or -1).  Returns how many there are. */
static int targets(const state *s, int seat, uint64_t *squares, int8_t lays[6])
{
    const int8_t *owners = s->p.owners, *colours = s->colours, *off = s->p.off[seat];
    int rows = s->p.rows, size = 3 * rows, count = 0, any_held = 0;
    int is_placing = placing(s, seat);
    uint64_t found = 0;
    for (int i = 0; i < 6; i++)
        lays[i] = -1;
    for (int line = 0; line < rows + (size > 6 ? size - 6 : 0); line++) {
        int a, step, target;
        if (line < rows) {
            a = 3 * line;
            step = 1;
        } else {
            a = line - rows;
            step = 3;
            if (!distinct(colours, a, a + 3, a + 6))
                continue;
        }
        target = gap(owners, a, a + step, a + 2 * step, seat);
        if (target >= 0 && (!is_placing || off[colours[target]]))
            found |= (uint64_t)1 << target;
    }
    for (int pattern = 0; pattern < 3; pattern++)
        any_held |= s->p.held[seat][pattern];
    if (rows >= 2 && any_held) {
        for (int end = 0; end < 2; end++) {
            int near = end == TOP ? 0 : size - 3, far = end == TOP ? 3 : size - 6;
            for (int col = 0; col < 3; col++) {
                int a = colours[near + col], b = colours[far + col], colour;
                if (owners[near + col] != seat || owners[far + col] != seat || a == b)
                    continue;
                colour = 3 - a - b;
                if (is_placing && !off[colour])
                    continue;
                for (int pattern = 0; pattern < 3; pattern++) {
                    const int8_t *order = ORDER_COLOURS[PATTERN_ORDERS[pattern][0]];
                    if (s->p.held[seat][pattern] &&
                        (order[col] == colour || order[2 - col] == colour)) {
                        lays[3 * end + col] = (int8_t)colour;
                        count++;
                        break;
                    }
                }
            }
        }
    }
    *squares = found;
    return count + bits(found);
}

static int add_unique(uint32_t *out, int n, uint32_t code)
{
    for (int k = 0; k < n; k++)
        if (out[k] == code)
            return n;
    out[n] = code;
    return n + 1;
}

static int winning_moves(const state *s, uint32_t *out)
{
    int seat = to_move(s), size = 3 * s->p.rows, n = 0, owned = 0, own[6];
    int is_placing = placing(s, seat);
    const int8_t *colours = s->colours;
    uint64_t squares;
    int8_t lays[6];
    if (!targets(s, seat, &squares, lays))
        return 0;
    for (int i = 0; i < size && owned < 6; i++)
        if (s->p.owners[i] == seat)
            own[owned++] = i;
    /* sorted by text: "('B', ...)" < "('T', ...)" < the squares' numbers */
    for (int end = BOTTOM; end >= TOP; end--)
        for (int col = 0; col < 3; col++) {
            int colour = lays[3 * end + col];
            if (colour < 0)
                continue;
            for (int pattern = 0; pattern < 3; pattern++) {
                if (!s->p.held[seat][pattern])
                    continue;
                for (int k = 0; k < 2; k++) {
                    int order = PATTERN_ORDERS[pattern][k];
                    if (ORDER_COLOURS[order][col] != colour)
                        continue;
                    if (is_placing)
                        n = add_unique(out, n, lay_place_code(order, end, colour));
                    else
                        for (int j = 0; j < owned; j++)
                            if (colours[own[j]] == colour)
                                n = add_unique(out, n, lay_shift_code(order, end, own[j]));
                }
            }
        }
    for (int k = 0; k < SQUARES; k++) {
        int target = TEXT_ORDER[k];
        if (!((squares >> target) & 1))
            continue;
        if (is_placing)
            n = add_unique(out, n, place_code(target, colours[target]));
        else
            for (int j = 0; j < owned; j++)
                if (colours[own[j]] == colours[target])
                    n = add_unique(out, n, shift_code(own[j], target));
    }
    return n;
}

/* Lay a strip of `order` at `end`; returns its first square. */
static int lay(state *s, int order, int end)
{
    plank_position *p = &s->p;
    int base = 3 * p->rows;
    if (end == TOP) {
        memmove(p->strips + 1, p->strips, (size_t)p->rows);
        memmove(p->owners + 3, p->owners, (size_t)base);
        memmove(s->colours + 3, s->colours, (size_t)base);
        base = 0;
    }
    p->strips[base / 3] = (int8_t)order;
    for (int col = 0; col < 3; col++) {
        p->owners[base + col] = EMPTY;
        s->colours[base + col] = ORDER_COLOURS[order][col];
    }
    p->rows++;
    return base;
}

/* Play a legal move for the seat to move; returns the square its token
 * went to, or -1 for the pass. */
static int apply(state *s, uint32_t code)
{
    plank_position *p = &s->p;
    int seat = to_move(s), target = -1;
    p->turn++;
    if (code == PLANK_PASS)
        return -1;
    if (code % PLANK_PLACE_COLOUR < PLANK_SHIFT_BASE) {
        target = (int)(code % PLANK_PLACE_COLOUR);
        p->off[seat][code / PLANK_PLACE_COLOUR]--;
    } else if (code < PLANK_LAY_PLACE_BASE) {
        int index = (int)code - PLANK_SHIFT_BASE;
        target = index % SQUARES;
        p->owners[index / SQUARES] = EMPTY;
    } else if (code < PLANK_LAY_SHIFT_BASE) {
        int index = (int)code - PLANK_LAY_PLACE_BASE;
        int order = index / 6, colour = index % 3;
        target = lay(s, order, (index / 3) % 2) + COLOUR_AT[order][colour];
        p->held[seat][PATTERN_OF_ORDER[order]]--;
        p->off[seat][colour]--;
    } else {
        int index = (int)code - PLANK_LAY_SHIFT_BASE;
        int order = index / (2 * SQUARES), end = (index / SQUARES) % 2;
        int source = index % SQUARES + (end == TOP ? 3 : 0);
        int base = lay(s, order, end); /* before reading the source's colour */
        target = base + COLOUR_AT[order][s->colours[source]];
        p->held[seat][PATTERN_OF_ORDER[order]]--;
        p->owners[source] = EMPTY;
    }
    p->owners[target] = (int8_t)seat;
    return target;
}

/* Table.line_through: whether `seat` owns a whole line through `square`. */
static int line_through(const state *s, int square, int seat)
{
    const int8_t *owners = s->p.owners;
    int row = square - square % 3, size = 3 * s->p.rows;
    if (owners[row] == seat && owners[row + 1] == seat && owners[row + 2] == seat)
        return 1;
    for (int a = square; a >= 0 && a >= square - 6; a -= 3)
        if (a + 6 < size && owners[a] == seat && owners[a + 3] == seat &&
            owners[a + 6] == seat && distinct(s->colours, a, a + 3, a + 6))
            return 1;
    return 0;
}

/* Whether `seat` may move its token on `square` (legal_moves moves the
 * first six of a seat's tokens: a position the core takes may hold more). */
static int movable(const state *s, int seat, int square)
{
    int before = 0;
    if (square >= 3 * s->p.rows || s->p.owners[square] != seat)
        return 0;
    for (int i = 0; i < square; i++)
        before += s->p.owners[i] == seat;
    return before < 6;
}

/* Whether `code` is one of the codes legal_moves lists, worked out from the
 * code (the pass alone from the list: it is legal when nothing else is). */
static int is_legal(const state *s, uint32_t code)
{
    int seat = to_move(s), size = 3 * s->p.rows, is_placing = placing(s, seat);
    const int8_t *owners = s->p.owners, *colours = s->colours, *off = s->p.off[seat];
    const int8_t *held = s->p.held[seat];
    if (code == PLANK_PASS) {
        uint32_t moves[PLANK_MAX_MOVES];
        return legal_moves(s, moves) == 1 && moves[0] == PLANK_PASS;
    }
    if (code % PLANK_PLACE_COLOUR < PLANK_SHIFT_BASE) { /* a Place, its colour times 2048 */
        int square = (int)(code % PLANK_PLACE_COLOUR);
        uint32_t colour = code / PLANK_PLACE_COLOUR;
        return colour < 3 && is_placing && square < size && owners[square] == EMPTY &&
               (uint32_t)colours[square] == colour && off[colour];
    }
    if (code < PLANK_LAY_PLACE_BASE) { /* a Shift */
        int index = (int)code - PLANK_SHIFT_BASE, target = index % SQUARES;
        return !is_placing && movable(s, seat, index / SQUARES) && target < size &&
               owners[target] == EMPTY && colours[target] == colours[index / SQUARES];
    }
    if (code < PLANK_LAY_SHIFT_BASE) { /* a LayPlace */
        int index = (int)code - PLANK_LAY_PLACE_BASE, order = index / 6;
        return is_placing && held[PATTERN_OF_ORDER[order]] && ((index / 3) % 2 == TOP || size) &&
               off[index % 3];
    }
    if (code < PLANK_PASS) { /* a LayShift */
        int index = (int)code - PLANK_LAY_SHIFT_BASE, lay = index / SQUARES;
        return !is_placing && held[PATTERN_OF_ORDER[lay / 2]] && (lay % 2 == TOP || size) &&
               movable(s, seat, index % SQUARES);
    }
    return 0;
}

int plank_core_version(void)
{
    return PLANK_CORE_VERSION;
}

int plank_choices(uint64_t seed, uint32_t n, int32_t count, uint32_t *out)
{
    pyrandom r;
    uint32_t start[PYRANDOM_N];
    if (n < 1 || n > 0x80000000U || count < 0 || (count && out == NULL))
        return HG_ERR_ARGUMENT;
    pyrandom_start(start);
    pyrandom_seed(&r, start, seed);
    for (int32_t k = 0; k < count; k++)
        out[k] = pyrandom_below(&r, n);
    return 0;
}

/* deal_hand(players, seed): the letters shuffled, then the 12 strips, with
 * r, the generator random.Random(seed). */
static void deal(pyrandom *r, int32_t players, plank_position *out)
{
    int8_t letters[PLANK_MAX_PLAYERS], strips[PLANK_MAX_ROWS], swap;
    int each = PLANK_MAX_ROWS / players;
    memset(out, 0, sizeof *out);
    memset(out->owners, EMPTY, sizeof out->owners);
    out->players = players;
    for (int seat = 0; seat < players; seat++)
        letters[seat] = (int8_t)seat;
    for (int i = players - 1; i > 0; i--) {
        int j = (int)pyrandom_below(r, (uint32_t)i + 1U);
        swap = letters[i];
        letters[i] = letters[j];
        letters[j] = swap;
    }
    for (int i = 0; i < PLANK_MAX_ROWS; i++)
        strips[i] = (int8_t)(i / 4);
    for (int i = PLANK_MAX_ROWS - 1; i > 0; i--) {
        int j = (int)pyrandom_below(r, (uint32_t)i + 1U);
        swap = strips[i];
        strips[i] = strips[j];
        strips[j] = swap;
    }
    for (int seat = 0; seat < players; seat++) {
        out->order[letters[seat]] = (int8_t)seat;
        for (int c = 0; c < 3; c++)
            out->off[seat][c] = 2;
        for (int k = 0; k < each; k++)
            out->held[seat][strips[seat * each + k]]++;
    }
}

int plank_deal(uint64_t seed, int32_t players, plank_position *out)
{
    pyrandom r;
    uint32_t start[PYRANDOM_N];
    if (out == NULL || players < PLANK_MIN_PLAYERS || players > PLANK_MAX_PLAYERS)
        return HG_ERR_ARGUMENT;
    pyrandom_start(start);
    pyrandom_seed(&r, start, seed);
    deal(&r, players, out);
    return 0;
}

int plank_legal_moves(const plank_position *position, uint32_t moves[PLANK_MAX_MOVES])
{
    state s;
    int status = check_position(position);
    if (status < 0)
        return status;
    if (moves == NULL)
        return HG_ERR_ARGUMENT;
    load(&s, position);
    return legal_moves(&s, moves);
}

int plank_winning_moves(const plank_position *position, uint32_t moves[PLANK_MAX_MOVES])
{
    state s;
    int status = check_position(position);
    if (status < 0)
        return status;
    if (moves == NULL)
        return HG_ERR_ARGUMENT;
    load(&s, position);
    return winning_moves(&s, moves);
}

int plank_threats(const plank_position *position, int32_t seat)
{
    state s;
    uint64_t squares;
    int8_t lays[6];
    int status = check_position(position);
    if (status < 0)
        return status;
    if (seat < 0 || seat >= position->players)
        return HG_ERR_ARGUMENT;
    load(&s, position);
    return targets(&s, seat, &squares, lays);
}

/* Play `move` from `from` into s: the line it completes for the seat that
 * played it (1) or not (0); a negative error code when `from` is a position
 * the core refuses or `move` is not one of its legal moves (s then
 * undefined). */
static int play_from(state *s, const plank_position *from, uint32_t move)
{
    int seat, target, status = check_position(from);
    if (status < 0)
        return status;
    load(s, from);
    if (!is_legal(s, move))
        return HG_ERR_ILLEGAL;
    seat = to_move(s);
    target = apply(s, move);
    return target >= 0 && line_through(s, target, seat);
}

int plank_play(plank_position *position, uint32_t move)
{
    state s;
    int line = play_from(&s, position, move);
    if (line >= 0)
        *position = s.p;
    return line;
}

/* ---- the repetition rule --------------------------------------------------- */

/* A position as Game._key compares them: the seat to move and the owner of
 * every square of the table (its rows too: strips only ever join it).  Any
 * bytes make a key (a position without a seat to move gets seat 7), so a
 * line's earlier positions are read without being checked. */
typedef plank_key key;

/* The owners of `count` <= 8 squares, three bits each (owner & 7: a seat,
 * or 7 for EMPTY), gathered into 3 * count bits: each step joins the bits
 * of neighbouring pairs, bytes, then 16-bit, then 32-bit halves. */
static uint64_t packed_owners(const int8_t *owners, size_t count)
{
    uint64_t x = 0;
    memcpy(&x, owners, count);
    x &= 0x0707070707070707U;
    x = (x | x >> 5) & 0x003F003F003F003FU;
    x = (x | x >> 10) & 0x00000FFF00000FFFU;
    return (x | x >> 20) & 0xFFFFFFU;
}

static key key_of(const plank_position *p)
{
    key k;
    int has_seat = p->players >= PLANK_MIN_PLAYERS && p->players <= PLANK_MAX_PLAYERS &&
                   p->turn >= 0;
    uint64_t seat = has_seat ? (uint64_t)(p->order[p->turn % p->players] & 7) : 7U;
    uint64_t a = packed_owners(p->owners, 8), b = packed_owners(p->owners + 8, 8);
    uint64_t c = packed_owners(p->owners + 16, 8), d = packed_owners(p->owners + 24, 8);
    uint64_t e = packed_owners(p->owners + 32, 4);
    /* 24 bits for each eight squares (whichever bits a byte order fills),
     * then the rows and the seat: 127 bits */
    k.low = a | b << 24 | c << 48;
    k.high = c >> 16 | d << 8 | e << 32 | (uint64_t)(p->rows & 15) << 56 | seat << 60;
    return k;
}

/* Whether positions of keys a and b have as many rows: only positions since
 * the last strip was laid can repeat one. */
static int same_rows(key a, key b)
{
    return (a.high >> 56 & 15U) == (b.high >> 56 & 15U);
}

static int same_position(key a, key b)
{
    return a.low == b.low && a.high == b.high;
}

/* How often `k`, the key of the position after `count` turns of a hand of
 * `players` seats, occurs among keys[0 .. count-1] (keys[t]: the position
 * after t turns).  Only the positions with the same seat to move can be
 * equal, those count - players, count - 2 * players ... turns in (the
 * strips only join the table: the first with other rows ends the scan). */
static int occurrences(const key *keys, int count, key k, int players)
{
    int found = 0;
    for (int j = count - players; j >= 0 && same_rows(keys[j], k); j -= players)
        found += same_position(keys[j], k);
    return found;
}

/* How often `k` occurs among line[0 .. count-1], the last the latest:
 * occurrences, the keys made as they are read. */
static int line_occurrences(const plank_position *line, int32_t count, key k)
{
    int found = 0;
    for (int32_t j = count - 1; j >= 0; j--) {
        key earlier = key_of(&line[j]);
        if (!same_rows(earlier, k))
            break;
        found += same_position(earlier, k);
    }
    return found;
}

/* ---- a line of play -------------------------------------------------------- */

int32_t plank_line_play(plank_position *line, int32_t capacity, int32_t depth, uint32_t move,
                        const plank_rules *rules)
{
    state s;
    int line_made;
    if (line == NULL || rules == NULL || depth < 0 || depth >= capacity ||
        (rules->repetition != 0 && rules->repetition < 2) || rules->turn_limit < 0 ||
        rules->players != line[depth].players)
        return HG_ERR_ARGUMENT;
    if (depth + 1 >= capacity)
        return HG_ERR_CAPACITY;
    line_made = play_from(&s, &line[depth], move);
    if (line_made < 0)
        return line_made;
    line[depth + 1] = s.p;
    if (line_made)
        return PLANK_LINE;
    if (rules->turn_limit && s.p.turn >= rules->turn_limit)
        return PLANK_TURN_LIMIT;
    if (rules->repetition &&
        line_occurrences(line, depth + 1, key_of(&s.p)) + 1 >= rules->repetition)
        return PLANK_REPETITION;
    return PLANK_GOES_ON;
}

int32_t plank_line_repetitions(const plank_position *line, int32_t depth)
{
    int status;
    if (line == NULL || depth < 0)
        return HG_ERR_ARGUMENT;
    status = check_position(&line[depth]);
    if (status < 0)
        return status;
    return line_occurrences(line, depth, key_of(&line[depth])) + 1;
}

/* ---- whole hands ---------------------------------------------------------- */

typedef plank_hand_rules hand_rules;

/* _gives_a_win: after `move`, the hand goes on and the next seat can
 * complete a line; for a move that lays no strip (a place, a shift or the
 * pass: a strip lay is tested as the place or shift it makes on the position
 * with its strip laid, after_the_lay), from the next seat's targets before
 * it (`squares`, and `lays` strip lays that would).  Such a move fills one
 * empty square and may empty one of the mover's, so the next seat's targets
 * are those less the square filled, plus the square emptied when it would
 * complete a line of the next seat's; its strip lays stay as they were.
 * `work` is the position, its squares changed for the test and put back. */
static int gives_a_win(state *work, uint32_t move, uint64_t squares, int lays,
                                const hand_rules *rules)
{
    int8_t *owners = work->p.owners;
    int seat = to_move(work), next = work->p.order[(work->p.turn + 1) % work->p.players];
    int target = -1, source = -1, made = 0;
    if (move != PLANK_PASS) {
        if (move % PLANK_PLACE_COLOUR < PLANK_SHIFT_BASE) {
            target = (int)(move % PLANK_PLACE_COLOUR);
        } else {
            source = ((int)move - PLANK_SHIFT_BASE) / SQUARES;
            target = ((int)move - PLANK_SHIFT_BASE) % SQUARES;
            owners[source] = EMPTY;
        }
        owners[target] = (int8_t)seat;
        made = line_through(work, target, seat);
        squares &= ~((uint64_t)1 << target);
        if (!made && source >= 0
            && (!placing(work, next) || work->p.off[next][work->colours[source]])) {
            owners[source] = (int8_t)next;
            if (line_through(work, source, next))
                squares |= (uint64_t)1 << source;
        }
        owners[target] = EMPTY;
        if (source >= 0)
            owners[source] = (int8_t)seat;
    }
    if (made || (lays == 0 && squares == 0) || work->p.turn + 1 >= rules->turn_limit)
        return 0;
    if (rules->repetition) {
        state after = *work;
        apply(&after, move);
        return occurrences(rules->keys, after.p.turn, key_of(&after.p), after.p.players) + 1 <
               rules->repetition;
    }
    return 1;
}

/* The strip a strip-laying move lays: 2 * order + end. */
static int strip_of(uint32_t move)
{
    return move < PLANK_LAY_SHIFT_BASE ? ((int)move - PLANK_LAY_PLACE_BASE) / 3
                                       : ((int)move - PLANK_LAY_SHIFT_BASE) / SQUARES;
}

/* The position `s` with strip `strip` (strip_of) laid and its pattern taken
 * from the hand of the seat to move, into `laid`; returns the strip's first
 * square. */
static int lay_strip(const state *s, int strip, state *laid)
{
    int order = strip / 2, base;
    *laid = *s;
    base = lay(laid, order, strip % 2);
    laid->p.held[to_move(s)][PATTERN_OF_ORDER[order]]--;
    return base;
}

/* The place or shift a strip-laying `move` makes once its strip is laid
 * (lay_strip gave `laid` and `base`): apply(laid, it) is apply(s, move). */
static uint32_t after_the_lay(const state *laid, int base, uint32_t move)
{
    if (move < PLANK_LAY_SHIFT_BASE) {
        int index = (int)move - PLANK_LAY_PLACE_BASE;
        int order = index / 6, colour = index % 3;
        return place_code(base + COLOUR_AT[order][colour], colour);
    } else {
        int index = (int)move - PLANK_LAY_SHIFT_BASE;
        int order = index / (2 * SQUARES), end = (index / SQUARES) % 2;
        int source = index % SQUARES + (end == TOP ? 3 : 0);
        return shift_code(source, base + COLOUR_AT[order][laid->colours[source]]);
    }
}

static uint32_t choose(const state *s, int policy, pyrandom *r, const hand_rules *rules)
{
    uint32_t moves[PLANK_MAX_MOVES], safe[PLANK_MAX_MOVES];
    int n, count = 0, lays, next, strip = -1, base = 0, laid_lays = 0;
    uint64_t squares, laid_squares = 0;
    int8_t lay_colours[6];
    state work, laid;
    if (policy == PLANK_POLICY_RANDOM) {
        n = legal_moves(s, moves);
        return moves[pyrandom_below(r, (uint32_t)n)];
    }
    n = winning_moves(s, moves);
    if (n)
        return moves[pyrandom_below(r, (uint32_t)n)];
    n = legal_moves(s, moves);
    /* the next seat's targets now, for the moves that lay no strip, and
     * with each strip laid, for the moves that lay it (listed together) */
    work = *s;
    next = work.p.order[(work.p.turn + 1) % work.p.players];
    lays = targets(&work, next, &squares, lay_colours) - bits(squares);
    for (int k = 0; k < n; k++) {
        uint32_t move = moves[k];
        int lays_a_strip = move != PLANK_PASS && move % PLANK_PLACE_COLOUR >= PLANK_SHIFT_BASE
                           && move >= PLANK_LAY_PLACE_BASE, gives;
        if (lays_a_strip) {
            if (strip_of(move) != strip) {
                strip = strip_of(move);
                base = lay_strip(s, strip, &laid);
                laid_lays = targets(&laid, next, &laid_squares, lay_colours)
                            - bits(laid_squares);
            }
            gives = gives_a_win(&laid, after_the_lay(&laid, base, move), laid_squares,
                                laid_lays, rules);
        } else {
            gives = gives_a_win(&work, move, squares, lays, rules);
        }
        if (!gives)
            safe[count++] = move;
    }
    if (count)
        return safe[pyrandom_below(r, (uint32_t)count)];
    return moves[pyrandom_below(r, (uint32_t)n)];
}

static void score(const state *s, int winner, int32_t *scores, int32_t *winners)
{
    const plank_position *p = &s->p;
    int letter = 0;
    for (int seat = 0; seat < p->players; seat++)
        scores[seat] = 0;
    *winners = 0;
    if (winner < 0)
        return;
    while (p->order[letter] != winner)
        letter++;
    if (p->players == 3) {
        scores[p->order[(letter + 1) % 3]] = 2;
        scores[p->order[(letter + 2) % 3]] = 1;
        *winners = 1 << winner;
    } else {
        for (int k = letter % 2; k < p->players; k += 2) { /* the team: every other letter */
            scores[p->order[k]] = 1;
            *winners |= 1 << p->order[k];
        }
    }
}

size_t plank_workspace_size(int32_t turn_limit)
{
    if (turn_limit < 1 || turn_limit > PLANK_MAX_TURN_LIMIT)
        return 0;
    return ((size_t)turn_limit + 1) * sizeof(key) + sizeof(key);
}

int plank_play_hands(const plank_rules *settings, int32_t hands, const uint64_t *deal_seeds,
                     const uint64_t *bot_seeds, const int8_t *policies, void *workspace,
                     size_t workspace_size, const plank_hands_out *out)
{
    if (settings == NULL || out == NULL)
        return HG_ERR_ARGUMENT;
    int32_t players = settings->players, repetition = settings->repetition;
    int32_t turn_limit = settings->turn_limit, *scores = out->scores;
    int32_t *winners = out->winners, *lengths = out->lengths;
    uint32_t *moves = out->moves;
    int64_t move_capacity = out->move_capacity;
    size_t need = plank_workspace_size(turn_limit);
    uintptr_t at = (uintptr_t)workspace;
    int64_t written = 0;
    hand_rules rules;
    pyrandom generators[PLANK_MAX_PLAYERS + 1]; /* each seat's bot, then the deal's */
    pyrandom *which[PLANK_MAX_PLAYERS + 1];
    uint64_t seeds[PLANK_MAX_PLAYERS + 1];
    uint32_t start[PYRANDOM_N];
    if (players < PLANK_MIN_PLAYERS || players > PLANK_MAX_PLAYERS || need == 0 ||
        (repetition != 0 && repetition < 2) || hands < 0 || move_capacity < 0 ||
        (hands && (deal_seeds == NULL || bot_seeds == NULL || policies == NULL ||
                   scores == NULL || winners == NULL || lengths == NULL)))
        return HG_ERR_ARGUMENT;
    if (workspace == NULL || workspace_size < need)
        return HG_ERR_WORKSPACE;
    for (int64_t k = 0; k < (int64_t)hands * players; k++)
        if (policies[k] != PLANK_POLICY_RANDOM && policies[k] != PLANK_POLICY_GREEDY)
            return HG_ERR_ARGUMENT;
    at = (at + sizeof(key) - 1) / sizeof(key) * sizeof(key);
    rules.repetition = repetition;
    rules.turn_limit = turn_limit;
    rules.keys = (key *)at;
    pyrandom_start(start);
    for (int seat = 0; seat <= players; seat++)
        which[seat] = &generators[seat];
    for (int32_t h = 0; h < hands; h++) {
        const int8_t *policy = policies + (int64_t)h * players;
        state s;
        int winner = -1;
        for (int seat = 0; seat < players; seat++)
            seeds[seat] = bot_seeds[(int64_t)h * players + seat];
        seeds[players] = deal_seeds[h];
        pyrandom_seed_many(which, seeds, players + 1, start);
        deal(&generators[players], players, &s.p);
        load(&s, &s.p);
        rules.keys[0] = key_of(&s.p);
        for (;;) {
            int seat = to_move(&s), target;
            uint32_t move = choose(&s, policy[seat], &generators[seat], &rules);
            key k;
            if (moves != NULL) {
                if (written >= move_capacity)
                    return HG_ERR_CAPACITY;
                moves[written++] = move;
            }
            target = apply(&s, move);
            k = key_of(&s.p);
            if (target >= 0 && line_through(&s, target, seat)) {
                winner = seat;
                break;
            }
            if (s.p.turn >= turn_limit)
                break;
            if (repetition && occurrences(rules.keys, s.p.turn, k, players) + 1 >= repetition)
                break;
            rules.keys[s.p.turn] = k;
        }
        score(&s, winner, scores + (int64_t)h * players, winners + h);
        lengths[h] = s.p.turn;
    }
    return 0;
}

/* ---- what plank_vector.c shares (plank_internal.h) ------------------------- */

int pk_check_position(const plank_position *p)
{
    return check_position(p);
}

void pk_load(plank_state *s, const plank_position *p)
{
    load(s, p);
}

int pk_legal_moves(const plank_state *s, uint32_t out[PLANK_MAX_MOVES])
{
    return legal_moves(s, out);
}

int pk_is_legal(const plank_state *s, uint32_t code)
{
    return is_legal(s, code);
}

int pk_play(plank_state *s, uint32_t code)
{
    int seat = to_move(s), target = apply(s, code);
    return target >= 0 && line_through(s, target, seat);
}

plank_key pk_key_of(const plank_position *p)
{
    return key_of(p);
}

int pk_occurrences(const plank_key *keys, int count, plank_key k, int players)
{
    return occurrences(keys, count, k, players);
}

uint32_t pk_choose(const plank_state *s, int policy, plank_rng *r, const plank_hand_rules *rules)
{
    return choose(s, policy, r, rules);
}

void pk_deal(plank_rng *r, int32_t players, plank_position *out)
{
    deal(r, players, out);
}

void pk_score(const plank_state *s, int winner, int32_t *scores, int32_t *winners)
{
    score(s, winner, scores, winners);
}
