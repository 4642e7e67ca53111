/*
 * linja_vector.c -- Linja's vector environments (linja_core.h, "vector
 * environments"): many games stepped in one call, observed and masked as
 * huegames/linja/encoding.py observes and masks one, seeded and played as
 * huegames/vector/batch.py's PythonBatch plays them (the tests compare).
 */
#define _POSIX_C_SOURCE 200809L /* pthreads and clock_gettime (hg_vector.h) */
#include "linja_core.h"
#define PYRANDOM_STATE linja_rng
#include "pyrandom.h"
#include "hg_vector.h"

#include <string.h>

#define PASS_ACTION 28
#define MAX_FOLLOWING 5

/* Action id of the forward pair s -> t of a seat's frame (0 <= s < t <= 7). */
static int32_t pair_action(int32_t s, int32_t t)
{
    return s * (15 - s) / 2 + t - s - 1;
}

static int32_t frame(int32_t seat, int32_t position)
{
    return seat == 0 ? position : LINJA_POSITIONS - 1 - position;
}

static int32_t move_action(int32_t seat, linja_move m)
{
    if (m.src < 0) {
        return PASS_ACTION;
    }
    return pair_action(frame(seat, m.src), frame(seat, m.dst));
}

/* The move of action id `action` (0..28) for `seat`. */
static linja_move action_move(int32_t seat, int64_t action)
{
    linja_move m = {-1, -1};
    if (action == PASS_ACTION) {
        return m;
    }
    int32_t s = 0;
    while (action >= 7 - s) { /* pairs from s: 7 - s of them */
        action -= 7 - s;
        s++;
    }
    m.src = (int8_t)frame(seat, s);
    m.dst = (int8_t)frame(seat, s + 1 + (int32_t)action);
    return m;
}

/* Seat `seat`'s observation of `state` and its mask (all 0 unless it is to move). */
static void observe(const linja_state *state, int32_t seat, float *obs, int8_t *mask)
{
    const uint8_t *ours = seat == 0 ? state->board.red : state->board.black;
    const uint8_t *theirs = seat == 0 ? state->board.black : state->board.red;
    int32_t over = state->termination != LINJA_ONGOING;
    for (int32_t p = 0; p < LINJA_POSITIONS; p++) {
        obs[p] = (float)(ours[frame(seat, p)] / 12.0);
        obs[LINJA_POSITIONS + p] = (float)(theirs[frame(seat, p)] / 12.0);
    }
    for (int32_t i = 16; i < LINJA_OBSERVATION; i++) {
        obs[i] = 0.0f;
    }
    obs[16] = !over && state->player == seat ? 1.0f : 0.0f;
    obs[17 + (state->following < MAX_FOLLOWING ? state->following : MAX_FOLLOWING)] = 1.0f;
    obs[23] = state->bonus ? 1.0f : 0.0f;
    obs[24] = over ? 1.0f : 0.0f;
    memset(mask, 0, LINJA_ACTIONS);
    if (!over && state->player == seat) {
        linja_move legal[LINJA_MAX_MOVES];
        int32_t n = linja_legal_moves(state, legal);
        for (int32_t i = 0; i < n; i++) {
            mask[move_action(seat, legal[i])] = 1;
        }
    }
}

/* Env i's observation into row i of `obs` and `masks`, its seat to move into out. */
static void write(const linja_vector *v, const linja_env *e, int32_t i, float *obs, int8_t *masks,
                  const linja_vector_out *out)
{
    const linja_state *s = &e->state;
    int32_t over = s->termination != LINJA_ONGOING;
    int32_t seat = v->agent >= 0 ? v->agent : over ? (e->last > 0 ? e->last : 0) : s->player;
    observe(s, seat, &obs[(int64_t)i * LINJA_OBSERVATION], &masks[(int64_t)i * LINJA_ACTIONS]);
    out->to_move[i] = over ? -1 : s->player;
}

/* Play the bots' seats until a seat the caller plays is to move, or the end. */
static int32_t play_bots(const linja_vector *v, linja_env *e, linja_workspace *ws)
{
    linja_state *s = &e->state;
    while (s->termination == LINJA_ONGOING && v->is_bot[s->player]) {
        int32_t seat = s->player;
        const linja_bot *bot = &v->bots[seat];
        if (bot->policy == LINJA_POLICY_RANDOM) {
            linja_move legal[LINJA_MAX_MOVES];
            int32_t n = linja_legal_moves(s, legal);
            linja_play(s, legal[linja_rng_below(&e->rngs[seat], (uint32_t)n)], &v->rules);
        } else {
            int32_t n = linja_turns(s, &v->rules, ws->turns, LINJA_MAX_TURNS);
            if (n < 0) {
                return n;
            }
            int32_t pick = linja_choose_turn(s, &v->rules, bot, &e->rngs[seat], ws, ws->turns, n);
            if (pick < 0) {
                return pick;
            }
            const linja_turn *turn = &ws->turns[pick];
            for (int32_t m = 0; m < turn->count; m++) {
                linja_play(s, turn->moves[m], &v->rules);
            }
        }
        e->last = (int8_t)seat;
    }
    return 0;
}

/* Games waiting to start (each env's next, number e->episode): their
 * generators, the deal's and each bot's, are seeded side by side, at most
 * PYRANDOM_MANY at a time (pyrandom_seed_many overlaps the long chains). */
typedef struct {
    int32_t envs[PYRANDOM_MANY];
    int32_t count;
    int32_t added;               /* games queued since starts_begin */
    int32_t each;                /* generators a game seeds: 1 + its bots */
    linja_rng deals[PYRANDOM_MANY];
    const uint32_t *base;        /* pyrandom_start's, made once per call */
    float *observations;         /* where a started game's rows are copied too (or NULL) */
    int8_t *masks;
} starts;

/* Env i's observation and mask rows copied into `observations` and `masks`. */
static void copy_row(const linja_vector_out *out, int32_t i, float *observations, int8_t *masks)
{
    memcpy(&observations[(int64_t)i * LINJA_OBSERVATION],
           &out->observations[(int64_t)i * LINJA_OBSERVATION],
           sizeof *observations * LINJA_OBSERVATION);
    memcpy(&masks[(int64_t)i * LINJA_ACTIONS], &out->masks[(int64_t)i * LINJA_ACTIONS],
           LINJA_ACTIONS);
}

static void starts_begin(starts *q, const linja_vector *v, const uint32_t base[PYRANDOM_N])
{
    q->observations = NULL;
    q->masks = NULL;
    q->count = 0;
    q->added = 0;
    q->each = 1 + (v->is_bot[0] != 0) + (v->is_bot[1] != 0);
    q->base = base;
}

/* Start the waiting games: dealt, played to the caller's turn, written.
 * 0, or the first negative code (every game started whatever happens). */
static int32_t start_waiting(const linja_vector *v, linja_env *envs, starts *q,
                             const linja_vector_out *out, linja_workspace *ws)
{
    uint64_t seeds[PYRANDOM_MANY];
    linja_rng *generators[PYRANDOM_MANY];
    int32_t n = 0, count = q->count, status = 0;
    q->count = 0;
    for (int32_t k = 0; k < count; k++) {
        int32_t i = q->envs[k];
        char seed_text[24];
        int32_t seed_length;
        seeds[n] = hg_seed_of_ints(v->seed_text, v->seed_length, i, envs[i].episode);
        seed_length = (int32_t)snprintf(seed_text, sizeof seed_text, "%llu",
                                        (unsigned long long)seeds[n]);
        generators[n++] = &q->deals[k];
        for (int32_t seat = 0; seat < 2; seat++) {
            if (v->is_bot[seat]) {
                seeds[n] = hg_seed_of(seed_text, seed_length, seat, v->labels[seat],
                                      v->label_lengths[seat]);
                generators[n++] = &envs[i].rngs[seat];
            }
        }
    }
    pyrandom_seed_many(generators, seeds, n, q->base);
    for (int32_t k = 0; k < count; k++) {
        int32_t i = q->envs[k];
        linja_env *e = &envs[i];
        linja_start(&e->state, (int32_t)pyrandom_below(&q->deals[k], 2)); /* randrange(2) */
        e->last = -1;
        e->done = 0;
        int32_t one = play_bots(v, e, ws);
        if (one == 0) {
            write(v, e, i, out->observations, out->masks, out);
            if (q->observations) {
                copy_row(out, i, q->observations, q->masks);
            }
        }
        status = status < 0 ? status : one;
    }
    return status;
}

/* Env i's game number e->episode: started now, or with others once they
 * fill the seeding. */
static int32_t start_game(const linja_vector *v, linja_env *envs, int32_t i, starts *q,
                          const linja_vector_out *out, linja_workspace *ws)
{
    q->envs[q->count++] = i;
    q->added++;
    return (q->count + 1) * q->each > PYRANDOM_MANY ? start_waiting(v, envs, q, out, ws) : 0;
}

/* Env i did not end in this call (hg_no_end). */
static void no_end(const linja_vector_out *out, int32_t i)
{
    hg_no_end(out->terminated, out->rewards, out->scores, out->winners, i, 2);
}

static int32_t vector_ok(const linja_vector *v, const linja_vector_out *out, linja_workspace *ws)
{
    if (!v || !out || !out->observations || !out->masks || !out->to_move || !out->terminated
        || !out->scores || !out->winners || !out->final_observations || !out->final_masks
        || !out->rewards
        || v->agent < -1 || v->agent > 1 || v->autoreset < LINJA_SAME_STEP
        || v->autoreset > LINJA_DISABLED || v->seed_length < 0
        || v->seed_length > LINJA_SEED_TEXT) {
        return 0;
    }
    for (int32_t seat = 0; seat < 2; seat++) {
        if (!v->is_bot[seat]) {
            continue;
        }
        int32_t policy = v->bots[seat].policy;
        if (seat == v->agent || v->label_lengths[seat] < 0
            || v->label_lengths[seat] > LINJA_SEED_TEXT
            || (policy != LINJA_POLICY_RANDOM && policy != LINJA_POLICY_GREEDY)
            || (policy == LINJA_POLICY_GREEDY && (!ws || !ws->turns))) {
            return 0;
        }
    }
    return 1;
}

int32_t linja_vector_reset(const linja_vector *vector, linja_env *envs, int32_t count,
                           const uint8_t *which, const linja_vector_out *out, linja_workspace *ws)
{
    if (!vector_ok(vector, out, ws) || !envs || count < 0) {
        return HG_ERR_ARGUMENT;
    }
    uint32_t base[PYRANDOM_N];
    starts waiting;
    int32_t status = 0;
    pyrandom_start(base);
    starts_begin(&waiting, vector, base);
    for (int32_t i = 0; i < count && status >= 0; i++) {
        linja_env *e = &envs[i];
        if (which && !which[i]) {
            continue;
        }
        if (which) {
            e->episode++;
        } else {
            e->episode = 0;
            e->actions = hg_seed_of(vector->seed_text, vector->seed_length, i, "'actions'", 9);
        }
        no_end(out, i);
        status = start_game(vector, envs, i, &waiting, out, ws);
    }
    if (waiting.count) { /* the games still waiting start whatever happened */
        int32_t started = start_waiting(vector, envs, &waiting, out, ws);
        status = status < 0 ? status : started;
    }
    return status < 0 ? status : count;
}

/* Step env i: its action, the bots, the end and the autoreset.  0, or a
 * negative code. */
static int32_t step_env(const linja_vector *v, linja_env *envs, int32_t i, int64_t action,
                        const linja_vector_out *out, linja_workspace *ws, starts *q)
{
    linja_env *e = &envs[i];
    linja_state *s = &e->state;
    no_end(out, i);
    if (e->done) {
        if (v->autoreset != LINJA_NEXT_STEP) {
            return HG_ERR_ARGUMENT;
        }
        e->episode++;
        return start_game(v, envs, i, q, out, ws);
    }
    if (action < 0 || action >= LINJA_ACTIONS || s->termination != LINJA_ONGOING) {
        return HG_ERR_ARGUMENT;
    }
    int32_t seat = s->player;
    if (linja_play(s, action_move(seat, action), &v->rules) < 0) {
        return HG_ERR_ILLEGAL;
    }
    e->last = (int8_t)seat;
    int32_t status = play_bots(v, e, ws);
    if (status < 0) {
        return status;
    }
    if (s->termination == LINJA_ONGOING) {
        write(v, e, i, out->observations, out->masks, out);
        return 0;
    }
    int32_t winner = linja_winner(s, &v->rules);
    out->terminated[i] = 1;
    for (int32_t p = 0; p < 2; p++) {
        out->scores[2 * i + p] = linja_points(&s->board, p);
        out->winners[2 * i + p] = (int8_t)(winner == p);
    }
    hg_rewards(&out->scores[2 * i], 2, v->reward_sign, &out->rewards[2 * i]);
    if (v->autoreset == LINJA_SAME_STEP) {
        write(v, e, i, out->final_observations, out->final_masks, out);
        e->episode++;
        return start_game(v, envs, i, q, out, ws);
    }
    write(v, e, i, out->observations, out->masks, out);
    e->done = 1;
    return 0;
}

/* Step envs[start..stop-1], each env's rows copied into `copies` too
 * (linja_vector_step_all's, or NULL): at once, while they are in the
 * cache, or once its next game has started. */
static int32_t step_range(const linja_vector *v, linja_env *envs, int32_t start, int32_t stop,
                          const int64_t *actions, const uint8_t *active,
                          const linja_vector_out *out, linja_workspace *ws,
                          const linja_vector_copies *copies, const uint32_t base[PYRANDOM_N])
{
    starts waiting;
    int32_t status = 0, started = 0;
    float *observations = copies ? copies->observations : NULL;
    int8_t *masks = copies ? copies->masks : NULL;
    int finals = copies && copies->final_observations;
    starts_begin(&waiting, v, base);
    waiting.observations = observations;
    waiting.masks = masks;
    for (int32_t i = start; i < stop && status >= 0; i++) {
        int32_t added = waiting.added; /* a game started in this step counts */
        if (active && !active[i]) {
            no_end(out, i); /* left as it is */
        } else {
            status = step_env(v, envs, i, actions[i], out, ws, &waiting);
        }
        if (observations && status >= 0 && waiting.added == added) {
            copy_row(out, i, observations, masks);
        }
        if (finals && status >= 0) {
            hg_final_rows(copies->final_rows, i, out->terminated[i],
                          (char *)copies->final_observations, (const char *)out->final_observations,
                          sizeof(float) * LINJA_OBSERVATION, (char *)copies->final_masks,
                          (const char *)out->final_masks, LINJA_ACTIONS);
        }
    }
    /* the games still waiting start even when an env was refused */
    started = waiting.count ? start_waiting(v, envs, &waiting, out, ws) : 0;
    return status < 0 ? status : started < 0 ? started : stop - start;
}

int32_t linja_vector_step(const linja_vector *vector, linja_env *envs, int32_t start,
                          int32_t stop, const int64_t *actions, const linja_vector_out *out,
                          linja_workspace *ws)
{
    if (!vector_ok(vector, out, ws) || !envs || !actions || start < 0 || stop < start) {
        return HG_ERR_ARGUMENT;
    }
    uint32_t base[PYRANDOM_N];
    pyrandom_start(base);
    return step_range(vector, envs, start, stop, actions, NULL, out, ws, NULL, base);
}

int32_t linja_workers_size(void)
{
    return (int32_t)sizeof(struct hg_workers);
}

int32_t linja_workers_start(void *workers, int32_t threads)
{
    return hg_workers_start(hg_workers_at(workers), threads);
}

void linja_workers_stop(void *workers)
{
    hg_workers_stop(hg_workers_at(workers));
}

/* A call of linja_vector_step_all or linja_vector_random_all, by part. */
typedef struct {
    const linja_vector *v;
    linja_env *envs;
    int32_t count;
    const int64_t *actions;
    const uint8_t *active;
    const linja_vector_out *out;
    const linja_vector_copies *copies;
    const int8_t *shown;         /* random_all: the masks drawn from */
    int64_t *drawn;              /* random_all: the actions drawn */
    linja_workspace *workspaces; /* one a thread */
    uint32_t base[PYRANDOM_N];   /* pyrandom_start's */
    int32_t status[HG_MOST_CHUNKS];
} call;

static void step_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    call *c = context;
    c->status[chunk] = step_range(c->v, c->envs, hg_part_start(c->count, chunk, chunks),
                                  hg_part_start(c->count, chunk + 1, chunks), c->actions,
                                  c->active, c->out, &c->workspaces[thread], c->copies, c->base);
}

/* Whether env i's game is over and waits for its next (hg_refused_action). */
static int waits(const void *envs, int32_t i)
{
    return ((const linja_env *)envs)[i].done != 0;
}

int32_t linja_vector_step_all(const linja_vector *vector, linja_env *envs, int32_t count,
                              const int64_t *actions, const uint8_t *active,
                              const linja_vector_out *out, const linja_vector_copies *copies,
                              linja_workspace *workspaces, void *pool, int32_t *refused)
{
    struct hg_workers *workers = hg_workers_at(pool);
    if (!workers || workers->threads < 1 || !workspaces || !refused || !envs || !actions
        || count < workers->threads || !hg_copies_ok(copies)
        || (copies && (!copies->final_observations) != (!copies->final_masks))) {
        return HG_ERR_ARGUMENT;
    }
    for (int32_t part = 0; part < workers->threads; part++) {
        if (!vector_ok(vector, out, &workspaces[part])) {
            return HG_ERR_ARGUMENT;
        }
    }
    *refused = hg_refused_action(count, actions, active, out->masks, LINJA_ACTIONS,
                                 vector->autoreset == LINJA_NEXT_STEP ? waits : NULL, envs);
    if (*refused >= 0) {
        return HG_ERR_ILLEGAL;
    }
    call c = {vector, envs, count, actions, active, out, copies, NULL, NULL, workspaces, {0}, {0}};
    int32_t chunks = hg_chunks(count, workers->threads);
    pyrandom_start(c.base);
    int32_t status = hg_workers_run(workers, step_chunk, &c, chunks);
    if (status < 0) {
        return status;
    }
    status = hg_first_failure(c.status, chunks);
    return status < 0 ? status : count;
}

int32_t linja_vector_random_actions(linja_env *envs, int32_t count, const int8_t *masks,
                                    int64_t *out)
{
    if (!envs || !masks || !out || count < 0) {
        return HG_ERR_ARGUMENT;
    }
    for (int32_t i = 0; i < count; i++) {
        out[i] = hg_random_action(&envs[i].actions, &masks[(int64_t)i * LINJA_ACTIONS],
                                  LINJA_ACTIONS);
    }
    return count;
}

static void random_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    call *c = context;
    int32_t start = hg_part_start(c->count, chunk, chunks);
    (void)thread;
    c->status[chunk] = linja_vector_random_actions(
        c->envs + start, hg_part_start(c->count, chunk + 1, chunks) - start,
        c->shown + (int64_t)start * LINJA_ACTIONS, c->drawn + start);
}

int32_t linja_vector_random_all(linja_env *envs, int32_t count, const int8_t *masks,
                                int64_t *out, void *pool)
{
    struct hg_workers *workers = hg_workers_at(pool);
    if (!workers || workers->threads < 1 || !envs || !masks || !out
        || count < workers->threads) {
        return HG_ERR_ARGUMENT;
    }
    call c = {NULL, envs, count, NULL, NULL, NULL, NULL, masks, out, NULL, {0}, {0}};
    int32_t chunks = hg_chunks(count, workers->threads);
    int32_t status = hg_workers_run(workers, random_chunk, &c, chunks);
    if (status < 0) {
        return status;
    }
    status = hg_first_failure(c.status, chunks);
    return status < 0 ? status : count;
}
