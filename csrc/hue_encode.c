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
                if (values[k] != 0)     /* the caller zeroed out: most planes stay 0 */
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

/* A layout whose parts lie in its size, for decks of at most most_cards. */
static int layout_ok(const hue_observation_layout *l, int32_t most_cards)
{
    int64_t players = l->players, slots = l->slots;

    return l->planes >= 1 && l->planes <= 64 && l->rows >= 1 && l->rows <= HUE_MAX_SIDE
        && l->cols >= 1 && l->cols <= HUE_MAX_SIDE && l->origin_width >= 1 && slots >= 0
        && slots <= HUE_MAX_HAND && l->features >= 0 && l->deck_size >= 0
        && l->deck_size <= most_cards && players >= 1 && players <= 64
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

/* Zeroes the observation and marks every deck card unseen (column 0 of
 * the cards part), before the cards seen are shown. */
static void show_nothing(const hue_observation_layout *l, uint8_t *out)
{
    uint8_t *cards = out + l->cards_at;
    int32_t stride = 3 + l->players, i;

    memset(out, 0, (size_t)l->size);
    for (i = 0; i < l->deck_size; i++)
        cards[i * stride] = 1;
}

/* Shows deck card `card` in the cards part in column `column` (seen:
 * column 0 cleared) and, for slot >= 0, its features in that hand slot. */
static void show_card(const hue_observation_layout *l, const uint8_t *features, int32_t slot,
                      int32_t card, int32_t column, uint8_t *out)
{
    uint8_t *row = out + l->cards_at + (int64_t)card * (3 + l->players);

    row[0] = 0;
    row[column] = 1;
    if (slot >= 0)
        memcpy(out + l->hand_at + (int64_t)slot * l->features,
               features + (size_t)card * (size_t)l->features, (size_t)l->features);
}

/* The parts of the seats and of the table's place: the origin's columns,
 * each relative seat's hand size (seat s holds counts[s] cards), the seat
 * to move (-1: none), my seat, and whether the game is over (every hand
 * holds one card). */
static void show_seats(const hue_observation_layout *l, const int32_t *counts, int32_t me,
                       int32_t to_move, int32_t origin_x, int32_t origin_y, uint8_t *out)
{
    int32_t players = l->players, i, over = 1;

    out[l->origin_at + origin_x] = 1;
    out[l->origin_at + l->origin_width + origin_y] = 1;
    for (i = 0; i < players; i++) {
        int32_t seat = (me + i) % players;
        out[l->sizes_at + (int64_t)i * (l->slots + 1) + counts[seat]] = 1;
        over = over && counts[seat] == 1;
    }
    if (to_move >= 0)
        out[l->to_move_at + (to_move - me + players) % players] = 1;
    out[l->seat_at + me] = 1;
    if (over)
        out[l->over_at] = 1;
}

int hue_observe(const hue_grid *grid, const int32_t box[4], const uint8_t *table,
                const uint8_t *features, const hue_observation_layout *layout,
                const hue_seat_view *view, uint8_t *out)
{
    int32_t players, i, me, to_move, hand_count, opening_count, history_count, counts[64];
    const uint8_t *hand, *opening, *history, *sizes;
    hue_planes planes;

    if (layout == NULL || view == NULL || out == NULL || features == NULL
        || view->sizes == NULL || !layout_ok(layout, 256))
        return HG_ERR_ARGUMENT;
    players = layout->players;
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

    for (i = 0; i < players; i++)
        counts[i] = sizes[i];
    show_nothing(layout, out);
    paint_box(grid, box, &planes, out);
    for (i = 0; i < hand_count; i++)
        show_card(layout, features, i, hand[i], 1, out);
    for (i = 0; i < opening_count; i++)
        show_card(layout, features, -1, opening[i], 2, out);
    for (i = 0; i < history_count; i++)
        show_card(layout, features, -1, history[i], 3 + ((i % players) - me + players) % players,
                  out);
    show_seats(layout, counts, me, to_move, view->origin_x, view->origin_y, out);
    return 0;
}

/* ---- straight from a game's state ---------------------------------------- */

/* Whether the header describes a block that can be read as hue_state.c
 * lays it out (state_records, state_codes), its table's box inside the
 * buffer and within the coordinate limits. */
static int state_readable(const hue_state *s)
{
    size_t size;
    int64_t x0, y0, x1, y1;

    if (s == NULL || !players_ok(s->players) || s->card_count < 1
        || s->card_count > HUE_MAX_CARDS)
        return 0;
    size = hue_state_size(s->capacity, s->card_count);
    if (size == 0 || s->size != (int64_t)size || s->side != state_side(s->capacity)
        || s->laid < 0 || s->laid > s->capacity || s->fixed < 0 || s->fixed > s->laid
        || s->moves != s->laid - s->fixed)
        return 0;
    if (s->laid == 0)
        return 1;
    if (s->box[0] < 0 || s->box[1] < 0 || s->box[0] > s->box[2] || s->box[1] > s->box[3]
        || s->box[2] >= s->side || s->box[3] >= s->side
        || s->origin_x < -HUE_MAX_ORIGIN - HUE_MAX_SIDE || s->origin_x > HUE_MAX_ORIGIN
        || s->origin_y < -HUE_MAX_ORIGIN - HUE_MAX_SIDE || s->origin_y > HUE_MAX_ORIGIN)
        return 0;
    x0 = s->origin_x + s->box[0];
    y0 = s->origin_y + s->box[1];
    x1 = s->origin_x + s->box[2];
    y1 = s->origin_y + s->box[3];
    return x0 >= -HUE_MAX_ORIGIN && y0 >= -HUE_MAX_ORIGIN && x1 <= HUE_MAX_ORIGIN
        && y1 <= HUE_MAX_ORIGIN;
}

/* Whether the hands fit the state and seat me's cards lie in the deck;
 * every hand holds at most `slots` cards. */
static int hands_fit(const hue_hands *h, const hue_state *s, int32_t me, int32_t slots)
{
    int32_t seat, k;

    if (h == NULL || h->players != s->players || me < 0 || me >= s->players)
        return 0;
    for (seat = 0; seat < h->players; seat++)
        if (h->count[seat] < 0 || h->count[seat] > slots)
            return 0;
    for (k = 0; k < h->count[me]; k++)
        if (h->cards[me][k] < 0 || h->cards[me][k] >= s->card_count)
            return 0;
    return 1;
}

/* Whether every record lies in the deck, each move by a seat. */
static int records_fit(const hue_state *s)
{
    const state_record *r = state_records(s);
    int32_t k;

    for (k = 0; k < s->laid; k++)
        if (r[k].card < 0 || r[k].card >= s->card_count
            || (k >= s->fixed && (r[k].seat < 0 || r[k].seat >= s->players)))
            return 0;
    return 1;
}

static int encoding_ok(const hue_state_encoding *e, const hue_state *s)
{
    const hue_observation_layout *l = e->layout;

    return l != NULL && e->table != NULL && e->features != NULL && e->rotations != NULL
        && e->pairs != NULL && layout_ok(l, HUE_MAX_CARDS) && l->deck_size == s->card_count
        && l->players == s->players && e->cols >= 1 && e->cols <= HUE_MAX_SIDE && e->rows >= 1
        && e->rows <= HUE_MAX_SIDE && e->left >= -HUE_MAX_SIDE && e->left <= -3
        && e->top >= -HUE_MAX_SIDE && e->top <= -3 && e->corner_x >= -HUE_MAX_ORIGIN
        && e->corner_x <= HUE_MAX_ORIGIN && e->corner_y >= -HUE_MAX_ORIGIN
        && e->corner_y <= HUE_MAX_ORIGIN && e->capacity >= 0;
}

/* Turns the n legal anchors in e->pairs (table coordinates) into frame
 * positions, row * cols + col, at pairs[0 .. n-1], frame position 0 being
 * table cell (left, top): 0, or HG_ERR_BOUNDS for an anchor outside the
 * frame. */
static int frame_positions(const hue_state_encoding *e, int64_t left, int64_t top, int64_t n)
{
    int64_t *pairs = e->pairs, i;

    for (i = 0; i < n; i++) {
        int64_t col = pairs[2 * i] - left, row = pairs[2 * i + 1] - top;
        if (col < 0 || col >= e->cols || row < 0 || row >= e->rows)
            return HG_ERR_BOUNDS;
        pairs[i] = row * e->cols + col;
    }
    return 0;
}

int64_t hue_state_encode(const hue_state *state, const hue_hands *hands, int32_t me,
                         const hue_state_encoding *encoding, uint8_t *observation, int8_t *mask,
                         int64_t mask_size)
{
    const hue_observation_layout *l;
    const state_record *records;
    const int32_t *hand;
    int64_t x0, y0, origin_x, origin_y, area, n = 0, marked = 0, i;
    int32_t players, count, to_move, width, height, k, counts[2];
    int over = 1;
    hue_grid grid;
    hue_planes planes;

    if (encoding == NULL || !state_readable(state) || !encoding_ok(encoding, state)
        || !hands_fit(hands, state, me, encoding->layout->slots) || mask_size < 0
        || !records_fit(state))
        return HG_ERR_ARGUMENT;
    if (state->laid == 0)
        return HG_ERR_STATE;
    l = encoding->layout;
    players = state->players;
    hand = hands->cards[me];
    count = hands->count[me];
    for (k = 0; k < players; k++)
        over = over && hands->count[k] == 1;
    to_move = over ? -1 : state->moves % players;
    x0 = state->origin_x + state->box[0];
    y0 = state->origin_y + state->box[1];
    width = state->box[2] - state->box[0];
    height = state->box[3] - state->box[1];
    origin_x = encoding->corner_x - x0;
    origin_y = encoding->corner_y - y0;
    area = (int64_t)encoding->cols * encoding->rows;
    if (width >= l->cols || height >= l->rows || origin_x < 0 || origin_x >= l->origin_width
        || origin_y < 0 || origin_y >= l->origin_width)
        return HG_ERR_BOUNDS;
    if (mask != NULL && (int64_t)l->slots * 4 * area > mask_size)
        return HG_ERR_CAPACITY;
    grid.cells = state_codes(state);
    grid.width = grid.height = state->side;
    if (!box_cells_ok(&grid, state->box))
        return HG_ERR_CELL;
    if (mask != NULL && to_move == me) {
        if (width + 1 - encoding->left >= encoding->cols
            || height + 1 - encoding->top >= encoding->rows)
            return HG_ERR_BOUNDS;
        for (k = 0; k < count; k++)
            if (encoding->rotations[hand[k]] != 2 && encoding->rotations[hand[k]] != 4)
                return HG_ERR_ARGUMENT;
        n = hue_state_legal(state, encoding->pairs, encoding->capacity, counts);
        if (n < 0)
            return n;     /* HG_ERR_CAPACITY: pairs too few */
        if (frame_positions(encoding, x0 + encoding->left, y0 + encoding->top, n) < 0)
            return HG_ERR_BOUNDS;
    }

    if (observation != NULL) {
        records = state_records(state);
        planes.table = encoding->table;
        planes.planes = l->planes;
        planes.rows = l->rows;
        planes.cols = l->cols;
        show_nothing(l, observation);
        paint_box(&grid, state->box, &planes, observation);
        for (k = 0; k < count; k++)
            show_card(l, encoding->features, k, hand[k], 1, observation);
        for (k = 0; k < state->laid; k++)
            show_card(l, encoding->features, -1, records[k].card,
                      k < state->fixed ? 2 : 3 + (records[k].seat - me + players) % players,
                      observation);
        show_seats(l, hands->count, me, to_move, (int32_t)origin_x, (int32_t)origin_y,
                   observation);
    }
    if (mask != NULL) {
        const int64_t *positions = encoding->pairs;
        memset(mask, 0, (size_t)mask_size);
        for (k = 0; k < count && n > 0; k++) {
            int32_t rotation;
            for (rotation = 0; rotation < encoding->rotations[hand[k]]; rotation++) {
                int8_t *at = mask + ((int64_t)k * 4 + rotation) * area;
                int64_t first = (rotation & 1) ? counts[0] : 0;
                int64_t last = (rotation & 1) ? n : counts[0];
                for (i = first; i < last; i++)
                    at[positions[i]] = 1;
                marked += last - first;
            }
        }
    }
    return marked;
}
