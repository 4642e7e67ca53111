/*
 * hue_greedy.c -- GreedyBot's choice (huegames.hue.bots), bit for bit, on a
 * kernel's growing table: every listed move valued against the table's
 * areas without repainting it, then the ties broken as the Python bot
 * breaks them.
 */
#include "hue_internal.h"

#include <stdlib.h>

/* The table's areas, for valuing candidates one by one without repainting
 * it: the union-find of its occupied box with every segment pointing at its
 * root, the colour values, and per colour its unpoisoned areas, biggest
 * first.  Built on the table as it is, then with one cell emptied at a time
 * (the cell a covering candidate covers): the areas that cell split (gone)
 * and the unpoisoned areas they split into (pieces), with what undoes it. */
typedef struct {
    areas a;
    int32_t x0, y0;              /* the box's first cell, buffer coordinates */
    int32_t values[HUE_COLOURS];
    int32_t *biggest;            /* roots, per colour from first[colour] */
    int32_t first[HUE_COLOURS + 1];
    int32_t gone[3], gones, *piece, pieces;
    int32_t emptied, kept[HUE_COLOURS], gone_size[3];
    hue_cell emptied_code;
    uint8_t gone_poisoned[3];
} base;

static unsigned segment_colour(const areas *a, int32_t s)
{
    return colour_of(a->cell[s / 3], (unsigned)(s % 3));
}

/* Does segment slot s hold a segment (its cell occupied, its stripe there)? */
static int segment_used(const areas *a, int32_t s)
{
    hue_cell code = a->cell[s / 3];

    return code != HUE_EMPTY && s % 3 < segments_of(code);
}

/* Puts the unpoisoned root s into b's biggest-first list of its colour,
 * whose end is fill[colour]. */
static void base_rank(base *b, int32_t s, int32_t fill[HUE_COLOURS])
{
    int32_t c = (int32_t)segment_colour(&b->a, s), k;

    for (k = fill[c]++; k > b->first[c] && b->a.size[b->biggest[k - 1]] < b->a.size[s]; k--)
        b->biggest[k] = b->biggest[k - 1];
    b->biggest[k] = s;
}

/* The base of the table as it is.  Also threads every area's segments on
 * a list (head[root], then next[segment], -1 at the end), so that a base
 * with one cell emptied can rebuild only the areas that held it. */
static void base_build(base *b, const table *t, void *scratch, int32_t *biggest,
                       int32_t *head, int32_t *next)
{
    int32_t cells, s, c, fill[HUE_COLOURS];

    b->a = carve_box(scratch, t->code, t->width, t->box);
    b->x0 = t->box[0];
    b->y0 = t->box[1];
    b->biggest = biggest;
    b->gones = b->pieces = 0;
    value_box(&b->a, b->values);
    cells = b->a.width * b->a.height;
    for (c = 0; c <= HUE_COLOURS; c++)
        b->first[c] = 0;
    for (s = 0; s < 3 * cells; s++) {
        if (!segment_used(&b->a, s))
            continue;
        b->a.parent[s] = root_of(&b->a, s);
        head[s] = -1;
        if (b->a.parent[s] == s && !b->a.poisoned[s])
            b->first[segment_colour(&b->a, s) + 1]++;
    }
    for (c = 0; c < HUE_COLOURS; c++) {
        b->first[c + 1] += b->first[c];
        fill[c] = b->first[c];
    }
    for (s = 0; s < 3 * cells; s++) {
        if (!segment_used(&b->a, s))
            continue;
        next[s] = head[b->a.parent[s]];
        head[b->a.parent[s]] = s;
        if (b->a.parent[s] == s && !b->a.poisoned[s])
            base_rank(b, s, fill);
    }
}

/* Joins the same-colour segments of box cell `at` (occupied, marked in
 * `seen` like every other cell being joined anew) to each other and to
 * those of its occupied neighbours: those right and below, and those left
 * and above unless marked (they join this cell themselves). */
static void join_around(const areas *a, int32_t at, const uint8_t *seen)
{
    int32_t w = a->width, x = at % w, y = at / w, k;
    hue_cell code = a->cell[at];

    if ((code & HUE_LAYOUT_MASK) != HUE_SOLID)
        for (k = 0; k < 2; k++)
            if (colour_of(code, (unsigned)k) == colour_of(code, (unsigned)k + 1))
                join(a, 3 * at + k, 3 * at + k + 1);
    if (x > 0 && a->cell[at - 1] != HUE_EMPTY && !seen[at - 1])
        join_side(a, at - 1, at, 1);
    if (x + 1 < w && a->cell[at + 1] != HUE_EMPTY)
        join_side(a, at, at + 1, 1);
    if (y > 0 && a->cell[at - w] != HUE_EMPTY && !seen[at - w])
        join_side(a, at - w, at, 0);
    if (y + 1 < a->height && a->cell[at + w] != HUE_EMPTY)
        join_side(a, at, at + w, 0);
}

/* Scratch for base_empty: the segments of the areas it joins anew (3 per
 * box cell), and a byte per box cell, all zero between calls. */
typedef struct {
    int32_t *members;
    uint8_t *seen;
} cover_scratch;

/* Is root s one of the areas b's emptied cell split? */
static int base_gone(const base *b, int32_t s)
{
    int32_t i;

    for (i = 0; i < b->gones; i++)
        if (b->gone[i] == s)
            return 1;
    return 0;
}

/* Empties box cell `at` (occupied) of base b, built by base_build with its
 * area lists, in place until base_refill.  Only the areas that held a
 * segment of that cell change (any other area keeps its segments, as a
 * same-colour neighbour of one of its segments is in it): they become b's
 * gone areas, their other segments are joined anew, and the unpoisoned
 * areas they make become its pieces.  The biggest-first lists stay those of
 * the whole table; readers skip the gone areas and look at the pieces. */
static void base_empty(base *b, const int32_t *head, const int32_t *next, int32_t at,
                       cover_scratch cs)
{
    areas *a = &b->a;
    hue_cell code = a->cell[at];
    int32_t members = 0, i, k, s, c;

    b->emptied = at;
    b->emptied_code = code;
    memcpy(b->kept, b->values, sizeof b->kept);
    a->cell[at] = HUE_EMPTY;
    for (k = 0; k < segments_of(code); k++) {
        int32_t root = a->parent[3 * at + k];
        if (!base_gone(b, root)) {
            b->gone_size[b->gones] = a->size[root];
            b->gone_poisoned[b->gones] = a->poisoned[root];
            b->gone[b->gones++] = root;
        }
    }
    for (i = 0; i < b->gones; i++)           /* their segments alone */
        for (s = head[b->gone[i]]; s >= 0; s = next[s]) {
            hue_cell here = a->cell[s / 3];
            if (s / 3 == at)
                continue;
            a->parent[s] = s;
            a->size[s] = 9 / segments_of(here);
            a->poisoned[s] = (here & HUE_SKULL) != 0;
            cs.members[members++] = s;
            cs.seen[s / 3] = 1;
        }
    for (i = 0; i < members; i++) {          /* joined where they touch */
        int32_t cell = cs.members[i] / 3;
        if (cs.seen[cell] == 1) {
            cs.seen[cell] = 2;
            join_around(a, cell, cs.seen);
        }
    }
    b->pieces = 0;
    for (i = 0; i < members; i++) {
        s = cs.members[i];
        cs.seen[s / 3] = 0;
        a->parent[s] = root_of(a, s);
        if (a->parent[s] == s && !a->poisoned[s])
            b->piece[b->pieces++] = s;
    }
    for (c = 0; c < HUE_COLOURS; c++) {
        b->values[c] = 0;
        for (k = b->first[c]; k < b->first[c + 1]; k++)
            if (!base_gone(b, b->biggest[k])) {
                b->values[c] = a->size[b->biggest[k]] / 3;
                break;
            }
    }
    for (i = 0; i < b->pieces; i++) {
        s = b->piece[i];
        c = (int32_t)segment_colour(a, s);
        if (a->size[s] / 3 > b->values[c])
            b->values[c] = a->size[s] / 3;
    }
}

/* Undoes base_empty: the gone areas' segments point at their roots again. */
static void base_refill(base *b, const int32_t *head, const int32_t *next)
{
    int32_t i, s;

    for (i = 0; i < b->gones; i++) {
        int32_t root = b->gone[i];
        for (s = head[root]; s >= 0; s = next[s])
            b->a.parent[s] = root;
        b->a.size[root] = b->gone_size[i];
        b->a.poisoned[root] = b->gone_poisoned[i];
    }
    b->a.cell[b->emptied] = b->emptied_code;
    memcpy(b->values, b->kept, sizeof b->values);
    b->gones = b->pieces = 0;
}

/* A candidate's own little union-find: its card's 9 segment slots (3 per
 * square, a solid square using the first), then the base areas its
 * footprint touches. */

#define MAX_CONTACTS 24          /* 8 neighbouring cells, 3 sub-cells each */
#define CANDIDATE_NODES (9 + MAX_CONTACTS)

#define NO_NODE 0xFF            /* no node, or a slot no segment uses */

typedef struct {
    int32_t size;
    uint8_t parent, poisoned, colour;
} node;

typedef struct {
    node n[CANDIDATE_NODES];
} little;

static int32_t little_find(little *u, int32_t s)
{
    while (u->n[s].parent != s)
        s = u->n[s].parent = u->n[u->n[s].parent].parent;
    return s;
}

static void little_join(little *u, int32_t s, int32_t t)
{
    s = little_find(u, s);
    t = little_find(u, t);
    if (s == t)
        return;
    u->n[t].parent = (uint8_t)s;
    u->n[s].size += u->n[t].size;
    u->n[s].poisoned |= u->n[t].poisoned;
}

/* A card in one rotation, ready to value anywhere: its 9 segment slots with
 * those of one colour joined where they touch within the card (each
 * pointing at its root) and the roots; per sub-cell (9 k + 3 row + column
 * of square k) the slot holding it and its colour; the sub-cells of each
 * colour c as bits 32 (c % 2) + sub-cell of word c / 2; and per colour the
 * value of the card's own biggest unpoisoned area, which is all it adds
 * where it joins nothing. */
typedef struct {
    node n[9];
    uint8_t slot[27], colour[27], roots[9], poisoned;
    int32_t nroots, biggest;     /* biggest: the largest of own[] */
    uint64_t bits[3];
    int32_t own[HUE_COLOURS], total[HUE_COLOURS];  /* total: sub-cells of each colour */
} shaped;

static uint64_t colour_bit(unsigned colour, int32_t sub)
{
    return (uint64_t)1 << (32 * (colour % 2) + (unsigned)sub);
}

static void shape_card(shaped *card, const hue_cell shape[3], int horizontal)
{
    little u;
    int32_t k, s, j;

    for (k = 0; k < 3; k++) {
        int32_t segments = segments_of(shape[k]);
        for (s = 0; s < 3; s++) {
            node *n = &u.n[3 * k + s];
            n->parent = (uint8_t)(s < segments ? 3 * k + s : NO_NODE);
            n->size = 9 / segments;
            n->poisoned = (shape[k] & HUE_SKULL) != 0;
            n->colour = (uint8_t)colour_of(shape[k], (unsigned)s);
        }
        if (segments == 3)
            for (s = 0; s < 2; s++)
                if (u.n[3 * k + s].colour == u.n[3 * k + s + 1].colour)
                    little_join(&u, 3 * k + s, 3 * k + s + 1);
        if (k == 0)
            continue;
        for (j = 0; j < 3; j++) {   /* along the side square k-1 shares with square k */
            int32_t a = horizontal ? segment_at(shape[k - 1], 2, j) : segment_at(shape[k - 1], j, 2);
            int32_t c = horizontal ? segment_at(shape[k], 0, j) : segment_at(shape[k], j, 0);
            if (colour_of(shape[k - 1], (unsigned)a) == colour_of(shape[k], (unsigned)c))
                little_join(&u, 3 * k - 3 + a, 3 * k + c);
        }
    }
    for (k = 0; k < HUE_COLOURS; k++)
        card->own[k] = card->total[k] = 0;
    for (k = 0; k < 3; k++)
        card->bits[k] = 0;
    card->nroots = 0;
    card->poisoned = (uint8_t)(((shape[0] | shape[1] | shape[2]) & HUE_SKULL) != 0);
    for (s = 0; s < 9; s++) {
        if (u.n[s].parent == NO_NODE)
            continue;
        u.n[s].parent = (uint8_t)little_find(&u, s);
        if (u.n[s].parent != s)
            continue;
        card->roots[card->nroots++] = (uint8_t)s;
        if (!u.n[s].poisoned && u.n[s].size / 3 > card->own[u.n[s].colour])
            card->own[u.n[s].colour] = u.n[s].size / 3;
    }
    memcpy(card->n, u.n, sizeof card->n);
    card->biggest = 0;
    for (k = 0; k < HUE_COLOURS; k++)
        if (card->own[k] > card->biggest)
            card->biggest = card->own[k];
    for (k = 0; k < 3; k++)
        for (j = 0; j < 9; j++) {
            int32_t e = 9 * k + j, segment = segment_at(shape[k], j % 3, j / 3);
            card->slot[e] = (uint8_t)(3 * k + segment);
            card->colour[e] = (uint8_t)colour_of(shape[k], (unsigned)segment);
            card->bits[card->colour[e] / 2] |= colour_bit(card->colour[e], e);
            card->total[card->colour[e]]++;
        }
}

/* Where a footprint meets the base: per sub-cell of the footprint (9 k +
 * 3 row + column of square k) on its edge, the base areas across it (at
 * most two: a corner sub-cell has two neighbours), as nodes (9 + a place in
 * `area`, NO_NODE for none) with their colours; the distinct areas touched,
 * as nodes; the sub-cells with a contact of each colour, as a shaped card's
 * bits. */

/* The index of the one bit set in `low` is LOWEST_BIT[(low * 0x077CB531) >> 27]
 * (a de Bruijn sequence). */
static const uint8_t LOWEST_BIT[32] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
};

typedef struct {
    uint8_t node[27][2], colour[27][2];  /* colour NO_NODE: no such contact */
    node area[MAX_CONTACTS];
    int32_t root[MAX_CONTACTS];  /* each area's root in the base */
    uint64_t bits[3];
    int32_t areas, sizes[HUE_COLOURS];  /* sizes: of the areas touched, per colour */
    uint8_t poisoned;            /* some area touched is poisoned */
} touch;

/* The 8 cells around a footprint, per orientation (0 vertical, 1
 * horizontal): offset from the anchor, the footprint square k beside it,
 * and the side of that square it lies on (0 left, 1 right, 2 above, 3
 * below). */
static const int8_t AROUND[2][8][4] = {
    {{0, -1, 0, 2}, {0, 3, 2, 3}, {-1, 0, 0, 0}, {-1, 1, 1, 0},
     {-1, 2, 2, 0}, {1, 0, 0, 1}, {1, 1, 1, 1}, {1, 2, 2, 1}},
    {{-1, 0, 0, 0}, {3, 0, 2, 1}, {0, -1, 0, 2}, {1, -1, 1, 2},
     {2, -1, 2, 2}, {0, 1, 0, 3}, {1, 1, 1, 3}, {2, 1, 2, 3}},
};

/* Per side (as above) the three sub-cells (3 row + column) of a square on
 * it, in the order of SIDE_SEGMENT, and the neighbour's side across it. */
static const uint8_t EDGE[4][3] = {{0, 3, 6}, {2, 5, 8}, {0, 1, 2}, {6, 7, 8}};

static const uint8_t FACING[4] = {1, 0, 3, 2};

/* The touch of the footprint anchored at buffer cell (x, y) on base b. */
static void touch_of(const base *b, int32_t x, int32_t y, int horizontal, touch *out)
{
    int32_t m = 0, q, j;

    out->bits[0] = out->bits[1] = out->bits[2] = 0;
    out->poisoned = 0;
    for (q = 0; q < HUE_COLOURS; q++)
        out->sizes[q] = 0;
    memset(out->colour, NO_NODE, sizeof out->colour);
    for (q = 0; q < 8; q++) {
        const int8_t *around = AROUND[horizontal != 0][q];
        int32_t i = x + around[0] - b->x0, row = y + around[1] - b->y0, at, side = around[3];
        int32_t last = -1, a = 0;
        const uint8_t *segments;
        unsigned colour = 0;
        hue_cell code;
        if ((uint32_t)i >= (uint32_t)b->a.width || (uint32_t)row >= (uint32_t)b->a.height)
            continue;
        at = row * b->a.width + i;
        code = b->a.cell[at];
        if (code == HUE_EMPTY)
            continue;
        segments = SIDE_SEGMENT[code & HUE_LAYOUT_MASK][FACING[side]];
        for (j = 0; j < 3; j++) {
            int32_t sub = 9 * around[2] + EDGE[side][j], second;
            if (segments[j] != last) {   /* a solid square has one segment */
                int32_t root = b->a.parent[3 * at + segments[j]];
                last = segments[j];
                colour = colour_of(code, (unsigned)last);
                for (a = 0; a < m && out->root[a] != root; a++)
                    ;
                if (a == m) {
                    node *added = &out->area[m++];
                    added->parent = (uint8_t)(9 + a);
                    out->root[a] = root;
                    added->size = b->a.size[root];
                    added->poisoned = b->a.poisoned[root];
                    added->colour = (uint8_t)colour;
                    out->poisoned |= added->poisoned;
                    out->sizes[colour] += added->size;
                }
            }
            second = out->colour[sub][0] != NO_NODE;
            out->node[sub][second] = (uint8_t)(9 + a);
            out->colour[sub][second] = (uint8_t)colour;
            out->bits[colour / 2] |= colour_bit(colour, sub);
        }
    }
    out->areas = m;
}

/* Has the candidate joined base area `root` to a poisoned one? */
static int area_lost(little *u, const touch *at, int32_t root)
{
    int32_t s;

    for (s = 0; s < at->areas; s++)
        if (at->root[s] == root)
            return u->n[little_find(u, 9 + s)].poisoned;
    return 0;
}

/* The sub-cells where a shaped card meets a touch in colour, as bits
 * (9 k + 3 row + column of square k). */
static uint32_t touch_hits(const shaped *card, const touch *at)
{
    uint64_t both = (card->bits[0] & at->bits[0]) | (card->bits[1] & at->bits[1])
                    | (card->bits[2] & at->bits[2]);

    return (uint32_t)(both | both >> 32);
}

/* Colour values after laying `card` at a footprint that touches base b as
 * `at` says, meeting it in colour at sub-cells `hit` (not none): the base
 * values, raised by the areas the card makes, and where it joins areas
 * into a poisoned one, the biggest area left unpoisoned.  `alone` holds
 * the values were it to join nothing: the base's raised by the card's own
 * areas, and `changed` whether they differ from the base's.  Returns
 * whether the values differ from the base's. */
static int values_after(const base *b, const shaped *card, const touch *at, uint32_t hit,
                        const int32_t alone[HUE_COLOURS], int changed,
                        int32_t out[HUE_COLOURS])
{
    little u;
    int32_t k, s, c, best[HUE_COLOURS] = {0, 0, 0, 0, 0};
    uint32_t slots = 0;
    unsigned rescan = 0;

    memcpy(u.n, card->n, 9 * sizeof(node));
    memcpy(u.n + 9, at->area, (size_t)at->areas * sizeof(node));
    while (hit != 0) {           /* each sub-cell with a contact of its colour */
        uint32_t low = hit & (0u - hit);
        int32_t sub = LOWEST_BIT[(low * 0x077CB531u) >> 27];
        hit ^= low;
        if (at->colour[sub][0] == card->colour[sub]) {
            little_join(&u, card->slot[sub], at->node[sub][0]);
            slots |= 1u << card->slot[sub];
        }
        if (at->colour[sub][1] == card->colour[sub]) {
            little_join(&u, card->slot[sub], at->node[sub][1]);
            slots |= 1u << card->slot[sub];
        }
    }
    if (!(card->poisoned | at->poisoned)) {
        /* No area is poisoned: each only grows, so the areas the card
         * joins raise the values it would make alone. */
        memcpy(out, alone, HUE_COLOURS * sizeof(int32_t));
        while (slots != 0) {
            uint32_t low = slots & (0u - slots);
            s = little_find(&u, LOWEST_BIT[(low * 0x077CB531u) >> 27]);
            slots ^= low;
            if (u.n[s].size / 3 > out[u.n[s].colour]) {
                out[u.n[s].colour] = u.n[s].size / 3;
                changed = 1;
            }
        }
        return changed;
    }
    changed = 0;
    /* Every area the card joins is in one with a root of the card; the
     * others are base areas as they were, no bigger than the base values. */
    for (k = 0; k < card->nroots; k++) {
        s = little_find(&u, card->roots[k]);
        if (!u.n[s].poisoned && u.n[s].size / 3 > best[u.n[s].colour])
            best[u.n[s].colour] = u.n[s].size / 3;
    }
    for (k = 0; k < at->areas; k++)  /* an unpoisoned area joined to a poisoned one */
        if (!at->area[k].poisoned && u.n[little_find(&u, 9 + k)].poisoned)
            rescan |= 1u << at->area[k].colour;
    for (c = 0; c < HUE_COLOURS; c++) {
        int32_t value = b->values[c];
        if (rescan & (1u << c)) {
            value = 0;
            for (k = b->first[c]; k < b->first[c + 1]; k++) {
                int32_t root = b->biggest[k];
                if (!base_gone(b, root) && !area_lost(&u, at, root)) {
                    value = b->a.size[root] / 3;
                    break;
                }
            }
            for (k = 0; k < b->pieces; k++) {
                int32_t root = b->piece[k];
                if (segment_colour(&b->a, root) == (unsigned)c && b->a.size[root] / 3 > value
                    && !area_lost(&u, at, root))
                    value = b->a.size[root] / 3;
            }
        }
        out[c] = value > best[c] ? value : best[c];
        changed |= out[c] != b->values[c];
    }
    return changed;
}

/* A hand card's rotation to value at every anchor of its orientation: its
 * shape, its place in the hand, where its moves start in the listing, and
 * its own-score slot for placements that join nothing. */
typedef struct {
    const shaped *card;
    int32_t hand, start, alone;
} job;

/* A hand card's rotation placed where it joins nothing, on the current
 * base: its values, whether they differ from the base's, and its own score
 * (-2 until known); made on first need (ready). */
typedef struct {
    int32_t values[HUE_COLOURS], own;
    uint8_t ready, changed;
} lone;

/* What the greedy policy works in: the listing; the base of the table
 * with its area lists and what emptying a cell needs; every deck card
 * shaped in its 4 rotations, on first use; per listed move its values and
 * the best score another card of the hand makes after it (own); the moves
 * tied at the end; and for the move being chosen the hand's colours, its
 * rotations per orientation, and the own scores known on the current base
 * (-2 until known): per (hand card, rotation) of a placement that joins
 * nothing, per hand card of one that leaves the base's values. */
struct greedy_space {
    anchors list;
    base whole;
    void *scratch;
    int32_t *biggest, *piece;
    int32_t *head, *next;        /* the base's areas, as lists */
    cover_scratch cover;
    uint64_t *covering;          /* (covered cell, orientation, anchor) keys */
    int32_t *values;             /* HUE_COLOURS per listed move */
    int32_t *own;
    int32_t *tied;
    shaped *shapes;              /* 4 per deck card */
    uint8_t *shaped;             /* per deck card: shapes made */
    uint8_t colours[HUE_MAX_HAND][3];
    lone alone[4 * HUE_MAX_HAND];
    int32_t unchanged[HUE_MAX_HAND];
    int32_t best_own;            /* the best own score of a move valued so far */
    job job[2][2 * HUE_MAX_HAND];  /* per orientation, the hand's rotations in it */
    int32_t jobs[2];
};

size_t greedy_bytes(int32_t width, int32_t height, int32_t anchors_cap, int32_t hand,
                    int32_t card_count)
{
    size_t anchors = (size_t)anchors_cap, moves_cap = (size_t)hand * 4 * anchors;
    size_t cells = (size_t)width * (size_t)height;

    return round8(sizeof(greedy_space)) + 4 * round8(anchors * sizeof(int32_t))
        + round8(hue_workspace_size(width, height))
        + 5 * round8(3 * cells * sizeof(int32_t))
        + round8(cells)
        + round8(2 * anchors * sizeof(uint64_t))
        + round8(moves_cap * HUE_COLOURS * sizeof(int32_t))
        + 2 * round8(moves_cap * sizeof(int32_t))
        + round8(4 * (size_t)card_count * sizeof(shaped))
        + round8((size_t)card_count);
}

greedy_space *greedy_carve(uintptr_t *at, int32_t width, int32_t height,
                           int32_t anchors_cap, int32_t hand, int32_t card_count)
{
    size_t anchors = (size_t)anchors_cap, moves_cap = (size_t)hand * 4 * anchors;
    size_t cells = (size_t)width * (size_t)height;
    greedy_space *g = (greedy_space *)take(at, sizeof(greedy_space));
    int o;

    for (o = 0; o < 2; o++) {
        g->list.at[o] = (int32_t *)take(at, anchors * sizeof(int32_t));
        g->list.cover[o] = (int32_t *)take(at, anchors * sizeof(int32_t));
    }
    g->scratch = take(at, hue_workspace_size(width, height));
    g->biggest = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g->piece = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g->head = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g->next = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g->cover.members = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g->cover.seen = (uint8_t *)take(at, cells);
    memset(g->cover.seen, 0, cells);
    g->covering = (uint64_t *)take(at, 2 * anchors * sizeof(uint64_t));
    g->values = (int32_t *)take(at, moves_cap * HUE_COLOURS * sizeof(int32_t));
    g->own = (int32_t *)take(at, moves_cap * sizeof(int32_t));
    g->tied = (int32_t *)take(at, moves_cap * sizeof(int32_t));
    g->shapes = (shaped *)take(at, 4 * (size_t)card_count * sizeof(shaped));
    g->shaped = (uint8_t *)take(at, (size_t)card_count);
    memset(g->shaped, 0, (size_t)card_count);
    return g;
}

anchors *greedy_anchors(greedy_space *g)
{
    return &g->list;
}

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/* The best score a card of the hand other than card i makes with values v
 * (-1 when the hand holds no other). */
static int32_t own_score(const greedy_space *g, int32_t n, int32_t i, const int32_t *v)
{
    int32_t own = -1, c;

    for (c = 0; c < n; c++) {
        const uint8_t *colours = g->colours[c];
        int32_t score = v[colours[0]] + 2 * v[colours[1]] + v[colours[2]];
        if (c != i && score > own)
            own = score;
    }
    return own;
}

/* Values and own scores of listed moves whose anchor is (orientation o,
 * index k), on base b. */
static void value_anchor(greedy_space *g, const base *b, const table *t, int32_t n, int32_t o,
                         int32_t k)
{
    int32_t at = g->list.at[o][k], lowest = b->values[0], j;
    touch contacts;

    for (j = 1; j < HUE_COLOURS; j++)
        if (b->values[j] < lowest)
            lowest = b->values[j];
    touch_of(b, at % t->width, at / t->width, o, &contacts);
    for (j = 0; j < g->jobs[o]; j++) {
        const job *p = &g->job[o][j];
        int32_t m = p->start + k, *v = g->values + (size_t)m * HUE_COLOURS, *known, c;
        uint32_t hit = touch_hits(p->card, &contacts);
        const int32_t *values = b->values;
        int changed = p->card->biggest > lowest;
        lone *alone = &g->alone[p->alone];
        if (changed) {           /* its own areas may raise a value */
            if (!alone->ready) {
                alone->changed = 0;
                for (c = 0; c < HUE_COLOURS; c++) {
                    alone->values[c] = b->values[c] > p->card->own[c] ? b->values[c]
                                                                      : p->card->own[c];
                    alone->changed |= alone->values[c] != b->values[c];
                }
                alone->own = -2;
                alone->ready = 1;
            }
            values = alone->values;
            changed = alone->changed;
        }
        if (hit != 0) {
            /* A value the card raises, in a colour it meets the base in,
             * cannot pass the card's and the touched areas' sub-cells of
             * that colour together: if even that leaves the own score below
             * one already made, this move is neither best nor tied. */
            int32_t bound[HUE_COLOURS];
            for (c = 0; c < HUE_COLOURS; c++) {
                int32_t most = (p->card->total[c] + contacts.sizes[c]) / 3;
                uint64_t meets = p->card->bits[c / 2] & contacts.bits[c / 2];
                bound[c] = (meets >> (32 * (c % 2)) & 0xFFFFFFFFu) && most > values[c]
                           ? most : values[c];
            }
            if (own_score(g, n, p->hand, bound) < g->best_own) {
                g->own[m] = -2;
                continue;
            }
            if (values_after(b, p->card, &contacts, hit, values, changed, v)) {
                g->own[m] = own_score(g, n, p->hand, v);
                if (g->own[m] > g->best_own)
                    g->best_own = g->own[m];
                continue;
            }
        } else {
            memcpy(v, values, HUE_COLOURS * sizeof(int32_t));
        }
        known = hit == 0 && changed ? &alone->own : &g->unchanged[p->hand];
        if (*known == -2)
            *known = own_score(g, n, p->hand, v);
        g->own[m] = *known;
        if (*known > g->best_own)
            g->best_own = *known;
    }
}

/* Forgets the own scores known for values that depend only on the base
 * and the card laid: the base changed. */
static void forget_alone(greedy_space *g, int32_t n)
{
    int32_t k;

    for (k = 0; k < 4 * n; k++)
        g->alone[k].ready = 0;
    for (k = 0; k < n; k++)
        g->unchanged[k] = -2;
}

/* The greedy choice among the listed moves of `hand` (n cards), as
 * GreedyBot chooses: the best score any other card of the hand would make
 * after the move, ties to the move after which the strongest of the
 * `unseen` cards scores least, then a uniform pick by `pick`.  Writes the
 * placement (anchor as a buffer cell index) and returns its hand position.
 * The listing must be made (list_anchors) and the table hold a card. */
int32_t greedy_move(greedy_space *g, const table *t, const hue_card *deck,
                           const int32_t *hand, int32_t n, const int32_t *unseen,
                           int32_t unseen_count, pyrandom *py, rng *xo, hue_placement *move)
{
    int32_t covering = 0, moves = 0, m, o, k, i, j;
    int32_t best_own = -1, weakest = INT32_MAX, tied = 0, chosen;

    g->jobs[0] = g->jobs[1] = 0;
    g->best_own = -1;
    for (i = 0; i < n; i++) {
        const hue_card *card = &deck[hand[i]];
        if (!g->shaped[hand[i]]) {
            for (o = 0; o < 4; o++)
                shape_card(&g->shapes[4 * hand[i] + o], card->shapes[o], o & 1);
            g->shaped[hand[i]] = 1;
        }
        for (k = 0; k < 3; k++)
            g->colours[i][k] = card->colours[k];
        for (o = 0; o < card->rotations; o++) {
            job *p = &g->job[o & 1][g->jobs[o & 1]++];
            p->card = &g->shapes[4 * hand[i] + o];
            p->hand = i;
            p->start = moves;
            p->alone = 4 * i + o;
            moves += g->list.count[o & 1];
        }
    }
    base_build(&g->whole, t, g->scratch, g->biggest, g->head, g->next);
    g->whole.piece = g->piece;
    forget_alone(g, n);
    for (o = 0; o < 2; o++)
        for (k = 0; k < g->list.count[o]; k++) {
            if (g->list.cover[o][k] < 0)
                value_anchor(g, &g->whole, t, n, o, k);
            else
                g->covering[covering++] = ((uint64_t)g->list.cover[o][k] << 32)
                                          | ((uint64_t)o << 31) | (uint64_t)k;
        }
    qsort(g->covering, (size_t)covering, sizeof *g->covering, compare_keys);
    for (i = 0; i < covering; i++) {
        int32_t cell = (int32_t)(g->covering[i] >> 32);
        if (i == 0 || cell != (int32_t)(g->covering[i - 1] >> 32)) {
            if (i > 0)
                base_refill(&g->whole, g->head, g->next);
            base_empty(&g->whole, g->head, g->next,
                       (cell / t->width - g->whole.y0) * g->whole.a.width + cell % t->width
                           - g->whole.x0,
                       g->cover);
            forget_alone(g, n);
        }
        value_anchor(g, &g->whole, t, n, (int32_t)((g->covering[i] >> 31) & 1u),
                     (int32_t)(g->covering[i] & 0x7fffffffu));
    }
    if (covering > 0)
        base_refill(&g->whole, g->head, g->next);

    /* own: the best score another card of the hand makes after the move */
    for (m = 0; m < moves; m++) {
        if (g->own[m] > best_own) {
            best_own = g->own[m];
            tied = 0;
        }
        if (g->own[m] == best_own)
            g->tied[tied++] = m;
    }
    /* leader: the strongest unseen card after the move; keep the weakest */
    for (i = 0, j = 0; i < tied; i++) {
        const int32_t *v = g->values + (size_t)g->tied[i] * HUE_COLOURS;
        int32_t leader = 0, c;
        for (c = 0; c < unseen_count; c++) {
            int32_t score = card_score(&deck[unseen[c]], v);
            if (score > leader)
                leader = score;
        }
        if (leader < weakest) {
            weakest = leader;
            j = 0;
        }
        if (leader == weakest)
            g->tied[j++] = g->tied[i];
    }
    chosen = py != NULL ? (int32_t)pyrandom_below(py, (uint32_t)j)
                        : (int32_t)rng_below(xo, (uint32_t)j);
    return listed_move(&g->list, deck, hand, n, g->tied[chosen], move);
}
