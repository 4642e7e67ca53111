"""cffi builder of ``huegames.hue._hue_core``, the compiled Hue core.

Out-of-line API mode: the C compiler checks the declarations below against
``csrc/hue_core.h`` and fills in every constant marked ``...``.  setup.py
runs this from the repository root (``cffi_modules``); paths are relative
to it.  Extra flags (sanitizers, say) come through CFLAGS and LDFLAGS.
"""

from __future__ import annotations

import cffi

CDEF = """
#define HUE_CORE_VERSION ...
#define HUE_COLOURS ...
#define HUE_MAX_SIDE ...
#define HUE_MAX_ORIGIN ...
#define HUE_LAYOUT_MASK ...
#define HUE_EMPTY ...
#define HUE_SOLID ...
#define HUE_VERTICAL ...
#define HUE_HORIZONTAL ...
#define HUE_COLOUR_SHIFT ...
#define HUE_SKULL ...
#define HUE_E_ARGUMENT ...
#define HUE_E_WORKSPACE ...
#define HUE_E_CELL ...
#define HUE_E_BOUNDS ...
#define HUE_E_CAPACITY ...
#define HUE_E_DECK ...
#define HUE_E_ILLEGAL ...
#define HUE_KIND_STARTING ...
#define HUE_KIND_POISON ...
#define HUE_KIND_SOLID ...
#define HUE_KIND_STRIPED ...
#define HUE_MAX_CARDS ...
#define HUE_MAX_HAND ...
#define HUE_MIN_PLAYERS ...
#define HUE_MAX_PLAYERS ...
#define HUE_OWNER_SET_ASIDE ...
#define HUE_OWNER_OPENING ...
#define HUE_POLICY_RANDOM ...
#define HUE_POLICY_KEEP_BEST ...

typedef uint16_t hue_cell;

typedef struct {
    hue_cell cells[3];
    uint8_t horizontal;
} hue_shape;

typedef struct {
    int32_t x, y;
    hue_shape shape;
} hue_candidate;

typedef struct {
    int32_t card, x, y, rotation;
} hue_placement;

typedef struct {
    hue_cell shapes[4][3];
    uint8_t colours[3];
    uint8_t kind;
    uint8_t rotations;
} hue_card;

int hue_core_version(void);
size_t hue_workspace_size(int32_t width, int32_t height);
int hue_colour_values(const hue_cell *cells, int32_t width, int32_t height,
                      void *workspace, size_t workspace_size, int32_t values[5]);
int hue_colour_values_after(const hue_cell *cells, int32_t width, int32_t height,
                            const hue_candidate *candidates, int32_t count,
                            void *workspace, size_t workspace_size, int32_t *values);
int64_t hue_legal_capacity(int32_t width, int32_t height, int32_t card_count);
int64_t hue_legal_placements(const hue_cell *cells, int32_t width, int32_t height,
                             const uint8_t *rotations, int32_t card_count,
                             int allow_cover, hue_placement *out, int64_t capacity);
int64_t hue_legal_anchors(const hue_cell *cells, int32_t width, int32_t height,
                          int allow_cover, int64_t origin_x, int64_t origin_y,
                          int64_t *pairs, int64_t capacity, int64_t *vertical);
int32_t hue_game_moves(int32_t players);
size_t hue_games_workspace_size(int32_t card_count, int32_t players);
int hue_random_games(const hue_card *deck, int32_t card_count, int32_t players,
                     int allow_cover, uint64_t seed, uint64_t first_game,
                     int32_t games, void *workspace, size_t workspace_size,
                     int32_t *owners, int32_t *opening, hue_placement *moves,
                     int32_t *scores, int32_t *winners);
size_t hue_playouts_workspace_size(int32_t width, int32_t height, int32_t card_count,
                                   int32_t players, int32_t hand_capacity);
int hue_playouts(const hue_card *deck, int32_t card_count,
                 const hue_cell *cells, int32_t width, int32_t height,
                 int32_t players, int32_t to_move, int allow_cover,
                 const int32_t *hands, int32_t hand_capacity,
                 const hue_placement *first, int32_t playouts, int policy,
                 uint64_t seed, uint64_t first_playout,
                 void *workspace, size_t workspace_size,
                 int32_t *values, int32_t *scores, int32_t *winners);
"""

ffibuilder = cffi.FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "huegames.hue._hue_core",
    '#include "hue_core.h"',
    sources=["csrc/hue_core.c"],
    include_dirs=["csrc"],
    extra_compile_args=["-O2", "-std=c99"],
)
