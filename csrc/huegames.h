/*
 * huegames.h -- what every huegames C core shares: the error codes, the
 * version macros, the export macro and the C++ guards.
 *
 * Every core (hue_core.h, linja_core.h, plank_core.h) includes this header
 * and returns the same negative HG_ERR_* code for the same failure, so one
 * table of messages (hg_error_name) serves them all.  A function returns
 * a value >= 0 on success.
 */
#ifndef HUEGAMES_H
#define HUEGAMES_H

#include <stdint.h>

/* Error codes. */
#define HG_ERR_ARGUMENT (-1)     /* a size, count, policy or setting out of range,
                                    or a NULL buffer */
#define HG_ERR_WORKSPACE (-2)    /* the workspace is smaller than the core needs */
#define HG_ERR_CELL (-3)         /* an invalid cell code in a grid or a card */
#define HG_ERR_BOUNDS (-4)       /* a footprint or anchor leaves the grid or frame */
#define HG_ERR_CAPACITY (-5)     /* an output buffer is too small */
#define HG_ERR_DECK (-6)         /* a card record out of range, or a deck too small */
#define HG_ERR_ILLEGAL (-7)      /* a move the rules do not allow here */
#define HG_ERR_STATE (-8)        /* a state or position no game can reach */
#define HG_ERR_LAST HG_ERR_STATE /* the lowest code in use */

/* A version number from its parts: each core says its own with these. */
#define HG_VERSION_NUMBER(major, minor, patch) \
    ((major) * 10000 + (minor) * 100 + (patch))

/* The export macro: every public function of a core is declared with it. */
#if defined(_WIN32) && defined(HG_BUILD_SHARED)
#define HG_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define HG_API __attribute__((visibility("default")))
#else
#define HG_API
#endif

/* What a core's source files share but do not export. */
#if defined(__GNUC__) || defined(__clang__)
#define HG_INTERNAL __attribute__((visibility("hidden")))
#else
#define HG_INTERNAL
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The name of an error code ("argument", "workspace", "cell", "bounds",
 * "capacity", "deck", "illegal", "state"), "ok" for a code >= 0, and
 * "unknown" for any other negative number.  The string is static. */
HG_API const char *hg_error_name(int code);

/* huegames.engine.derive_seed from the text of its parts' repr (`text`,
 * `length` bytes, `length` >= 0): the first 8 bytes of the text's BLAKE2b
 * digest of 8 bytes, read big-endian, shifted right by one (63 bits).  The
 * vector environments seed each game with it, as the Python side does. */
HG_API uint64_t hg_derive_seed(const char *text, int32_t length);

#ifdef __cplusplus
}
#endif

#endif /* HUEGAMES_H */
