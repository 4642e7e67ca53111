/*
 * plank_vector.c -- Plank's vector environments (plank_core.h, "vector
 * environments"): many hands stepped in one call, observed and masked as
 * huegames/plank/encoding.py observes and masks one, seeded and played as
 * huegames/vector/batch.py's PythonBatch plays them (the tests compare).
 */
#define _POSIX_C_SOURCE 200809L /* pthreads and clock_gettime (hg_vector.h) */
#include "plank_internal.h"
#include "hg_vector.h"

#include <string.h>

#define SQUARES PLANK_SQUARES

/* Compile-time checks of the numbers the header writes out for cffi. */
typedef char check_vector_sizes[(PLANK_OBSERVATION_MAX == PLANK_OBSERVATION_BASE
                                 + PLANK_OBSERVATION_PER_PLAYER * PLANK_MAX_PLAYERS
                                 && PLANK_ACTIONS == PLANK_PASS + 1 && PLANK_SEED_TEXT == 256
                                 && PYRANDOM_N == 624)
                                    ? 1
                                    : -1];

/* By a square's owner + 1: 0 for none, else 1. */
static const float OWNED[PLANK_MAX_PLAYERS + 1] = {0.0f, 1.0f, 1.0f, 1.0f, 1.0f};

static int32_t observation_size(int32_t players)
{
    return PLANK_OBSERVATION_BASE + PLANK_OBSERVATION_PER_PLAYER * players;
}

/* Where env i's positions start in the history (repetition rule on). */
static plank_key *history_of(const plank_vector *v, int32_t i)
{
    return v->history + (int64_t)i * (v->rules.turn_limit + 1);
}

/* The mask (zeroed) of the legal moves of `seat`, the seat to move: the ids
 * of pk_legal_moves' moves, set without a branch on each square. */
static void legal_mask(const plank_state *s, int32_t seat, int8_t *mask)
{
    const plank_position *p = &s->p;
    const int8_t *owners = p->owners, *colours = s->colours, *off = p->off[seat];
    int32_t size = 3 * p->rows, ends = p->rows ? 2 : 1, legal = 0;
    if (off[0] || off[1] || off[2]) { /* placing: Place, LayPlace */
        int32_t has[3] = {off[0] != 0, off[1] != 0, off[2] != 0};
        for (int32_t i = 0; i < size; i++) {
            int32_t ok = (owners[i] == PLANK_EMPTY) & has[colours[i]];
            mask[i] = (int8_t)ok;
            legal += ok;
        }
        for (int32_t pattern = 0; pattern < 3; pattern++) {
            if (!p->held[seat][pattern]) {
                continue;
            }
            for (int32_t k = 0; k < 2; k++) {
                int32_t at = PLANK_LAY_PLACE_BASE + 6 * PATTERN_ORDERS[pattern][k];
                for (int32_t e = 0; e < ends; e++) {
                    for (int32_t c = 0; c < 3; c++) {
                        mask[at + 3 * e + c] = (int8_t)has[c];
                        legal += has[c];
                    }
                }
            }
        }
    } else { /* moving: Shift, LayShift, of the first six of the seat's tokens */
        int32_t own[7], owned = 0, empties[3] = {0, 0, 0};
        int8_t empty[3][PLANK_MAX_ROWS + 1];
        for (int32_t i = 0; i < size; i++) {
            int32_t colour = colours[i];
            own[owned] = i;
            owned += (owners[i] == seat) & (owned < 6);
            empty[colour][empties[colour]] = (int8_t)i;
            empties[colour] += owners[i] == PLANK_EMPTY;
        }
        for (int32_t k = 0; k < owned; k++) {
            int32_t colour = colours[own[k]], from = PLANK_SHIFT_BASE + SQUARES * own[k];
            for (int32_t j = 0; j < empties[colour]; j++) {
                mask[from + empty[colour][j]] = 1;
            }
            legal += empties[colour];
        }
        for (int32_t pattern = 0; pattern < 3; pattern++) {
            if (!p->held[seat][pattern]) {
                continue;
            }
            for (int32_t k = 0; k < 2; k++) {
                int32_t lay = 2 * PATTERN_ORDERS[pattern][k];
                for (int32_t e = 0; e < ends; e++) {
                    for (int32_t j = 0; j < owned; j++) {
                        mask[PLANK_LAY_SHIFT_BASE + SQUARES * (lay + e) + own[j]] = 1;
                    }
                    legal += owned;
                }
            }
        }
    }
    mask[PLANK_PASS] = (int8_t)(legal == 0);
}

/* Seat `seat`'s observation of env e's hand (loaded in s) and its mask
 * (all 0 unless it is to move): PlankEncoding.observe_seat. */
static void observe(const plank_vector *v, const plank_env *e, const plank_state *s,
                    int32_t seat, float *obs, int8_t *mask)
{
    const plank_position *p = &s->p;
    int32_t players = p->players, size = 3 * p->rows, t = 108 + 36 * players;
    int32_t over = e->status != PLANK_GOES_ON, letter[PLANK_MAX_PLAYERS] = {0, 0, 0, 0}, me;
    int32_t plane[PLANK_MAX_PLAYERS + 1]; /* by owner + 1: where its tokens go */
    for (int32_t k = 0; k < players; k++) {
        letter[p->order[k]] = k;
    }
    me = letter[seat];
    plane[0] = 108; /* an empty square: a 0 where our token would be */
    for (int32_t k = 0; k < players; k++) {
        plane[1 + p->order[(me + k) % players]] = 108 + 36 * k;
    }
    memset(obs, 0, sizeof *obs * (size_t)observation_size(players));
    for (int32_t i = 0; i < size; i++) { /* without a branch on the owner */
        int32_t owner = p->owners[i] + 1;
        obs[36 * s->colours[i] + i] = 1.0f;
        obs[plane[owner] + i] = OWNED[owner];
    }
    for (int32_t k = 0; k < players; k++) {
        int32_t other = p->order[(me + k) % players];
        for (int32_t c = 0; c < 3; c++) {
            obs[t + 3 * k + c] = (float)p->held[other][c] * 0.25f;
            obs[t + 3 * players + 3 * k + c] = (float)p->off[other][c] * 0.5f;
        }
    }
    if (!over) {
        obs[t + 6 * players + (p->turn % players - me + players) % players] = 1.0f;
    }
    obs[t + 7 * players] = (float)((double)p->turn / (double)v->rules.turn_limit);
    if (v->rules.repetition) {
        obs[t + 7 * players + 1] = (float)((double)e->repeats / (double)v->rules.repetition);
    }
    obs[t + 7 * players + 2] = over ? 1.0f : 0.0f;
    memset(mask, 0, PLANK_ACTIONS);
    if (!over && pk_to_move(s) == seat) {
        legal_mask(s, seat, mask);
    }
}

/* Env i's observation into row i of `obs` and `masks`, its seat to move into out. */
static void write(const plank_vector *v, const plank_env *e, const plank_state *s, int32_t i,
                  float *obs, int8_t *masks, const plank_vector_out *out)
{
    int32_t over = e->status != PLANK_GOES_ON;
    int32_t seat = v->agent >= 0 ? v->agent : over ? (e->last > 0 ? e->last : 0) : pk_to_move(s);
    observe(v, e, s, seat, &obs[(int64_t)i * observation_size(v->rules.players)],
            &masks[(int64_t)i * PLANK_ACTIONS]);
    out->to_move[i] = over ? -1 : pk_to_move(s);
}

/* Where a key goes in an env's filter of the positions seen (0..255). */
static uint32_t filter_bit(plank_key k)
{
    return (uint32_t)(((k.low ^ k.high) * 0x9E3779B97F4A7C15u) >> 56);
}

/* After a move by `seat` (`line`: it completed one): count the position,
 * and end the hand at the line, the turn limit or a repetition, as
 * Game._settle does. */
static void settle(const plank_vector *v, plank_env *e, const plank_state *s, int32_t seat,
                   int32_t line, plank_key *keys)
{
    int32_t turn = s->p.turn;
    if (v->rules.repetition) {
        plank_key k = pk_key_of(&s->p);
        uint32_t bit = filter_bit(k);
        if (e->seen_rows != s->p.rows) { /* a strip laid: no earlier position can recur */
            memset(e->seen, 0, sizeof e->seen);
            e->seen_rows = (int8_t)s->p.rows;
        }
        /* a key not in the filter stood in none of the earlier positions */
        e->repeats = (e->seen[bit / 64] >> bit % 64 & 1)
                         ? pk_occurrences(keys, turn, k, s->p.players) + 1
                         : 1;
        e->seen[bit / 64] |= (uint64_t)1 << bit % 64;
        keys[turn] = k; /* turn <= turn_limit: the env's last entry at most */
    }
    e->last = (int8_t)seat;
    if (line) {
        e->status = PLANK_LINE;
    } else if (turn >= v->rules.turn_limit) {
        e->status = PLANK_TURN_LIMIT;
    } else if (v->rules.repetition && e->repeats >= v->rules.repetition) {
        e->status = PLANK_REPETITION;
    }
}

/* Env i's bot generators (NULL without bots). */
static plank_rng *rngs_of(const plank_vector *v, int32_t i)
{
    return v->rngs ? v->rngs + (int64_t)i * v->rules.players : NULL;
}

/* Play the bots' seats until a seat the caller plays is to move, or the end
 * (`rngs`: the env's bots' generators). */
static void play_bots(const plank_vector *v, plank_env *e, plank_state *s, plank_key *keys,
                      plank_rng *rngs)
{
    plank_hand_rules rules;
    rules.repetition = v->rules.repetition;
    rules.turn_limit = v->rules.turn_limit;
    rules.keys = keys;
    while (e->status == PLANK_GOES_ON && v->is_bot[pk_to_move(s)]) {
        int32_t seat = pk_to_move(s);
        uint32_t move = pk_choose(s, v->policies[seat], &rngs[seat], &rules);
        settle(v, e, s, seat, pk_play(s, move), keys);
    }
}

/* Hands waiting to be dealt (each env's next, number e->episode): their
 * generators, the deal's and each bot's, are seeded side by side, at most
 * PYRANDOM_MANY at a time (pyrandom_seed_many overlaps the long chains). */
typedef struct {
    int32_t envs[PYRANDOM_MANY];
    int32_t count;
    int32_t added;                /* hands queued since starts_begin */
    int32_t each;                 /* generators a hand seeds: 1 + its bots */
    plank_rng deals[PYRANDOM_MANY];
    const uint32_t *base;         /* pyrandom_start's, made once per call */
    float *observations;          /* where a dealt hand's rows are copied too (or NULL) */
    int8_t *masks;
} starts;

/* Env i's observation and mask rows copied into `observations` and `masks`. */
static void copy_row(const plank_vector *v, const plank_vector_out *out, int32_t i,
                     float *observations, int8_t *masks)
{
    int32_t size = observation_size(v->rules.players);
    memcpy(&observations[(int64_t)i * size], &out->observations[(int64_t)i * size],
           sizeof *observations * (size_t)size);
    memcpy(&masks[(int64_t)i * PLANK_ACTIONS], &out->masks[(int64_t)i * PLANK_ACTIONS],
           PLANK_ACTIONS);
}

static void starts_begin(starts *q, const plank_vector *v, const uint32_t base[PYRANDOM_N])
{
    q->observations = NULL;
    q->masks = NULL;
    q->count = 0;
    q->added = 0;
    q->each = 1;
    for (int32_t seat = 0; seat < v->rules.players; seat++) {
        q->each += v->is_bot[seat] != 0;
    }
    q->base = base;
}

/* Env i's hand, its generators seeded: dealt, played to the caller's turn. */
static int32_t finish_start(const plank_vector *v, plank_env *e, int32_t i, plank_rng *deal,
                            const plank_vector_out *out)
{
    plank_key *keys = v->rules.repetition ? history_of(v, i) : NULL;
    plank_state s;
    pk_deal(deal, v->rules.players, &e->position);
    pk_load(&s, &e->position);
    e->status = PLANK_GOES_ON;
    e->repeats = 1;
    e->last = -1;
    e->done = 0;
    e->started = 1;
    if (keys) {
        uint32_t bit;
        keys[0] = pk_key_of(&s.p);
        bit = filter_bit(keys[0]);
        memset(e->seen, 0, sizeof e->seen);
        e->seen[bit / 64] = (uint64_t)1 << bit % 64;
        e->seen_rows = (int8_t)s.p.rows;
    }
    play_bots(v, e, &s, keys, rngs_of(v, i));
    e->position = s.p;
    if (e->status != PLANK_GOES_ON) {
        e->started = 0; /* never stepped */
        return HG_ERR_STATE;
    }
    write(v, e, &s, i, out->observations, out->masks, out);
    return 0;
}

/* Deal the waiting hands: HG_ERR_STATE when the bots end one at once. */
static int32_t start_waiting(const plank_vector *v, plank_env *envs, starts *q,
                             const plank_vector_out *out)
{
    uint64_t seeds[PYRANDOM_MANY];
    plank_rng *generators[PYRANDOM_MANY];
    int32_t n = 0, count = q->count, status = 0;
    q->count = 0;
    for (int32_t k = 0; k < count; k++) {
        int32_t i = q->envs[k];
        plank_rng *rngs = rngs_of(v, i);
        char seed_text[24];
        int32_t seed_length;
        seeds[n] = hg_seed_of_ints(v->seed_text, v->seed_length, i, envs[i].episode);
        seed_length = (int32_t)snprintf(seed_text, sizeof seed_text, "%llu",
                                        (unsigned long long)seeds[n]);
        generators[n++] = &q->deals[k];
        for (int32_t seat = 0; seat < v->rules.players; seat++) {
            if (v->is_bot[seat]) {
                seeds[n] = hg_seed_of(seed_text, seed_length, seat, v->labels[seat],
                                      v->label_lengths[seat]);
                generators[n++] = &rngs[seat];
            }
        }
    }
    pyrandom_seed_many(generators, seeds, n, q->base);
    for (int32_t k = 0; k < count; k++) { /* all of them, whatever happens to one */
        int32_t one = finish_start(v, &envs[q->envs[k]], q->envs[k], &q->deals[k], out);
        if (one == 0 && q->observations) {
            copy_row(v, out, q->envs[k], q->observations, q->masks);
        }
        status = status < 0 ? status : one;
    }
    return status;
}

/* Env i's next hand: dealt now, or with others once they fill the seeding. */
static int32_t start_game(const plank_vector *v, plank_env *envs, int32_t i, starts *q,
                          const plank_vector_out *out)
{
    q->envs[q->count++] = i;
    q->added++;
    return (q->count + 1) * q->each > PYRANDOM_MANY ? start_waiting(v, envs, q, out) : 0;
}

/* Whether the settings are ones the core plays and the arrays are there,
 * for envs[0..count-1]. */
/* Env i did not end in this call (hg_no_end). */
static void no_end(const plank_vector *v, const plank_vector_out *out, int32_t i)
{
    hg_no_end(out->terminated, out->rewards, out->scores, out->winners, i, v->rules.players);
}

static int32_t vector_ok(const plank_vector *v, const plank_vector_out *out, int32_t count)
{
    const plank_rules *r;
    if (!v || !out || !out->observations || !out->masks || !out->to_move || !out->terminated
        || !out->scores || !out->winners || !out->final_observations || !out->final_masks
        || !out->rewards) {
        return 0;
    }
    r = &v->rules;
    if (r->players < PLANK_MIN_PLAYERS || r->players > PLANK_MAX_PLAYERS || r->repetition < 0
        || r->repetition == 1 || r->turn_limit < 1 || r->turn_limit > PLANK_MAX_TURN_LIMIT
        || v->agent < -1 || v->agent >= r->players || v->autoreset < PLANK_SAME_STEP
        || v->autoreset > PLANK_DISABLED || v->seed_length < 0
        || v->seed_length > PLANK_SEED_TEXT) {
        return 0;
    }
    if (r->repetition
        && (!v->history || v->history_length < (int64_t)count * (r->turn_limit + 1))) {
        return 0;
    }
    for (int32_t seat = 0; seat < r->players; seat++) {
        if (!v->is_bot[seat]) {
            continue;
        }
        if (!v->rngs || v->rngs_length < (int64_t)count * r->players || seat == v->agent
            || v->label_lengths[seat] < 0
            || v->label_lengths[seat] > PLANK_SEED_TEXT
            || (v->policies[seat] != PLANK_POLICY_RANDOM
                && v->policies[seat] != PLANK_POLICY_GREEDY)) {
            return 0;
        }
    }
    return 1;
}

/* Whether env e holds a hand this batch started and can step. */
static int32_t env_ok(const plank_vector *v, const plank_env *e)
{
    int32_t most = e->status == PLANK_GOES_ON ? v->rules.turn_limit - 1 : v->rules.turn_limit;
    return e->started == 1 && e->position.players == v->rules.players
           && e->position.turn <= most && e->last >= -1
           && e->last < v->rules.players && e->status >= PLANK_GOES_ON
           && e->status <= PLANK_REPETITION && e->repeats >= 1
           && pk_check_position(&e->position) == 0;
}

int32_t plank_vector_reset(const plank_vector *vector, plank_env *envs, int32_t count,
                           const uint8_t *which, const plank_vector_out *out)
{
    uint32_t base[PYRANDOM_N];
    starts waiting;
    int32_t status = 0;
    if (count < 0 || !vector_ok(vector, out, count) || !envs) {
        return HG_ERR_ARGUMENT;
    }
    pyrandom_start(base);
    starts_begin(&waiting, vector, base);
    for (int32_t i = 0; i < count; i++) {
        plank_env *e = &envs[i];
        if (which && !which[i]) {
            continue;
        }
        if (which) {
            e->episode++;
        } else {
            e->episode = 0;
            e->actions = hg_seed_of(vector->seed_text, vector->seed_length, i, "'actions'", 9);
        }
        no_end(vector, out, i);
        status = start_game(vector, envs, i, &waiting, out);
        if (status < 0) {
            break;
        }
    }
    if (waiting.count) { /* the hands still waiting are dealt whatever happened */
        int32_t dealt = start_waiting(vector, envs, &waiting, out);
        status = status < 0 ? status : dealt;
    }
    return status < 0 ? status : count;
}

/* Step env i: its action, the bots, the end and the autoreset (a next
 * hand waits in q).  0, or a negative code with the env as it was. */
static int32_t step_env(const plank_vector *v, plank_env *envs, int32_t i, int64_t action,
                        const plank_vector_out *out, starts *q)
{
    plank_env *e = &envs[i];
    plank_key *keys = v->rules.repetition ? history_of(v, i) : NULL;
    plank_state s;
    uint32_t code;
    int32_t players = v->rules.players, seat, winner, bits, scores[PLANK_MAX_PLAYERS];
    if (!env_ok(v, e)) {
        return HG_ERR_STATE;
    }
    if (e->done) {
        if (v->autoreset != PLANK_NEXT_STEP) {
            return HG_ERR_ARGUMENT;
        }
        no_end(v, out, i);
        e->episode++;
        return start_game(v, envs, i, q, out);
    }
    if (action < 0 || action >= PLANK_ACTIONS || e->status != PLANK_GOES_ON) {
        return HG_ERR_ARGUMENT;
    }
    pk_load(&s, &e->position);
    code = (uint32_t)action;
    if (action < SQUARES) { /* a Place: the square's colour */
        if (action >= 3 * s.p.rows) {
            return HG_ERR_ILLEGAL;
        }
        code += (uint32_t)(PLANK_PLACE_COLOUR * s.colours[action]);
    }
    if (!pk_is_legal(&s, code)) {
        return HG_ERR_ILLEGAL;
    }
    no_end(v, out, i);
    seat = pk_to_move(&s);
    settle(v, e, &s, seat, pk_play(&s, code), keys);
    play_bots(v, e, &s, keys, rngs_of(v, i));
    e->position = s.p;
    if (e->status == PLANK_GOES_ON) {
        write(v, e, &s, i, out->observations, out->masks, out);
        return 0;
    }
    winner = e->status == PLANK_LINE ? e->last : -1;
    pk_score(&s, winner, scores, &bits);
    out->terminated[i] = 1;
    for (int32_t p = 0; p < players; p++) {
        out->scores[(int64_t)players * i + p] = scores[p];
        out->winners[(int64_t)players * i + p] = (int8_t)((bits >> p) & 1);
    }
    hg_rewards(&out->scores[(int64_t)players * i], players, v->reward_sign,
               &out->rewards[(int64_t)players * i]);
    if (v->autoreset == PLANK_SAME_STEP) {
        write(v, e, &s, i, out->final_observations, out->final_masks, out);
        e->episode++;
        return start_game(v, envs, i, q, out);
    }
    write(v, e, &s, i, out->observations, out->masks, out);
    e->done = 1;
    return 0;
}

/* Step envs[start..stop-1] (the settings checked), each env's rows copied
 * into `copies` too (plank_vector_step_all's, or NULL): at once, while they
 * are in the cache, or once its next hand is dealt. */
static int32_t step_range(const plank_vector *v, plank_env *envs, int32_t start, int32_t stop,
                          const int64_t *actions, const uint8_t *active,
                          const plank_vector_out *out, const plank_vector_copies *copies,
                          const uint32_t base[PYRANDOM_N])
{
    starts waiting;
    int32_t status = 0, dealt = 0;
    float *observations = copies ? copies->observations : NULL;
    int8_t *masks = copies ? copies->masks : NULL;
    int finals = copies && copies->final_observations;
    int64_t row = (int64_t)sizeof(float) * observation_size(v->rules.players);
    starts_begin(&waiting, v, base);
    waiting.observations = observations;
    waiting.masks = masks;
    for (int32_t i = start; i < stop && status >= 0; i++) {
        int32_t added = waiting.added; /* a hand started in this step counts */
        if (active && !active[i]) {
            no_end(v, out, i); /* left as it is */
        } else {
            status = step_env(v, envs, i, actions[i], out, &waiting);
        }
        if (observations && status >= 0 && waiting.added == added) {
            copy_row(v, out, i, observations, masks);
        }
        if (finals && status >= 0) {
            hg_final_rows(copies->final_rows, i, out->terminated[i],
                          (char *)copies->final_observations, (const char *)out->final_observations,
                          row, (char *)copies->final_masks, (const char *)out->final_masks,
                          PLANK_ACTIONS);
        }
    }
    /* the hands still waiting are dealt even when an env was refused */
    dealt = waiting.count ? start_waiting(v, envs, &waiting, out) : 0;
    return status < 0 ? status : dealt < 0 ? dealt : stop - start;
}

int32_t plank_vector_step(const plank_vector *vector, plank_env *envs, int32_t start,
                          int32_t stop, const int64_t *actions, const plank_vector_out *out)
{
    if (start < 0 || stop < start || !vector_ok(vector, out, stop) || !envs || !actions) {
        return HG_ERR_ARGUMENT;
    }
    uint32_t base[PYRANDOM_N];
    pyrandom_start(base);
    return step_range(vector, envs, start, stop, actions, NULL, out, NULL, base);
}

int32_t plank_workers_size(void)
{
    return (int32_t)sizeof(struct hg_workers);
}

int32_t plank_workers_start(void *workers, int32_t threads)
{
    return hg_workers_start(hg_workers_at(workers), threads);
}

void plank_workers_stop(void *workers)
{
    hg_workers_stop(hg_workers_at(workers));
}

/* A call of plank_vector_step_all or plank_vector_random_all, by part. */
typedef struct {
    const plank_vector *v;
    plank_env *envs;
    int32_t count;
    const int64_t *actions;
    const uint8_t *active;
    const plank_vector_out *out;
    const plank_vector_copies *copies;
    const int8_t *shown;         /* random_all: the masks drawn from */
    int64_t *drawn;              /* random_all: the actions drawn */
    uint32_t base[PYRANDOM_N];   /* step_all: pyrandom_start's */
    int32_t status[HG_MOST_CHUNKS];
} call;

static void step_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    call *c = context;
    (void)thread;
    c->status[chunk] = step_range(c->v, c->envs, hg_part_start(c->count, chunk, chunks),
                                  hg_part_start(c->count, chunk + 1, chunks), c->actions,
                                  c->active, c->out, c->copies, c->base);
}

/* Whether env i's hand is over and waits for its next (hg_refused_action). */
static int waits(const void *envs, int32_t i)
{
    return ((const plank_env *)envs)[i].done != 0;
}

int32_t plank_vector_step_all(const plank_vector *vector, plank_env *envs, int32_t count,
                              const int64_t *actions, const uint8_t *active,
                              const plank_vector_out *out, const plank_vector_copies *copies,
                              void *pool, int32_t *refused)
{
    struct hg_workers *workers = hg_workers_at(pool);
    int32_t status;
    if (!workers || workers->threads < 1 || !refused || !envs || !actions
        || count < workers->threads || !hg_copies_ok(copies)
        || (copies && (!copies->final_observations) != (!copies->final_masks))
        || !vector_ok(vector, out, count)) {
        return HG_ERR_ARGUMENT;
    }
    *refused = hg_refused_action(count, actions, active, out->masks, PLANK_ACTIONS,
                                 vector->autoreset == PLANK_NEXT_STEP ? waits : NULL, envs);
    if (*refused >= 0) {
        return HG_ERR_ILLEGAL;
    }
    {
        call c = {vector, envs, count, actions, active, out, copies, NULL, NULL, {0}, {0}};
        int32_t chunks = hg_chunks(count, workers->threads);
        pyrandom_start(c.base);
        status = hg_workers_run(workers, step_chunk, &c, chunks);
        if (status >= 0) {
            status = hg_first_failure(c.status, chunks);
        }
    }
    return status < 0 ? status : count;
}

/* hg_random_action on a mask of PLANK_ACTIONS, in one pass over it: the
 * legal ids of each block of 64 counted, then the chosen one found in its
 * block. */
static int64_t random_action(uint64_t *state, const int8_t *mask)
{
    enum { BLOCK = 64, BLOCKS = (PLANK_ACTIONS + BLOCK - 1) / BLOCK };
    int32_t counts[BLOCKS], legal = 0, b = 0, a;
    uint64_t pick;
    for (; b < PLANK_ACTIONS / BLOCK; b++) {
        const uint8_t *block = (const uint8_t *)mask + BLOCK * b;
        uint8_t here = 0;
        for (int32_t k = 0; k < BLOCK; k++) {
            here = (uint8_t)(here + (block[k] != 0));
        }
        counts[b] = here;
        legal += here;
    }
    if (b < BLOCKS) { /* the last, shorter block */
        int32_t here = 0;
        for (a = BLOCK * b; a < PLANK_ACTIONS; a++) {
            here += mask[a] != 0;
        }
        counts[b] = here;
        legal += here;
    }
    if (legal == 0) {
        return 0;
    }
    pick = ((hg_splitmix64(state) >> 32) * (uint64_t)legal) >> 32; /* < legal */
    for (b = 0; pick >= (uint64_t)counts[b]; b++) {
        pick -= (uint64_t)counts[b];
    }
    { /* the legal ids of block b as bits, the pick-th lowest of them */
        uint64_t bits = 0;
        if (b < PLANK_ACTIONS / BLOCK) {
            for (a = 0; a < BLOCK; a += 8) {
                bits |= hg_nonzero_bytes((const uint8_t *)mask + BLOCK * b + a) << a;
            }
        } else {
            for (a = 0; BLOCK * b + a < PLANK_ACTIONS; a++) {
                bits |= (uint64_t)(mask[BLOCK * b + a] != 0) << a;
            }
        }
        for (; pick > 0; pick--) {
            bits &= bits - 1;
        }
        return BLOCK * b + hg_lowest_bit(bits);
    }
}

int32_t plank_vector_random_actions(plank_env *envs, int32_t count, const int8_t *masks,
                                    int64_t *out)
{
    if (!envs || !masks || !out || count < 0) {
        return HG_ERR_ARGUMENT;
    }
    for (int32_t i = 0; i < count; i++) {
        out[i] = random_action(&envs[i].actions, &masks[(int64_t)i * PLANK_ACTIONS]);
    }
    return count;
}

static void random_chunk(void *context, int32_t chunk, int32_t chunks, int32_t thread)
{
    call *c = context;
    int32_t start = hg_part_start(c->count, chunk, chunks);
    (void)thread;
    c->status[chunk] = plank_vector_random_actions(
        c->envs + start, hg_part_start(c->count, chunk + 1, chunks) - start,
        c->shown + (int64_t)start * PLANK_ACTIONS, c->drawn + start);
}

int32_t plank_vector_random_all(plank_env *envs, int32_t count, const int8_t *masks,
                                int64_t *out, void *pool)
{
    struct hg_workers *workers = hg_workers_at(pool);
    int32_t status;
    if (!workers || workers->threads < 1 || !envs || !masks || !out
        || count < workers->threads) {
        return HG_ERR_ARGUMENT;
    }
    {
        call c = {NULL, envs, count, NULL, NULL, NULL, NULL, masks, out, {0}, {0}};
        int32_t chunks = hg_chunks(count, workers->threads);
        status = hg_workers_run(workers, random_chunk, &c, chunks);
        if (status >= 0) {
            status = hg_first_failure(c.status, chunks);
        }
    }
    return status < 0 ? status : count;
}
