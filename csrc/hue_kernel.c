/*
 * hue_kernel.c -- the kernel entry points of hue_core.h: whole random
 * games, whole games as the Python engine plays them, and playouts for
 * search, on the building blocks of hue_table.c and hue_greedy.c.
 */
#include "hue_internal.h"

int32_t hue_game_moves(int32_t players)
{
    if (!players_ok(players))
        return -1;
    return players * (players == 5 ? 4 : 5);
}

/* The end of game g (rules section 5): each seat's score card scored on the
 * table, written to scores[g*players ..] and the winner to winners[g]
 * (either NULL to skip it). */
static void write_result(const table *t, void *scratch, const hue_card *deck,
                         int32_t hands[HUE_MAX_PLAYERS][8], int32_t players, int32_t g,
                         int32_t *scores, int32_t *winners)
{
    int32_t values[HUE_COLOURS], seat_scores[HUE_MAX_PLAYERS], s;

    table_values(t, scratch, values);
    for (s = 0; s < players; s++)
        seat_scores[s] = card_score(&deck[hands[s][0]], values);
    if (scores != NULL)
        memcpy(scores + (size_t)g * (size_t)players, seat_scores,
               (size_t)players * sizeof(int32_t));
    if (winners != NULL)
        winners[g] = first_best(seat_scores, players);
}

size_t hue_games_workspace_size(int32_t card_count, int32_t players)
{
    int32_t offset, width, height;

    if (card_count < 1 || card_count > HUE_MAX_CARDS || !players_ok(players))
        return 0;
    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    return 7 + table_bytes(width, height)
        + 2 * round8((size_t)card_count * sizeof(int32_t))
        + hue_workspace_size(width, height);
}

int hue_random_games(const hue_setup *setup, uint64_t seed, uint64_t first_game,
                     int32_t games, void *workspace, size_t workspace_size,
                     const hue_games_out *out)
{
    int32_t counts[4] = {0, 0, 0, 0}, starts[4], fill[4];
    int32_t offset, width, height, per_game, dealt, c, g, s, k;
    int32_t *by_kind, *work, card_count, players, *owners, *opening, *scores, *winners;
    const hue_card *deck;
    hue_placement *moves;
    int allow_cover;
    uintptr_t at;
    table t;
    void *scratch;
    int status;

    if (setup == NULL || out == NULL)
        return HG_ERR_ARGUMENT;
    deck = setup->deck;
    card_count = setup->card_count;
    players = setup->players;
    allow_cover = setup->allow_cover;
    owners = out->owners;
    opening = out->opening;
    moves = out->moves;
    scores = out->scores;
    winners = out->winners;
    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (!players_ok(players) || games < 0 || workspace == NULL)
        return HG_ERR_ARGUMENT;
    if (workspace_size < hue_games_workspace_size(card_count, players))
        return HG_ERR_WORKSPACE;
    per_game = hue_game_moves(players);
    dealt = per_game / players;
    for (c = 0; c < card_count; c++)
        counts[deck[c].kind]++;
    if (counts[HUE_KIND_POISON] < players || counts[HUE_KIND_STARTING] < 3
        || counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] < per_game)
        return HG_ERR_DECK;

    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    at = align8(workspace);
    t = table_carve(&at, width, height);
    by_kind = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    work = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    scratch = (void *)at;
    table_clear(&t);

    /* Deck indices grouped: poison, starting, standard (solid and striped
     * together), each in deck order. */
    starts[0] = 0;
    starts[1] = counts[HUE_KIND_POISON];
    starts[2] = starts[1] + counts[HUE_KIND_STARTING];
    memcpy(fill, starts, sizeof fill);
    for (c = 0; c < card_count; c++) {
        int group = deck[c].kind == HUE_KIND_POISON ? 0
                    : deck[c].kind == HUE_KIND_STARTING ? 1 : 2;
        by_kind[fill[group]++] = c;
    }

    for (g = 0; g < games; g++) {
        int32_t *poison = work, *starting = work + starts[1], *standard = work + starts[2];
        int32_t n_standard = card_count - starts[2];
        int32_t hands[HUE_MAX_PLAYERS][8], held[HUE_MAX_PLAYERS], rotation[3];
        rng r;

        rng_seed(&r, seed, first_game + (uint64_t)g);
        memcpy(work, by_kind, (size_t)card_count * sizeof(int32_t));
        /* Setup (rules section 3): partial Fisher-Yates shuffles. */
        for (k = 0; k < players; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(starts[1] - k));
            int32_t swap = poison[k]; poison[k] = poison[j]; poison[j] = swap;
        }
        for (k = 0; k < 3; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(counts[HUE_KIND_STARTING] - k));
            int32_t swap = starting[k]; starting[k] = starting[j]; starting[j] = swap;
            rotation[k] = 2 * (int32_t)rng_below(&r, 2);
        }
        for (k = 0; k < per_game; k++) {
            int32_t j = k + (int32_t)rng_below(&r, (uint32_t)(n_standard - k));
            int32_t swap = standard[k]; standard[k] = standard[j]; standard[j] = swap;
        }
        for (s = 0; s < players; s++) {
            hands[s][0] = poison[s];
            for (k = 0; k < dealt; k++)
                hands[s][1 + k] = standard[s * dealt + k];
            held[s] = dealt + 1;
        }
        for (k = 0; k < 3; k++)
            table_lay(&t, &deck[starting[k]], offset + k, offset + k, rotation[k]);

        if (owners != NULL) {
            int32_t *row = owners + (size_t)g * (size_t)card_count;
            for (c = 0; c < card_count; c++)
                row[c] = HUE_OWNER_SET_ASIDE;
            for (k = 0; k < 3; k++)
                row[starting[k]] = HUE_OWNER_OPENING;
            for (s = 0; s < players; s++)
                for (k = 0; k < held[s]; k++)
                    row[hands[s][k]] = s;
        }
        if (opening != NULL) {
            for (k = 0; k < 3; k++) {
                opening[(size_t)g * 6 + 2 * (size_t)k] = starting[k];
                opening[(size_t)g * 6 + 2 * (size_t)k + 1] = rotation[k];
            }
        }

        /* Play (section 4): seat j % players makes move j. */
        for (k = 0; k < per_game; k++) {
            hue_placement move;
            s = k % players;
            hand_remove(hands[s], &held[s],
                        random_move(&t, deck, hands[s], held[s], allow_cover, &r, &move));
            if (moves != NULL) {
                move.x -= offset;
                move.y -= offset;
                moves[(size_t)g * (size_t)per_game + (size_t)k] = move;
            }
        }

        /* The end (section 5). */
        write_result(&t, scratch, deck, hands, players, g, scores, winners);
        table_restore(&t, NULL);
    }
    return 0;
}

/* ---- whole games as the Python engine plays them ------------------------ */

size_t hue_matches_workspace_size(int32_t card_count, int32_t players)
{
    int32_t offset, width, height;

    if (card_count < 1 || card_count > HUE_MAX_CARDS || !players_ok(players))
        return 0;
    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    return 7 + table_bytes(width, height)
        + round8((size_t)card_count * sizeof(int32_t))
        + round8((size_t)card_count)
        + round8(PYRANDOM_N * sizeof(uint32_t))
        + round8((size_t)(players + 1) * sizeof(pyrandom))
        + round8(hue_workspace_size(width, height))  /* greedy space is carved after it */
        + greedy_bytes(width, height, anchor_capacity(9 + 3 * hue_game_moves(players)),
                       1 + hue_game_moves(players) / players, card_count)
        + legal_index_bytes(width, height);
}

/* Setup as hue.game.deal_cards draws it from random.Random(seed): the
 * poison cards shuffled, the starting cards shuffled and three rotations
 * chosen, the standard cards shuffled, and seat s dealt poison card s and
 * every players-th standard card from s, its hand sorted into deck order. */
static void python_deal(pyrandom *g, const hue_card *deck, int32_t card_count,
                        int32_t players, int32_t dealt, int32_t *work,
                        int32_t hands[HUE_MAX_PLAYERS][8], int32_t starting[3],
                        int32_t rotation[3])
{
    int32_t kinds[3] = {0, 0, 0}, *group[3], c, s, k, i;

    for (c = 0; c < card_count; c++)
        kinds[deck[c].kind == HUE_KIND_POISON ? 0 : deck[c].kind == HUE_KIND_STARTING ? 1 : 2]++;
    group[0] = work;
    group[1] = work + kinds[0];
    group[2] = group[1] + kinds[1];
    kinds[0] = kinds[1] = kinds[2] = 0;
    for (c = 0; c < card_count; c++) {
        int kind = deck[c].kind == HUE_KIND_POISON ? 0 : deck[c].kind == HUE_KIND_STARTING ? 1 : 2;
        group[kind][kinds[kind]++] = c;
    }
    pyrandom_shuffle(g, group[0], kinds[0]);
    pyrandom_shuffle(g, group[1], kinds[1]);
    for (k = 0; k < 3; k++) {
        starting[k] = group[1][k];
        rotation[k] = 2 * (int32_t)pyrandom_below(g, 2);
    }
    pyrandom_shuffle(g, group[2], kinds[2]);
    for (s = 0; s < players; s++) {
        hands[s][0] = group[0][s];
        for (k = 0; k < dealt; k++)
            hands[s][1 + k] = group[2][s + k * players];
        for (k = 1; k <= dealt; k++)     /* insertion sort into deck order */
            for (i = k; i > 0 && hands[s][i - 1] > hands[s][i]; i--) {
                int32_t swap = hands[s][i];
                hands[s][i] = hands[s][i - 1];
                hands[s][i - 1] = swap;
            }
    }
}

int hue_deal(const hue_setup *setup, uint64_t seed, int32_t *cards, int32_t rotations[3])
{
    uint32_t start[PYRANDOM_N];
    pyrandom gen;

    pyrandom_start(start);
    pyrandom_seed(&gen, start, seed);
    return deal_with(setup, &gen, cards, rotations);
}

/* hue_deal's work from a generator seeded with the deal's seed, shared
 * with hue_state_deal (hue_internal.h). */
int deal_with(const hue_setup *setup, pyrandom *gen, int32_t *cards, int32_t rotations[3])
{
    int32_t work[HUE_MAX_CARDS], hands[HUE_MAX_PLAYERS][8], starting[3], rotation[3];
    int32_t counts[4] = {0, 0, 0, 0}, dealt, n = 0, c, s, k;
    uint8_t taken[HUE_MAX_CARDS];
    int status;

    if (setup == NULL || gen == NULL || cards == NULL || rotations == NULL
        || !players_ok(setup->players))
        return HG_ERR_ARGUMENT;
    status = deck_check(setup->deck, setup->card_count);
    if (status < 0)
        return status;
    for (c = 0; c < setup->card_count; c++)
        counts[setup->deck[c].kind]++;
    if (counts[HUE_KIND_POISON] < setup->players || counts[HUE_KIND_STARTING] < 3
        || counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] < hue_game_moves(setup->players))
        return HG_ERR_DECK;
    dealt = hue_game_moves(setup->players) / setup->players;
    python_deal(gen, setup->deck, setup->card_count, setup->players, dealt, work, hands,
                starting, rotation);
    memset(taken, 0, (size_t)setup->card_count);
    for (s = 0; s < setup->players; s++)
        for (k = 0; k <= dealt; k++) {
            cards[n++] = hands[s][k];
            taken[hands[s][k]] = 1;
        }
    for (k = 0; k < 3; k++) {
        cards[n++] = starting[k];
        taken[starting[k]] = 1;
        rotations[k] = rotation[k];
    }
    for (c = 0; c < setup->card_count; c++)
        if (!taken[c])
            cards[n++] = c;
    return 0;
}

int hue_play_matches(const hue_setup *setup, int32_t games, const uint64_t *seeds,
                     const int32_t *policies, const uint64_t *bot_seeds,
                     void *workspace, size_t workspace_size, const hue_games_out *out)
{
    const hue_card *deck;
    int32_t card_count, players, *opening, *scores, *winners;
    hue_placement *moves;
    int allow_cover;
    int32_t counts[4] = {0, 0, 0, 0}, offset, width, height, per_game, dealt, c, g, s, k;
    int32_t *work, *unseen;
    uint8_t *placed;
    uint32_t *start;
    pyrandom *gen;
    uintptr_t at;
    table t;
    void *scratch;
    greedy_space *space = NULL;
    legal_index index;
    int status;

    if (setup == NULL || out == NULL || out->owners != NULL)
        return HG_ERR_ARGUMENT;
    deck = setup->deck;
    card_count = setup->card_count;
    players = setup->players;
    allow_cover = setup->allow_cover;
    opening = out->opening;
    moves = out->moves;
    scores = out->scores;
    winners = out->winners;
    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (!players_ok(players) || games < 0 || workspace == NULL
        || (games > 0 && (seeds == NULL || policies == NULL || bot_seeds == NULL)))
        return HG_ERR_ARGUMENT;
    if (workspace_size < hue_matches_workspace_size(card_count, players))
        return HG_ERR_WORKSPACE;
    for (k = 0; k < games * players; k++)
        if (policies[k] != HUE_SEAT_RANDOM && policies[k] != HUE_SEAT_GREEDY)
            return HG_ERR_ARGUMENT;
    per_game = hue_game_moves(players);
    dealt = per_game / players;
    for (c = 0; c < card_count; c++)
        counts[deck[c].kind]++;
    if (counts[HUE_KIND_POISON] < players || counts[HUE_KIND_STARTING] < 3
        || counts[HUE_KIND_SOLID] + counts[HUE_KIND_STRIPED] < per_game)
        return HG_ERR_DECK;

    offset = games_offset(players);
    width = 3 + 2 * offset;
    height = 5 + 2 * offset;
    at = align8(workspace);
    t = table_carve(&at, width, height);
    work = (int32_t *)take(&at, (size_t)card_count * sizeof(int32_t));
    placed = (uint8_t *)take(&at, (size_t)card_count);
    start = (uint32_t *)take(&at, PYRANDOM_N * sizeof(uint32_t));
    gen = (pyrandom *)take(&at, (size_t)(players + 1) * sizeof(pyrandom));
    scratch = take(&at, hue_workspace_size(width, height));
    space = greedy_carve(&at, width, height, anchor_capacity(9 + 3 * per_game), dealt + 1,
                         card_count);
    index = legal_index_carve(&at, width, height);
    unseen = work;               /* the deal is done with work before play */
    table_clear(&t);
    pyrandom_start(start);

    for (g = 0; g < games; g++) {
        int32_t hands[HUE_MAX_PLAYERS][8], held[HUE_MAX_PLAYERS], starting[3], rotation[3];
        pyrandom *which[HUE_MAX_PLAYERS + 1];
        uint64_t seed_of[HUE_MAX_PLAYERS + 1];
        const int32_t *policy = policies + (size_t)g * (size_t)players;

        for (s = 0; s < players; s++) {
            which[s] = &gen[s];
            seed_of[s] = bot_seeds[(size_t)g * (size_t)players + (size_t)s];
            held[s] = dealt + 1;
        }
        which[players] = &gen[players];
        seed_of[players] = seeds[g];
        pyrandom_seed_many(which, seed_of, players + 1, start);
        python_deal(&gen[players], deck, card_count, players, dealt, work, hands, starting,
                    rotation);
        memset(placed, 0, (size_t)card_count);
        for (k = 0; k < 3; k++) {
            table_lay(&t, &deck[starting[k]], offset + k, offset + k, rotation[k]);
            legal_index_lay(&index, &t, allow_cover, offset + k, offset + k, rotation[k]);
            placed[starting[k]] = 1;
        }
        if (opening != NULL)
            for (k = 0; k < 3; k++) {
                opening[(size_t)g * 6 + 2 * (size_t)k] = starting[k];
                opening[(size_t)g * 6 + 2 * (size_t)k + 1] = rotation[k];
            }

        for (k = 0; k < per_game; k++) {
            hue_placement move;
            int32_t laid;
            s = k % players;
            if (policy[s] == HUE_SEAT_GREEDY) {
                int32_t n = 0, i;
                for (c = 0; c < card_count; c++) {
                    int mine = 0;
                    for (i = 0; i < held[s]; i++)
                        mine |= hands[s][i] == c;
                    if (!placed[c] && !mine)
                        unseen[n++] = c;
                }
                list_anchors(&t, allow_cover, greedy_anchors(space));
                laid = greedy_move(space, &t, deck, hands[s], held[s], unseen, n, &gen[s],
                                   NULL, &move);
            } else {
                uint32_t total = (uint32_t)listed_moves(index.count, deck, hands[s], held[s]);
                int32_t rotation = 0, place = 0;
                laid = listed_slot(index.count, deck, hands[s], held[s],
                                   (int32_t)pyrandom_below(&gen[s], total), &rotation, &place);
                move.card = hands[s][laid];
                move.rotation = rotation;
                move.x = legal_index_at(&index, &t, rotation & 1, place);
            }
            move.y = move.x / width;
            move.x = move.x % width;
            table_lay(&t, &deck[move.card], move.x, move.y, move.rotation);
            legal_index_lay(&index, &t, allow_cover, move.x, move.y, move.rotation);
            placed[move.card] = 1;
            hand_remove(hands[s], &held[s], laid);
            if (moves != NULL) {
                move.x -= offset;
                move.y -= offset;
                moves[(size_t)g * (size_t)per_game + (size_t)k] = move;
            }
        }

        write_result(&t, scratch, deck, hands, players, g, scores, winners);
        legal_index_clear(&index, &t);
        table_restore(&t, NULL);
    }
    return 0;
}

/* ---- playouts for search ------------------------------------------------ */

static int32_t playouts_offset(int32_t players, int32_t hand_capacity)
{
    return 3 * players * (hand_capacity - 1) + 4;
}

size_t hue_playouts_workspace_size(int32_t width, int32_t height,
                                   int32_t card_count, int32_t players,
                                   int32_t hand_capacity)
{
    int32_t offset;

    if (!side_ok(width, height) || card_count < 1 || card_count > HUE_MAX_CARDS
        || !players_ok(players) || hand_capacity < 1 || hand_capacity > HUE_MAX_HAND)
        return 0;
    offset = playouts_offset(players, hand_capacity);
    if (width > HUE_MAX_SIDE - 2 * offset || height > HUE_MAX_SIDE - 2 * offset)
        return 0;
    width += 2 * offset;
    height += 2 * offset;
    return 7 + 2 * table_bytes(width, height)
        + round8((size_t)card_count * sizeof(uint32_t))
        + round8((size_t)players * (size_t)hand_capacity * sizeof(int32_t))
        + round8(hue_workspace_size(width, height));
}

/* Anchors per orientation a greedy playout may list: 15 per occupied cell
 * (the grid's, and 3 per card laid), and never more than the table has. */
static int32_t playouts_anchors(int32_t width, int32_t height, int32_t players,
                                int32_t hand_capacity)
{
    int64_t offset = playouts_offset(players, hand_capacity);
    int64_t cells = ((int64_t)width + 2 * offset) * ((int64_t)height + 2 * offset);
    int64_t occupied = (int64_t)width * height + 3 * (int64_t)players * (hand_capacity - 1);

    return (int32_t)(15 * occupied < cells ? 15 * occupied : cells);
}

size_t hue_greedy_playouts_workspace_size(int32_t width, int32_t height,
                                          int32_t card_count, int32_t players,
                                          int32_t hand_capacity)
{
    size_t size = hue_playouts_workspace_size(width, height, card_count, players,
                                              hand_capacity);
    int32_t offset;

    if (size == 0)
        return 0;
    offset = playouts_offset(players, hand_capacity);
    return size + greedy_bytes(width + 2 * offset, height + 2 * offset,
                               playouts_anchors(width, height, players, hand_capacity),
                               hand_capacity, card_count);
}

/* Reads one seat's hand of a playout into out[]; returns its size, or a
 * negative error code.  `seen` stamps the cards of this playout. */
static int32_t read_hand(const int32_t *slots, int32_t capacity, int32_t card_count,
                         uint32_t *seen, uint32_t stamp, int32_t *out)
{
    int32_t n = 0, k;

    for (k = 0; k < capacity; k++) {
        int32_t c = slots[k];
        if (c == -1)
            break;
        if (c < 0 || c >= card_count)
            return HG_ERR_ARGUMENT;
        if (seen[c] == stamp)
            return HG_ERR_ILLEGAL;
        seen[c] = stamp;
        out[n++] = c;
    }
    for (; k < capacity; k++)
        if (slots[k] != -1)
            return HG_ERR_ARGUMENT;
    return n > 0 ? n : HG_ERR_ILLEGAL;
}

int hue_playouts(const hue_setup *setup, const hue_start *start, int32_t playouts,
                 int policy, uint64_t seed, uint64_t first_playout,
                 void *workspace, size_t workspace_size, const hue_playouts_out *out)
{
    int32_t box[4], offset, big_width, big_height, x, y, p, s, k;
    int32_t hand[HUE_MAX_PLAYERS][HUE_MAX_HAND], held[HUE_MAX_PLAYERS];
    uintptr_t at;
    table base, t;
    uint32_t *seen;
    int32_t *unseen;
    void *scratch;
    greedy_space *space = NULL;
    size_t size;
    int status;
    const hue_card *deck;
    const hue_cell *cells;
    const int32_t *hands;
    const hue_placement *first;
    int32_t card_count, players, width, height, to_move, hand_capacity;
    int32_t *values, *scores, *winners;
    int allow_cover;

    if (setup == NULL || start == NULL || out == NULL)
        return HG_ERR_ARGUMENT;
    deck = setup->deck;
    card_count = setup->card_count;
    players = setup->players;
    allow_cover = setup->allow_cover;
    cells = start->grid.cells;
    width = start->grid.width;
    height = start->grid.height;
    to_move = start->to_move;
    hands = start->hands;
    hand_capacity = start->hand_capacity;
    first = start->first;
    values = out->values;
    scores = out->scores;
    winners = out->winners;
    status = deck_check(deck, card_count);
    if (status < 0)
        return status;
    if (cells == NULL || workspace == NULL || !players_ok(players) || to_move < 0
        || to_move >= players || playouts < 0 || (playouts > 0 && hands == NULL)
        || (policy != HUE_POLICY_RANDOM && policy != HUE_POLICY_KEEP_BEST
            && policy != HUE_POLICY_GREEDY))
        return HG_ERR_ARGUMENT;
    size = policy == HUE_POLICY_GREEDY
           ? hue_greedy_playouts_workspace_size(width, height, card_count, players,
                                                hand_capacity)
           : hue_playouts_workspace_size(width, height, card_count, players, hand_capacity);
    if (size == 0)
        return HG_ERR_ARGUMENT;
    if (workspace_size < size)
        return HG_ERR_WORKSPACE;
    status = occupied_box(cells, width, height, box);
    if (status < 0)
        return status;
    if (box[2] < 0)
        return HG_ERR_ARGUMENT;   /* an empty table: no opening to play on */

    offset = playouts_offset(players, hand_capacity);
    big_width = width + 2 * offset;
    big_height = height + 2 * offset;
    at = align8(workspace);
    base = table_carve(&at, big_width, big_height);
    t = table_carve(&at, big_width, big_height);
    seen = (uint32_t *)take(&at, (size_t)card_count * sizeof(uint32_t));
    unseen = (int32_t *)take(&at, (size_t)players * (size_t)hand_capacity * sizeof(int32_t));
    scratch = take(&at, hue_workspace_size(big_width, big_height));
    if (policy == HUE_POLICY_GREEDY)
        space = greedy_carve(&at, big_width, big_height,
                             playouts_anchors(width, height, players, hand_capacity),
                             hand_capacity, card_count);
    memset(seen, 0, (size_t)card_count * sizeof(uint32_t));
    table_clear(&base);
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            if (cells[(size_t)y * (size_t)width + (size_t)x] != HUE_EMPTY)
                table_show(&base, offset + x, offset + y,
                           cells[(size_t)y * (size_t)width + (size_t)x]);

    /* Check every hand and first move before any output is written. */
    for (p = 0; p < playouts; p++) {
        for (s = 0; s < players; s++) {
            const int32_t *slots = hands + ((size_t)p * (size_t)players + (size_t)s)
                                           * (size_t)hand_capacity;
            held[s] = read_hand(slots, hand_capacity, card_count, seen, (uint32_t)p + 1,
                                hand[s]);
            if (held[s] < 0)
                return (int)held[s];
        }
        if (first != NULL) {
            const hue_placement *m = &first[p];
            int64_t fx = (int64_t)m->x + offset, fy = (int64_t)m->y + offset;
            int in_hand = 0;
            for (k = 0; k < held[to_move]; k++)
                in_hand |= hand[to_move][k] == m->card;
            if (!in_hand || held[to_move] < 2 || m->rotation < 0
                || m->rotation >= deck[m->card].rotations
                || fx < 4 || fy < 4 || fx > big_width - 7 || fy > big_height - 7
                || !table_legal(&base, (int32_t)fx, (int32_t)fy, m->rotation & 1,
                                allow_cover))
                return HG_ERR_ILLEGAL;
        }
    }

    memcpy(t.code, base.code, (size_t)big_width * (size_t)big_height * sizeof(hue_cell));
    memcpy(t.mark, base.mark, (size_t)big_width * (size_t)big_height);
    memcpy(t.box, base.box, sizeof t.box);
    for (p = 0; p < playouts; p++) {
        int32_t final[HUE_COLOURS], seat_scores[HUE_MAX_PLAYERS], left = 0, seat = to_move;
        rng r;

        rng_seed(&r, seed, first_playout + (uint64_t)p);
        for (s = 0; s < players; s++) {
            const int32_t *slots = hands + ((size_t)p * (size_t)players + (size_t)s)
                                           * (size_t)hand_capacity;
            for (held[s] = 0; held[s] < hand_capacity && slots[held[s]] != -1; held[s]++)
                hand[s][held[s]] = slots[held[s]];
            left += held[s] - 1;
        }
        if (first != NULL) {
            const hue_placement *m = &first[p];
            table_lay(&t, &deck[m->card], m->x + offset, m->y + offset, m->rotation);
            for (k = 0; hand[to_move][k] != m->card; k++)
                ;
            hand_remove(hand[to_move], &held[to_move], k);
            left--;
            seat = (seat + 1) % players;
        }
        while (left > 0) {
            if (held[seat] > 1) {
                hue_placement move;
                if (policy == HUE_POLICY_GREEDY) {
                    int32_t n = 0, other, i, laid;
                    for (other = 0; other < players; other++)
                        for (i = 0; other != seat && i < held[other]; i++)
                            unseen[n++] = hand[other][i];
                    list_anchors(&t, allow_cover, greedy_anchors(space));
                    laid = greedy_move(space, &t, deck, hand[seat], held[seat], unseen, n,
                                       NULL, &r, &move);
                    table_lay(&t, &deck[move.card], move.x % big_width, move.x / big_width,
                              move.rotation);
                    hand_remove(hand[seat], &held[seat], laid);
                } else if (policy == HUE_POLICY_KEEP_BEST && held[seat] == 2) {
                    int32_t now[HUE_COLOURS], keep;
                    table_values(&t, scratch, now);
                    keep = card_score(&deck[hand[seat][1]], now)
                           > card_score(&deck[hand[seat][0]], now);
                    random_move(&t, deck, &hand[seat][1 - keep], 1, allow_cover, &r, &move);
                    hand_remove(hand[seat], &held[seat], 1 - keep);
                } else {
                    hand_remove(hand[seat], &held[seat],
                                random_move(&t, deck, hand[seat], held[seat], allow_cover,
                                            &r, &move));
                }
                left--;
            }
            seat = (seat + 1) % players;
        }
        table_values(&t, scratch, final);
        for (s = 0; s < players; s++)
            seat_scores[s] = card_score(&deck[hand[s][0]], final);
        if (values != NULL)
            memcpy(values + (size_t)p * HUE_COLOURS, final, sizeof final);
        if (scores != NULL)
            memcpy(scores + (size_t)p * (size_t)players, seat_scores,
                   (size_t)players * sizeof(int32_t));
        if (winners != NULL)
            winners[p] = first_best(seat_scores, players);
        table_restore(&t, &base);
    }
    return 0;
}
