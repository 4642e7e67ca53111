/*
 * hue_core.c -- the small core of hue_core.h: cell codes, connected areas
 * and colour values, and legal placements.
 *
 * Scoring joins the segments of the occupied box (solid squares, stripes)
 * into areas with a union-find; a batch of candidates writes each one's
 * three cells over a copy of the box, values it, and writes them back.
 * Legal anchors slide a window of occupancy bits along each row.
 */
#include "hue_internal.h"

#define WORKSPACE_ALIGN 8u

int hue_core_version(void)
{
    return HUE_CORE_VERSION;
}

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
 * HG_ERR_CELL for an invalid code. */
int occupied_box(const hue_cell *cells, int32_t width, int32_t height,
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
                return HG_ERR_CELL;
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
areas carve_box(void *workspace, const hue_cell *cells, int32_t width,
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

/* Colour values of the box's cells (all valid codes). */
void value_box(const areas *a, int32_t values[HUE_COLOURS])
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
        return HG_ERR_ARGUMENT;
    if (workspace_size < hue_workspace_size(width, height))
        return HG_ERR_WORKSPACE;
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
        return HG_ERR_ARGUMENT;
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
        return HG_ERR_ARGUMENT;
    for (k = 0; k < 3; k++)
        if (!cell_ok(c->shape.cells[k]))
            return HG_ERR_CELL;
    if (c->x < 0 || c->y < 0)
        return HG_ERR_BOUNDS;
    if (c->shape.horizontal)
        return c->x <= width - 3 && c->y < height ? 0 : HG_ERR_BOUNDS;
    return c->x < width && c->y <= height - 3 ? 0 : HG_ERR_BOUNDS;
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
        return HG_ERR_ARGUMENT;
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
 * or HG_ERR_CAPACITY. */
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
                return HG_ERR_CAPACITY;
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
        return HG_ERR_ARGUMENT;
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
        return HG_ERR_ARGUMENT;
    for (card = 0; card < card_count; card++)
        if (rotations[card] != 2 && rotations[card] != 4)
            return HG_ERR_ARGUMENT;
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
        return HG_ERR_CAPACITY;

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
