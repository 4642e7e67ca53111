/*
 * hue_vector.c -- Hue's vector environments (hue_core.h, "vector
 * environments"): many games stepped in one call, each in a hue_state
 * block, observed as huegames/hue/encoding.py observes one seat
 * (hue_state_encode), masked sparsely, seeded and played as
 * huegames/vector/batch.py's PythonBatch plays them (the tests compare):
 * random and greedy bots as hue.RandomBot and hue.GreedyBot choose.
 *
 * An env's block: the hue_env below, then its hue_state block, then the
 * frame positions of the legal anchors its mask row shows (2 * rows *
 * cols int32), each part 8-aligned.
 */
#define _POSIX_C_SOURCE 200809L /* pthreads and clock_gettime (hg_vector.h) */
#include "hue_internal.h"
#include "hg_vector.h"

typedef struct {
    pyrandom rngs[HUE_MAX_PLAYERS]; /* each bot seat's random.Random for this game */
    hue_hands hands;
    uint64_t actions;            /* the random actions' SplitMix64 state */
    int64_t episode;             /* this game's number in the env, from 0 */
    int32_t last;                /* the seat that moved last, -1 before any move */
    int32_t done;                /* over, and not reset yet (next-step, disabled) */
    int32_t mask_slots;          /* hand slots whose ids the mask row shows (0: none) */
    int32_t mask_counts[2];      /* its positions: vertical, then horizontal */
    uint8_t mask_rotations[HUE_MAX_HAND]; /* each slot's listed rotations */
    int32_t painted_laid;        /* cards the observation row's planes show (-1: another game's) */
    int32_t painted_corner[2];   /* the buffer cell of their frame's corner */
    int32_t painted_size[2];     /* the cells painted from it: columns, rows (0: none) */
} hue_env;

/* What one call works with, from the settings and the workspace. */
typedef struct {
    const hue_vector *v;
    hue_state_encoding encoding; /* the vector's, with the workspace's pairs */
    int64_t area;                /* rows * cols of the action frame */
    int64_t mask_size;           /* ids: slots * 4 * area */
    int64_t observation_size;
    size_t state_size, env_size;
    int32_t players, side;
    int32_t *cards;              /* card_count: the deal's order */
    int32_t *unseen;             /* card_count: the greedy bot's unseen cards */
    int32_t *positions, *gone, *come; /* 2 * area each: a mask's new positions, its changes */
    uint8_t *seen;               /* area: differ's marks */
    void *scratch;               /* hue_state_scores' workspace */
    size_t scratch_size;
    greedy_space *greedy;        /* NULL without a greedy bot */
    int blank_empty;             /* the table paints an empty cell all 0 */
    uint32_t base[PYRANDOM_N];   /* pyrandom_start's */
} call;

static size_t env_header(void)
{
    return round8(sizeof(hue_env));
}

static hue_state *state_of(hue_env *e)
{
    return (hue_state *)((char *)e + env_header());
}

static int32_t *positions_of(const call *c, hue_env *e)
{
    return (int32_t *)((char *)e + env_header() + c->state_size);
}

static hue_env *env_at(const call *c, void *envs, int32_t i)
{
    return (hue_env *)((char *)envs + (size_t)i * c->env_size);
}

/* The table of a state's buffer (hue_state.c's layout): codes, then marks. */
static table state_table(hue_state *s)
{
    size_t cells = (size_t)s->side * (size_t)s->side;
    table t;

    t.code = (hue_cell *)((char *)s + state_codes_at(s));
    t.mark = (uint8_t *)((char *)t.code + round8(cells * sizeof(hue_cell)));
    t.width = t.height = s->side;
    memcpy(t.box, s->box, sizeof t.box);
    return t;
}

static int has_greedy(const hue_vector *v)
{
    int32_t seat;

    for (seat = 0; seat < v->setup->players; seat++)
        if (v->is_bot[seat] && v->policies[seat] == HUE_SEAT_GREEDY)
            return 1;
    return 0;
}

/* Whether the settings are in range (every pointer the calls read set). */
/* Does the part of `count` bytes from `at` lie in the observation after
 * its planes (`planes` bytes from 0, as the encoding lays them)? */
static int part_after(int64_t at, int64_t count, int64_t planes, int64_t size)
{
    return at >= planes && count >= 0 && at <= size && count <= size - at;
}

/* An observation layout whose parts all lie after its planes, in its size. */
static int layout_fits(const hue_observation_layout *l)
{
    int64_t planes = (int64_t)l->planes * l->rows * l->cols, players = l->players;

    return l->planes >= 1 && l->planes <= 64 && l->rows >= 1 && l->rows <= HUE_MAX_SIDE
        && l->cols >= 1 && l->cols <= HUE_MAX_SIDE && l->origin_width >= 1 && l->features >= 0
        && l->deck_size >= 1 && l->deck_size <= HUE_MAX_CARDS && planes <= l->size
        && part_after(l->origin_at, 2 * (int64_t)l->origin_width, planes, l->size)
        && part_after(l->hand_at, (int64_t)l->slots * l->features, planes, l->size)
        && part_after(l->cards_at, (int64_t)l->deck_size * (3 + players), planes, l->size)
        && part_after(l->sizes_at, players * (l->slots + 1), planes, l->size)
        && part_after(l->to_move_at, players, planes, l->size)
        && part_after(l->seat_at, players, planes, l->size)
        && part_after(l->over_at, 1, planes, l->size);
}

static int vector_ok(const hue_vector *v)
{
    const hue_state_encoding *e;
    const hue_observation_layout *l;
    int32_t players, seat, c;

    if (v == NULL || v->setup == NULL || v->encoding == NULL || v->encoding->layout == NULL)
        return 0;
    e = v->encoding;
    l = e->layout;
    players = v->setup->players;
    if (!players_ok(players) || deck_check(v->setup->deck, v->setup->card_count) < 0
        || v->capacity < 3 || hue_state_size(v->capacity, v->setup->card_count) == 0
        || v->limit < 1 || v->limit > HUE_MAX_ORIGIN || v->span < 1 || e->table == NULL
        || e->features == NULL || e->rotations == NULL || l->players != players
        || l->deck_size != v->setup->card_count || l->slots < 1 || l->slots > HUE_MAX_HAND
        || l->size < 1 || l->size > ((int64_t)1 << 40) || !layout_fits(l)
        || e->corner_x < -HUE_MAX_ORIGIN || e->corner_x > HUE_MAX_ORIGIN
        || e->corner_y < -HUE_MAX_ORIGIN || e->corner_y > HUE_MAX_ORIGIN
        || e->cols < 1 || e->cols > HUE_MAX_SIDE
        || e->rows < 1 || e->rows > HUE_MAX_SIDE || e->left < -HUE_MAX_SIDE || e->left > -3
        || e->top < -HUE_MAX_SIDE || e->top > -3 || v->agent < -1 || v->agent >= players
        || v->autoreset < HUE_SAME_STEP || v->autoreset > HUE_DISABLED || v->seed_length < 0
        || v->seed_length > HUE_SEED_TEXT)
        return 0;
    for (c = 0; c < v->setup->card_count; c++)
        if (e->rotations[c] != v->setup->deck[c].rotations)
            return 0;
    for (seat = 0; seat < HUE_MAX_PLAYERS; seat++) {
        if (v->is_bot[seat] == 0)
            continue;
        if (v->is_bot[seat] != 1 || seat >= players || seat == v->agent
            || v->label_lengths[seat] < 0 || v->label_lengths[seat] > HUE_SEED_TEXT
            || (v->policies[seat] != HUE_SEAT_RANDOM && v->policies[seat] != HUE_SEAT_GREEDY))
            return 0;
    }
    return 1;
}

static size_t state_bytes(const hue_vector *v)
{
    return round8(hue_state_size(v->capacity, v->setup->card_count));
}

static int64_t frame_area(const hue_vector *v)
{
    return (int64_t)v->encoding->cols * v->encoding->rows;
}

size_t hue_vector_env_size(const hue_vector *vector)
{
    if (!vector_ok(vector))
        return 0;
    return env_header() + state_bytes(vector)
        + round8((size_t)(2 * frame_area(vector)) * sizeof(int32_t));
}

/* The greedy bot's space for a state's buffer. */
static size_t greedy_size(const hue_vector *v, int32_t side)
{
    return greedy_bytes(side, side, anchor_capacity(3 * v->capacity), v->encoding->layout->slots,
                        v->setup->card_count);
}

size_t hue_vector_workspace_size(const hue_vector *vector)
{
    int32_t side;

    if (!vector_ok(vector))
        return 0;
    side = 6 * vector->capacity + 8;     /* hue_state.c's buffer side */
    return 7 + round8((size_t)(4 * frame_area(vector)) * sizeof(int64_t))
        + 2 * round8((size_t)vector->setup->card_count * sizeof(int32_t))
        + 3 * round8((size_t)(2 * frame_area(vector)) * sizeof(int32_t))
        + round8((size_t)frame_area(vector))
        + round8(hue_workspace_size(side, side))
        + (has_greedy(vector) ? greedy_size(vector, side) : 0);
}

/* The call's settings and scratch: 0, or a negative code. */
static int32_t call_start(call *c, const hue_vector *v, void *workspace, size_t workspace_size)
{
    uintptr_t at;
    size_t needed = hue_vector_workspace_size(v);
    int32_t k;

    if (needed == 0)
        return HG_ERR_ARGUMENT;
    if (workspace == NULL || workspace_size < needed)
        return HG_ERR_WORKSPACE;
    c->v = v;
    c->encoding = *v->encoding;
    c->area = frame_area(v);
    c->mask_size = (int64_t)v->encoding->layout->slots * 4 * c->area;
    c->observation_size = v->encoding->layout->size;
    c->state_size = state_bytes(v);
    c->env_size = hue_vector_env_size(v);
    c->players = v->setup->players;
    c->side = 6 * v->capacity + 8;
    at = align8(workspace);
    c->encoding.capacity = 2 * c->area;
    c->encoding.pairs = (int64_t *)take(&at, (size_t)(4 * c->area) * sizeof(int64_t));
    c->cards = (int32_t *)take(&at, (size_t)v->setup->card_count * sizeof(int32_t));
    c->unseen = (int32_t *)take(&at, (size_t)v->setup->card_count * sizeof(int32_t));
    c->positions = (int32_t *)take(&at, (size_t)(2 * c->area) * sizeof(int32_t));
    c->gone = (int32_t *)take(&at, (size_t)(2 * c->area) * sizeof(int32_t));
    c->come = (int32_t *)take(&at, (size_t)(2 * c->area) * sizeof(int32_t));
    c->seen = (uint8_t *)take(&at, (size_t)c->area);
    memset(c->seen, 0, (size_t)c->area);
    c->scratch_size = hue_workspace_size(c->side, c->side);
    c->scratch = take(&at, c->scratch_size);
    c->greedy = has_greedy(v) ? greedy_carve(&at, c->side, c->side,
                                             anchor_capacity(3 * v->capacity),
                                             v->encoding->layout->slots, v->setup->card_count)
                              : NULL;
    pyrandom_start(c->base);
    c->blank_empty = 1;
    for (k = 0; k < v->encoding->layout->planes; k++)
        c->blank_empty &= v->encoding->table[(size_t)HUE_EMPTY * (size_t)v->encoding->layout->planes
                                             + (size_t)k] == 0;
    return 0;
}

/* The table's legal anchors into the call's pairs (hue_state_legal), n or
 * a negative code. */
static int64_t legal_pairs(call *c, hue_state *s, int32_t counts[2])
{
    int64_t needed = hue_state_legal_capacity(s);

    if (needed > c->encoding.capacity)
        return HG_ERR_CAPACITY;
    return hue_state_legal(s, c->encoding.pairs, c->encoding.capacity, counts);
}

/* Play the bots' seats until a seat the caller plays is to move, or the end. */
static int32_t play_bots(call *c, hue_env *e)
{
    const hue_vector *v = c->v;
    const hue_setup *setup = v->setup;
    hue_state *s = state_of(e);
    hue_hands *h = &e->hands;

    while (!hue_hands_over(h) && v->is_bot[s->moves % c->players]) {
        int32_t seat = s->moves % c->players, *hand = h->cards[seat], n = h->count[seat];
        int64_t x, y;
        int32_t card, rotation;
        int status;

        if (n < 1 || n > v->encoding->layout->slots)
            return HG_ERR_STATE;
        if (v->policies[seat] == HUE_SEAT_RANDOM) {
            int32_t counts[2], k;
            int64_t listed = legal_pairs(c, s, counts), total = 0, pick;
            if (listed < 0)
                return (int32_t)listed;
            for (k = 0; k < n; k++)
                total += (int64_t)setup->deck[hand[k]].rotations / 2 * listed;
            if (total == 0 || total > (int64_t)UINT32_MAX)
                return HG_ERR_STATE;
            pick = pyrandom_below(&e->rngs[seat], (uint32_t)total);
            card = rotation = -1;
            x = y = 0;
            for (k = 0; k < n && card < 0; k++) {
                int32_t r;
                for (r = 0; r < setup->deck[hand[k]].rotations; r++) {
                    if (pick < counts[r & 1]) {
                        int64_t at = (r & 1 ? counts[0] : 0) + pick;
                        card = hand[k];
                        rotation = r;
                        x = c->encoding.pairs[2 * at];
                        y = c->encoding.pairs[2 * at + 1];
                        break;
                    }
                    pick -= counts[r & 1];
                }
            }
        } else {
            table t = state_table(s);
            const uint8_t *laid = (const uint8_t *)s + state_flags_at(s);
            hue_placement move;
            int32_t unseen = 0, k, i, at;
            for (k = 0, i = 0; k < setup->card_count; k++) {
                while (i < n && hand[i] < k)
                    i++;
                if (!laid[k] && !(i < n && hand[i] == k))
                    c->unseen[unseen++] = k;
            }
            list_anchors(&t, s->allow_cover, greedy_anchors(c->greedy));
            greedy_move(c->greedy, &t, setup->deck, hand, n, c->unseen, unseen, &e->rngs[seat],
                        NULL, &move);
            at = move.x;
            card = move.card;
            rotation = move.rotation;
            x = s->origin_x + at % c->side;
            y = s->origin_y + at / c->side;
        }
        status = hue_state_play(setup, s, h, card, x, y, rotation);
        if (status < 0)
            return status;
        e->last = seat;
    }
    return 0;
}

/* Sets `value` at the ids of block (slot, rotation) for the n positions. */
static void mark_block(const call *c, int8_t *row, int32_t slot, int32_t rotation,
                       const int32_t *positions, int32_t n, int8_t value)
{
    int8_t *at = row + ((int64_t)slot * 4 + rotation) * c->area;
    int32_t k;

    for (k = 0; k < n; k++)
        at[positions[k]] = value;
}

/* The positions of list `old` (n_old) not in list `new` (n_new) into
 * gone[], those of new not in old into come[]; the counts of each.  Each
 * list holds a position once; `seen` (a byte per frame position, all 0)
 * marks old's, and is all 0 again after. */
static void differ(const int32_t *old, int32_t n_old, const int32_t *new, int32_t n_new,
                   uint8_t *seen, int32_t *gone, int32_t *n_gone, int32_t *come, int32_t *n_come)
{
    int32_t k, g = 0, m = 0;

    for (k = 0; k < n_old; k++)
        seen[old[k]] = 1;
    for (k = 0; k < n_new; k++) { /* in both: 2; only in new: 0 */
        int32_t at = new[k];
        come[m] = at;
        m += seen[at] == 0;
        seen[at] = (uint8_t)(seen[at] << 1);
    }
    for (k = 0; k < n_old; k++) {
        int32_t at = old[k];
        gone[g] = at;
        g += seen[at] == 1;
        seen[at] = 0;
    }
    *n_gone = g;
    *n_come = m;
}

/* The mask row of seat `seat` (the seat to move, or not: then all 0),
 * written over the one the env wrote last: where a block of ids (a slot's
 * rotation) shows in both, only the positions that changed are written. */
static int32_t write_mask(call *c, hue_env *e, int32_t seat, int32_t to_move, int8_t *row)
{
    hue_state *s = state_of(e);
    const hue_state_encoding *enc = &c->encoding;
    int32_t *positions = positions_of(c, e), *fresh = c->positions, counts[2] = {0, 0};
    int32_t gone[2] = {0, 0}, come[2] = {0, 0}, slots = 0, slot, r, o;
    int32_t *gone_at[2], *come_at[2];
    uint8_t rotations[HUE_MAX_HAND];

    if (seat == to_move) {
        const int32_t *hand = e->hands.cards[seat];
        int64_t n;
        if (s->laid == 0 || e->hands.count[seat] > enc->layout->slots)
            return HG_ERR_STATE;
        n = state_legal_positions(s, s->box[0] + enc->left, s->box[1] + enc->top, enc->cols,
                                  enc->rows, fresh, 2 * c->area, counts);
        if (n < 0)
            return (int32_t)n;
        slots = e->hands.count[seat];
        for (slot = 0; slot < slots; slot++)
            rotations[slot] = enc->rotations[hand[slot]];
    }
    for (o = 0; o < 2; o++) {
        gone_at[o] = c->gone + (o ? gone[0] : 0);
        come_at[o] = c->come + (o ? come[0] : 0);
        differ(positions + (o ? e->mask_counts[0] : 0), e->mask_counts[o],
               fresh + (o ? counts[0] : 0), counts[o], c->seen, gone_at[o], &gone[o], come_at[o],
               &come[o]);
    }
    for (slot = 0; slot < HUE_MAX_HAND && (slot < slots || slot < e->mask_slots); slot++) {
        for (r = 0; r < 4; r++) {
            int was = slot < e->mask_slots && r < e->mask_rotations[slot];
            int is = slot < slots && r < rotations[slot];
            o = r & 1;
            if (was && is) {
                mark_block(c, row, slot, r, gone_at[o], gone[o], 0);
                mark_block(c, row, slot, r, come_at[o], come[o], 1);
            } else if (was) {
                mark_block(c, row, slot, r, positions + (o ? e->mask_counts[0] : 0),
                           e->mask_counts[o], 0);
            } else if (is) {
                mark_block(c, row, slot, r, fresh + (o ? counts[0] : 0), counts[o], 1);
            }
        }
    }
    memcpy(positions, fresh, (size_t)(counts[0] + counts[1]) * sizeof(int32_t));
    e->mask_counts[0] = counts[0];
    e->mask_counts[1] = counts[1];
    memcpy(e->mask_rotations, rotations, (size_t)slots);
    e->mask_slots = slots;
    return 0;
}

/* Writes every plane value of buffer cell (x, y) (table code `code`, maybe
 * empty) at frame cell (fx, fy) of the planes at `out`. */
static void paint_cell(const hue_observation_layout *l, const uint8_t *table, hue_cell code,
                       int32_t fx, int32_t fy, uint8_t *out)
{
    const uint8_t *values = table + (size_t)code * (size_t)l->planes;
    size_t plane = (size_t)l->rows * (size_t)l->cols;
    uint8_t *at = out + (size_t)fy * (size_t)l->cols + (size_t)fx;
    int32_t k;

    for (k = 0; k < l->planes; k++)
        at[(size_t)k * plane] = values[k];
}

/* The planes of the state's table into `out`, the frame's corner the box's
 * top-left cell: when `e` is given (the env's own observation row), only
 * the cells laid since the row was painted, if its corner is the same;
 * else the cells it painted are cleared and the whole box painted. */
static int32_t paint_planes(const call *c, hue_env *e, hue_state *s, uint8_t *out)
{
    const hue_observation_layout *l = c->encoding.layout;
    const uint8_t *table = c->encoding.table;
    const hue_cell *codes = state_codes(s);
    const state_record *records = state_records(s);
    int32_t width = s->box[2] - s->box[0] + 1, height = s->box[3] - s->box[1] + 1;
    int32_t x, y, k, j, side = s->side;
    size_t plane = (size_t)l->rows * (size_t)l->cols;

    if (width > l->cols || height > l->rows)
        return HG_ERR_BOUNDS;
    for (k = 0; k < s->laid; k++)
        if (records[k].card < 0 || records[k].card >= s->card_count)
            return HG_ERR_STATE;
    if (e != NULL && e->painted_laid >= 0 && e->painted_laid <= s->laid
        && e->painted_corner[0] == s->box[0] && e->painted_corner[1] == s->box[1]) {
        for (k = e->painted_laid; k < s->laid; k++) {
            const state_record *r = &records[k];
            int32_t dx = r->rotation & 1, dy = 1 - dx;
            for (j = 0; j < 3; j++) {
                x = r->x + j * dx;
                y = r->y + j * dy;
                paint_cell(l, table, codes[(size_t)y * (size_t)side + (size_t)x], x - s->box[0],
                           y - s->box[1], out);
            }
        }
    } else {
        int32_t clear_w = e != NULL ? e->painted_size[0] : l->cols;
        int32_t clear_h = e != NULL ? e->painted_size[1] : l->rows;
        for (k = 0; k < l->planes; k++)
            for (y = 0; y < clear_h; y++)
                memset(out + (size_t)k * plane + (size_t)y * (size_t)l->cols, 0, (size_t)clear_w);
        for (y = 0; y < height; y++)
            for (x = 0; x < width; x++) {
                hue_cell code = codes[(size_t)(s->box[1] + y) * (size_t)side
                                      + (size_t)(s->box[0] + x)];
                if (c->blank_empty || code != HUE_EMPTY) /* empty cells paint 0s */
                    paint_cell(l, table, code, x, y, out);
            }
    }
    if (e != NULL) {
        e->painted_laid = s->laid;
        e->painted_corner[0] = s->box[0];
        e->painted_corner[1] = s->box[1];
        e->painted_size[0] = width; /* every cell painted lies in the box */
        e->painted_size[1] = height;
    }
    return 0;
}

/* Seat me's observation of the env's game into `out`, as hue_state_encode
 * writes it (its planes as paint_planes says). */
static int32_t observe(const call *c, hue_env *e, int32_t me, int32_t to_move, int own,
                       uint8_t *out)
{
    const hue_observation_layout *l = c->encoding.layout;
    hue_state *s = state_of(e);
    const hue_hands *h = &e->hands;
    const state_record *records = state_records(s);
    int64_t planes = (int64_t)l->planes * l->rows * l->cols;
    int64_t origin_x = c->encoding.corner_x - (s->origin_x + s->box[0]);
    int64_t origin_y = c->encoding.corner_y - (s->origin_y + s->box[1]);
    int32_t players = c->players, stride = 3 + players, k, over = 1, status;
    uint8_t *cards = out + l->cards_at;

    if (s->laid == 0 || s->laid > s->capacity || me < 0 || me >= players)
        return HG_ERR_STATE;
    for (k = 0; k < players; k++) {
        if (h->count[k] < 0 || h->count[k] > l->slots)
            return HG_ERR_STATE;
        over = over && h->count[k] == 1;
    }
    if (origin_x < 0 || origin_x >= l->origin_width || origin_y < 0
        || origin_y >= l->origin_width)
        return HG_ERR_BOUNDS;
    status = paint_planes(c, own ? e : NULL, s, out);
    if (status < 0)
        return status;
    memset(out + planes, 0, (size_t)(l->size - planes));
    for (k = 0; k < l->deck_size; k++)
        cards[k * stride] = 1;
    for (k = 0; k < h->count[me]; k++) {
        int32_t card = h->cards[me][k];
        if (card < 0 || card >= l->deck_size)
            return HG_ERR_STATE;
        cards[card * stride] = 0;
        cards[card * stride + 1] = 1;
        memcpy(out + l->hand_at + (int64_t)k * l->features,
               c->encoding.features + (size_t)card * (size_t)l->features, (size_t)l->features);
    }
    for (k = 0; k < s->laid; k++) {
        const state_record *r = &records[k];
        int32_t column = k < s->fixed ? 2 : 3 + ((r->seat - me) % players + players) % players;
        cards[r->card * stride] = 0;
        cards[r->card * stride + column] = 1;
    }
    out[l->origin_at + origin_x] = 1;
    out[l->origin_at + l->origin_width + origin_y] = 1;
    for (k = 0; k < players; k++)
        out[l->sizes_at + (int64_t)k * (l->slots + 1) + h->count[(me + k) % players]] = 1;
    if (to_move >= 0)
        out[l->to_move_at + (to_move - me + players) % players] = 1;
    out[l->seat_at + me] = 1;
    if (over)
        out[l->over_at] = 1;
    return 0;
}

/* Env i's observation into `observations` row i and, unless `final`, its
 * mask into the masks row; its seat to move into out.  The seat observed
 * is the caller's, or in self-play the seat to move (once over, the seat
 * that moved last). */
static int32_t write(call *c, hue_env *e, int32_t i, uint8_t *observations, int final,
                     const hue_vector_out *out)
{
    hue_state *s = state_of(e);
    int32_t over = hue_hands_over(&e->hands), to_move = over ? -1 : s->moves % c->players;
    int32_t seat = c->v->agent >= 0 ? c->v->agent : over ? (e->last > 0 ? e->last : 0) : to_move;
    int32_t status = observe(c, e, seat, to_move, !final,
                             observations + (int64_t)i * c->observation_size);

    if (status < 0)
        return status;
    if (!final) {
        int32_t written = write_mask(c, e, seat, to_move, out->masks + (int64_t)i * c->mask_size);
        if (written < 0)
            return written;
    }
    out->to_move[i] = to_move;
    return 0;
}

/* Games waiting to start: their envs, and the generators of their deals and
 * bots, seeded side by side (pyrandom_seed_many) when the queue is full or
 * the call ends.  Each env's game is its own, so when it starts within the
 * call changes nothing. */
typedef struct {
    hue_env *envs[PYRANDOM_MANY];
    int32_t index[PYRANDOM_MANY];
    uint64_t deal_seeds[PYRANDOM_MANY];
    pyrandom deals[PYRANDOM_MANY];
    pyrandom *generators[PYRANDOM_MANY];
    uint64_t seeds[PYRANDOM_MANY];
    int32_t waiting, count;      /* games waiting; generators to seed */
} starts;

/* The waiting games: seeded, dealt, their bots played to the caller's
 * turn, observed.  0, or a negative code. */
static int32_t start_waiting(call *c, starts *q, const hue_vector_out *out)
{
    const hue_vector *v = c->v;
    int32_t k, rotations[3];
    int status;

    pyrandom_seed_many(q->generators, q->seeds, q->count, c->base);
    for (k = 0; k < q->waiting; k++) {
        hue_env *e = q->envs[k];
        hue_state *s = state_of(e);
        /* This env's last game: clear only what it wrote (else a new state). */
        if (e->episode == 0 || s->players != c->players
            || s->card_count != v->setup->card_count || s->capacity != v->capacity
            || s->limit != v->limit || s->span != v->span
            || s->allow_cover != (v->setup->allow_cover != 0) || state_renew(s) < 0) {
            status = hue_state_init(s, c->state_size, c->players, v->setup->card_count,
                                    v->setup->allow_cover, v->capacity, v->limit, v->span);
            if (status < 0)
                return status;
        }
        memset(&e->hands, 0, sizeof e->hands);
        e->hands.players = c->players;
        status = state_deal(v->setup, s, &e->hands, &q->deals[k], c->cards, rotations);
        if (status < 0)
            return status;
        e->last = -1;
        e->done = 0;
        e->painted_laid = -1;    /* another game's planes: clear them */
        status = play_bots(c, e);
        if (status < 0)
            return status;
        if (hue_hands_over(&e->hands))
            return HG_ERR_STATE; /* no game ends before the caller's first move */
        status = write(c, e, q->index[k], out->observations, 0, out);
        if (status < 0)
            return status;
    }
    q->waiting = q->count = 0;
    return 0;
}

/* Queues env i's game number e->episode to start (start_waiting): its
 * deal's seed and its bots' seeds.  0, or a negative code. */
static int32_t start_game(call *c, starts *q, hue_env *e, int32_t i, const hue_vector_out *out)
{
    const hue_vector *v = c->v;
    uint64_t seed;
    int32_t seat, bots = 0, seed_length;
    char seed_text[24];

    for (seat = 0; seat < c->players; seat++)
        bots += v->is_bot[seat] != 0;
    if (q->count + 1 + bots > PYRANDOM_MANY) {
        int32_t status = start_waiting(c, q, out);
        if (status < 0)
            return status;
    }
    seed = hg_seed_of_ints(v->seed_text, v->seed_length, i, e->episode);
    q->envs[q->waiting] = e;
    q->index[q->waiting] = i;
    q->generators[q->count] = &q->deals[q->waiting];
    q->seeds[q->count++] = seed;
    q->waiting++;
    seed_length = (int32_t)snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    for (seat = 0; seat < c->players; seat++) {
        if (v->is_bot[seat]) {
            q->generators[q->count] = &e->rngs[seat];
            q->seeds[q->count++] = hg_seed_of(seed_text, seed_length, seat, v->labels[seat],
                                              v->label_lengths[seat]);
        }
    }
    return 0;
}

static int out_ok(const hue_vector_out *out)
{
    return out != NULL && out->observations != NULL && out->masks != NULL
        && out->to_move != NULL && out->terminated != NULL && out->scores != NULL
        && out->winners != NULL && out->final_observations != NULL && out->rewards != NULL;
}

int32_t hue_vector_reset(const hue_vector *vector, void *envs, int32_t count,
                         const uint8_t *which, const hue_vector_out *out, void *workspace,
                         size_t workspace_size)
{
    call c;
    starts q = {0};
    int32_t status = call_start(&c, vector, workspace, workspace_size), i;

    if (status < 0)
        return status;
    if (envs == NULL || ((uintptr_t)envs & 7u) != 0 || count < 0 || !out_ok(out))
        return HG_ERR_ARGUMENT;
    for (i = 0; i < count; i++) {
        hue_env *e = env_at(&c, envs, i);
        if (which != NULL && !which[i])
            continue;
        if (which != NULL) {
            e->episode++;
        } else {
            e->episode = 0;
            e->actions = hg_seed_of(vector->seed_text, vector->seed_length, i, "'actions'", 9);
        }
        hg_no_end(out->terminated, out->rewards, out->scores, out->winners, i, c.players);
        status = start_game(&c, &q, e, i, out);
        if (status < 0)
            return status;
    }
    status = start_waiting(&c, &q, out);
    return status < 0 ? status : count;
}

/* The end of env i's game into out: scores and the winner (the first best). */
static int32_t write_end(call *c, hue_env *e, int32_t i, const hue_vector_out *out)
{
    int32_t values[HUE_COLOURS], scores[HUE_MAX_PLAYERS], best, p;
    int status = hue_state_scores(c->v->setup, state_of(e), &e->hands, c->scratch,
                                  c->scratch_size, values, scores);

    if (status < 0)
        return status;
    best = first_best(scores, c->players);
    for (p = 0; p < c->players; p++) {
        out->scores[(int64_t)i * c->players + p] = scores[p];
        out->winners[(int64_t)i * c->players + p] = (int8_t)(p == best);
    }
    hg_rewards(&out->scores[(int64_t)i * c->players], c->players, c->v->reward_sign,
               &out->rewards[(int64_t)i * c->players]);
    out->terminated[i] = 1;
    return 0;
}

/* Plays action id `action` for the seat to move: 0, or a negative code
 * with nothing changed. */
static int32_t play_action(call *c, hue_env *e, int64_t action)
{
    hue_state *s = state_of(e);
    const hue_state_encoding *enc = &c->encoding;
    int32_t seat = s->moves % c->players, slot, rotation, card;
    int64_t rest, position;

    if (action < 0 || action >= c->mask_size || hue_hands_over(&e->hands) || s->laid == 0)
        return HG_ERR_ARGUMENT;
    slot = (int32_t)(action / (4 * c->area));
    rest = action % (4 * c->area);
    rotation = (int32_t)(rest / c->area);
    position = rest % c->area;
    if (slot >= e->hands.count[seat])
        return HG_ERR_ILLEGAL;
    card = e->hands.cards[seat][slot];
    if (card < 0 || card >= c->v->setup->card_count || rotation >= enc->rotations[card])
        return HG_ERR_ILLEGAL;
    if (hue_state_play(c->v->setup, s, &e->hands, card,
                       s->origin_x + s->box[0] + enc->left + position % enc->cols,
                       s->origin_y + s->box[1] + enc->top + position / enc->cols, rotation)
        < 0)
        return HG_ERR_ILLEGAL;
    e->last = seat;
    return 0;
}

/* hue_vector_step, only the envs i with active[i] set where `active` is
 * given (the others left as they are, terminated 0). */
static int32_t step_range(const hue_vector *vector, void *envs, int32_t count, int32_t start,
                          int32_t stop, const int64_t *actions, const uint8_t *active,
                          const hue_vector_out *out, void *workspace, size_t workspace_size)
{
    call c;
    starts q = {0};
    int32_t status = call_start(&c, vector, workspace, workspace_size), i;

    if (status < 0)
        return status;
    if (envs == NULL || ((uintptr_t)envs & 7u) != 0 || actions == NULL || start < 0
        || stop < start || stop > count || !out_ok(out))
        return HG_ERR_ARGUMENT;
    for (i = start; i < stop; i++) {
        hue_env *e = env_at(&c, envs, i);
        hg_no_end(out->terminated, out->rewards, out->scores, out->winners, i, c.players);
        if (active != NULL && !active[i])
            continue;
        if (e->done) {
            if (vector->autoreset != HUE_NEXT_STEP)
                return HG_ERR_ARGUMENT;
            e->episode++;
            status = start_game(&c, &q, e, i, out);
            if (status < 0)
                return status;
            continue;
        }
        status = play_action(&c, e, actions[i]);
        if (status == 0)
            status = play_bots(&c, e);
        if (status < 0)
            return status;
        if (!hue_hands_over(&e->hands)) {
            status = write(&c, e, i, out->observations, 0, out);
            if (status < 0)
                return status;
            continue;
        }
        status = write_end(&c, e, i, out);
        if (status == 0 && vector->autoreset == HUE_SAME_STEP) {
            status = write(&c, e, i, out->final_observations, 1, out);
            if (status == 0) {
                e->episode++;
                status = start_game(&c, &q, e, i, out);
            }
        } else if (status == 0) {
            status = write(&c, e, i, out->observations, 0, out);
            e->done = 1;
        }
        if (status < 0)
            return status;
    }
    status = start_waiting(&c, &q, out);
    return status < 0 ? status : stop - start;
}

int32_t hue_vector_step(const hue_vector *vector, void *envs, int32_t count, int32_t start,
                        int32_t stop, const int64_t *actions, const hue_vector_out *out,
                        void *workspace, size_t workspace_size)
{
    return step_range(vector, envs, count, start, stop, actions, NULL, out, workspace,
                      workspace_size);
}

int32_t hue_vector_random_actions(const hue_vector *vector, void *envs, int32_t count,
                                  int64_t *out)
{
    call c;
    int32_t i;

    if (!vector_ok(vector) || envs == NULL || ((uintptr_t)envs & 7u) != 0 || out == NULL
        || count < 0)
        return HG_ERR_ARGUMENT;
    c.area = frame_area(vector);
    c.state_size = state_bytes(vector);
    c.env_size = hue_vector_env_size(vector);
    for (i = 0; i < count; i++) {
        hue_env *e = env_at(&c, envs, i);
        const int32_t *positions = positions_of(&c, e);
        uint64_t total = 0, pick;
        int32_t slot, r;
        out[i] = 0;
        if (e->mask_slots < 0 || e->mask_slots > HUE_MAX_HAND)
            return HG_ERR_STATE;
        for (slot = 0; slot < e->mask_slots; slot++)
            for (r = 0; r < e->mask_rotations[slot]; r++)
                total += (uint64_t)e->mask_counts[r & 1];
        if (total == 0)
            continue;
        pick = ((hg_splitmix64(&e->actions) >> 32) * total) >> 32;
        for (slot = 0; slot < e->mask_slots; slot++) {
            for (r = 0; r < e->mask_rotations[slot]; r++) {
                uint64_t listed = (uint64_t)e->mask_counts[r & 1];
                if (pick < listed) {
                    out[i] = ((int64_t)slot * 4 + r) * c.area
                             + positions[(r & 1 ? e->mask_counts[0] : 0) + (int64_t)pick];
                    slot = HUE_MAX_HAND;
                    break;
                }
                pick -= listed;
            }
        }
    }
    return count;
}

int32_t hue_workers_size(void)
{
    return (int32_t)sizeof(struct hg_workers);
}

int32_t hue_workers_start(void *workers, int32_t threads)
{
    return hg_workers_start(hg_workers_at(workers), threads);
}

void hue_workers_stop(void *workers)
{
    hg_workers_stop(hg_workers_at(workers));
}

/* A call of hue_vector_step_all or hue_vector_random_all, by part. */
typedef struct {
    const hue_vector *v;
    void *envs;
    int32_t count;
    const int64_t *actions;
    const uint8_t *active;       /* step_all: the envs stepped, or NULL for all */
    const hue_vector_out *out;
    const hue_vector_copies *copies; /* step_all: the copies, or NULL */
    int64_t observation_size, mask_size;
    char *workspaces;            /* step_all: one of workspace_size bytes a thread */
    size_t workspace_size, env_size;
    int64_t *drawn;              /* random_all: the actions drawn */
    int32_t status[HG_MOST_CHUNKS];
} parts_call;

static void step_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    parts_call *p = context;
    int32_t start = hg_part_start(p->count, chunk, chunks);
    int32_t stop = hg_part_start(p->count, chunk + 1, chunks);
    int32_t status = step_range(p->v, p->envs, p->count, start, stop, p->actions, p->active,
                                p->out, p->workspaces + (size_t)thread * p->workspace_size,
                                p->workspace_size);
    const hue_vector_copies *copies = p->copies;
    int32_t i;

    if (status >= 0 && copies != NULL && copies->observations != NULL) { /* while they are warm */
        memcpy(copies->observations + start * p->observation_size,
               p->out->observations + start * p->observation_size,
               (size_t)((stop - start) * p->observation_size));
        memcpy(copies->masks + start * p->mask_size, p->out->masks + start * p->mask_size,
               (size_t)((stop - start) * p->mask_size));
    }
    if (status >= 0 && copies != NULL && copies->final_observations != NULL)
        for (i = start; i < stop; i++)
            hg_final_rows(copies->final_rows, i, p->out->terminated[i],
                          (char *)copies->final_observations,
                          (const char *)p->out->final_observations, p->observation_size, NULL,
                          NULL, 0);
    p->status[chunk] = status;
}

/* Whether env i of the call's envs is over and waits for its next game
 * (hg_refused_action). */
static int waits(const void *context, int32_t i)
{
    const parts_call *p = context;
    return ((const hue_env *)((const char *)p->envs + (size_t)i * p->env_size))->done != 0;
}

int32_t hue_vector_step_all(const hue_vector *vector, void *envs, int32_t count,
                            const int64_t *actions, const uint8_t *active,
                            const hue_vector_out *out, const hue_vector_copies *copies,
                            void *workspaces, size_t workspace_size, void *pool,
                            int32_t *refused)
{
    struct hg_workers *workers = hg_workers_at(pool);
    parts_call p;
    int32_t status, chunks;

    if (workers == NULL || workers->threads < 1 || refused == NULL || !vector_ok(vector)
        || envs == NULL || ((uintptr_t)envs & 7u) != 0 || actions == NULL
        || count < workers->threads || !out_ok(out) || !hg_copies_ok(copies)
        || workspaces == NULL || workspace_size < hue_vector_workspace_size(vector))
        return HG_ERR_ARGUMENT;
    memset(&p, 0, sizeof p);
    p.v = vector;
    p.envs = envs;
    p.count = count;
    p.actions = actions;
    p.active = active;
    p.out = out;
    p.copies = copies;
    p.observation_size = vector->encoding->layout->size;
    p.mask_size = (int64_t)vector->encoding->layout->slots * 4 * frame_area(vector);
    p.workspaces = workspaces;
    p.workspace_size = workspace_size;
    p.env_size = hue_vector_env_size(vector);
    *refused = hg_refused_action(count, actions, active, out->masks, p.mask_size,
                                 vector->autoreset == HUE_NEXT_STEP ? waits : NULL, &p);
    if (*refused >= 0)
        return HG_ERR_ILLEGAL;
    chunks = hg_chunks(count, workers->threads);
    status = hg_workers_run(workers, step_chunk, &p, chunks);
    if (status == 0)
        status = hg_first_failure(p.status, chunks);
    return status < 0 ? status : count;
}

static void random_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    parts_call *p = context;
    int32_t start = hg_part_start(p->count, chunk, chunks);

    (void)thread;
    p->status[chunk] = hue_vector_random_actions(
        p->v, (char *)p->envs + (size_t)start * p->env_size,
        hg_part_start(p->count, chunk + 1, chunks) - start, p->drawn + start);
}

int32_t hue_vector_random_all(const hue_vector *vector, void *envs, int32_t count, int64_t *out,
                              void *pool)
{
    struct hg_workers *workers = hg_workers_at(pool);
    parts_call p;
    int32_t status, chunks;

    if (workers == NULL || workers->threads < 1 || !vector_ok(vector) || envs == NULL
        || ((uintptr_t)envs & 7u) != 0 || out == NULL || count < workers->threads)
        return HG_ERR_ARGUMENT;
    memset(&p, 0, sizeof p);
    p.v = vector;
    p.envs = envs;
    p.count = count;
    p.env_size = hue_vector_env_size(vector);
    p.drawn = out;
    chunks = hg_chunks(count, workers->threads);
    status = hg_workers_run(workers, random_chunk, &p, chunks);
    if (status == 0)
        status = hg_first_failure(p.status, chunks);
    return status < 0 ? status : count;
}
