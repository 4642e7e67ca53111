/* hg_vector.h: what the cores' vector environments share (huegames.vector),
 * internal to the cores: every function is static.
 *
 * - Seeds: env i's game k of a batch seeded s is derive_seed(s, i, k), its
 *   bot in seat j derive_seed(game seed, j, label) and its random actions'
 *   generator derive_seed(s, i, 'actions'), made here from the text of the
 *   parts' repr exactly as Python writes it (the batch seed's text and each
 *   label's repr come from Python).
 * - Random actions: SplitMix64; the i-th legal action (ascending) of a
 *   mask with n legal ones, i = (high 32 bits of the output * n) >> 32.
 * - Worker threads (hg_workers): a batch call runs on the calling thread
 *   and on worker threads kept for the batch, so a step starts no thread.
 *   Its envs are cut into chunks, and the chunks into one run of chunks a
 *   thread: each thread steps its own run first (the same envs every call,
 *   so their memory stays in that core's cache), then takes what is left of
 *   the others' runs: a thread the system does not get round to running
 *   leaves its share to the others.  Each env's results do not depend on
 *   which thread stepped it.  A waiting thread first spins for up to 200 us (the next
 *   step usually comes within tens of microseconds), then sleeps on a
 *   condition variable.  POSIX threads (the includer defines
 *   _POSIX_C_SOURCE 200809L before any header, for clock_gettime); under
 *   _WIN32 the chunks run one after another on the calling thread. */
#ifndef HUEGAMES_HG_VECTOR_H
#define HUEGAMES_HG_VECTOR_H

#include "huegames.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifndef _WIN32
#include <pthread.h>
#include <sched.h>
#include <time.h>
#endif

#define HG_SEED_TEXT 320         /* the longest seed text made here */

static inline uint64_t hg_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* derive_seed(<head>, <middle>, <tail>) where head is the text of a part's
 * repr (`head_length` bytes), middle an integer and tail the text of the
 * last part's repr: (head, middle, tail). */
static inline uint64_t hg_seed_of(const char *head, int32_t head_length, int64_t middle,
                                  const char *tail, int32_t tail_length)
{
    char text[HG_SEED_TEXT];
    int32_t n = 0;
    if (head_length < 0 || tail_length < 0 || head_length + tail_length > HG_SEED_TEXT - 32) {
        return 0; /* the caller keeps both short (the Python side checks) */
    }
    text[n++] = '(';
    memcpy(text + n, head, (size_t)head_length);
    n += head_length;
    n += snprintf(text + n, (size_t)(HG_SEED_TEXT - n), ", %lld, ", (long long)middle);
    memcpy(text + n, tail, (size_t)tail_length);
    n += tail_length;
    text[n++] = ')';
    return hg_derive_seed(text, n);
}

/* The same with the tail an integer: (head, middle, last). */
static inline uint64_t hg_seed_of_ints(const char *head, int32_t head_length, int64_t middle,
                                       int64_t last)
{
    char tail[24];
    int written = snprintf(tail, sizeof tail, "%lld", (long long)last);
    return hg_seed_of(head, head_length, middle, tail, (int32_t)written);
}

/* The index of the lowest bit set in `bits` (not 0): de Bruijn's. */
static inline int32_t hg_lowest_bit(uint64_t bits)
{
    static const int8_t index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return index[((bits & (0 - bits)) * 0x03F79D71B4CB0A89u) >> 58];
}

/* Bit j set where bytes[j] is not 0 (j < 8): the bytes read as one
 * little-endian word, the top bit of each byte set where it is not 0, and
 * those eight bits gathered by one multiply. */
static inline uint64_t hg_nonzero_bytes(const uint8_t *bytes)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t w = (uint64_t)bytes[0] | (uint64_t)bytes[1] << 8 | (uint64_t)bytes[2] << 16
                 | (uint64_t)bytes[3] << 24 | (uint64_t)bytes[4] << 32 | (uint64_t)bytes[5] << 40
                 | (uint64_t)bytes[6] << 48 | (uint64_t)bytes[7] << 56;
    uint64_t top = (((w & low7) + low7) | w) & ~low7;
    return ((top >> 7) * 0x0102040810204080u) >> 56;
}

/* The bits set in `bits`. */
static inline int32_t hg_popcount(uint64_t bits)
{
    bits -= (bits >> 1) & 0x5555555555555555u;
    bits = (bits & 0x3333333333333333u) + ((bits >> 2) & 0x3333333333333333u);
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int32_t)((bits * 0x0101010101010101u) >> 56);
}

/* A uniformly random legal action of `mask` (`count` entries) from `state`;
 * 0, without a draw, when none is legal.  Up to 64 entries, the legal ids
 * are made one word of bits (eight mask bytes at a time). */
static inline int64_t hg_random_action(uint64_t *state, const int8_t *mask, int32_t count)
{
    int32_t legal = 0;
    if (count <= 64) {
        uint64_t bits = 0, pick;
        int32_t a = 0;
        for (; a + 8 <= count; a += 8) {
            bits |= hg_nonzero_bytes((const uint8_t *)mask + a) << a;
        }
        for (; a < count; a++) {
            bits |= (uint64_t)(mask[a] != 0) << a;
        }
        legal = hg_popcount(bits);
        if (legal == 0) {
            return 0;
        }
        for (pick = ((hg_splitmix64(state) >> 32) * (uint64_t)legal) >> 32; pick > 0; pick--) {
            bits &= bits - 1;
        }
        return hg_lowest_bit(bits);
    }
    for (int32_t a = 0; a < count; a++) {
        legal += mask[a] != 0;
    }
    if (legal == 0) {
        return 0;
    }
    uint64_t pick = ((hg_splitmix64(state) >> 32) * (uint64_t)legal) >> 32;
    for (int32_t a = 0; a < count; a++) {
        if (mask[a] != 0 && pick-- == 0) {
            return a;
        }
    }
    return 0; /* not reached */
}

/* Each seat's reward of a finished game with `scores` (`players` of them)
 * into `rewards`: huegames.rl's "score-difference", sign * (players *
 * score - total) / (players - 1), the sign -1 where lower scores win. */
static inline void hg_rewards(const double *scores, int32_t players, double sign, double *rewards)
{
    double total = 0;
    for (int32_t p = 0; p < players; p++) {
        total += scores[p];
    }
    for (int32_t p = 0; p < players; p++) {
        rewards[p] = sign * ((double)players * scores[p] - total) / (double)(players - 1);
    }
}

/* Env i did not end in this call: terminated 0, and its rows of rewards,
 * scores and winners (`players` each) 0. */
static inline void hg_no_end(uint8_t *terminated, double *rewards, double *scores,
                             int8_t *winners, int32_t i, int32_t players)
{
    terminated[i] = 0;
    for (int32_t p = 0; p < players; p++) {
        rewards[(int64_t)i * players + p] = 0;
        scores[(int64_t)i * players + p] = 0;
        winners[(int64_t)i * players + p] = 0;
    }
}

/* The first env whose action a step_all call refuses, or -1.  Every
 * action is checked before any is played, against its env's row of `masks`
 * (`mask_size` ids a row; an over env's row is all 0, so its state is read
 * only then): an env not `active` (where that is given) takes anything, and
 * where `waits` is given (next-step mode) an env for which waits(context,
 * i) says its game is over takes anything too (it starts its next game). */
static inline int32_t hg_refused_action(int32_t count, const int64_t *actions,
                                        const uint8_t *active, const int8_t *masks,
                                        int64_t mask_size,
                                        int (*waits)(const void *context, int32_t i),
                                        const void *context)
{
    for (int32_t i = 0; i < count; i++) {
        int64_t a = actions[i];
        if ((active && !active[i]) || (a >= 0 && a < mask_size && masks[i * mask_size + a])
            || (waits && waits(context, i))) {
            continue;
        }
        return i;
    }
    return -1;
}

/* The first failure among a call's `chunks` chunk statuses, or 0. */
static inline int32_t hg_first_failure(const int32_t *status, int32_t chunks)
{
    for (int32_t chunk = 0; chunk < chunks; chunk++) {
        if (status[chunk] < 0) {
            return status[chunk];
        }
    }
    return 0;
}

/* Whether a core's X_vector_copies `copies` (a pointer, NULL for none)
 * gives its observations and masks both or neither, and its final
 * observations and final rows both or neither. */
#define hg_copies_ok(copies)                                                                    \
    (!(copies)                                                                                  \
     || ((!(copies)->observations) == (!(copies)->masks)                                        \
         && (!(copies)->final_observations) == (!(copies)->final_rows)))

/* Env i's rows of a caller's final arrays (same-step mode), rows of
 * `observation_bytes` and `mask_bytes` (0: no masks): where it `ended` in
 * this call, its end's rows copied in from the batch's own final arrays
 * (`own_*`; nothing to copy where they are the same arrays), else zeroed
 * where final_rows[i] says they hold an earlier end's.  final_rows[i] then
 * says whether they hold an end. */
static inline void hg_final_rows(uint8_t *final_rows, int64_t i, int ended, char *observations,
                                 const char *own_observations, int64_t observation_bytes,
                                 char *masks, const char *own_masks, int64_t mask_bytes)
{
    char *observation = observations + i * observation_bytes;
    char *mask = masks ? masks + i * mask_bytes : NULL;
    if (ended) {
        if (observations != own_observations) {
            memcpy(observation, own_observations + i * observation_bytes,
                   (size_t)observation_bytes);
        }
        if (mask_bytes > 0 && masks != own_masks) {
            memcpy(mask, own_masks + i * mask_bytes, (size_t)mask_bytes);
        }
        final_rows[i] = 1;
    } else if (final_rows[i]) {
        memset(observation, 0, (size_t)observation_bytes);
        if (mask_bytes > 0) {
            memset(mask, 0, (size_t)mask_bytes);
        }
        final_rows[i] = 0;
    }
}

/* -- worker threads ------------------------------------------------------- */

#define HG_MOST_THREADS 64       /* the most threads a call runs on */
#define HG_CHUNKS_PER_THREAD 4   /* a call's envs are cut into threads * this chunks */
#define HG_MOST_CHUNKS (HG_MOST_THREADS * HG_CHUNKS_PER_THREAD)
#define HG_SPIN_NS 200000        /* how long a waiting thread spins before it sleeps */

/* One chunk of a batch call: chunk `chunk` of `chunks`, run by thread
 * `thread` (0, the caller, up to threads - 1: what it owns, such as a
 * workspace, is its own), its context the call's. */
typedef void hg_job(void *context, int32_t chunk, int32_t chunks, int32_t thread);

struct hg_workers;

/* The workers at `memory` (a core's X_workers_size() bytes), or NULL when
 * it is not 8-aligned. */
static inline struct hg_workers *hg_workers_at(void *memory)
{
    return ((uintptr_t)memory & 7u) == 0 ? (struct hg_workers *)memory : NULL;
}

/* Where chunk `chunk` of `chunks` of `count` envs starts (numpy's
 * linspace(0, count, chunks + 1).astype(int)). */
static inline int32_t hg_part_start(int32_t count, int32_t chunk, int32_t chunks)
{
    return (int32_t)((int64_t)count * chunk / chunks);
}

/* The chunks a call of `count` envs on `threads` threads is cut into: each
 * thread takes the next chunk left until none is, so a thread the system
 * does not run leaves its share to the others. */
static inline int32_t hg_chunks(int32_t count, int32_t threads)
{
    int32_t chunks = threads == 1 ? 1 : threads * HG_CHUNKS_PER_THREAD;
    return chunks < count ? chunks : count;
}

#ifdef _WIN32

struct hg_workers {
    int32_t threads;
    int32_t busy;
};

static int32_t hg_workers_start(struct hg_workers *w, int32_t threads)
{
    if (!w || threads < 1 || threads > HG_MOST_THREADS) {
        return HG_ERR_ARGUMENT;
    }
    w->threads = threads;
    w->busy = 0;
    return threads;
}

static void hg_workers_stop(struct hg_workers *w)
{
    if (w) {
        w->threads = 0;
    }
}

static int32_t hg_workers_run(struct hg_workers *w, hg_job *job, void *context, int32_t chunks)
{
    if (!w || w->threads < 1 || w->busy || chunks < 1 || chunks > HG_MOST_CHUNKS) {
        return HG_ERR_STATE;
    }
    w->busy = 1;
    for (int32_t chunk = 0; chunk < chunks; chunk++) {
        job(context, chunk, chunks, 0);
    }
    w->busy = 0;
    return 0;
}

#else

/* What the spinning waits and the chunk counter read without the lock:
 * GCC's and clang's atomics; with another compiler the waits sleep at once
 * and the counter is read under the lock. */
#if defined(__GNUC__) || defined(__clang__)
#define HG_ATOMICS 1
#define HG_LOAD(place) __atomic_load_n((place), __ATOMIC_ACQUIRE)
#define HG_STORE(place, value) __atomic_store_n((place), (value), __ATOMIC_RELEASE)
#define HG_ADD(place, value) __atomic_add_fetch((place), (value), __ATOMIC_ACQ_REL)
#if defined(__x86_64__) || defined(__i386__)
#define HG_PAUSE() __builtin_ia32_pause()
#else
#define HG_PAUSE() ((void)0)
#endif
#else
#define HG_ATOMICS 0
#define HG_LOAD(place) (*(place))
#define HG_STORE(place, value) (*(place) = (value))
#define HG_ADD(place, value) (*(place) += (value))
#define HG_PAUSE() ((void)0)
#endif

struct hg_workers;

typedef struct {
    struct hg_workers *pool;
    pthread_t thread;
    int32_t index;               /* its thread number in a call, 1.. */
} hg_worker;

struct hg_workers {
    pthread_mutex_t lock;
    pthread_cond_t wake;         /* the workers sleep here until a call or the stop */
    pthread_cond_t finished;     /* the caller sleeps here until the chunks are done */
    hg_job *job;                 /* the call's, set before `calls` counts it */
    void *context;
    int32_t chunks;              /* the call's chunks */
    int32_t done;                /* the call's chunks done */
    int32_t threads;             /* threads of a call: the caller's and the workers' */
    int32_t started;             /* worker threads running */
    int32_t calls;               /* calls handed out (the workers follow it) */
    int32_t caller_sleeps;       /* the caller waits on `finished` */
    int32_t stopping;
    int32_t busy;                /* a call is running (a second one is refused) */
    /* Thread k's run of chunks is hg_part_start(chunks, k, threads) up to
     * that of k + 1; runs[k] holds the call's number (high 32 bits) and the
     * run's next chunk not taken (low 32): a worker that slept through a
     * call finds another call's number there and takes nothing of it. */
    uint64_t runs[HG_MOST_THREADS];
    hg_worker workers[HG_MOST_THREADS];
};

/* Spin while (*place == value) == `equal`, for HG_SPIN_NS at most:
 * whether that stopped (0: the caller goes on to sleep). */
static int hg_spin_while(int32_t *place, int32_t value, int equal)
{
#if HG_ATOMICS
    struct timespec now;
    int64_t until = -1;
    for (int32_t spin = 1;; spin++) {
        if ((HG_LOAD(place) == value) != equal) {
            return 1;
        }
        if (spin % 32 == 0) { /* the clock now and then, and a yield */
            int64_t ns;
            clock_gettime(CLOCK_MONOTONIC, &now);
            ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
            if (until < 0) {
                until = ns + HG_SPIN_NS;
            } else if (ns > until) {
                return 0;
            }
            sched_yield(); /* a thread of ours waiting for this core gets it */
        } else {
            HG_PAUSE();
        }
    }
#else
    (void)place;
    (void)value;
    (void)equal;
    return 0;
#endif
}

#define HG_LOW32 ((uint64_t)0xFFFFFFFFu)

/* The next chunk not taken yet of thread `run`'s run in call number `call`
 * (of `chunks`), or -1 when none is left (or that call is over). */
static int32_t hg_take_from(struct hg_workers *w, int32_t run, int32_t call, int32_t chunks)
{
    uint64_t stop = (uint64_t)hg_part_start(chunks, run + 1, w->threads);
    uint64_t tag = (uint64_t)(uint32_t)call << 32;
#if HG_ATOMICS
    uint64_t next = HG_LOAD(&w->runs[run]);
    while ((next & ~HG_LOW32) == tag && (next & HG_LOW32) < stop) {
        if (__atomic_compare_exchange_n(&w->runs[run], &next, next + 1, 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE)) {
            return (int32_t)(next & HG_LOW32);
        }
    }
    return -1;
#else
    int32_t chunk = -1;
    pthread_mutex_lock(&w->lock);
    if ((w->runs[run] & ~HG_LOW32) == tag && (w->runs[run] & HG_LOW32) < stop) {
        chunk = (int32_t)(w->runs[run]++ & HG_LOW32);
    }
    pthread_mutex_unlock(&w->lock);
    return chunk;
#endif
}

/* The next chunk for thread `thread` in call number `call`: of its own run
 * while any is left, then of the next threads' runs in turn; -1 when none
 * is left. */
static int32_t hg_take(struct hg_workers *w, int32_t thread, int32_t call, int32_t chunks)
{
    for (int32_t k = 0; k < w->threads; k++) {
        int32_t run = (thread + k) % w->threads;
        int32_t chunk = hg_take_from(w, run, call, chunks);
        if (chunk >= 0) {
            return chunk;
        }
    }
    return -1;
}

/* Run the call's chunks as thread `thread` until none is left. */
static void hg_run_chunks(struct hg_workers *w, hg_job *job, void *context, int32_t call,
                          int32_t chunks, int32_t thread)
{
    for (int32_t chunk = hg_take(w, thread, call, chunks); chunk >= 0;
         chunk = hg_take(w, thread, call, chunks)) {
        job(context, chunk, chunks, thread);
#if HG_ATOMICS
        if (HG_ADD(&w->done, 1) == chunks) { /* the last: wake the caller if it sleeps */
            pthread_mutex_lock(&w->lock);
            if (w->caller_sleeps) {
                pthread_cond_signal(&w->finished);
            }
            pthread_mutex_unlock(&w->lock);
        }
#else
        pthread_mutex_lock(&w->lock);
        if (++w->done == chunks && w->caller_sleeps) {
            pthread_cond_signal(&w->finished);
        }
        pthread_mutex_unlock(&w->lock);
#endif
    }
}

static void *hg_worker_main(void *argument)
{
    hg_worker *self = argument;
    struct hg_workers *w = self->pool;
    int32_t seen = 0;
    for (;;) {
        hg_spin_while(&w->calls, seen, 1);
        pthread_mutex_lock(&w->lock);
        while (HG_LOAD(&w->calls) == seen && !w->stopping) {
            pthread_cond_wait(&w->wake, &w->lock);
        }
        if (w->stopping) {
            pthread_mutex_unlock(&w->lock);
            return NULL;
        }
        seen = HG_LOAD(&w->calls);
        hg_job *job = w->job;
        void *context = w->context;
        int32_t chunks = w->chunks;
        pthread_mutex_unlock(&w->lock);
        hg_run_chunks(w, job, context, seen, chunks, self->index);
    }
}

static void hg_workers_stop(struct hg_workers *w)
{
    if (!w || w->threads < 1) {
        return;
    }
    pthread_mutex_lock(&w->lock);
    w->stopping = 1;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    for (int32_t k = 1; k <= w->started; k++) {
        pthread_join(w->workers[k].thread, NULL);
    }
    pthread_cond_destroy(&w->finished);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    w->threads = 0;
    w->started = 0;
}

/* Start threads - 1 workers in `w` (its memory the caller's): threads, or
 * HG_ERR_ARGUMENT, or HG_ERR_STATE when the system refuses a thread (then
 * none is left running). */
static int32_t hg_workers_start(struct hg_workers *w, int32_t threads)
{
    if (!w || threads < 1 || threads > HG_MOST_THREADS) {
        return HG_ERR_ARGUMENT;
    }
    memset(w, 0, sizeof *w);
    if (pthread_mutex_init(&w->lock, NULL) != 0) {
        return HG_ERR_STATE;
    }
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        return HG_ERR_STATE;
    }
    if (pthread_cond_init(&w->finished, NULL) != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return HG_ERR_STATE;
    }
    w->threads = threads;
    for (int32_t k = 1; k < threads; k++) {
        w->workers[k].pool = w;
        w->workers[k].index = k;
        if (pthread_create(&w->workers[k].thread, NULL, hg_worker_main, &w->workers[k]) != 0) {
            hg_workers_stop(w);
            return HG_ERR_STATE;
        }
        w->started = k;
    }
    return threads;
}

/* Run `job` on chunks 0..chunks-1 (1..HG_MOST_CHUNKS), each once, on this
 * thread and the workers; returns when all are done (not waiting for a
 * worker that took none): 0, or HG_ERR_STATE for workers not started or
 * already running a call. */
static int32_t hg_workers_run(struct hg_workers *w, hg_job *job, void *context, int32_t chunks)
{
    int32_t call;
    if (!w || w->threads < 1 || chunks < 1 || chunks > HG_MOST_CHUNKS) {
        return HG_ERR_STATE;
    }
    pthread_mutex_lock(&w->lock);
    if (w->busy || w->stopping) {
        pthread_mutex_unlock(&w->lock);
        return HG_ERR_STATE;
    }
    w->busy = 1;
    w->job = job;
    w->context = context;
    w->chunks = chunks;
    call = (int32_t)((uint32_t)w->calls + 1u);
    for (int32_t run = 0; run < w->threads; run++) {
        uint64_t start = (uint64_t)hg_part_start(chunks, run, w->threads);
        HG_STORE(&w->runs[run], (uint64_t)(uint32_t)call << 32 | start);
    }
    HG_STORE(&w->done, 0);
    HG_STORE(&w->calls, call);
    if (w->threads > 1) {
        pthread_cond_broadcast(&w->wake);
    }
    pthread_mutex_unlock(&w->lock);
    hg_run_chunks(w, job, context, call, chunks, 0);
    if (!hg_spin_while(&w->done, chunks, 0)) {
        pthread_mutex_lock(&w->lock);
        w->caller_sleeps = 1;
        while (HG_LOAD(&w->done) != chunks) {
            pthread_cond_wait(&w->finished, &w->lock);
        }
        w->caller_sleeps = 0;
        pthread_mutex_unlock(&w->lock);
    }
    pthread_mutex_lock(&w->lock);
    w->busy = 0;
    pthread_mutex_unlock(&w->lock);
    return 0;
}

#endif

#endif
