/*
 * hue_core.h -- the hot path of the Hue engine: connected-area values and
 * legal-placement enumeration on a caller-owned grid of cells, and a kernel
 * that plays whole random games and random playouts (end of this file).
 *
 * The contract
 * ------------
 * - The library keeps no global state and never allocates: every buffer is
 *   the caller's, passed with its size.  Functions are reentrant.
 * - A grid is `width * height` cells in row-major order (index y*width + x),
 *   1 <= width, height <= HUE_MAX_SIDE.  Cells outside the grid are empty.
 * - Every function checks its arguments and returns a negative HUE_E* code
 *   (and writes nothing) when they are out of range; it never reads or
 *   writes outside the buffers it is given.
 *
 * A cell is one 16-bit code describing the visible square on it:
 *
 *   bits 0-1   layout: 0 empty, 1 solid, 2 vertical stripes, 3 horizontal
 *   bits 2-4   colour 0  (solid colour; left or top stripe)
 *   bits 5-7   colour 1  (middle stripe)
 *   bits 8-10  colour 2  (right or bottom stripe)
 *   bit  11    skull (the middle square of a poison card)
 *
 * Colours are 0..4 (G R Y P B).  A code with layout 0 must be exactly 0; a
 * colour above 4 or a set bit above 11 makes the grid invalid (HG_ERR_CELL).
 *
 * Scoring works on sub-cells: each square is a 3x3 block.  A solid square
 * paints all 9 its colour; vertical stripes paint columns left to right,
 * horizontal stripes paint rows top to bottom.  An area is a maximal
 * 4-connected set of same-colour sub-cells; its size in points is
 * sub-cells / 3.  An area holding any sub-cell of a skull square is worth 0.
 * A colour's value is its largest area worth anything.
 */
#ifndef HUE_CORE_H
#define HUE_CORE_H

#include "huegames.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HUE_CORE_VERSION_MAJOR 4
#define HUE_CORE_VERSION_MINOR 3
#define HUE_CORE_VERSION_PATCH 0
#define HUE_CORE_VERSION \
    HG_VERSION_NUMBER(HUE_CORE_VERSION_MAJOR, HUE_CORE_VERSION_MINOR, HUE_CORE_VERSION_PATCH)

#define HUE_COLOURS 5
#define HUE_MAX_SIDE 4096        /* largest grid side, in cells */
#define HUE_MAX_ORIGIN 0x3FFFFFFFFFFFFFFFLL  /* |origin| limit, table coords */

#define HUE_LAYOUT_MASK 0x3
#define HUE_EMPTY 0
#define HUE_SOLID 1
#define HUE_VERTICAL 2
#define HUE_HORIZONTAL 3
#define HUE_COLOUR_SHIFT 2       /* colour k at bits 2+3k .. 4+3k */
#define HUE_SKULL 0x800

/* Errors: the shared HG_ERR_* codes of huegames.h; every function
 * returns >= 0 on success. */

typedef uint16_t hue_cell;

/* A card in one rotation: three cell codes along its footprint, in
 * footprint order (top to bottom, or left to right). */
typedef struct {
    hue_cell cells[3];
    uint8_t horizontal;          /* 0: cells (x,y)..(x,y+2); 1: (x,y)..(x+2,y);
                                    anything else is HG_ERR_ARGUMENT */
} hue_shape;

/* A candidate placement for the batch call. */
typedef struct {
    int32_t x, y;                /* anchor: top-left cell, grid coordinates */
    hue_shape shape;
} hue_candidate;

/* One legal placement: the card's index in the hand, the anchor in grid
 * coordinates (may be negative or beyond the grid: up to 3 cells outside),
 * and the rotation. */
typedef struct {
    int32_t card, x, y, rotation;
} hue_placement;

/* The version this library was built as (HUE_CORE_VERSION). */
HG_API int hue_core_version(void);

/* Bytes of workspace the functions below need for a width x height grid,
 * or 0 when the size is out of range: about 30 bytes per cell.  Any
 * alignment will do; the size includes room to align it internally. */
HG_API size_t hue_workspace_size(int32_t width, int32_t height);

/* Colour values of a grid.  Writes values[0..4] (G R Y P B) in points.
 * Returns 0, or a negative error code (values untouched). */
HG_API int hue_colour_values(const hue_cell *cells, int32_t width, int32_t height,
                      void *workspace, size_t workspace_size,
                      int32_t values[HUE_COLOURS]);

/* Colour values after each of `count` candidate placements, each applied
 * alone to the grid (the grid itself is not modified).  A candidate's three
 * cells must lie inside the grid (else HG_ERR_BOUNDS); a cell code 0 in a
 * candidate empties that cell.  Writes values[5*i .. 5*i+4] for
 * candidate i.  Returns 0 or a negative error code; on error nothing is
 * written. */
HG_API int hue_colour_values_after(const hue_cell *cells, int32_t width,
                            int32_t height, const hue_candidate *candidates,
                            int32_t count, void *workspace,
                            size_t workspace_size, int32_t *values);

/* Upper bound on the number of legal placements of `card_count` cards on a
 * width x height grid: the capacity that hue_legal_placements never
 * exceeds.  Returns -1 when the sizes are out of range. */
HG_API int64_t hue_legal_capacity(int32_t width, int32_t height, int32_t card_count);

/* Every legal placement of each card of a hand.  On a grid with no occupied
 * cell nothing is legal (returns 0): the empty table's "anything goes" is
 * the caller's rule.  Legality depends only on the footprint: rotations 0
 * and 2 are vertical, 1 and 3 horizontal.  A placement is legal when its
 * footprint covers no occupied cell and shares a side with one, or
 * (allow_cover != 0) covers exactly one occupied cell.  rotations[i] is 4
 * for card i, or 2 when its rotations r and r+2 look the same (only 0 and 1
 * are listed then); any other value is HG_ERR_ARGUMENT.  Output order: card,
 * then rotation, then y, then x, all ascending.
 * Returns the number written to out (at most capacity), or a negative
 * error code (HG_ERR_CAPACITY when capacity is short: nothing useful is
 * written then). */
HG_API int64_t hue_legal_placements(const hue_cell *cells, int32_t width,
                             int32_t height, const uint8_t *rotations,
                             int32_t card_count, int allow_cover,
                             hue_placement *out, int64_t capacity);

/* The legal anchors of a vertical card (rotations 0 and 2) and of a
 * horizontal card (rotations 1 and 3): legality depends on the footprint
 * only, so these are every legal placement of every card.  Grid cell (i, j)
 * is table cell (origin_x + i, origin_y + j), |origin| <= HUE_MAX_ORIGIN.
 * Writes (x, y) pairs of table coordinates to pairs[0 .. 2*count-1]: the
 * vertical anchors, then the horizontal ones, each sorted by (y, x); sets
 * *vertical to the number of vertical ones.  capacity counts pairs;
 * hue_legal_capacity(width, height, 1) / 2 always suffices.  Returns the
 * number of pairs written, or a negative error code (then *vertical = 0;
 * after HG_ERR_CAPACITY the pairs buffer may hold partial output). */
HG_API int64_t hue_legal_anchors(const hue_cell *cells, int32_t width, int32_t height,
                          int allow_cover, int64_t origin_x, int64_t origin_y,
                          int64_t *pairs, int64_t capacity, int64_t *vertical);

/* ---- the spatial encoding of huegames.hue.encoding ----------------------
 *
 * A frame of `cols` x `rows` anchor positions; laying the card in hand slot
 * s in rotation r with its anchor at frame position (col, row) is action
 * ((s * 4 + r) * rows + row) * cols + col.  Grid cell (i, j) is frame
 * position (origin_x + i, origin_y + j), as in hue_legal_anchors. */

/* A grid as the encoder and the playouts read it: width x height cells,
 * row-major, as everywhere in this header. */
typedef struct {
    const hue_cell *cells;
    int32_t width, height;
} hue_grid;

/* The frame of the action ids, and where the grid lies in it. */
typedef struct {
    int32_t cols, rows;          /* 1 .. HUE_MAX_SIDE each */
    int64_t origin_x, origin_y;  /* |origin| <= HUE_MAX_ORIGIN */
} hue_frame;

/* What hue_mark_actions writes: either output may be NULL. */
typedef struct {
    int8_t *mask;                /* `size` bytes, one per action id */
    int64_t size;
    int8_t *anchors;             /* 2 * rows * cols bytes */
    int64_t *pairs;              /* scratch for hue_legal_anchors: `capacity` pairs */
    int64_t capacity;
} hue_marks;

/* Sets mask[id] = 1 for the id of every legal placement of every hand slot
 * (slot s lists rotations 0 .. rotations[s]-1; rotations[s] is 2 or 4,
 * slots <= HUE_MAX_HAND), and anchors[o * rows * cols + row * cols + col] = 1
 * for every legal anchor of orientation o (0 vertical, 1 horizontal), and
 * leaves the other bytes alone; the legal anchors are hue_legal_anchors'.
 * Every anchor must lie in the frame (else HG_ERR_BOUNDS); the mask holds
 * at least slots * 4 * rows * cols bytes (else HG_ERR_CAPACITY).  On any
 * error neither output is touched.  Returns the number of legal placements
 * (of ids set). */
HG_API int64_t hue_mark_actions(const hue_grid *grid, int allow_cover, const hue_frame *frame,
                                const uint8_t *rotations, int32_t slots, const hue_marks *out);

/* How cells are painted into planes: `planes` planes (1..64) of rows x cols
 * bytes (1 .. HUE_MAX_SIDE each), cell code c painting table[c * planes + p]
 * into plane p; `table` holds 4096 * planes bytes (a row per cell code). */
typedef struct {
    const uint8_t *table;
    int32_t planes, rows, cols;
} hue_planes;

/* Writes the grid cells of the box x0 y0 x1 y1 (box[0..3], inside the grid,
 * at most cols x rows) into out, as `planes` says: cell (x, y) gives
 * out[(p * rows + y - y0) * cols + x - x0].  Empty cells are skipped: the
 * caller zeroes `out`.  Returns 0, or HG_ERR_ARGUMENT / HG_ERR_CELL (an
 * invalid code in the box) with nothing written. */
HG_API int hue_paint_planes(const hue_grid *grid, const int32_t box[4],
                            const hue_planes *planes, uint8_t *out);

/* Where each part of Hue's observation (huegames.hue.encoding) lies in its
 * flat uint8 vector of `size` bytes: the planes part is `planes` planes of
 * rows x cols from byte 0; origin, 2 rows of origin_width from origin_at;
 * hand, slots rows of features from hand_at; cards, deck_size rows of
 * 3 + players from cards_at; hand_sizes, players rows of slots + 1 from
 * sizes_at; to_move and seat, players bytes each; over, one byte. */
typedef struct {
    int32_t planes, rows, cols;
    int32_t origin_at, origin_width;
    int32_t hand_at, slots, features;
    int32_t cards_at, deck_size;
    int32_t sizes_at, to_move_at, seat_at, over_at;
    int32_t players;
    int64_t size;
} hue_observation_layout;

/* What one seat sees, for hue_observe.  Cards are deck positions: the
 * seat's hand (hand_count <= slots), the opening's, and the cards played in
 * order; sizes[s] is seat s's hand size (<= slots); to_move is the seat to
 * move or -1 once over; origin_x and origin_y are the origin part's columns
 * (< origin_width). */
typedef struct {
    const uint8_t *hand;
    int32_t hand_count;
    const uint8_t *opening;
    int32_t opening_count;
    const uint8_t *history;
    int32_t history_count;
    const uint8_t *sizes;
    int32_t me, to_move;
    int32_t origin_x, origin_y;
} hue_seat_view;

/* Writes seat view->me's whole observation into out (layout->size bytes,
 * all of them): the planes of the occupied box (box[0..3], grid
 * coordinates) as hue_paint_planes paints them (table: 4096 * planes
 * bytes), then the other parts: hand slot s shows features[hand[s] *
 * features ..] of deck_size * features 0/1 bytes, and played card number n
 * goes by relative seat (n - me) mod players.  Returns 0, or
 * HG_ERR_ARGUMENT (a layout or input out of range) / HG_ERR_CELL (an
 * invalid code in the box) with nothing written. */
HG_API int hue_observe(const hue_grid *grid, const int32_t box[4], const uint8_t *table,
                       const uint8_t *features, const hue_observation_layout *layout,
                       const hue_seat_view *view, uint8_t *out);

/* ---- whole random games and playouts ------------------------------------
 *
 * A deck is an array of hue_card records, index = the card's position in
 * deck order.  Moves come out as hue_placement records whose `card` is a
 * deck index.  Random numbers come from xoshiro256**, seeded through
 * splitmix64 from (seed, stream): game or playout number `i` draws from
 * stream `first + i` alone, so a batch may be cut anywhere without changing
 * any game.
 *
 * A "listed placement" of a card is as in hue_legal_placements: rotations
 * 0 .. rotations-1, each at every legal anchor of its orientation.  Each
 * random move is uniform over the listed placements of the whole hand
 * (drawn by rejection from the anchors around the occupied box, which is
 * exact). */

#define HUE_KIND_STARTING 0
#define HUE_KIND_POISON 1
#define HUE_KIND_SOLID 2
#define HUE_KIND_STRIPED 3

#define HUE_MAX_CARDS 4096       /* largest deck */
#define HUE_MAX_HAND 16          /* largest hand a playout accepts */
#define HUE_MIN_PLAYERS 2
#define HUE_MAX_PLAYERS 5

#define HUE_OWNER_SET_ASIDE (-1) /* hue_random_games owners[]: not dealt */
#define HUE_OWNER_OPENING (-2)   /* laid in the opening staircase */

#define HUE_POLICY_RANDOM 0      /* every move uniform over listed placements */
#define HUE_POLICY_KEEP_BEST 1   /* the same, but a seat down to two cards
                                    keeps the one scoring more on the table
                                    as it is (ties: the one earlier in its
                                    hand as given) and lays the other at
                                    random */

/* One card of a deck. */
typedef struct {
    hue_cell shapes[4][3];       /* rotation r: its three cell codes in
                                    footprint order; rotations 0, 2 vertical,
                                    1, 3 horizontal; each code valid, non-0 */
    uint8_t colours[3];          /* first, centre, third scoring colour, 0..4 */
    uint8_t kind;                /* HUE_KIND_* */
    uint8_t rotations;           /* listed rotations: 4, or 2 when rotation
                                    r + 2 looks like r */
} hue_card;

/* A game's setup for the kernels below. */
typedef struct {
    const hue_card *deck;        /* card_count records, index = deck position */
    int32_t card_count;          /* 1 .. HUE_MAX_CARDS */
    int32_t players;             /* HUE_MIN_PLAYERS .. HUE_MAX_PLAYERS */
    int32_t allow_cover;         /* non-0: a card may cover one square */
} hue_setup;

/* Where the whole-game kernels write, per game i; each NULL to skip it:
 *   owners[i*card_count + c]   seat holding card c at setup, or
 *                              HUE_OWNER_OPENING / HUE_OWNER_SET_ASIDE
 *                              (hue_random_games only)
 *   opening[i*6 + 2k, +2k+1]   opening card k's deck index and rotation
 *                              (card k's anchor is (k, k))
 *   moves[i*M + j]             move j (deck index, table x, y, rotation),
 *                              M = hue_game_moves(players), by seat j % players
 *   scores[i*players + s]      seat s's score card's score
 *   winners[i]                 the highest score's seat; ties: the first */
typedef struct {
    int32_t *owners;
    int32_t *opening;
    hue_placement *moves;
    int32_t *scores;
    int32_t *winners;
} hue_games_out;

/* Moves in one game of `players`: players * standard cards dealt (5 each
 * with 2-4 players, 4 with 5), or -1 when players is out of range. */
HG_API int32_t hue_game_moves(int32_t players);

/* Bytes of workspace hue_random_games needs, or 0 when out of range. */
HG_API size_t hue_games_workspace_size(int32_t card_count, int32_t players);

/* Plays `games` whole random games (rules section 3 setup, then every turn
 * a uniformly random listed placement of the mover's hand, to the end).
 * Game i (0 <= i < games) is stream first_game + i of `seed`, computed
 * modulo 2**64 (callers that want distinct streams keep the sum in range).
 *
 * Setup: one poison card to each seat; three starting cards as the
 * staircase (card k at anchor (k, k), rotation 0 or 2); 5 standard cards to
 * each seat (4 with 5 players); every other card set aside.  Coordinates
 * are table coordinates: the first opening card's anchor is (0, 0).
 *
 * Writes every output of `out` (see hue_games_out).  The deck needs >=
 * players poison, >= 3 starting and >= M standard cards (HG_ERR_DECK
 * otherwise or for an invalid record).  Returns 0, or a negative error code
 * with nothing written. */
HG_API int hue_random_games(const hue_setup *setup, uint64_t seed, uint64_t first_game,
                            int32_t games, void *workspace, size_t workspace_size,
                            const hue_games_out *out);

/* Bytes of workspace hue_playouts needs, or 0 when out of range (including
 * when the grid, grown by 3 cells a move on every side, would pass
 * HUE_MAX_SIDE). */
HG_API size_t hue_playouts_workspace_size(int32_t width, int32_t height,
                                   int32_t card_count, int32_t players,
                                   int32_t hand_capacity);

/* Bytes of workspace hue_playouts needs with HUE_POLICY_GREEDY (more: the
 * greedy policy values every listed move), or 0 when out of range. */
HG_API size_t hue_greedy_playouts_workspace_size(int32_t width, int32_t height,
                                          int32_t card_count, int32_t players,
                                          int32_t hand_capacity);

/* Where playouts start.  The table is the grid (at least one occupied
 * cell; cards may grow it to any side).  Playout p gives each seat s the
 * hand
 *   hands[(p*players + s)*hand_capacity + 0 ..]
 * of deck indices, ended by -1 or by hand_capacity; every hand holds at
 * least one card and no card twice in one playout.  Turns go from seat
 * to_move in seat order; a seat holding one card is passed; the playout
 * ends when every seat holds one card, its score card.
 *
 * first: NULL, or one placement per playout that seat to_move makes first
 * (card: a deck index in that seat's hand, which must hold >= 2 cards;
 * x, y: grid coordinates; rotation below the card's rotations); it must be
 * legal on the grid (HG_ERR_ILLEGAL otherwise). */
typedef struct {
    hue_grid grid;
    int32_t to_move;
    const int32_t *hands;
    int32_t hand_capacity;       /* 1 .. HUE_MAX_HAND */
    const hue_placement *first;
} hue_start;

/* Where hue_playouts writes, per playout p; each NULL to skip it:
 * values[5p .. 5p+4] final colour values, scores[p*players + s] and
 * winners[p] as in hue_games_out. */
typedef struct {
    int32_t *values;
    int32_t *scores;
    int32_t *winners;
} hue_playouts_out;

/* Plays `playouts` playouts from `start`, for search.  policy: HUE_POLICY_*
 * (HUE_POLICY_GREEDY needs hue_greedy_playouts_workspace_size bytes).
 * Playout p draws from stream first_playout + p of `seed`.  Returns 0, or a
 * negative error code with nothing written. */
HG_API int hue_playouts(const hue_setup *setup, const hue_start *start, int32_t playouts,
                        int policy, uint64_t seed, uint64_t first_playout,
                        void *workspace, size_t workspace_size,
                        const hue_playouts_out *out);

/* ---- one game's state, for the Game API ----------------------------------
 *
 * A hue_state is one game's table as huegames.hue.Game plays it: every
 * cell's code, the occupied box, and every card laid in order with who
 * laid it and what its footprint showed before (so a move can be taken
 * back), in caller memory of hue_state_size() bytes.  The hands, which
 * each seat keeps hidden, are apart, in a hue_hands: a view of the game
 * may share the table and never sees them.  Neither holds a pointer: a
 * copy of the bytes is an independent copy.  The table's buffer is
 * sized once, at hue_state_init, for `capacity` cards (every card but the
 * first touches the table, so it grows the occupied box by at most 3
 * cells on a side), and never grows.
 *
 * Coordinates are table coordinates (int64), as Move holds them; the first
 * card laid fixes where the buffer lies.  Every occupied cell stays within
 * +-limit on each axis and the occupied cells span less than `span` cells
 * on each (hue.MAX_COORDINATE and hue.MAX_SPAN): a placement breaking them
 * is illegal.  Cards are deck indices; hands are kept in deck order.
 *
 * Functions that lay cards take the deck (a hue_setup: its deck and
 * card_count, which must be the state's; players and allow_cover are the
 * state's own, its fields are not read) and check each code they write. */

/* The fixed part of a hue_state; the buffer's arrays follow it. */
typedef struct {
    int64_t size;                /* bytes of the whole state */
    int32_t players;             /* HUE_MIN_PLAYERS .. HUE_MAX_PLAYERS */
    int32_t card_count;          /* 1 .. HUE_MAX_CARDS */
    int32_t allow_cover;         /* non-0: a card may cover one square */
    int32_t capacity;            /* most cards the table takes */
    int32_t side;                /* the buffer's side, in cells */
    int32_t laid;                /* cards on the table */
    int32_t fixed;               /* of them, the opening (never taken back) */
    int32_t moves;               /* of them, played by the seats: seat moves % players is to move */
    int32_t occupied;            /* occupied cells */
    int32_t box[4];              /* occupied x0 y0 x1 y1, buffer cells */
    int64_t origin_x, origin_y;  /* table coordinates of buffer cell (0, 0) */
    int64_t limit, span;         /* the table's limits */
} hue_state;

/* Each seat's hand: count[s] deck indices in cards[s], in deck order. */
typedef struct {
    int32_t players;             /* the state's */
    int32_t count[HUE_MAX_PLAYERS];
    int32_t cards[HUE_MAX_PLAYERS][HUE_MAX_HAND];
} hue_hands;

/* Bytes of a state whose table takes `capacity` cards of a deck of
 * card_count, or 0 when out of range (capacity 1 .. 681: the buffer's side,
 * 6 * capacity + 8, is at most HUE_MAX_SIDE). */
HG_API size_t hue_state_size(int32_t capacity, int32_t card_count);

/* Makes `memory` (size bytes, 8-aligned, at least hue_state_size) an empty
 * table for a game of `players`.  limit and span are >= 1.  Returns 0, or
 * HG_ERR_ARGUMENT with nothing written. */
HG_API int hue_state_init(void *memory, size_t size, int32_t players, int32_t card_count,
                          int32_t allow_cover, int32_t capacity, int64_t limit, int64_t span);

/* Gives seat `seat` the hand cards[0 .. count-1] (count <= HUE_MAX_HAND),
 * deck indices below card_count in increasing order (deck order), in place
 * of its hand; hands->players must be 2 .. HUE_MAX_PLAYERS (set it first:
 * a zeroed hue_hands with players set holds empty hands).  Returns 0 or
 * HG_ERR_ARGUMENT (nothing changed). */
HG_API int hue_hands_set(hue_hands *hands, int32_t card_count, int32_t seat, const int32_t *cards,
                         int32_t count);

/* Lays card `card` with its anchor at (x, y) in `rotation` (0..3), not from
 * a hand: seat -1 for the opening (before any move; never taken back), or
 * seat moves % players for a move already played (a position rebuilt: its
 * hand is not touched, hue_state_undo gives the card back to it).  check
 * != 0 checks the placement as hue_state_play does; check == 0 trusts it
 * (the opening of a fresh deal), but a footprint out of the table's reach
 * (more than 3 cells from the occupied box) is refused all the same.
 * Returns 0, or HG_ERR_ILLEGAL (an illegal placement), HG_ERR_CAPACITY
 * (the table is full), HG_ERR_BOUNDS (out of reach), HG_ERR_DECK (an
 * invalid code), HG_ERR_ARGUMENT, with nothing changed. */
HG_API int hue_state_lay(const hue_setup *setup, hue_state *state, int32_t card, int64_t x,
                         int64_t y, int32_t rotation, int32_t seat, int check);

/* A new game in the empty state and `hands` (zeroed, players set: the
 * state's, and setup->players too): the deal hue_deal draws from `seed`,
 * written to cards[] and rotations[] as hue_deal writes them, the opening
 * laid (not checked: the staircase is legal) and each seat dealt its hand.
 * capacity >= 3.  Returns 0, or a negative error code (HG_ERR_ARGUMENT for
 * a state that is not empty, HG_ERR_DECK), the state unchanged. */
HG_API int hue_state_deal(const hue_setup *setup, hue_state *state, hue_hands *hands,
                          uint64_t seed, int32_t *cards, int32_t rotations[3]);

/* The seat to move plays card `card` from its hand (in `hands`, of as
 * many players as the state) at (x, y) in `rotation` (0..3), if legal
 * (rules section 4): the card is in the mover's hand and
 * on no table cell, the table's limits hold, and the footprint covers no
 * occupied cell and touches one, or (allow_cover) covers exactly one.
 * Returns 0, or HG_ERR_STATE (the game is over: every hand holds one
 * card), HG_ERR_ILLEGAL (not a legal move), HG_ERR_DECK, HG_ERR_ARGUMENT,
 * with nothing changed. */
HG_API int hue_state_play(const hue_setup *setup, hue_state *state, hue_hands *hands,
                          int32_t card, int64_t x, int64_t y, int32_t rotation);

/* Takes back the last move, the card going back to the hand of the seat
 * that played it.  Returns the card's deck index, or HG_ERR_STATE (no move
 * to take back: only the opening is on the table) / HG_ERR_ARGUMENT. */
HG_API int32_t hue_state_undo(hue_state *state, hue_hands *hands);

/* Room hue_state_legal needs for the table as it is now: in (x, y) pairs. */
HG_API int64_t hue_state_legal_capacity(const hue_state *state);

/* The legal anchors of the table as it is now, as hue_legal_anchors gives
 * them (vertical, then horizontal, each sorted by (y, x)), in table
 * coordinates, those breaking the table's limits left out: writes the
 * pairs to pairs[0 .. 2*n-1] and counts[0], counts[1] (vertical,
 * horizontal); the pairs' room after them is scratch, written too.
 * capacity counts pairs (hue_state_legal_capacity always suffices).  Returns n, or HG_ERR_CAPACITY / HG_ERR_ARGUMENT with nothing
 * written.  An empty table lists nothing. */
HG_API int64_t hue_state_legal(const hue_state *state, int64_t *pairs, int64_t capacity,
                               int32_t counts[2]);

/* Bytes of workspace hue_state_scores needs for the table as it is now
 * (its occupied box), or 0 for a state out of range. */
HG_API size_t hue_state_workspace_size(const hue_state *state);

/* The colour values of the table (values[0..4], G R Y P B), and when
 * hands and scores are not NULL each seat's score: the best its hand's
 * cards score on the table now (the score card's, once the game is over).
 * Returns 0, or HG_ERR_WORKSPACE / HG_ERR_DECK / HG_ERR_ARGUMENT with
 * nothing written. */
HG_API int hue_state_scores(const hue_setup *setup, const hue_state *state,
                            const hue_hands *hands, void *workspace, size_t workspace_size,
                            int32_t values[HUE_COLOURS], int32_t *scores);

/* The code of table cell (x, y): 0 when empty or off the table. */
HG_API int32_t hue_state_cell(const hue_state *state, int64_t x, int64_t y);

/* ---- the encoding of one seat of a game's state ---------------------------
 *
 * hue_state_encode writes what hue_observe and hue_mark_actions write for
 * one seat, read straight from the game's hue_state and hue_hands: the
 * table's cells over its occupied box (x0 y0 x1 y1, table coordinates),
 * the opening (the state's first `fixed` cards), the moves (the other
 * cards, each by the seat that laid it), the seat's own hand (of the other
 * hands only their sizes are read), and the seat to move (moves % players,
 * none once every hand holds one card).  The mask's legal anchors are
 * hue_state_legal's (the moves hue_state_play takes). */

/* How a state is encoded: the observation's layout (deck_size and
 * players the state's), the code table and hand features as hue_observe
 * reads them, each card's listed rotations, the action frame, where the
 * origin part counts from, and scratch room; no pointer may be NULL. */
typedef struct {
    const hue_observation_layout *layout;
    const uint8_t *table;        /* 4096 * layout->planes bytes */
    const uint8_t *features;     /* card_count * layout->features bytes */
    const uint8_t *rotations;    /* card_count bytes, each 2 or 4 (hue_card.rotations) */
    int32_t cols, rows;          /* the action frame, 1 .. HUE_MAX_SIDE each */
    int32_t left, top;           /* frame position (0, 0) is table cell
                                    (x0 + left, y0 + top); each <= -3 */
    int64_t corner_x, corner_y;  /* the origin part shows corner - (x0, y0);
                                    |corner| <= HUE_MAX_ORIGIN */
    int64_t *pairs;              /* scratch for hue_state_legal: `capacity` pairs */
    int64_t capacity;
} hue_state_encoding;

/* Writes seat me's observation into `observation` (layout->size bytes, all
 * of them), as hue_observe would from the same table, hand, sizes, cards
 * and origin, and the action mask into `mask` (mask_size bytes, all of
 * them: 1 at the id of each legal placement of the hand's slots, as
 * hue_mark_actions marks them, and 0 elsewhere; all 0 unless me is to
 * move); either output may be NULL.  The table must lie in the frames:
 * its box's cells in the planes (x1 - x0 < layout->cols, likewise rows),
 * corner - (x0, y0) in 0 .. origin_width - 1 on each axis, and, for a
 * mask of the seat to move, every anchor within reach of the box (table
 * cells x0 - 3 .. x1 + 1, y0 - 3 .. y1 + 1) in the action frame (x1 - x0
 * + 1 - left < cols, likewise rows): else HG_ERR_BOUNDS.  The mask holds
 * at least slots * 4 * rows * cols bytes (else HG_ERR_CAPACITY), and so
 * do the pairs for the seat to move (hue_state_legal_capacity, else
 * HG_ERR_CAPACITY).  Returns the number of legal placements marked (0
 * without a mask), or HG_ERR_ARGUMENT (an argument out of range, a hand
 * over layout->slots cards), HG_ERR_STATE (an empty table),
 * HG_ERR_BOUNDS, HG_ERR_CAPACITY, HG_ERR_CELL, with neither output
 * written. */
HG_API int64_t hue_state_encode(const hue_state *state, const hue_hands *hands, int32_t me,
                                const hue_state_encoding *encoding, uint8_t *observation,
                                int8_t *mask, int64_t mask_size);

/* ---- whole games as the Python engine plays them -------------------------
 *
 * hue_play_matches plays whole games exactly as the Python package does
 * with the default rules: the deal of hue.new_game(seed=...), and each seat
 * choosing as hue.RandomBot or hue.GreedyBot seeded with its own seed.  Those
 * draw from Python's random.Random (MT19937, seeded from a non-negative
 * integer as CPython does, randrange/shuffle/choice as CPython draws them),
 * which this file reproduces, so a game here is move for move the game the
 * Python engine plays from the same seeds.
 *
 * The seats' legal moves are listed as Board.legal_placements_of lists them:
 * the hand's cards in deck order, then rotation, then y, then x. */

#define HUE_SEAT_RANDOM 0        /* RandomBot: a uniform pick from the list */
#define HUE_SEAT_GREEDY 1        /* GreedyBot: the move that most improves
                                    the best card it could keep; ties go to
                                    the move leaving the strongest unseen
                                    card weakest, then to a uniform pick */
#define HUE_POLICY_GREEDY 2      /* hue_playouts: every seat as GreedyBot,
                                    "unseen" being the other seats' hands,
                                    the last ties drawn from the playout's
                                    xoshiro stream */

/* The deal of hue.new_game(setup->players, seed) with the default rules:
 * random.Random(seed) drawn from as deal_cards draws it (the staircase
 * opening of three starting cards, card k at anchor (k, k)).  Writes every
 * card of the deck's card_count to cards[], as deck indices: each seat's
 * hand in deck order (seat 0 first; 1 poison and M / players standard
 * cards each, M = hue_game_moves(players)), then the three opening cards,
 * then the set-aside cards in deck order; and the opening's rotations to
 * rotations[0..2].  The deck needs what hue_random_games needs
 * (HG_ERR_DECK).  Returns 0, or a negative error code with nothing
 * written. */
HG_API int hue_deal(const hue_setup *setup, uint64_t seed, int32_t *cards, int32_t rotations[3]);

/* Bytes of workspace hue_play_matches needs, or 0 when out of range. */
HG_API size_t hue_matches_workspace_size(int32_t card_count, int32_t players);

/* Plays `games` whole games.  Game i deals as random.Random(seeds[i]) does
 * in hue.new_game (every seed below 2**63 ... any uint64 is read as that
 * non-negative integer); seat s plays policies[i*players + s]
 * (HUE_SEAT_*) with the generator random.Random(bot_seeds[i*players + s]).
 * Writes the outputs of `out` but its owners (which must be NULL).  The
 * deck needs what hue_random_games needs.  Returns 0, or a negative error
 * code with nothing written. */
HG_API int hue_play_matches(const hue_setup *setup, int32_t games, const uint64_t *seeds,
                            const int32_t *policies, const uint64_t *bot_seeds,
                            void *workspace, size_t workspace_size, const hue_games_out *out);

/* ---- vector environments (huegames.vector) --------------------------------
 *
 * A batch of games stepped together, each env's game in a hue_state block
 * with its hands, the batch's settings in a hue_vector, and each call
 * writing every env's observation, mask, seat to move and end into the
 * caller's arrays (hue_vector_out, row i for env i).  Observations and
 * action ids are huegames.hue.encoding's, as hue_state_encode writes them
 * for the vector's hue_state_encoding (the full planes or, with a
 * one-plane table, the compact cell values); games, seeds, bots and
 * random actions are huegames.vector.batch.PythonBatch's (hg_vector.h).
 *
 * Each env (`envs`) is an opaque block of hue_vector_env_size() bytes in
 * one caller array of count such blocks (8-aligned, zeroed once), written
 * by these calls only: its game, hands and bots' generators, and what its
 * rows show.  The rows are written sparsely, so the caller zeroes the
 * observation and mask arrays once and writes nothing in them: a mask row
 * gets only the legal ids that changed (the env keeps the row's), an
 * observation row's planes only the cells laid since (all of them when
 * the table's corner moved or a game began; the other parts whole, and
 * every final observation whole); a finished game's mask is all 0, so no
 * final mask is written.  The caller checks actions first
 * (huegames.vector.VectorEnv); the core still refuses an action id out of
 * range or illegal (HG_ERR_ARGUMENT, HG_ERR_ILLEGAL), with the envs before
 * it stepped and that env as it was. */

#define HUE_SEED_TEXT 256        /* the longest text of a batch seed or a bot's label */

#define HUE_SAME_STEP 0          /* autoreset modes: reset in the step that ends a game */
#define HUE_NEXT_STEP 1          /* ... in the step after it (its action ignored) */
#define HUE_DISABLED 2           /* ... never (a finished env is an argument error) */

typedef struct {
    const hue_setup *setup;      /* the deck, players, allow_cover */
    const hue_state_encoding *encoding; /* the observation and action frame
                                    (its pairs and capacity are not read:
                                    the workspace holds the pairs) */
    int32_t capacity;            /* cards a game's table takes: 3 + hue_game_moves */
    int64_t limit, span;         /* the table's limits, as hue_state_init takes them */
    int32_t agent;               /* the caller's seat, -1 when it plays every seat */
    int32_t autoreset;           /* HUE_SAME_STEP, HUE_NEXT_STEP or HUE_DISABLED */
    int8_t is_bot[HUE_MAX_PLAYERS]; /* 1 where a bot plays the seat */
    int32_t policies[HUE_MAX_PLAYERS]; /* each bot seat's HUE_SEAT_RANDOM or _GREEDY */
    char seed_text[HUE_SEED_TEXT]; /* repr(batch seed) */
    int32_t seed_length;
    char labels[HUE_MAX_PLAYERS][HUE_SEED_TEXT]; /* repr(label) of each bot seat's bot */
    int32_t label_lengths[HUE_MAX_PLAYERS];
    double reward_sign;          /* hg_rewards' sign: -1 where lower scores win, else 1 */
} hue_vector;

typedef struct {
    uint8_t *observations;       /* [n][layout->size] */
    int8_t *masks;               /* [n][slots * 4 * rows * cols], zeroed by the caller once */
    int32_t *to_move;            /* [n]: the seat to move, -1 once over */
    uint8_t *terminated;         /* [n]: 1 where the game ended in this call */
    double *scores;              /* [n][players]: the final scores, where terminated (else 0) */
    int8_t *winners;             /* [n][players]: 1 for the winner, where terminated (else 0) */
    uint8_t *final_observations; /* [n][layout->size]: where terminated (same-step) */
    double *rewards;             /* [n][players]: each seat's reward (hg_rewards), where terminated */
} hue_vector_out;

/* Bytes of one env's block for the batch's settings, or 0 when they are
 * out of range. */
HG_API size_t hue_vector_env_size(const hue_vector *vector);

/* Bytes of workspace a call needs (one per thread), or 0 when out of range. */
HG_API size_t hue_vector_workspace_size(const hue_vector *vector);

/* Start games in envs[0..count-1] (each hue_vector_env_size bytes): with
 * `which` NULL every env's game 0 (its random actions seeded), else the
 * next game of each env i with which[i] set.  Returns count, or a
 * negative code. */
HG_API int32_t hue_vector_reset(const hue_vector *vector, void *envs, int32_t count,
                                const uint8_t *which, const hue_vector_out *out,
                                void *workspace, size_t workspace_size);

/* Step envs[start..stop-1] of the count envs (0 <= start <= stop <=
 * count): actions[i] for env i (ignored where the env is over in next-step
 * mode), the bots after it, and the autoreset.  Returns the number of envs
 * stepped, or a negative code. */
HG_API int32_t hue_vector_step(const hue_vector *vector, void *envs, int32_t count,
                               int32_t start, int32_t stop, const int64_t *actions,
                               const hue_vector_out *out, void *workspace,
                               size_t workspace_size);

/* One random legal action per env into out[0..count-1]: the i-th of the
 * ids its mask row holds, ascending (hg_vector.h's draw), 0 without a draw
 * when none is legal. */
HG_API int32_t hue_vector_random_actions(const hue_vector *vector, void *envs, int32_t count,
                                         int64_t *out);

/* Worker threads for the calls below (hg_vector.h's), in a block of
 * hue_workers_size() bytes of the caller's memory (8-aligned), started
 * for `threads` threads (1..HUE_MOST_THREADS: the calling thread and
 * threads - 1 workers, which take the chunks of a call's envs in turn) and
 * stopped before the memory is freed or started again.  One call at a
 * time: a second while one runs is refused (HG_ERR_STATE).  start returns
 * threads, or HG_ERR_STATE when the system refuses a thread (none then
 * left running). */
#define HUE_MOST_THREADS 64
HG_API int32_t hue_workers_size(void);
HG_API int32_t hue_workers_start(void *workers, int32_t threads);
HG_API void hue_workers_stop(void *workers);

/* Where hue_vector_step_all copies what it writes, for arrays the caller
 * hands out (each pointer NULL for none): every stepped env's new
 * observation and mask rows (both or neither); and in same-step mode the
 * final observations, each env's end where it ended in the call and 0
 * elsewhere (final_observations and final_rows both or neither, where
 * final_rows[i] is 1 while env i's final row holds an end: the core keeps
 * it, zeroing the row when it does not, and the caller zeroes it with
 * arrays it zeroes; final_observations may be out's own).  A final mask is
 * all 0 (the game is over): the caller's stay 0. */
typedef struct {
    uint8_t *observations;       /* [n][layout->size] */
    int8_t *masks;               /* [n][slots * 4 * rows * cols] */
    uint8_t *final_observations; /* [n][layout->size] */
    uint8_t *final_rows;         /* [n] */
} hue_vector_copies;

/* Step all `count` envs (at least the workers' threads), split into
 * numpy's linspace(0, count, chunks + 1) chunks (hg_vector.h's hg_chunks),
 * thread k with the workspace of workspace_size bytes at workspaces + k *
 * workspace_size; with
 * `active` given, only the envs i with active[i] set (the others are left
 * as they are, their actions unread, terminated 0).  Every action is
 * checked first, against the env's row of out->masks (an over
 * env's only in next-step mode): the first refused sets *refused to its env
 * and returns HG_ERR_ILLEGAL with no env changed (*refused is -1
 * otherwise).  With `copies` (or NULL), each chunk's rows are copied there
 * as well once it is stepped.  Returns count, or a negative code. */
HG_API int32_t hue_vector_step_all(const hue_vector *vector, void *envs, int32_t count,
                                   const int64_t *actions, const uint8_t *active,
                                   const hue_vector_out *out, const hue_vector_copies *copies,
                                   void *workspaces, size_t workspace_size, void *workers,
                                   int32_t *refused);

/* hue_vector_random_actions over all `count` envs, split as above. */
HG_API int32_t hue_vector_random_all(const hue_vector *vector, void *envs, int32_t count,
                                     int64_t *out, void *workers);

#ifdef __cplusplus
}
#endif

#endif /* HUE_CORE_H */
