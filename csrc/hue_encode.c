/*
 * hue_encode.c -- the encoding of huegames.hue.encoding (hue_core.h): the
 * legal-action mask from the small core's legal anchors, the board planes
 * and the whole observation of one seat.
 */
#include "hue_internal.h"

int64_t hue_mark_actions(const hue_grid *grid, int allow_cover, const hue_frame *frame,
                         const uint8_t *rotations, int32_t slots, const hue_marks *out)
{
    int64_t area, count, vertical, i, marked = 0, *pairs;
    int32_t slot, cols, rows;
    int8_t *mask, *anchors;
    int rotation;

    if (grid == NULL || frame == NULL || out == NULL)
        return HG_ERR_ARGUMENT;
    cols = frame->cols;
    rows = frame->rows;
    mask = out->mask;
    anchors = out->anchors;
    pairs = out->pairs;
    if (slots < 0 || slots > HUE_MAX_HAND || (slots > 0 && rotations == NULL) || cols < 1
        || cols > HUE_MAX_SIDE || rows < 1 || rows > HUE_MAX_SIDE)
        return HG_ERR_ARGUMENT;
    for (slot = 0; slot < slots; slot++)
        if (rotations[slot] != 2 && rotations[slot] != 4)
            return HG_ERR_ARGUMENT;
    area = (int64_t)cols * rows;
    if (mask != NULL && (int64_t)slots * 4 * area > out->size)
        return HG_ERR_CAPACITY;
    count = hue_legal_anchors(grid->cells, grid->width, grid->height, allow_cover,
                              frame->origin_x, frame->origin_y, pairs, out->capacity, &vertical);
    if (count < 0)
        return count;
    for (i = 0; i < count; i++)
        if (pairs[2 * i] < 0 || pairs[2 * i] >= cols || pairs[2 * i + 1] < 0
            || pairs[2 * i + 1] >= rows)
            return HG_ERR_BOUNDS;
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

/* Every cell of the box (inside the grid) valid? */
static int box_cells_ok(const hue_grid *g, const int32_t box[4])
{
    int32_t x, y;

    for (y = box[1]; y <= box[3]; y++)
        for (x = box[0]; x <= box[2]; x++)
            if (!cell_ok(g->cells[(size_t)y * (size_t)g->width + (size_t)x]))
                return 0;
    return 1;
}

/* hue_paint_planes once its arguments are checked. */
static void paint_box(const hue_grid *g, const int32_t box[4], const hue_planes *p,
                      uint8_t *out)
{
    size_t plane_size = (size_t)p->rows * (size_t)p->cols;
    int32_t x, y, k;

    for (y = box[1]; y <= box[3]; y++) {
        for (x = box[0]; x <= box[2]; x++) {
            hue_cell code = g->cells[(size_t)y * (size_t)g->width + (size_t)x];
            const uint8_t *values;
            uint8_t *at;
            if (code == HUE_EMPTY)
                continue;
            values = p->table + (size_t)code * (size_t)p->planes;
            at = out + (size_t)(y - box[1]) * (size_t)p->cols + (size_t)(x - box[0]);
            for (k = 0; k < p->planes; k++)
                at[(size_t)k * plane_size] = values[k];
        }
    }
}

static int paint_args_ok(const hue_grid *g, const int32_t box[4], const hue_planes *p)
{
    return g != NULL && box != NULL && p != NULL && g->cells != NULL && p->table != NULL
        && side_ok(g->width, g->height) && p->planes >= 1 && p->planes <= 64 && p->rows >= 1
        && p->rows <= HUE_MAX_SIDE && p->cols >= 1 && p->cols <= HUE_MAX_SIDE && box[0] >= 0
        && box[1] >= 0 && box[0] <= box[2] && box[1] <= box[3] && box[2] < g->width
        && box[3] < g->height && box[2] - box[0] < p->cols && box[3] - box[1] < p->rows;
}

int hue_paint_planes(const hue_grid *grid, const int32_t box[4], const hue_planes *planes,
                     uint8_t *out)
{
    if (out == NULL || !paint_args_ok(grid, box, planes))
        return HG_ERR_ARGUMENT;
    if (!box_cells_ok(grid, box))
        return HG_ERR_CELL;
    paint_box(grid, box, planes, out);
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

int hue_observe(const hue_grid *grid, const int32_t box[4], const uint8_t *table,
                const uint8_t *features, const hue_observation_layout *layout,
                const hue_seat_view *view, uint8_t *out)
{
    int32_t players, stride, i, over = 1, me, to_move, hand_count, opening_count, history_count;
    const uint8_t *hand, *opening, *history, *sizes;
    uint8_t *cards_part;
    hue_planes planes;

    if (layout == NULL || view == NULL || out == NULL || features == NULL
        || view->sizes == NULL || !layout_ok(layout))
        return HG_ERR_ARGUMENT;
    players = layout->players;
    stride = 3 + players;
    planes.table = table;
    planes.planes = layout->planes;
    planes.rows = layout->rows;
    planes.cols = layout->cols;
    hand = view->hand;
    hand_count = view->hand_count;
    opening = view->opening;
    opening_count = view->opening_count;
    history = view->history;
    history_count = view->history_count;
    sizes = view->sizes;
    me = view->me;
    to_move = view->to_move;
    if (!paint_args_ok(grid, box, &planes)
        || !positions_ok(hand, hand_count, layout->slots, layout->deck_size)
        || !positions_ok(opening, opening_count, layout->deck_size, layout->deck_size)
        || !positions_ok(history, history_count, layout->deck_size, layout->deck_size)
        || me < 0 || me >= players || to_move < -1 || to_move >= players || view->origin_x < 0
        || view->origin_x >= layout->origin_width || view->origin_y < 0
        || view->origin_y >= layout->origin_width)
        return HG_ERR_ARGUMENT;
    for (i = 0; i < players; i++)
        if (sizes[i] > layout->slots)
            return HG_ERR_ARGUMENT;
    if (!box_cells_ok(grid, box))
        return HG_ERR_CELL;

    memset(out, 0, (size_t)layout->size);
    paint_box(grid, box, &planes, out);
    out[layout->origin_at + view->origin_x] = 1;
    out[layout->origin_at + layout->origin_width + view->origin_y] = 1;
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
