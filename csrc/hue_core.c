/*
 * hue_core.c -- see hue_core.h for the contract.
 *
 * Scoring joins the segments of the occupied box (solid squares, stripes)
 * into areas with a union-find; a batch of candidates writes each one's
 * three cells over a copy of the box, values it, and writes them back.
 *
 * The kernel (whole games, playouts) keeps its table in a fixed buffer with
 * room for every card a game can still lay, plus a byte of "marks" per cell
 * that makes a legality test three loads and a table lookup; it draws each
 * random move by rejection from the anchors that can be legal, and values
 * only the occupied box at the end.
 */
#include "hue_core.h"
#include "pyrandom.h"

#include <stdlib.h>
#include <string.h>

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

#define SEGMENT_BYTES (2 * sizeof(int32_t) + sizeof(uint8_t))

size_t hue_workspace_size(int32_t width, int32_t height)
{
    if (!side_ok(width, height))
        return 0;
    return WORKSPACE_ALIGN - 1
        + (size_t)width * (size_t)height * (3 * SEGMENT_BYTES + sizeof(hue_cell));
}

static areas carve(void *workspace, int32_t width, int32_t height)
{
    uintptr_t at = ((uintptr_t)workspace + (WORKSPACE_ALIGN - 1))
                   & ~(uintptr_t)(WORKSPACE_ALIGN - 1);
    size_t cells = (size_t)width * (size_t)height;
    areas a;

    a.parent = (int32_t *)at;
    a.size = a.parent + 3 * cells;
    a.cell = (hue_cell *)(a.size + 3 * cells);
    a.poisoned = (uint8_t *)(a.cell + cells);
    a.width = width;
    a.height = height;
    return a;
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

/* Copies the grid's cells in `box` (x0 y0 x1 y1, inside the grid) into a
 * workspace carved for the box. */
static areas carve_box(void *workspace, const hue_cell *cells, int32_t width,
                       const int32_t box[4])
{
    areas a = carve(workspace, box[2] - box[0] + 1, box[3] - box[1] + 1);
    int32_t y;

    for (y = 0; y < a.height; y++)
        memcpy(a.cell + (size_t)y * (size_t)a.width,
               cells + (size_t)(box[1] + y) * (size_t)width + (size_t)box[0],
               (size_t)a.width * sizeof(hue_cell));
    return a;
}

/* The segment of a square that holds its sub-cell (column, row). */
static int32_t segment_at(hue_cell code, int32_t column, int32_t row)
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

static int32_t root_of(const areas *a, int32_t s)
{
    while (a->parent[s] != s) {
        a->parent[s] = a->parent[a->parent[s]];     /* path halving */
        s = a->parent[s];
    }
    return s;
}

static void join(const areas *a, int32_t s, int32_t t)
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
static void join_side(const areas *a, int32_t at, int32_t next, int across)
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
static int32_t segments_of(hue_cell code)
{
    return (code & HUE_LAYOUT_MASK) == HUE_SOLID ? 1 : 3;
}

/* Colour values of the box's cells (all valid codes). */
static void value_box(const areas *a, int32_t values[HUE_COLOURS])
{
    int32_t w = a->width, h = a->height, x, y, k;

    for (k = 0; k < HUE_COLOURS; k++)
        values[k] = 0;
    for (y = 0; y < h; y++) {                 /* each segment alone */
        for (x = 0; x < w; x++) {
            int32_t at = y * w + x;
            hue_cell code = a->cell[at];
            int32_t segments = segments_of(code);

            if (code == HUE_EMPTY)
                continue;
            for (k = 0; k < segments; k++) {
                a->parent[3 * at + k] = 3 * at + k;
                a->size[3 * at + k] = 9 / segments;
                a->poisoned[3 * at + k] = (code & HUE_SKULL) != 0;
            }
        }
    }
    for (y = 0; y < h; y++) {                 /* joined where they touch */
        for (x = 0; x < w; x++) {
            int32_t at = y * w + x;
            hue_cell code = a->cell[at];

            if (code == HUE_EMPTY)
                continue;
            if ((code & HUE_LAYOUT_MASK) != HUE_SOLID)
                for (k = 0; k < 2; k++)
                    if (colour_of(code, (unsigned)k) == colour_of(code, (unsigned)k + 1))
                        join(a, 3 * at + k, 3 * at + k + 1);
            if (x + 1 < w && a->cell[at + 1] != HUE_EMPTY)
                join_side(a, at, at + 1, 1);
            if (y + 1 < h && a->cell[at + w] != HUE_EMPTY)
                join_side(a, at, at + w, 0);
        }
    }
    for (y = 0; y < h; y++) {                 /* every root is an area */
        for (x = 0; x < w; x++) {
            int32_t at = y * w + x;
            hue_cell code = a->cell[at];
            int32_t segments = segments_of(code);

            if (code == HUE_EMPTY)
                continue;
            for (k = 0; k < segments; k++) {
                int32_t s = 3 * at + k;
                unsigned colour = colour_of(code, (unsigned)k);

                if (a->parent[s] == s && !a->poisoned[s] && a->size[s] / 3 > values[colour])
                    values[colour] = a->size[s] / 3;
            }
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
    areas a;
    int32_t box[4];
    int status, k;

    if (values == NULL)
        return HUE_E_ARGUMENT;
    status = check_grid_args(cells, width, height, workspace, workspace_size);
    if (status < 0)
        return status;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
    if (box[2] < 0) {
        for (k = 0; k < HUE_COLOURS; k++)
            values[k] = 0;
        return 0;
    }
    a = carve_box(workspace, cells, width, box);
    value_box(&a, values);
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
    areas a;
    int32_t box[4], i;
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
    status = occupied_box(cells, width, height, box);
    if (status < 0 || count == 0)
        return status;
    for (i = 0; i < count; i++) {             /* the box holds every candidate */
        const hue_candidate *c = &candidates[i];
        int32_t last_x = c->x + (c->shape.horizontal ? 2 : 0);
        int32_t last_y = c->y + (c->shape.horizontal ? 0 : 2);
        if (c->x < box[0]) box[0] = c->x;
        if (c->y < box[1]) box[1] = c->y;
        if (last_x > box[2]) box[2] = last_x;
        if (last_y > box[3]) box[3] = last_y;
    }
    a = carve_box(workspace, cells, width, box);
    for (i = 0; i < count; i++) {
        const hue_candidate *c = &candidates[i];
        int32_t dx = c->shape.horizontal ? 1 : 0, dy = 1 - dx, k;
        int32_t first = (c->y - box[1]) * a.width + (c->x - box[0]);
        int32_t step = dx + dy * a.width;

        for (k = 0; k < 3; k++)
            a.cell[first + k * step] = c->shape.cells[k];
        value_box(&a, values + (size_t)5 * (size_t)i);
        for (k = 0; k < 3; k++)
            a.cell[first + k * step] = cells[(size_t)(c->y + k * dy) * (size_t)width
                                             + (size_t)(c->x + k * dx)];
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

/* Rules §4 on the cells around a footprint, as bits: `line` holds the
 * footprint's line from one cell before it to one after (bit 0 the cell
 * before, bits 1-3 the footprint, bit 4 the cell after), `sides` the cells
 * beside it (bits 1-3, either side).  A placement covers at most one
 * square (none without allow_cover) and touches the table. */
static int legal_bits(unsigned line, unsigned sides, int allow_cover)
{
    unsigned covered = ((line >> 1) & 1u) + ((line >> 2) & 1u) + ((line >> 3) & 1u);

    if (covered > 0)
        return covered == 1 && allow_cover;
    return (line & 0x11u) != 0 || (sides & 0x0Eu) != 0;
}

/* The five cells at[0], at[w], .. at[4 w] of a column, as bits 0-4. */
static unsigned column_of(const hue_cell *at, size_t w)
{
    return (unsigned)(at[0] != HUE_EMPTY) | (unsigned)(at[w] != HUE_EMPTY) << 1
        | (unsigned)(at[2 * w] != HUE_EMPTY) << 2 | (unsigned)(at[3 * w] != HUE_EMPTY) << 3
        | (unsigned)(at[4 * w] != HUE_EMPTY) << 4;
}

/* The cells (x, y - 1) .. (x, y + 3) as bits 0-4 (outside the grid: empty). */
static unsigned column_bits(const grid *g, int32_t x, int32_t y)
{
    return (unsigned)occupied(g, x, y - 1) | (unsigned)occupied(g, x, y) << 1
        | (unsigned)occupied(g, x, y + 1) << 2 | (unsigned)occupied(g, x, y + 2) << 3
        | (unsigned)occupied(g, x, y + 3) << 4;
}

/* Is a cell above or below (x, y) occupied? */
static unsigned beside_bit(const grid *g, int32_t x, int32_t y)
{
    return (unsigned)(occupied(g, x, y - 1) || occupied(g, x, y + 1));
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
    int horizontal = rotation % 2;
    int32_t x, y, first = box[0] - 3;
    size_t w = (size_t)g->width;
    int64_t n = 0;

    /* Each row slides a window of bits along x (legal_bits' line and
     * sides): a vertical footprint's line is its column, its sides the
     * columns left and right; a horizontal one's line is its row, its sides
     * the cells above and below. */
    for (y = box[1] - 3; y <= box[3] + 1; y++) {
        unsigned left = 0, here = 0, right = 0, line = 0, sides = 0;
        /* Inside: every cell read lies in the grid (columns first - 1 ..
         * box[2] + 4 or + 2, rows y - 1 .. y + 1 or + 3), read straight
         * from `above`, row y - 1. */
        int inside = first >= 1 && y >= 1
                     && (horizontal ? box[2] + 4 < g->width && y + 1 < g->height
                                    : box[2] + 2 < g->width && y + 3 < g->height);
        const hue_cell *above = inside ? g->cells + (size_t)(y - 1) * w : g->cells;
        if (horizontal) {
            line = (unsigned)occupied(g, first - 1, y) << 1 | (unsigned)occupied(g, first, y) << 2
                   | (unsigned)occupied(g, first + 1, y) << 3
                   | (unsigned)occupied(g, first + 2, y) << 4;
            sides = beside_bit(g, first, y) << 2 | beside_bit(g, first + 1, y) << 3;
        } else {
            here = column_bits(g, first - 1, y);
            right = column_bits(g, first, y);
        }
        for (x = first; x <= box[2] + 1; x++) {
            if (horizontal) {
                unsigned next, beside;
                if (inside) {
                    const hue_cell *at = above + (size_t)x;
                    next = at[w + 3] != HUE_EMPTY;
                    beside = at[2] != HUE_EMPTY || at[2 * w + 2] != HUE_EMPTY;
                } else {
                    next = (unsigned)occupied(g, x + 3, y);
                    beside = beside_bit(g, x + 2, y);
                }
                line = line >> 1 | next << 4;
                sides = sides >> 1 | beside << 3;
            } else {
                left = here;
                here = right;
                right = inside ? column_of(above + (size_t)(x + 1), w) : column_bits(g, x + 1, y);
                line = here;
                sides = left | right;
            }
            if (!legal_bits(line, sides, allow_cover))
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

int64_t hue_legal_anchors(const hue_cell *cells, int32_t width, int32_t height,
                          int allow_cover, int64_t origin_x, int64_t origin_y,
                          int64_t *pairs, int64_t capacity, int64_t *vertical)
{
    grid g;
    int32_t box[4];
    anchor_sink sink;
    int64_t across;
    int status;

    if (vertical != NULL)
        *vertical = 0;           /* on every return path, errors included */
    if (cells == NULL || pairs == NULL || vertical == NULL || !side_ok(width, height)
        || capacity < 0 || origin_x < -HUE_MAX_ORIGIN || origin_x > HUE_MAX_ORIGIN
        || origin_y < -HUE_MAX_ORIGIN || origin_y > HUE_MAX_ORIGIN)
        return HUE_E_ARGUMENT;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
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

int64_t hue_mark_actions(const hue_cell *cells, int32_t width, int32_t height,
                         int allow_cover, int64_t origin_x, int64_t origin_y,
                         const uint8_t *rotations, int32_t slots, int32_t cols,
                         int32_t rows, int64_t *pairs, int64_t capacity,
                         int8_t *mask, int64_t size, int8_t *anchors)
{
    int64_t area, count, vertical, i, marked = 0;
    int32_t slot;
    int rotation;

    if (slots < 0 || slots > HUE_MAX_HAND || (slots > 0 && rotations == NULL) || cols < 1
        || cols > HUE_MAX_SIDE || rows < 1 || rows > HUE_MAX_SIDE)
        return HUE_E_ARGUMENT;
    for (slot = 0; slot < slots; slot++)
        if (rotations[slot] != 2 && rotations[slot] != 4)
            return HUE_E_ARGUMENT;
    area = (int64_t)cols * rows;
    if (mask != NULL && (int64_t)slots * 4 * area > size)
        return HUE_E_CAPACITY;
    count = hue_legal_anchors(cells, width, height, allow_cover, origin_x, origin_y,
                              pairs, capacity, &vertical);
    if (count < 0)
        return count;
    for (i = 0; i < count; i++)
        if (pairs[2 * i] < 0 || pairs[2 * i] >= cols || pairs[2 * i + 1] < 0
            || pairs[2 * i + 1] >= rows)
            return HUE_E_BOUNDS;
    if (anchors != NULL)
        for (i = 0; i < count; i++)
            anchors[(i < vertical ? 0 : area) + pairs[2 * i + 1] * cols + pairs[2 * i]] = 1;
    for (slot = 0; slot < slots; slot++) {
        for (rotation = 0; rotation < rotations[slot]; rotation++) {
            int64_t first = (rotation & 1) ? vertical : 0;
            int64_t last = (rotation & 1) ? count : vertical;
            marked += last - first;
            if (mask == NULL)
                continue;
            for (i = first; i < last; i++)
                mask[((int64_t)slot * 4 + rotation) * area + pairs[2 * i + 1] * cols
                     + pairs[2 * i]] = 1;
        }
    }
    return marked;
}

/* Every cell of the box [x0, x1] x [y0, y1] (inside the grid) valid? */
static int box_cells_ok(const hue_cell *cells, int32_t width, int32_t x0, int32_t y0,
                        int32_t x1, int32_t y1)
{
    int32_t x, y;

    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++)
            if (!cell_ok(cells[(size_t)y * (size_t)width + (size_t)x]))
                return 0;
    return 1;
}

/* hue_paint_planes once its arguments are checked. */
static void paint_box(const hue_cell *cells, int32_t width, int32_t x0, int32_t y0,
                      int32_t x1, int32_t y1, const uint8_t *table, int32_t planes,
                      uint8_t *out, int32_t rows, int32_t cols)
{
    size_t plane_size = (size_t)rows * (size_t)cols;
    int32_t x, y, p;

    for (y = y0; y <= y1; y++) {
        for (x = x0; x <= x1; x++) {
            hue_cell code = cells[(size_t)y * (size_t)width + (size_t)x];
            const uint8_t *values;
            uint8_t *at;
            if (code == HUE_EMPTY)
                continue;
            values = table + (size_t)code * (size_t)planes;
            at = out + (size_t)(y - y0) * (size_t)cols + (size_t)(x - x0);
            for (p = 0; p < planes; p++)
                at[(size_t)p * plane_size] = values[p];
        }
    }
}

static int paint_args_ok(const hue_cell *cells, int32_t width, int32_t height,
                         int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                         const uint8_t *table, int32_t planes, int32_t rows, int32_t cols)
{
    return cells != NULL && table != NULL && side_ok(width, height) && planes >= 1
        && planes <= 64 && rows >= 1 && rows <= HUE_MAX_SIDE && cols >= 1
        && cols <= HUE_MAX_SIDE && x0 >= 0 && y0 >= 0 && x0 <= x1 && y0 <= y1
        && x1 < width && y1 < height && x1 - x0 < cols && y1 - y0 < rows;
}

int hue_paint_planes(const hue_cell *cells, int32_t width, int32_t height,
                     int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                     const uint8_t *table, int32_t planes, uint8_t *out,
                     int32_t rows, int32_t cols)
{
    if (out == NULL
        || !paint_args_ok(cells, width, height, x0, y0, x1, y1, table, planes, rows, cols))
        return HUE_E_ARGUMENT;
    if (!box_cells_ok(cells, width, x0, y0, x1, y1))
        return HUE_E_CELL;
    paint_box(cells, width, x0, y0, x1, y1, table, planes, out, rows, cols);
    return 0;
}

/* Does the part of `count` bytes from `at` lie inside `size`? */
static int part_ok(int64_t at, int64_t count, int64_t size)
{
    return at >= 0 && count >= 0 && at <= size && count <= size - at;
}

static int layout_ok(const hue_observation_layout *l)
{
    int64_t players = l->players, slots = l->slots;

    return l->planes >= 1 && l->planes <= 64 && l->rows >= 1 && l->rows <= HUE_MAX_SIDE
        && l->cols >= 1 && l->cols <= HUE_MAX_SIDE && l->origin_width >= 1 && slots >= 0
        && slots <= HUE_MAX_HAND && l->features >= 0 && l->deck_size >= 0
        && l->deck_size <= 256 && players >= 1 && players <= 64
        && part_ok(0, (int64_t)l->planes * l->rows * l->cols, l->size)
        && part_ok(l->origin_at, 2 * (int64_t)l->origin_width, l->size)
        && part_ok(l->hand_at, slots * l->features, l->size)
        && part_ok(l->cards_at, (int64_t)l->deck_size * (3 + players), l->size)
        && part_ok(l->sizes_at, players * (slots + 1), l->size)
        && part_ok(l->to_move_at, players, l->size) && part_ok(l->seat_at, players, l->size)
        && part_ok(l->over_at, 1, l->size);
}

/* Are the `count` deck positions at `cards` (NULL only when count is 0) all
 * below deck_size, with count <= most? */
static int positions_ok(const uint8_t *cards, int32_t count, int32_t most, int32_t deck_size)
{
    int32_t i;

    if (count < 0 || count > most || (count > 0 && cards == NULL))
        return 0;
    for (i = 0; i < count; i++)
        if (cards[i] >= deck_size)
            return 0;
    return 1;
}

int hue_observe(const hue_cell *cells, int32_t width, int32_t height,
                int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                const uint8_t *table, const uint8_t *features,
                const hue_observation_layout *layout,
                const uint8_t *hand, int32_t hand_count,
                const uint8_t *opening, int32_t opening_count,
                const uint8_t *history, int32_t history_count,
                const uint8_t *sizes, int32_t me, int32_t to_move,
                int32_t origin_x, int32_t origin_y, uint8_t *out)
{
    int32_t players, stride, i, over = 1;
    uint8_t *cards_part;

    if (layout == NULL || out == NULL || features == NULL || sizes == NULL
        || !layout_ok(layout))
        return HUE_E_ARGUMENT;
    players = layout->players;
    stride = 3 + players;
    if (!paint_args_ok(cells, width, height, x0, y0, x1, y1, table, layout->planes,
                       layout->rows, layout->cols)
        || !positions_ok(hand, hand_count, layout->slots, layout->deck_size)
        || !positions_ok(opening, opening_count, layout->deck_size, layout->deck_size)
        || !positions_ok(history, history_count, layout->deck_size, layout->deck_size)
        || me < 0 || me >= players || to_move < -1 || to_move >= players || origin_x < 0
        || origin_x >= layout->origin_width || origin_y < 0
        || origin_y >= layout->origin_width)
        return HUE_E_ARGUMENT;
    for (i = 0; i < players; i++)
        if (sizes[i] > layout->slots)
            return HUE_E_ARGUMENT;
    if (!box_cells_ok(cells, width, x0, y0, x1, y1))
        return HUE_E_CELL;

    memset(out, 0, (size_t)layout->size);
    paint_box(cells, width, x0, y0, x1, y1, table, layout->planes, out, layout->rows,
              layout->cols);
    out[layout->origin_at + origin_x] = 1;
    out[layout->origin_at + layout->origin_width + origin_y] = 1;
    for (i = 0; i < hand_count; i++)
        memcpy(out + layout->hand_at + (int64_t)i * layout->features,
               features + (size_t)hand[i] * (size_t)layout->features, (size_t)layout->features);
    /* every card unseen, then the seen ones moved to their columns */
    cards_part = out + layout->cards_at;
    for (i = 0; i < layout->deck_size; i++)
        cards_part[i * stride] = 1;
    for (i = 0; i < hand_count; i++)
        cards_part[hand[i] * stride] = 0;
    for (i = 0; i < opening_count; i++)
        cards_part[opening[i] * stride] = 0;
    for (i = 0; i < history_count; i++)
        cards_part[history[i] * stride] = 0;
    for (i = 0; i < hand_count; i++)
        cards_part[hand[i] * stride + 1] = 1;
    for (i = 0; i < opening_count; i++)
        cards_part[opening[i] * stride + 2] = 1;
    for (i = 0; i < history_count; i++)
        cards_part[history[i] * stride + 3 + ((i % players) - me + players) % players] = 1;
    for (i = 0; i < players; i++) {
        int32_t seat = (me + i) % players;
        out[layout->sizes_at + (int64_t)i * (layout->slots + 1) + sizes[seat]] = 1;
        over = over && sizes[seat] == 1;
    }
    if (to_move >= 0)
        out[layout->to_move_at + (to_move - me + players) % players] = 1;
    out[layout->seat_at + me] = 1;
    if (over)
        out[layout->over_at] = 1;
    return 0;
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

/* ---- random numbers ----------------------------------------------------- */

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64. */
typedef struct {
    uint64_t s[4];
} rng;

#define GOLDEN 0x9E3779B97F4A7C15ULL

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The generator of stream `stream` of `seed`: a function of both alone. */
static void rng_seed(rng *r, uint64_t seed, uint64_t stream)
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

static uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(rng *r)
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
static uint32_t rng_below(rng *r, uint32_t n)
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

/* ---- decks -------------------------------------------------------------- */

static int deck_check(const hue_card *deck, int32_t card_count)
{
    int32_t c;
    int r, k;

    if (deck == NULL || card_count < 1 || card_count > HUE_MAX_CARDS)
        return HUE_E_ARGUMENT;
    for (c = 0; c < card_count; c++) {
        const hue_card *card = &deck[c];
        if (card->kind > HUE_KIND_STRIPED
            || (card->rotations != 2 && card->rotations != 4))
            return HUE_E_DECK;
        for (k = 0; k < 3; k++)
            if (card->colours[k] >= HUE_COLOURS)
                return HUE_E_DECK;
        for (r = 0; r < 4; r++)
            for (k = 0; k < 3; k++)
                if (card->shapes[r][k] == HUE_EMPTY || !cell_ok(card->shapes[r][k]))
                    return HUE_E_DECK;
    }
    return 0;
}

static int32_t card_score(const hue_card *card, const int32_t values[HUE_COLOURS])
{
    return values[card->colours[0]] + 2 * values[card->colours[1]]
        + values[card->colours[2]];
}

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

static size_t round8(size_t bytes)
{
    return (bytes + 7) & ~(size_t)7;
}

/* Carves `bytes` from *at, keeping *at 8-aligned. */
static void *take(uintptr_t *at, size_t bytes)
{
    void *p = (void *)*at;
    *at += round8(bytes);
    return p;
}

static uintptr_t align8(void *workspace)
{
    return ((uintptr_t)workspace + 7) & ~(uintptr_t)7;
}

static size_t table_bytes(int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;
    return round8(cells * sizeof(hue_cell)) + round8(cells);
}

static table table_carve(uintptr_t *at, int32_t width, int32_t height)
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

static void table_clear(table *t)
{
    size_t cells = (size_t)t->width * (size_t)t->height;

    memset(t->code, 0, cells * sizeof(hue_cell));
    memset(t->mark, 0, cells);
    t->box[0] = t->box[1] = INT32_MAX;
    t->box[2] = t->box[3] = -1;
}

/* Shows `code` (non-empty) on buffer cell (x, y). */
static void table_show(table *t, int32_t x, int32_t y, hue_cell code)
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

static void table_lay(table *t, const hue_card *card, int32_t x, int32_t y,
                      int32_t rotation)
{
    int32_t dx = rotation & 1, dy = 1 - dx, k;

    for (k = 0; k < 3; k++)
        table_show(t, x + k * dx, y + k * dy, card->shapes[rotation][k]);
}

static int table_legal(const table *t, int32_t x, int32_t y, int horizontal,
                       int allow_cover)
{
    int32_t at = y * t->width + x, step = horizontal ? 1 : t->width;
    const uint8_t *mark = t->mark;

    return LEGAL_SUM[allow_cover != 0][mark[at] + mark[at + step] + mark[at + 2 * step]];
}

/* Copies rows and columns of the box grown by one (every cell a game can
 * change since `from` held its box) from `from`, or clears them. */
static void table_restore(table *t, const table *from)
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
static void table_values(const table *t, void *scratch, int32_t values[HUE_COLOURS])
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
static int32_t random_move(table *t, const hue_card *deck, const int32_t *hand,
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

static void hand_remove(int32_t *hand, int32_t *n, int32_t at)
{
    int32_t k;

    for (k = at; k + 1 < *n; k++)
        hand[k] = hand[k + 1];
    (*n)--;
}

static int32_t first_best(const int32_t *scores, int32_t players)
{
    int32_t best = 0, s;

    for (s = 1; s < players; s++)
        if (scores[s] > scores[best])
            best = s;
    return best;
}

/* ---- whole random games ------------------------------------------------- */

static int players_ok(int32_t players)
{
    return players >= HUE_MIN_PLAYERS && players <= HUE_MAX_PLAYERS;
}

int32_t hue_game_moves(int32_t players)
{
    if (!players_ok(players))
        return -1;
    return players * (players == 5 ? 4 : 5);
}

/* The table of a whole game: the opening spans 3 x 5 cells from (0, 0);
 * each of M cards grows the occupied box by at most 3 cells on a side,
 * and proposals and marks reach 4 beyond it. */
static int32_t games_offset(int32_t players)
{
    return 3 * hue_game_moves(players) + 4;
}

size_t hue_games_workspace_size(int32_t card_count, int32_t players)
{
    int32_t offset, width, height;

    if (card_count < 1 || card_count > HUE_MAX_CARDS || !players_ok(players))
        return 0;
    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    return 7 + table_bytes(width, height)
        + 2 * round8((size_t)card_count * sizeof(int32_t))
        + hue_workspace_size(width, height);
}

int hue_random_games(const hue_card *deck, int32_t card_count, int32_t players,
                     int allow_cover, uint64_t seed, uint64_t first_game,
                     int32_t games, void *workspace, size_t workspace_size,
                     int32_t *owners, int32_t *opening, hue_placement *moves,
                     int32_t *scores, int32_t *winners)
{
    int32_t counts[4] = {0, 0, 0, 0}, starts[4], fill[4];
    int32_t offset, width, height, per_game, dealt, c, g, s, k;
    int32_t *by_kind, *work;
    uintptr_t at;
    table t;
    void *scratch;
    int status;

    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (!players_ok(players) || games < 0 || workspace == NULL)
        return HUE_E_ARGUMENT;
    if (workspace_size < hue_games_workspace_size(card_count, players))
        return HUE_E_WORKSPACE;
    per_game = hue_game_moves(players);
    dealt = per_game / players;
    for (c = 0; c < card_count; c++)
        counts[deck[c].kind]++;
    if (counts[HUE_KIND_POISON] < players || counts[HUE_KIND_STARTING] < 3
        || counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] < per_game)
        return HUE_E_DECK;

    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    at = align8(workspace);
    t = table_carve(&at, width, height);
    by_kind = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    work = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    scratch = (void *)at;
    table_clear(&t);

    /* Deck indices grouped: poison, starting, standard (solid and striped
     * together), each in deck order. */
    starts[0] = 0;
    starts[1] = counts[HUE_KIND_POISON];
    starts[2] = starts[1] + counts[HUE_KIND_STARTING];
    memcpy(fill, starts, sizeof fill);
    for (c = 0; c < card_count; c++) {
        int group = deck[c].kind == HUE_KIND_POISON ? 0
                    : deck[c].kind == HUE_KIND_STARTING ? 1 : 2;
        by_kind[fill[group]++] = c;
    }

    for (g = 0; g < games; g++) {
        int32_t *poison = work, *starting = work + starts[1], *standard = work + starts[2];
        int32_t n_standard = card_count - starts[2];
        int32_t hands[HUE_MAX_PLAYERS][8], held[HUE_MAX_PLAYERS], rotation[3];
        int32_t values[HUE_COLOURS], seat_scores[HUE_MAX_PLAYERS];
        rng r;

        rng_seed(&r, seed, first_game + (uint64_t)g);
        memcpy(work, by_kind, (size_t)card_count * sizeof(int32_t));
        /* Setup (rules section 3): partial Fisher-Yates shuffles. */
        for (k = 0; k < players; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(starts[1] - k));
            int32_t swap = poison[k]; poison[k] = poison[j]; poison[j] = swap;
        }
        for (k = 0; k < 3; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(counts[HUE_KIND_STARTING] - k));
            int32_t swap = starting[k]; starting[k] = starting[j]; starting[j] = swap;
            rotation[k] = 2 * (int32_t)rng_below(&r, 2);
        }
        for (k = 0; k < per_game; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(n_standard - k));
            int32_t swap = standard[k]; standard[k] = standard[j]; standard[j] = swap;
        }
        for (s = 0; s < players; s++) {
            hands[s][0] = poison[s];
            for (k = 0; k < dealt; k++)
                hands[s][1 + k] = standard[s * dealt + k];
            held[s] = dealt + 1;
        }
        for (k = 0; k < 3; k++)
            table_lay(&t, &deck[starting[k]], offset + k, offset + k, rotation[k]);

        if (owners != NULL) {
            int32_t *row = owners + (size_t)g * (size_t)card_count;
            for (c = 0; c < card_count; c++)
                row[c] = HUE_OWNER_SET_ASIDE;
            for (k = 0; k < 3; k++)
                row[starting[k]] = HUE_OWNER_OPENING;
            for (s = 0; s < players; s++)
                for (k = 0; k < held[s]; k++)
                    row[hands[s][k]] = s;
        }
        if (opening != NULL) {
            for (k = 0; k < 3; k++) {
                opening[(size_t)g * 6 + 2 * (size_t)k] = starting[k];
                opening[(size_t)g * 6 + 2 * (size_t)k + 1] = rotation[k];
            }
        }

        /* Play (section 4): seat j % players makes move j. */
        for (k = 0; k < per_game; k++) {
            hue_placement move;
            s = k % players;
            hand_remove(hands[s], &held[s],
                        random_move(&t, deck, hands[s], held[s], allow_cover, &r, &move));
            if (moves != NULL) {
                move.x -= offset;
                move.y -= offset;
                moves[(size_t)g * (size_t)per_game + (size_t)k] = move;
            }
        }

        /* The end (section 5). */
        table_values(&t, scratch, values);
        for (s = 0; s < players; s++)
            seat_scores[s] = card_score(&deck[hands[s][0]], values);
        if (scores != NULL)
            memcpy(scores + (size_t)g * (size_t)players, seat_scores,
                   (size_t)players * sizeof(int32_t));
        if (winners != NULL)
            winners[g] = first_best(seat_scores, players);
        table_restore(&t, NULL);
    }
    return 0;
}

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
static int32_t anchor_capacity(int32_t occupied)
{
    return 15 * occupied;
}

static void list_anchors(const table *t, int allow_cover, anchors *out)
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
static int32_t listed_moves(const int32_t count[2], const hue_card *deck, const int32_t *hand,
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
static int32_t listed_slot(const int32_t count[2], const hue_card *deck, const int32_t *hand,
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
static int32_t listed_move(const anchors *list, const hue_card *deck, const int32_t *hand,
                           int32_t n, int32_t index, hue_placement *move)
{
    int32_t rotation = 0, place = 0;
    int32_t i = listed_slot(list->count, deck, hand, n, index, &rotation, &place);

    move->card = hand[i];
    move->rotation = rotation;
    move->x = list->at[rotation & 1][place];
    return i;
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

static size_t legal_index_bytes(int32_t width, int32_t height)
{
    size_t cells = (size_t)width * (size_t)height;

    return 2 * round8(cells) + 2 * round8((size_t)height * sizeof(int32_t));
}

/* Carves an index of a table with no legal anchor (a cleared table). */
static legal_index legal_index_carve(uintptr_t *at, int32_t width, int32_t height)
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
static void legal_index_lay(legal_index *x, const table *t, int allow_cover, int32_t cx,
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
static void legal_index_clear(legal_index *x, const table *t)
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
static int32_t legal_index_at(const legal_index *x, const table *t, int o, int32_t place)
{
    int32_t w = t->width, y = t->box[1] - 3, at;

    while (place >= x->row_count[o][y])
        place -= x->row_count[o][y++];
    for (at = y * w + t->box[0] - 3;; at++)
        if (x->legal[o][at] && place-- == 0)
            return at;
}

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
typedef struct {
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
} greedy_space;

static size_t greedy_bytes(int32_t width, int32_t height, int32_t anchors_cap, int32_t hand,
                           int32_t card_count)
{
    size_t anchors = (size_t)anchors_cap, moves_cap = (size_t)hand * 4 * anchors;
    size_t cells = (size_t)width * (size_t)height;

    return 4 * round8(anchors * sizeof(int32_t))
        + round8(hue_workspace_size(width, height))
        + 5 * round8(3 * cells * sizeof(int32_t))
        + round8(cells)
        + round8(2 * anchors * sizeof(uint64_t))
        + round8(moves_cap * HUE_COLOURS * sizeof(int32_t))
        + 2 * round8(moves_cap * sizeof(int32_t))
        + round8(4 * (size_t)card_count * sizeof(shaped))
        + round8((size_t)card_count);
}

static greedy_space greedy_carve(uintptr_t *at, int32_t width, int32_t height,
                                 int32_t anchors_cap, int32_t hand, int32_t card_count)
{
    size_t anchors = (size_t)anchors_cap, moves_cap = (size_t)hand * 4 * anchors;
    size_t cells = (size_t)width * (size_t)height;
    greedy_space g;
    int o;

    for (o = 0; o < 2; o++) {
        g.list.at[o] = (int32_t *)take(at, anchors * sizeof(int32_t));
        g.list.cover[o] = (int32_t *)take(at, anchors * sizeof(int32_t));
    }
    g.scratch = take(at, hue_workspace_size(width, height));
    g.biggest = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g.piece = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g.head = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g.next = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g.cover.members = (int32_t *)take(at, 3 * cells * sizeof(int32_t));
    g.cover.seen = (uint8_t *)take(at, cells);
    memset(g.cover.seen, 0, cells);
    g.covering = (uint64_t *)take(at, 2 * anchors * sizeof(uint64_t));
    g.values = (int32_t *)take(at, moves_cap * HUE_COLOURS * sizeof(int32_t));
    g.own = (int32_t *)take(at, moves_cap * sizeof(int32_t));
    g.tied = (int32_t *)take(at, moves_cap * sizeof(int32_t));
    g.shapes = (shaped *)take(at, 4 * (size_t)card_count * sizeof(shaped));
    g.shaped = (uint8_t *)take(at, (size_t)card_count);
    memset(g.shaped, 0, (size_t)card_count);
    return g;
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
static int32_t greedy_move(greedy_space *g, const table *t, const hue_card *deck,
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

/* ---- whole games as the Python engine plays them ------------------------ */

size_t hue_matches_workspace_size(int32_t card_count, int32_t players)
{
    int32_t offset, width, height;

    if (card_count < 1 || card_count > HUE_MAX_CARDS || !players_ok(players))
        return 0;
    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    return 7 + table_bytes(width, height)
        + round8((size_t)card_count * sizeof(int32_t))
        + round8((size_t)card_count)
        + round8(PYRANDOM_N * sizeof(uint32_t))
        + round8((size_t)(players + 1) * sizeof(pyrandom))
        + round8(hue_workspace_size(width, height))  /* greedy space is carved after it */
        + greedy_bytes(width, height, anchor_capacity(9 + 3 * hue_game_moves(players)),
                       1 + hue_game_moves(players) / players, card_count)
        + legal_index_bytes(width, height);
}

/* Setup as hue.game.deal_cards draws it from random.Random(seed): the
 * poison cards shuffled, the starting cards shuffled and three rotations
 * chosen, the standard cards shuffled, and seat s dealt poison card s and
 * every players-th standard card from s, its hand sorted into deck order. */
static void python_deal(pyrandom *g, const hue_card *deck, int32_t card_count,
                        int32_t players, int32_t dealt, int32_t *work,
                        int32_t hands[HUE_MAX_PLAYERS][8], int32_t starting[3],
                        int32_t rotation[3])
{
    int32_t kinds[3] = {0, 0, 0}, *group[3], c, s, k, i;

    for (c = 0; c < card_count; c++)
        kinds[deck[c].kind == HUE_KIND_POISON ? 0 : deck[c].kind == HUE_KIND_STARTING ? 1 : 2]++;
    group[0] = work;
    group[1] = work + kinds[0];
    group[2] = group[1] + kinds[1];
    kinds[0] = kinds[1] = kinds[2] = 0;
    for (c = 0; c < card_count; c++) {
        int kind = deck[c].kind == HUE_KIND_POISON ? 0 : deck[c].kind == HUE_KIND_STARTING ? 1 : 2;
        group[kind][kinds[kind]++] = c;
    }
    pyrandom_shuffle(g, group[0], kinds[0]);
    pyrandom_shuffle(g, group[1], kinds[1]);
    for (k = 0; k < 3; k++) {
        starting[k] = group[1][k];
        rotation[k] = 2 * (int32_t)pyrandom_below(g, 2);
    }
    pyrandom_shuffle(g, group[2], kinds[2]);
    for (s = 0; s < players; s++) {
        hands[s][0] = group[0][s];
        for (k = 0; k < dealt; k++)
            hands[s][1 + k] = group[2][s + k * players];
        for (k = 1; k <= dealt; k++)     /* insertion sort into deck order */
            for (i = k; i > 0 && hands[s][i - 1] > hands[s][i]; i--) {
                int32_t swap = hands[s][i];
                hands[s][i] = hands[s][i - 1];
                hands[s][i - 1] = swap;
            }
    }
}

int hue_play_matches(const hue_card *deck, int32_t card_count, int32_t players,
                     int allow_cover, int32_t games, const uint64_t *seeds,
                     const int32_t *policies, const uint64_t *bot_seeds,
                     void *workspace, size_t workspace_size, int32_t *opening,
                     hue_placement *moves, int32_t *scores, int32_t *winners)
{
    int32_t counts[4] = {0, 0, 0, 0}, offset, width, height, per_game, dealt, c, g, s, k;
    int32_t *work, *unseen;
    uint8_t *placed;
    uint32_t *start;
    pyrandom *gen;
    uintptr_t at;
    table t;
    void *scratch;
    greedy_space space;
    legal_index index;
    int status;

    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (!players_ok(players) || games < 0 || workspace == NULL
        || (games > 0 && (seeds == NULL || policies == NULL || bot_seeds == NULL)))
        return HUE_E_ARGUMENT;
    if (workspace_size < hue_matches_workspace_size(card_count, players))
        return HUE_E_WORKSPACE;
    for (k = 0; k < games * players; k++)
        if (policies[k] != HUE_SEAT_RANDOM && policies[k] != HUE_SEAT_GREEDY)
            return HUE_E_ARGUMENT;
    per_game = hue_game_moves(players);
    dealt = per_game / players;
    for (c = 0; c < card_count; c++)
        counts[deck[c].kind]++;
    if (counts[HUE_KIND_POISON] < players || counts[HUE_KIND_STARTING] < 3
        || counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] < per_game)
        return HUE_E_DECK;

    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    at = align8(workspace);
    t = table_carve(&at, width, height);
    work = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    placed = (uint8_t *)take(&at, (size_t)card_count);
    start = (uint32_t *)take(&at, PYRANDOM_N * sizeof(uint32_t));
    gen = (pyrandom *)take(&at, (size_t)(players + 1) * sizeof(pyrandom));
    scratch = take(&at, hue_workspace_size(width, height));
    space = greedy_carve(&at, width, height, anchor_capacity(9 + 3 * per_game), dealt + 1,
                         card_count);
    index = legal_index_carve(&at, width, height);
    unseen = work;               /* the deal is done with work before play */
    table_clear(&t);
    pyrandom_start(start);

    for (g = 0; g < games; g++) {
        int32_t hands[HUE_MAX_PLAYERS][8], held[HUE_MAX_PLAYERS], starting[3], rotation[3];
        int32_t values[HUE_COLOURS], seat_scores[HUE_MAX_PLAYERS];
        pyrandom *which[HUE_MAX_PLAYERS + 1];
        uint64_t seed_of[HUE_MAX_PLAYERS + 1];
        const int32_t *policy = policies + (size_t)g * (size_t)players;

        for (s = 0; s < players; s++) {
            which[s] = &gen[s];
            seed_of[s] = bot_seeds[(size_t)g * (size_t)players + (size_t)s];
            held[s] = dealt + 1;
        }
        which[players] = &gen[players];
        seed_of[players] = seeds[g];
        pyrandom_seed_many(which, seed_of, players + 1, start);
        python_deal(&gen[players], deck, card_count, players, dealt, work, hands, starting,
                    rotation);
        memset(placed, 0, (size_t)card_count);
        for (k = 0; k < 3; k++) {
            table_lay(&t, &deck[starting[k]], offset + k, offset + k, rotation[k]);
            legal_index_lay(&index, &t, allow_cover, offset + k, offset + k, rotation[k]);
            placed[starting[k]] = 1;
        }
        if (opening != NULL)
            for (k = 0; k < 3; k++) {
                opening[(size_t)g * 6 + 2 * (size_t)k] = starting[k];
                opening[(size_t)g * 6 + 2 * (size_t)k + 1] = rotation[k];
            }

        for (k = 0; k < per_game; k++) {
            hue_placement move;
            int32_t laid;
            s = k % players;
            if (policy[s] == HUE_SEAT_GREEDY) {
                int32_t n = 0, i;
                for (c = 0; c < card_count; c++) {
                    int mine = 0;
                    for (i = 0; i < held[s]; i++)
                        mine |= hands[s][i] == c;
                    if (!placed[c] && !mine)
                        unseen[n++] = c;
                }
                list_anchors(&t, allow_cover, &space.list);
                laid = greedy_move(&space, &t, deck, hands[s], held[s], unseen, n, &gen[s],
                                   NULL, &move);
            } else {
                uint32_t total = (uint32_t)listed_moves(index.count, deck, hands[s], held[s]);
                int32_t rotation = 0, place = 0;
                laid = listed_slot(index.count, deck, hands[s], held[s],
                                   (int32_t)pyrandom_below(&gen[s], total), &rotation, &place);
                move.card = hands[s][laid];
                move.rotation = rotation;
                move.x = legal_index_at(&index, &t, rotation & 1, place);
            }
            move.y = move.x / width;
            move.x = move.x % width;
            table_lay(&t, &deck[move.card], move.x, move.y, move.rotation);
            legal_index_lay(&index, &t, allow_cover, move.x, move.y, move.rotation);
            placed[move.card] = 1;
            hand_remove(hands[s], &held[s], laid);
            if (moves != NULL) {
                move.x -= offset;
                move.y -= offset;
                moves[(size_t)g * (size_t)per_game + (size_t)k] = move;
            }
        }

        table_values(&t, scratch, values);
        for (s = 0; s < players; s++)
            seat_scores[s] = card_score(&deck[hands[s][0]], values);
        if (scores != NULL)
            memcpy(scores + (size_t)g * (size_t)players, seat_scores,
                   (size_t)players * sizeof(int32_t));
        if (winners != NULL)
            winners[g] = first_best(seat_scores, players);
        legal_index_clear(&index, &t);
        table_restore(&t, NULL);
    }
    return 0;
}

/* ---- playouts for search ------------------------------------------------ */

static int32_t playouts_offset(int32_t players, int32_t hand_capacity)
{
    return 3 * players * (hand_capacity - 1) + 4;
}

size_t hue_playouts_workspace_size(int32_t width, int32_t height,
                                   int32_t card_count, int32_t players,
                                   int32_t hand_capacity)
{
    int32_t offset;

    if (!side_ok(width, height) || card_count < 1 || card_count > HUE_MAX_CARDS
        || !players_ok(players) || hand_capacity < 1 || hand_capacity > HUE_MAX_HAND)
        return 0;
    offset = playouts_offset(players, hand_capacity);
    if (width > HUE_MAX_SIDE - 2 * offset || height > HUE_MAX_SIDE - 2 * offset)
        return 0;
    width += 2 * offset;
    height += 2 * offset;
    return 7 + 2 * table_bytes(width, height)
        + round8((size_t)card_count * sizeof(uint32_t))
        + round8((size_t)players * (size_t)hand_capacity * sizeof(int32_t))
        + round8(hue_workspace_size(width, height));
}

/* Anchors per orientation a greedy playout may list: 15 per occupied cell
 * (the grid's, and 3 per card laid), and never more than the table has. */
static int32_t playouts_anchors(int32_t width, int32_t height, int32_t players,
                                int32_t hand_capacity)
{
    int64_t offset = playouts_offset(players, hand_capacity);
    int64_t cells = ((int64_t)width + 2 * offset) * ((int64_t)height + 2 * offset);
    int64_t occupied = (int64_t)width * height + 3 * (int64_t)players * (hand_capacity - 1);

    return (int32_t)(15 * occupied < cells ? 15 * occupied : cells);
}

size_t hue_greedy_playouts_workspace_size(int32_t width, int32_t height,
                                          int32_t card_count, int32_t players,
                                          int32_t hand_capacity)
{
    size_t size = hue_playouts_workspace_size(width, height, card_count, players,
                                              hand_capacity);
    int32_t offset;

    if (size == 0)
        return 0;
    offset = playouts_offset(players, hand_capacity);
    return size + greedy_bytes(width + 2 * offset, height + 2 * offset,
                               playouts_anchors(width, height, players, hand_capacity),
                               hand_capacity, card_count);
}

/* Reads one seat's hand of a playout into out[]; returns its size, or a
 * negative error code.  `seen` stamps the cards of this playout. */
static int32_t read_hand(const int32_t *slots, int32_t capacity, int32_t card_count,
                         uint32_t *seen, uint32_t stamp, int32_t *out)
{
    int32_t n = 0, k;

    for (k = 0; k < capacity; k++) {
        int32_t c = slots[k];
        if (c == -1)
            break;
        if (c < 0 || c >= card_count)
            return HUE_E_ARGUMENT;
        if (seen[c] == stamp)
            return HUE_E_ILLEGAL;
        seen[c] = stamp;
        out[n++] = c;
    }
    for (; k < capacity; k++)
        if (slots[k] != -1)
            return HUE_E_ARGUMENT;
    return n > 0 ? n : HUE_E_ILLEGAL;
}

int hue_playouts(const hue_card *deck, int32_t card_count,
                 const hue_cell *cells, int32_t width, int32_t height,
                 int32_t players, int32_t to_move, int allow_cover,
                 const int32_t *hands, int32_t hand_capacity,
                 const hue_placement *first, int32_t playouts, int policy,
                 uint64_t seed, uint64_t first_playout,
                 void *workspace, size_t workspace_size,
                 int32_t *values, int32_t *scores, int32_t *winners)
{
    int32_t box[4], offset, big_width, big_height, x, y, p, s, k;
    int32_t hand[HUE_MAX_PLAYERS][HUE_MAX_HAND], held[HUE_MAX_PLAYERS];
    uintptr_t at;
    table base, t;
    uint32_t *seen;
    int32_t *unseen;
    void *scratch;
    greedy_space space;
    size_t size;
    int status;

    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (cells == NULL || workspace == NULL || !players_ok(players) || to_move < 0
        || to_move >= players || playouts < 0 || (playouts > 0 && hands == NULL)
        || (policy != HUE_POLICY_RANDOM && policy != HUE_POLICY_KEEP_BEST
            && policy != HUE_POLICY_GREEDY))
        return HUE_E_ARGUMENT;
    size = policy == HUE_POLICY_GREEDY
           ? hue_greedy_playouts_workspace_size(width, height, card_count, players,
                                                hand_capacity)
           : hue_playouts_workspace_size(width, height, card_count, players, hand_capacity);
    if (size == 0)
        return HUE_E_ARGUMENT;
    if (workspace_size < size)
        return HUE_E_WORKSPACE;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
    if (box[2] < 0)
        return HUE_E_ARGUMENT;   /* an empty table: no opening to play on */

    offset = playouts_offset(players, hand_capacity);
    big_width = width + 2 * offset;
    big_height = height + 2 * offset;
    at = align8(workspace);
    base = table_carve(&at, big_width, big_height);
    t = table_carve(&at, big_width, big_height);
    seen = (uint32_t *)take(&at, (size_t)card_count * sizeof(uint32_t));
    unseen = (int32_t *)take(&at, (size_t)players * (size_t)hand_capacity * sizeof(int32_t));
    scratch = take(&at, hue_workspace_size(big_width, big_height));
    if (policy == HUE_POLICY_GREEDY)
        space = greedy_carve(&at, big_width, big_height,
                             playouts_anchors(width, height, players, hand_capacity),
                             hand_capacity, card_count);
    memset(seen, 0, (size_t)card_count * sizeof(uint32_t));
    table_clear(&base);
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            if (cells[(size_t)y * (size_t)width + (size_t)x] != HUE_EMPTY)
                table_show(&base, offset + x, offset + y,
                           cells[(size_t)y * (size_t)width + (size_t)x]);

    /* Check every hand and first move before any output is written. */
    for (p = 0; p < playouts; p++) {
        for (s = 0; s < players; s++) {
            const int32_t *slots = hands + ((size_t)p * (size_t)players + (size_t)s)
                                           * (size_t)hand_capacity;
            held[s] = read_hand(slots, hand_capacity, card_count, seen, (uint32_t)p + 1,
                                hand[s]);
            if (held[s] < 0)
                return (int)held[s];
        }
        if (first != NULL) {
            const hue_placement *m = &first[p];
            int64_t fx = (int64_t)m->x + offset, fy = (int64_t)m->y + offset;
            int in_hand = 0;
            for (k = 0; k < held[to_move]; k++)
                in_hand |= hand[to_move][k] == m->card;
            if (!in_hand || held[to_move] < 2 || m->rotation < 0
                || m->rotation >= deck[m->card].rotations
                || fx < 4 || fy < 4 || fx > big_width - 7 || fy > big_height - 7
                || !table_legal(&base, (int32_t)fx, (int32_t)fy, m->rotation & 1,
                                allow_cover))
                return HUE_E_ILLEGAL;
        }
    }

    memcpy(t.code, base.code, (size_t)big_width * (size_t)big_height * sizeof(hue_cell));
    memcpy(t.mark, base.mark, (size_t)big_width * (size_t)big_height);
    memcpy(t.box, base.box, sizeof t.box);
    for (p = 0; p < playouts; p++) {
        int32_t final[HUE_COLOURS], seat_scores[HUE_MAX_PLAYERS], left = 0, seat = to_move;
        rng r;

        rng_seed(&r, seed, first_playout + (uint64_t)p);
        for (s = 0; s < players; s++) {
            const int32_t *slots = hands + ((size_t)p * (size_t)players + (size_t)s)
                                           * (size_t)hand_capacity;
            for (held[s] = 0; held[s] < hand_capacity && slots[held[s]] != -1; held[s]++)
                hand[s][held[s]] = slots[held[s]];
            left += held[s] - 1;
        }
        if (first != NULL) {
            const hue_placement *m = &first[p];
            table_lay(&t, &deck[m->card], m->x + offset, m->y + offset, m->rotation);
            for (k = 0; hand[to_move][k] != m->card; k++)
                ;
            hand_remove(hand[to_move], &held[to_move], k);
            left--;
            seat = (seat + 1) % players;
        }
        while (left > 0) {
            if (held[seat] > 1) {
                hue_placement move;
                if (policy == HUE_POLICY_GREEDY) {
                    int32_t n = 0, other, i, laid;
                    for (other = 0; other < players; other++)
                        for (i = 0; other != seat && i < held[other]; i++)
                            unseen[n++] = hand[other][i];
                    list_anchors(&t, allow_cover, &space.list);
                    laid = greedy_move(&space, &t, deck, hand[seat], held[seat], unseen, n,
                                       NULL, &r, &move);
                    table_lay(&t, &deck[move.card], move.x % big_width, move.x / big_width,
                              move.rotation);
                    hand_remove(hand[seat], &held[seat], laid);
                } else if (policy == HUE_POLICY_KEEP_BEST && held[seat] == 2) {
                    int32_t now[HUE_COLOURS], keep;
                    table_values(&t, scratch, now);
                    keep = card_score(&deck[hand[seat][1]], now)
                           > card_score(&deck[hand[seat][0]], now);
                    random_move(&t, deck, &hand[seat][1 - keep], 1, allow_cover, &r, &move);
                    hand_remove(hand[seat], &held[seat], 1 - keep);
                } else {
                    hand_remove(hand[seat], &held[seat],
                                random_move(&t, deck, hand[seat], held[seat], allow_cover,
                                            &r, &move));
                }
                left--;
            }
            seat = (seat + 1) % players;
        }
        table_values(&t, scratch, final);
        for (s = 0; s < players; s++)
            seat_scores[s] = card_score(&deck[hand[s][0]], final);
        if (values != NULL)
            memcpy(values + (size_t)p * HUE_COLOURS, final, sizeof final);
        if (scores != NULL)
            memcpy(scores + (size_t)p * (size_t)players, seat_scores,
                   (size_t)players * sizeof(int32_t));
        if (winners != NULL)
            winners[p] = first_best(seat_scores, players);
        table_restore(&t, &base);
    }
    return 0;
}
