/*
 * huegames.c -- what every core shares (huegames.h), compiled into each.
 */
#include "huegames.h"

const char *hg_error_name(int code)
{
    switch (code) {
    case HG_ERR_ARGUMENT: return "argument";
    case HG_ERR_WORKSPACE: return "workspace";
    case HG_ERR_CELL: return "cell";
    case HG_ERR_BOUNDS: return "bounds";
    case HG_ERR_CAPACITY: return "capacity";
    case HG_ERR_DECK: return "deck";
    case HG_ERR_ILLEGAL: return "illegal";
    case HG_ERR_STATE: return "state";
    default: return code >= 0 ? "ok" : "unknown";
    }
}
