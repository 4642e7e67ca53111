/*
 * hue_table.c -- the kernels' building blocks (hue_internal.h): seeded
 * random streams, deck checks, a growing table in a fixed buffer, and the
 * listing and index of its legal anchors.
 *
 * The table keeps room for every card a game can still lay, plus a byte of
 * "marks" per cell that makes a legality test three loads and a table
 * lookup; a random move is drawn by rejection from the anchors that can be
 * legal, and only the occupied box is valued at the end.
 */
#include "hue_internal.h"

#define GOLDEN 0x9E3779B97F4A7C15ULL

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The generator of stream `stream` of `seed`: a function of both alone. */
void rng_seed(rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = mix64(seed + GOLDEN) ^ mix64(stream ^ 0xD1B54A32D192ED03ULL);
    int k;

    for (k = 0; k < 4; k++) {
        x += GOLDEN;
        r->s[k] = mix64(x);
    }
    if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
        r->s[0] = 1;
}

/* ---- decks -------------------------------------------------------------- */

int deck_check(const hue_card *deck, int32_t card_count)
{
    int32_t c;
    int r, k;

    if (deck == NULL || card_count < 1 || card_count > HUE_MAX_CARDS)
        return HG_ERR_ARGUMENT;
    for (c = 0; c < card_count; c++) {
        const hue_card *card = &deck[c];
        if (card->kind > HUE_KIND_STRIPED
            || (card->rotations != 2 && card->rotations != 4))
            return HG_ERR_DECK;
        for (k = 0; k < 3; k++)
            if (card->colours[k] >= HUE_COLOURS)
                return HG_ERR_DECK;
        for (r = 0; r < 4; r++)
            for (k = 0; k < 3; k++)
                if (card->shapes[r][k] == HUE_EMPTY || !cell_ok(card->shapes[r][k]))
                    return HG_ERR_DECK;
    }
    return 0;
}

size_t table_bytes(int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;
    return round8(cells * sizeof(hue_cell)) + round8(cells);
}

table table_carve(uintptr_t *at, int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;
    table t;

    t.code = (hue_cell *)take(at, cells * sizeof(hue_cell));
    t.mark = (uint8_t *)take(at, cells);
    t.width = width;
    t.height = height;
    t.box[0] = t.box[1] = INT32_MAX;
    t.box[2] = t.box[3] = -1;
    return t;
}

void table_clear(table *t)
{
    size_t cells = (size_t)t->width * (size_t)t->height;

    memset(t->code, 0, cells * sizeof(hue_cell));
    memset(t->mark, 0, cells);
    t->box[0] = t->box[1] = INT32_MAX;
    t->box[2] = t->box[3] = -1;
}

/* Copies rows and columns of the box grown by one (every cell a game can
 * change since `from` held its box) from `from`, or clears them. */
void table_restore(table *t, const table *from)
{
    int32_t x0 = t->box[0] - 1, x1 = t->box[2] + 1, y;
    size_t length = (size_t)(x1 - x0 + 1);

    for (y = t->box[1] - 1; y <= t->box[3] + 1; y++) {
        size_t at = (size_t)y * (size_t)t->width + (size_t)x0;
        if (from != NULL) {
            memcpy(t->code + at, from->code + at, length * sizeof(hue_cell));
            memcpy(t->mark + at, from->mark + at, length);
        } else {
            memset(t->code + at, 0, length * sizeof(hue_cell));
            memset(t->mark + at, 0, length);
        }
    }
    if (from != NULL) {
        memcpy(t->box, from->box, sizeof t->box);
    } else {
        t->box[0] = t->box[1] = INT32_MAX;
        t->box[2] = t->box[3] = -1;
    }
}

/* Colour values of the table: paints only its occupied box.  `scratch` is
 * hue_workspace_size(t->width, t->height) bytes. */
void table_values(const table *t, void *scratch, int32_t values[HUE_COLOURS])
{
    areas a = carve_box(scratch, t->code, t->width, t->box);

    value_box(&a, values);
}

/* Lays a uniformly random listed placement of one of the n cards of
 * `hand` (rotations 0 .. rotations-1 at every legal anchor), drawn by
 * rejection from the anchors that can be legal: a vertical card's lie in
 * the box grown by 1 across and 3 up, 1 down; a horizontal card's likewise
 * turned.  Each (card, rotation, candidate anchor) is equally likely and
 * kept iff legal, so the kept one is uniform.  The table must hold a card.
 * Returns the position in `hand` of the card laid. */
int32_t random_move(table *t, const hue_card *deck, const int32_t *hand,
                           int32_t n, int allow_cover, rng *r, hue_placement *move)
{
    int32_t bw = t->box[2] - t->box[0] + 1, bh = t->box[3] - t->box[1] + 1;
    uint32_t across = (uint32_t)(bw + 2), along = (uint32_t)(bw + 4);
    uint32_t rv = across * (uint32_t)(bh + 4), rh = along * (uint32_t)(bh + 2);
    uint32_t pairs = 0;
    int32_t i;

    for (i = 0; i < n; i++)
        pairs += deck[hand[i]].rotations / 2u;
    for (;;) {
        uint32_t u = rng_below(r, pairs * (rv + rh));
        uint32_t pair = u / (rv + rh), rest = u % (rv + rh);
        int32_t x, y, horizontal;

        for (i = 0; pair >= deck[hand[i]].rotations / 2u; i++)
            pair -= deck[hand[i]].rotations / 2u;
        if (rest < rv) {
            horizontal = 0;
            x = t->box[0] - 1 + (int32_t)(rest % across);
            y = t->box[1] - 3 + (int32_t)(rest / across);
        } else {
            rest -= rv;
            horizontal = 1;
            x = t->box[0] - 3 + (int32_t)(rest % along);
            y = t->box[1] - 1 + (int32_t)(rest / along);
        }
        if (!table_legal(t, x, y, horizontal, allow_cover))
            continue;
        move->card = hand[i];
        move->x = x;
        move->y = y;
        move->rotation = 2 * (int32_t)pair + horizontal;
        table_lay(t, &deck[hand[i]], x, y, move->rotation);
        return i;
    }
}

void list_anchors(const table *t, int allow_cover, anchors *out)
{
    int32_t w = t->width, o;
    const uint8_t *mark = t->mark;

    for (o = 0; o < 2; o++) {
        int32_t step = o ? 1 : w, n = 0, x, y;
        int32_t xa = t->box[0] - (o ? 3 : 1), ya = t->box[1] - (o ? 1 : 3);
        for (y = ya; y <= t->box[3] + 1; y++) {
            for (x = xa; x <= t->box[2] + 1; x++) {
                int32_t at = y * w + x;
                unsigned sum = (unsigned)mark[at] + mark[at + step] + mark[at + 2 * step];
                if (!LEGAL_SUM[allow_cover != 0][sum])
                    continue;
                out->at[o][n] = at;
                out->cover[o][n] = sum < MARK_TAKEN ? -1
                                   : mark[at] == MARK_TAKEN ? at
                                   : mark[at + step] == MARK_TAKEN ? at + step
                                   : at + 2 * step;
                n++;
            }
        }
        out->count[o] = n;
    }
}

/* Listed moves of a hand, `count` anchors per orientation: each card's
 * rotations, each over its orientation's anchors. */
int32_t listed_moves(const int32_t count[2], const hue_card *deck, const int32_t *hand,
                            int32_t n)
{
    int32_t total = 0, i;

    for (i = 0; i < n; i++)
        total += (int32_t)(deck[hand[i]].rotations / 2u) * (count[0] + count[1]);
    return total;
}

/* Where move `index` of that listing falls: the position in `hand` of its
 * card (returned), its rotation, and its anchor's place in the list of the
 * rotation's orientation. */
int32_t listed_slot(const int32_t count[2], const hue_card *deck, const int32_t *hand,
                           int32_t n, int32_t index, int32_t *rotation, int32_t *place)
{
    int32_t i, r;

    for (i = 0; i < n; i++) {
        for (r = 0; r < deck[hand[i]].rotations; r++) {
            if (index < count[r & 1]) {
                *rotation = r;
                *place = index;
                return i;
            }
            index -= count[r & 1];
        }
    }
    return -1;                   /* not reached: index < listed_moves */
}

/* Move `index` of the listing: its position in the hand, and the placement
 * (anchor as a buffer cell index in move->x, rotation). */
int32_t listed_move(const anchors *list, const hue_card *deck, const int32_t *hand,
                           int32_t n, int32_t index, hue_placement *move)
{
    int32_t rotation = 0, place = 0;
    int32_t i = listed_slot(list->count, deck, hand, n, index, &rotation, &place);

    move->card = hand[i];
    move->rotation = rotation;
    move->x = list->at[rotation & 1][place];
    return i;
}

size_t legal_index_bytes(int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;

    return 2 * round8(cells) + 2 * round8((size_t)height * sizeof(int32_t));
}

/* Carves an index of a table with no legal anchor (a cleared table). */
legal_index legal_index_carve(uintptr_t *at, int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;
    legal_index x;
    int o;

    for (o = 0; o < 2; o++) {
        x.legal[o] = (uint8_t *)take(at, cells);
        x.row_count[o] = (int32_t *)take(at, (size_t)height * sizeof(int32_t));
        memset(x.legal[o], 0, cells);
        memset(x.row_count[o], 0, (size_t)height * sizeof(int32_t));
        x.count[o] = 0;
    }
    return x;
}

/* Looks again at the anchors of orientation o from (x0, y0) to (x1, y1). */
static void legal_index_window(legal_index *x, const table *t, int allow_cover, int o,
                               int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    int32_t w = t->width, step = o ? 1 : w, ax, ay;
    const uint8_t *mark = t->mark, *legal_of = LEGAL_SUM[allow_cover != 0];
    uint8_t *legal = x->legal[o];

    for (ay = y0; ay <= y1; ay++) {
        int32_t change = 0;
        for (ax = x0; ax <= x1; ax++) {
            int32_t at = ay * w + ax;
            uint8_t now = legal_of[mark[at] + mark[at + step] + mark[at + 2 * step]];
            change += (int32_t)now - (int32_t)legal[at];
            legal[at] = now;
        }
        x->row_count[o][ay] += change;
        x->count[o] += change;
    }
}

/* Brings the index up to date after a card was laid at buffer cell (x, y)
 * in `rotation` (table_lay). */
void legal_index_lay(legal_index *x, const table *t, int allow_cover, int32_t cx,
                            int32_t cy, int32_t rotation)
{
    int32_t dx = rotation & 1, dy = 1 - dx;
    /* the cells whose marks can change: the card's and their sides */
    int32_t x0 = cx - 1, y0 = cy - 1, x1 = cx + 2 * dx + 1, y1 = cy + 2 * dy + 1;

    legal_index_window(x, t, allow_cover, 0, x0, y0 - 2, x1, y1);
    legal_index_window(x, t, allow_cover, 1, x0 - 2, y0, x1, y1);
}

/* Empties the index of a table about to be cleared (before table_restore):
 * every legal anchor lies within 3 cells of the occupied box. */
void legal_index_clear(legal_index *x, const table *t)
{
    int32_t y, o;
    size_t length = (size_t)(t->box[2] - t->box[0] + 7);

    for (o = 0; o < 2; o++) {
        for (y = t->box[1] - 3; y <= t->box[3] + 3; y++) {
            memset(x->legal[o] + (size_t)y * (size_t)t->width + (size_t)(t->box[0] - 3), 0,
                   length);
            x->row_count[o][y] = 0;
        }
        x->count[o] = 0;
    }
}

/* The buffer cell of the legal anchor at `place` in orientation o's
 * listing, sorted by (y, x) as list_anchors lists them. */
int32_t legal_index_at(const legal_index *x, const table *t, int o, int32_t place)
{
    int32_t w = t->width, y = t->box[1] - 3, at;

    while (place >= x->row_count[o][y])
        place -= x->row_count[o][y++];
    for (at = y * w + t->box[0] - 3;; at++)
        if (x->legal[o][at] && place-- == 0)
            return at;
}
