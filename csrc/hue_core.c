/*
 * hue_core.c -- see hue_core.h for the contract.
 *
 * Scoring paints the grid into a "picture" of sub-cells, one byte each,
 * padded by a one-sub-cell border of empty so the flood fill needs no bounds
 * tests, then fills every area once.  A byte holds the colour (0..4, or
 * PAINT_EMPTY) and the PAINT_SKULL bit.  Visited sub-cells carry the current
 * mark in a parallel stamp array, so a batch of candidates never clears it.
 */
#include "hue_core.h"

#include <string.h>

#define PAINT_EMPTY 7u           /* no colour 0..4 ever equals it */
#define PAINT_COLOUR 7u
#define PAINT_SKULL 8u

#define CELL_VALID_BITS 0x0FFFu  /* layout, three colours, skull */
#define WORKSPACE_ALIGN 8u

int hue_core_version(void)
{
    return HUE_CORE_VERSION;
}

static int side_ok(int32_t width, int32_t height)
{
    return width >= 1 && width <= HUE_MAX_SIDE
        && height >= 1 && height <= HUE_MAX_SIDE;
}

static unsigned colour_of(hue_cell code, unsigned k)
{
    return (code >> (HUE_COLOUR_SHIFT + 3 * k)) & 0x7u;
}

static int cell_ok(hue_cell code)
{
    if (code == HUE_EMPTY)
        return 1;
    return (code & ~CELL_VALID_BITS) == 0
        && (code & HUE_LAYOUT_MASK) != HUE_EMPTY
        && colour_of(code, 0) < HUE_COLOURS
        && colour_of(code, 1) < HUE_COLOURS
        && colour_of(code, 2) < HUE_COLOURS;
}

/* ---- workspace ---------------------------------------------------------- */

/* The workspace, carved from the caller's buffer (aligned up first):
 *   uint32_t stamp[picture]      visit marks, one per padded sub-cell
 *   int32_t  stack[9 w h]        flood-fill frontier: each sub-cell once
 *   int32_t  occupied[w h + 3]   first sub-cell of each occupied cell, plus
 *                                room for one candidate's three cells
 *   uint8_t  paint[picture]      the padded picture
 * where picture = (3w + 2) * (3h + 2).  With sides <= HUE_MAX_SIDE every
 * count fits an int32_t and the total fits a 32-bit size_t. */
typedef struct {
    uint32_t *stamp;
    int32_t *stack;
    int32_t *occupied;
    uint8_t *paint;
    int32_t stride;              /* 3w + 2 */
    int32_t width, height;
} picture;

size_t hue_workspace_size(int32_t width, int32_t height)
{
    size_t cells, padded;

    if (!side_ok(width, height))
        return 0;
    cells = (size_t)width * (size_t)height;
    padded = (size_t)(3 * width + 2) * (size_t)(3 * height + 2);
    return WORKSPACE_ALIGN - 1
        + padded * sizeof(uint32_t)
        + 9 * cells * sizeof(int32_t)
        + (cells + 3) * sizeof(int32_t)
        + padded;
}

static picture carve(void *workspace, int32_t width, int32_t height)
{
    uintptr_t at = ((uintptr_t)workspace + (WORKSPACE_ALIGN - 1))
                   & ~(uintptr_t)(WORKSPACE_ALIGN - 1);
    size_t cells = (size_t)width * (size_t)height;
    size_t padded = (size_t)(3 * width + 2) * (size_t)(3 * height + 2);
    picture p;

    p.stamp = (uint32_t *)at;
    p.stack = (int32_t *)(p.stamp + padded);
    p.occupied = p.stack + 9 * cells;
    p.paint = (uint8_t *)(p.occupied + cells + 3);
    p.stride = 3 * width + 2;
    p.width = width;
    p.height = height;
    return p;
}

/* First (top-left) padded sub-cell of cell (x, y). */
static int32_t first_sub(const picture *p, int32_t x, int32_t y)
{
    return (3 * y + 1) * p->stride + 3 * x + 1;
}

/* Paints one cell's 3x3 block; code must be valid. */
static void paint_cell(const picture *p, int32_t first, hue_cell code)
{
    uint8_t *row = p->paint + first;
    unsigned skull = (code & HUE_SKULL) ? PAINT_SKULL : 0;
    int r;

    switch (code & HUE_LAYOUT_MASK) {
    case HUE_EMPTY:
        for (r = 0; r < 3; r++, row += p->stride)
            memset(row, PAINT_EMPTY, 3);
        break;
    case HUE_SOLID:
        for (r = 0; r < 3; r++, row += p->stride)
            memset(row, (int)(colour_of(code, 0) | skull), 3);
        break;
    case HUE_VERTICAL:
        for (r = 0; r < 3; r++, row += p->stride) {
            row[0] = (uint8_t)(colour_of(code, 0) | skull);
            row[1] = (uint8_t)(colour_of(code, 1) | skull);
            row[2] = (uint8_t)(colour_of(code, 2) | skull);
        }
        break;
    default: /* HUE_HORIZONTAL */
        for (r = 0; r < 3; r++, row += p->stride)
            memset(row, (int)(colour_of(code, (unsigned)r) | skull), 3);
        break;
    }
}

/* Paints the whole grid and lists its occupied cells; clears the stamps.
 * Returns the number of occupied cells, or HUE_E_CELL. */
static int32_t paint_grid(const picture *p, const hue_cell *cells)
{
    size_t padded = (size_t)p->stride * (size_t)(3 * p->height + 2);
    int32_t n = 0, x, y;

    memset(p->paint, PAINT_EMPTY, padded);
    memset(p->stamp, 0, padded * sizeof(uint32_t));
    for (y = 0; y < p->height; y++) {
        const hue_cell *line = cells + (size_t)y * (size_t)p->width;
        for (x = 0; x < p->width; x++) {
            if (line[x] == HUE_EMPTY)
                continue;
            if (!cell_ok(line[x]))
                return HUE_E_CELL;
            p->occupied[n] = first_sub(p, x, y);
            paint_cell(p, p->occupied[n++], line[x]);
        }
    }
    return n;
}

/* Values every area that touches one of the `n` listed cells.  Sub-cells
 * stamped `mark` are done; `mark` must differ from every stamp so far. */
static void value_areas(const picture *p, int32_t n, uint32_t mark,
                        int32_t values[HUE_COLOURS])
{
    const uint8_t *paint = p->paint;
    uint32_t *stamp = p->stamp;
    int32_t *stack = p->stack;
    int32_t stride = p->stride, i, k;

    for (k = 0; k < HUE_COLOURS; k++)
        values[k] = 0;
    for (i = 0; i < n; i++) {
        for (k = 0; k < 9; k++) {
            int32_t start = p->occupied[i] + (k / 3) * stride + k % 3;
            unsigned colour = paint[start] & PAINT_COLOUR;
            unsigned poisoned = 0;
            int32_t top = 0, area = 0;

            if (stamp[start] == mark || colour == PAINT_EMPTY)
                continue;
            stamp[start] = mark;
            stack[top++] = start;
            while (top > 0) {
                int32_t s = stack[--top];
                int32_t next[4];
                int d;

                next[0] = s - 1;
                next[1] = s + 1;
                next[2] = s - stride;
                next[3] = s + stride;
                area++;
                poisoned |= paint[s] & PAINT_SKULL;
                for (d = 0; d < 4; d++) {
                    int32_t t = next[d];
                    if (stamp[t] != mark && (paint[t] & PAINT_COLOUR) == colour) {
                        stamp[t] = mark;
                        stack[top++] = t;
                    }
                }
            }
            if (!poisoned && area / 3 > values[colour])
                values[colour] = area / 3;
        }
    }
}

/* ---- colour values ------------------------------------------------------ */

static int check_grid_args(const hue_cell *cells, int32_t width, int32_t height,
                           const void *workspace, size_t workspace_size)
{
    if (cells == NULL || workspace == NULL || !side_ok(width, height))
        return HUE_E_ARGUMENT;
    if (workspace_size < hue_workspace_size(width, height))
        return HUE_E_WORKSPACE;
    return 0;
}

int hue_colour_values(const hue_cell *cells, int32_t width, int32_t height,
                      void *workspace, size_t workspace_size,
                      int32_t values[HUE_COLOURS])
{
    picture p;
    int32_t n;
    int status;

    if (values == NULL)
        return HUE_E_ARGUMENT;
    status = check_grid_args(cells, width, height, workspace, workspace_size);
    if (status < 0)
        return status;
    p = carve(workspace, width, height);
    n = paint_grid(&p, cells);
    if (n < 0)
        return (int)n;
    value_areas(&p, n, 1, values);
    return 0;
}

static int check_candidate(const hue_candidate *c, int32_t width, int32_t height)
{
    int k;

    if (c->shape.horizontal > 1)
        return HUE_E_ARGUMENT;
    for (k = 0; k < 3; k++)
        if (!cell_ok(c->shape.cells[k]))
            return HUE_E_CELL;
    if (c->x < 0 || c->y < 0)
        return HUE_E_BOUNDS;
    if (c->shape.horizontal)
        return c->x <= width - 3 && c->y < height ? 0 : HUE_E_BOUNDS;
    return c->x < width && c->y <= height - 3 ? 0 : HUE_E_BOUNDS;
}

int hue_colour_values_after(const hue_cell *cells, int32_t width,
                            int32_t height, const hue_candidate *candidates,
                            int32_t count, void *workspace,
                            size_t workspace_size, int32_t *values)
{
    picture p;
    int32_t n, i;
    int status;

    if (count < 0 || (count > 0 && (candidates == NULL || values == NULL)))
        return HUE_E_ARGUMENT;
    status = check_grid_args(cells, width, height, workspace, workspace_size);
    if (status < 0)
        return status;
    for (i = 0; i < count; i++) {
        status = check_candidate(&candidates[i], width, height);
        if (status < 0)
            return status;
    }
    p = carve(workspace, width, height);
    n = paint_grid(&p, cells);
    if (n < 0)
        return (int)n;

    /* Stamps start at 0: candidate i fills with mark i + 1. */
    for (i = 0; i < count; i++) {
        const hue_candidate *c = &candidates[i];
        int32_t dx = c->shape.horizontal ? 1 : 0, dy = 1 - dx, k;

        for (k = 0; k < 3; k++) {
            p.occupied[n + k] = first_sub(&p, c->x + k * dx, c->y + k * dy);
            paint_cell(&p, p.occupied[n + k], c->shape.cells[k]);
        }
        value_areas(&p, n + 3, (uint32_t)i + 1, values + (size_t)5 * (size_t)i);
        for (k = 0; k < 3; k++) {
            size_t at = (size_t)(c->y + k * dy) * (size_t)width
                        + (size_t)(c->x + k * dx);
            paint_cell(&p, p.occupied[n + k], cells[at]);
        }
    }
    return 0;
}

/* ---- legal placements --------------------------------------------------- */

int64_t hue_legal_capacity(int32_t width, int32_t height, int32_t card_count)
{
    /* Anchors span (width + 4) x (height + 4); each card lists at most two
     * rotations per orientation. */
    if (!side_ok(width, height) || card_count < 0)
        return -1;
    return (int64_t)card_count * 4 * ((int64_t)width + 4) * ((int64_t)height + 4);
}

typedef struct {
    const hue_cell *cells;
    int32_t width, height;
} grid;

static int occupied(const grid *g, int32_t x, int32_t y)
{
    return (uint32_t)x < (uint32_t)g->width && (uint32_t)y < (uint32_t)g->height
        && g->cells[(size_t)y * (size_t)g->width + (size_t)x] != HUE_EMPTY;
}

/* Is a footprint from (x, y) along (dx, dy) legal?  Rules §4. */
static int legal(const grid *g, int32_t x, int32_t y, int32_t dx, int32_t dy,
                 int allow_cover)
{
    int covered = occupied(g, x, y) + occupied(g, x + dx, y + dy)
                  + occupied(g, x + 2 * dx, y + 2 * dy);
    int k;

    if (covered > 0)
        return covered == 1 && allow_cover;
    if (occupied(g, x - dx, y - dy) || occupied(g, x + 3 * dx, y + 3 * dy))
        return 1;
    for (k = 0; k < 3; k++) {       /* the sides, across the footprint */
        int32_t cx = x + k * dx, cy = y + k * dy;
        if (occupied(g, cx + dy, cy + dx) || occupied(g, cx - dy, cy - dx))
            return 1;
    }
    return 0;
}

/* Where legal anchors go: placements (card 0 in `rotation`, grid
 * coordinates) or (x, y) pairs of table coordinates from `origin`. */
typedef struct {
    hue_placement *placements;
    int64_t *pairs;
    int64_t origin_x, origin_y;
} anchor_sink;

/* Writes the legal anchors of one orientation (rotation 0 or 1), sorted by
 * (y, x), from out[0].  Anchors range over the occupied box grown by 3
 * before and 1 after, as every legal anchor lies there.  Returns the count,
 * or HUE_E_CAPACITY. */
static int64_t write_anchors(const grid *g, const int32_t box[4], int rotation,
                             int allow_cover, anchor_sink out, int64_t room)
{
    int32_t dx = rotation % 2, dy = 1 - dx, x, y;
    int64_t n = 0;

    for (y = box[1] - 3; y <= box[3] + 1; y++) {
        for (x = box[0] - 3; x <= box[2] + 1; x++) {
            if (!legal(g, x, y, dx, dy, allow_cover))
                continue;
            if (n == room)
                return HUE_E_CAPACITY;
            if (out.pairs != NULL) {
                out.pairs[2 * n] = out.origin_x + x;
                out.pairs[2 * n + 1] = out.origin_y + y;
            } else {
                out.placements[n].card = 0;
                out.placements[n].x = x;
                out.placements[n].y = y;
                out.placements[n].rotation = rotation;
            }
            n++;
        }
    }
    return n;
}

/* The occupied box of a grid as x0 y0 x1 y1 (x1 < 0 when none), or
 * HUE_E_CELL for an invalid code. */
static int occupied_box(const hue_cell *cells, int32_t width, int32_t height,
                        int32_t box[4])
{
    int32_t x, y;

    box[0] = box[1] = INT32_MAX;
    box[2] = box[3] = -1;
    for (y = 0; y < height; y++) {
        for (x = 0; x < width; x++) {
            hue_cell code = cells[(size_t)y * (size_t)width + (size_t)x];
            if (code == HUE_EMPTY)
                continue;
            if (!cell_ok(code))
                return HUE_E_CELL;
            if (x < box[0]) box[0] = x;
            if (y < box[1]) box[1] = y;
            if (x > box[2]) box[2] = x;
            if (y > box[3]) box[3] = y;
        }
    }
    return 0;
}

int64_t hue_legal_anchors(const hue_cell *cells, int32_t width, int32_t height,
                          int allow_cover, int64_t origin_x, int64_t origin_y,
                          int64_t *pairs, int64_t capacity, int64_t *vertical)
{
    grid g;
    int32_t box[4];
    anchor_sink sink;
    int64_t across;
    int status;

    if (cells == NULL || pairs == NULL || vertical == NULL || !side_ok(width, height)
        || capacity < 0 || origin_x < -HUE_MAX_ORIGIN || origin_x > HUE_MAX_ORIGIN
        || origin_y < -HUE_MAX_ORIGIN || origin_y > HUE_MAX_ORIGIN)
        return HUE_E_ARGUMENT;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
    *vertical = 0;
    if (box[2] < 0)
        return 0;

    g.cells = cells;
    g.width = width;
    g.height = height;
    sink.placements = NULL;
    sink.pairs = pairs;
    sink.origin_x = origin_x;
    sink.origin_y = origin_y;
    *vertical = write_anchors(&g, box, 0, allow_cover, sink, capacity);
    if (*vertical < 0) {
        status = (int)*vertical;
        *vertical = 0;
        return status;
    }
    sink.pairs = pairs + 2 * *vertical;
    across = write_anchors(&g, box, 1, allow_cover, sink, capacity - *vertical);
    if (across < 0) {
        *vertical = 0;
        return across;
    }
    return *vertical + across;
}

int64_t hue_legal_placements(const hue_cell *cells, int32_t width,
                             int32_t height, const uint8_t *rotations,
                             int32_t card_count, int allow_cover,
                             hue_placement *out, int64_t capacity)
{
    grid g;
    int32_t box[4];
    anchor_sink sink;
    int64_t anchors[2], total = 0, at;
    int32_t card;
    int rotation, status;

    if (cells == NULL || !side_ok(width, height) || card_count < 0 || capacity < 0
        || (card_count > 0 && (rotations == NULL || out == NULL)))
        return HUE_E_ARGUMENT;
    for (card = 0; card < card_count; card++)
        if (rotations[card] != 2 && rotations[card] != 4)
            return HUE_E_ARGUMENT;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
    if (card_count == 0 || box[2] < 0)
        return 0;

    /* Card 0's rotations 0 and 1 hold the anchors of both orientations;
     * every other (card, rotation) block is a relabelled copy of one. */
    g.cells = cells;
    g.width = width;
    g.height = height;
    sink.placements = out;
    sink.pairs = NULL;
    sink.origin_x = sink.origin_y = 0;
    anchors[0] = write_anchors(&g, box, 0, allow_cover, sink, capacity);
    if (anchors[0] < 0)
        return anchors[0];
    sink.placements = out + anchors[0];
    anchors[1] = write_anchors(&g, box, 1, allow_cover, sink, capacity - anchors[0]);
    if (anchors[1] < 0)
        return anchors[1];

    for (card = 0; card < card_count; card++)
        total += (int64_t)(rotations[card] / 2) * (anchors[0] + anchors[1]);
    if (total > capacity)
        return HUE_E_CAPACITY;

    at = anchors[0] + anchors[1];
    for (card = 0; card < card_count; card++) {
        for (rotation = card == 0 ? 2 : 0; rotation < rotations[card]; rotation++) {
            const hue_placement *from = rotation % 2 ? out + anchors[0] : out;
            int64_t k, n = anchors[rotation % 2];
            for (k = 0; k < n; k++, at++) {
                out[at] = from[k];
                out[at].card = card;
                out[at].rotation = rotation;
            }
        }
    }
    return total;
}
