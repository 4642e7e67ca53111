"""Write the seed corpus of the C core's fuzz target from real Hue positions.

    python fuzz/make_corpus.py            # rewrites fuzz/corpus/hue_core/

Plays seeded games with the Python engine (random legal moves) and encodes
positions along the way in the input format that ``fuzz/hue_core_fuzz.c``
decodes: its grid target (colour values, candidate placements, legal
placements and anchors of the occupied box), its playout target (the
box, the seats' real hands, a legal first move) and its whole-game and
size targets.  Every input saved under ``fuzz/crashes/`` is copied in as a
regression.  The output is deterministic, so a regenerated corpus diffs
clean.
"""

from __future__ import annotations

import random
import shutil
import struct
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from huegames import hue
from huegames.hue.moves import footprint

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "corpus" / "hue_core"
CRASHES = ROOT / "crashes"

TARGET_SIZES, TARGET_GRID, TARGET_GAMES, TARGET_PLAYOUTS, TARGET_MATCHES, TARGET_STATE = range(6)
TARGET_VECTOR, TARGET_WORKERS = 6, 7
HOSTILE = 0xF0  # a choice byte from here picks an edge case
RAW32 = 0xF6  # edge byte followed by a raw little-endian int32
RAW64 = 0xF7  # pick_origin's edge byte followed by a raw int64
CLEAN = b"\x00"  # a hostility byte: no NULL, no shortfall, aligned
HAND_SLOT_END = 0xFF  # a raw hand slot: -1, the end of a hand


def u16(value: int) -> bytes:
    return struct.pack("<H", value)


def u64(value: int) -> bytes:
    return struct.pack("<Q", value)


def small(value: int, low: int, span: int) -> bytes:
    """A choice byte for ``value`` in low..low+span-1, else the raw-int32 escape."""
    if low <= value < low + span and value - low < HOSTILE:
        return bytes([value - low])
    return bytes([RAW32]) + struct.pack("<i", value)


def side(value: int) -> bytes:
    return small(value, 1, 48)


def coord(value: int) -> bytes:
    return small(value, -8, HOSTILE)


def origin(value: int) -> bytes:
    if -120 <= value < HOSTILE - 120:
        return bytes([value + 120])
    return bytes([RAW64]) + struct.pack("<q", value)


def cell(code: int) -> bytes:
    """The u16 that ``pick_cell`` decodes to a valid cell code."""
    if code == 0:
        return u16(0)
    layout = code & 3
    c0, c1, c2 = ((code >> (2 + 3 * k)) & 7 for k in range(3))
    skull = 1 if code & 0x800 else 0
    return u16(1 + (layout - 1) + 3 * c0 + 15 * c1 + 75 * c2 + 375 * skull)


class Position:
    """The occupied box of a board as a grid of cell codes (as the kernel's
    ``Playouts`` builds it), with its table-coordinate origin."""

    def __init__(self, board: hue.Board) -> None:
        box = board.bounds()
        assert box is not None, "a position holds the opening"
        self.x0, self.y0, x1, y1 = box
        self.width, self.height = x1 - self.x0 + 1, y1 - self.y0 + 1
        self.cells = [0] * (self.width * self.height)
        for move in board.placements:
            shape = board.deck[move.card].shapes[move.rotation]
            for (x, y), code in zip(
                footprint(move.x, move.y, move.rotation % 2 == 1), shape, strict=True
            ):
                self.cells[(y - self.y0) * self.width + (x - self.x0)] = code

    def encode(self) -> bytes:
        return side(self.width) + side(self.height) + b"".join(cell(c) for c in self.cells)

    def inside(self, move: hue.Move) -> bool:
        return all(
            0 <= x - self.x0 < self.width and 0 <= y - self.y0 < self.height
            for x, y in footprint(move.x, move.y, move.rotation % 2 == 1)
        )


def grid_input(game: hue.Game, rng: random.Random) -> bytes:
    """Target 1 on the game's position: values, up to 16 in-box candidates
    from the legal moves, the mover's hand's placements, and the anchors."""
    position = Position(game.board)
    moves = [move for move in game.legal_moves() if position.inside(move)]
    candidates = rng.sample(moves, min(16, len(moves)))
    data = bytes([TARGET_GRID]) + position.encode() + CLEAN
    data += bytes([len(candidates)])
    for move in candidates:
        card = game.deck[move.card]
        data += coord(move.x - position.x0) + coord(move.y - position.y0)
        data += bytes([move.rotation % 2]) + b"".join(cell(c) for c in card.shapes[move.rotation])
    data += CLEAN
    hand = game.hand(game.current_player) if not game.is_over else ()
    hand = hand[:6]
    cover = 1 if game.rules.covering else 0
    data += bytes([len(hand), cover])
    data += bytes(1 if game.deck[c].rotations == 4 else 0 for c in hand) + b"\x00" + CLEAN
    data += bytes([cover]) + origin(position.x0) + origin(position.y0) + b"\x00" + CLEAN
    return data


def playouts_input(
    game: hue.Game, rng: random.Random, playouts: int, policy: int, first: bool = True
) -> bytes:
    """Target 3 from the game's position with the real hands (deck indices),
    the same in every playout, and (``first``) a legal first move when one
    exists."""
    position = Position(game.board)
    mover = game.current_player
    assert mover is not None
    hands = [[game.deck.position(card) for card in game.hand(seat)] for seat in range(game.players)]
    capacity = max(len(hand) for hand in hands)
    data = bytes([TARGET_PLAYOUTS]) + b"\x00\x00\x00"  # default deck, no pokes, its count
    data += position.encode()
    data += bytes([game.players - 2, mover, 1 if game.rules.covering else 0, capacity - 1])
    data += bytes([playouts, 0x80])  # raw hand slots
    for _ in range(playouts):
        for hand in hands:
            data += bytes(hand) + bytes([HAND_SLOT_END] * (capacity - len(hand)))
    legal = list(game.legal_moves()) if first and len(hands[mover]) >= 2 else []
    data += bytes([0x80 if legal else 0])
    if legal:
        for _ in range(playouts):
            move = rng.choice(legal)
            slot = hands[mover].index(game.deck.position(move.card))
            data += bytes([slot]) + coord(move.x - position.x0) + coord(move.y - position.y0)
            data += bytes([move.rotation])
    data += bytes([policy]) + u64(rng.getrandbits(64)) + u64(rng.getrandbits(64)) + CLEAN
    return data


def games_input(players: int, seed: int, first: int, games: int, cover: int) -> bytes:
    """Target 2: whole games on the default deck."""
    return (
        bytes([TARGET_GAMES])
        + b"\x00\x00\x00"  # default deck, no pokes, its count
        + bytes([players - 2, cover])
        + u64(seed)
        + u64(first)
        + bytes([games])
        + CLEAN
    )


def matches_input(players: int, seed: int, games: int, cover: int, policies: list[int]) -> bytes:
    """Target 4: whole games as the Python engine plays them, on the default
    deck; ``policies`` per seat of every game (0 random, 1 greedy)."""
    rng = random.Random(seed)
    data = bytes([TARGET_MATCHES]) + b"\x00\x00\x00" + bytes([players - 2, cover, games])
    data += b"".join(u64(rng.getrandbits(63)) for _ in range(games))
    for k in range(games * players):
        data += bytes([policies[k % len(policies)]]) + u64(rng.getrandbits(63))
    return data + CLEAN


def sizes_input(width: int, height: int, cards: int, players: int, deck: int, hand: int) -> bytes:
    """Target 0: the size functions on one set of numbers."""
    return (
        bytes([TARGET_SIZES])
        + side(width)
        + side(height)
        + small(cards, 0, 41)
        + bytes([players - 2])
        + small(deck, 1, 200)
        + bytes([hand - 1])
    )


def positions(players: int, seed: int, covering: bool) -> Iterator[hue.Game]:
    """A seeded game played by random legal moves, each position before a move."""
    rng = random.Random(seed)
    game = hue.new_game(players, seed, rules=hue.Rules(covering=covering))
    while not game.is_over:
        yield game.copy()
        game.play(rng.choice(list(game.legal_moves())))
    yield game


def corpus() -> Iterator[tuple[str, bytes]]:
    rng = random.Random(10)
    for players, seed, covering in [(2, 1, True), (3, 2, True), (4, 3, False), (5, 4, True)]:
        games = list(positions(players, seed, covering))
        for at in sorted({0, 1, len(games) // 2, len(games) - 2, len(games) - 1}):
            game = games[at]
            tag = f"{players}p-seed{seed}-move{at}"
            yield f"grid-{tag}", grid_input(game, rng)
            if not game.is_over:
                yield f"playouts-{tag}", playouts_input(game, rng, 1 + at % 3, at % 2)
        # The last move: one seat with two cards, keep_best, no first move.
        yield f"playouts-{players}p-keep-best", playouts_input(games[-2], rng, 2, 1, first=False)
    for players in range(2, 6):
        yield f"games-{players}p", games_input(players, players, 0, 2, players % 2)
    yield "games-last-stream", games_input(2, 7, 2**64 - 1, 2, 1)
    for players in range(2, 6):
        yield f"matches-{players}p", matches_input(players, players, 2, players % 2, [1, 0])
    yield "matches-greedy", matches_input(3, 9, 1, 1, [1])
    for players in range(2, 6):
        for deal in (True, False):
            name = f"state-{players}p-{'deal' if deal else 'laid'}"
            yield name, state_input(players, 40 + players, deal, rng)
    for players, envs, agent, greedy, mode in [
        (2, 3, None, 0, 0),
        (2, 2, 1, 1, 1),
        (3, 4, 0, 2, 2),
        (4, 2, None, 0, 1),
        (5, 2, 2, 0b11010, 0),
    ]:
        name = f"vector-{players}p-{'self' if agent is None else f'seat{agent}'}-mode{mode}"
        yield name, vector_input(players, envs, agent, greedy, mode, 7 * players + mode)
    yield "vector-hostile-agent", vector_input(2, 2, None, 0, 0, 1, hostile=HOSTILE)
    for players, envs, agent, mode, threads in [
        (2, 4, None, 0, 2),
        (3, 6, 1, 1, 3),
        (2, 8, 0, 2, 6),
        (4, 5, None, 1, 4),
    ]:
        name = f"workers-{players}p-{envs}envs-{threads}threads-mode{mode}"
        yield name, workers_input(players, envs, agent, mode, threads, rng)
    yield "sizes-default", sizes_input(12, 9, 5, 2, 30, 6)
    yield "sizes-widest", sizes_input(hue_max_side(), 1, 1, 5, 4096, 16)


def state_input(players: int, seed: int, deal: bool, rng: random.Random) -> bytes:
    """The state target: the default deck, ``players``, room for a whole
    game, covering, wide limits, then a deal from ``seed`` (or an opening
    laid by hand), and operations as random bytes (any bytes decode)."""
    capacity = 3 + players * 6
    head = bytes([TARGET_STATE, 0, 0, 30, players - 2, capacity - 1, 1, 0])
    setup = bytes([1]) + u64(seed) if deal else bytes([0, 2, 0, 8, 8, 0, 0, 1, 0, 8, 9, 0, 0])
    return head + setup + bytes(rng.randrange(0, HOSTILE) for _ in range(240))


def vector_input(
    players: int, envs: int, agent: int | None, greedy: int, mode: int, seed: int, hostile: int = 0
) -> bytes:
    """Target 6: a batch of ``envs`` vector envs on the default deck, self-play
    (``agent`` None) or the caller in seat ``agent`` against bots (seat ``s``
    greedy where bit ``s`` of ``greedy`` is set), autoreset ``mode`` (0
    same-step, 1 next-step, 2 disabled), then steps of random actions (every
    fifth with an illegal one tried first); ``hostile`` (0xF0 ..) a setting
    out of range."""
    bots = (0 if agent is None else 1) | (greedy << 1)
    head = bytes([TARGET_VECTOR, 0, 0, 30, players - 2, envs - 1, bots, hostile, 1])
    head += (bytes([agent]) if agent is not None else b"") + bytes([mode]) + u64(seed) + b"\x03"
    steps = b""
    for step in range(40):
        steps += bytes([HOSTILE, step % envs, 0, 0]) if step % 5 == 4 else b"\x00"
    return head + steps


def workers_input(
    players: int, envs: int, agent: int | None, mode: int, threads: int, rng: random.Random
) -> bytes:
    """Target 7: ``envs`` vector envs on the default deck, self-play (``agent``
    None) or the caller in seat ``agent`` against random bots, autoreset
    ``mode``, one batch on one thread and its twin on ``threads`` (a workspace
    3 bytes over, 5 past an aligned address), then rounds of random bytes:
    steps with ``active`` subsets and actions legal or not, restarts, refused
    calls and resets, as the target reads them."""
    bots = 0 if agent is None else 1
    head = bytes([TARGET_WORKERS, 0, 0, 30, players - 2, envs - 1, bots, 1])
    head += (bytes([agent]) if agent is not None else b"") + bytes([mode]) + u64(envs * 31 + mode)
    head += b"\x07\x05\x00"  # the refused thread counts, no copies on workers never started
    head += bytes([threads - 2, 0x80 | 3, 5])
    return head + bytes(rng.randrange(256) for _ in range(400))


def hue_max_side() -> int:
    """HUE_MAX_SIDE, read from the header the target is built from."""
    for line in (ROOT.parent / "csrc" / "hue_core.h").read_text().splitlines():
        parts = line.split()
        if parts[:2] == ["#define", "HUE_MAX_SIDE"]:
            return int(parts[2])
    raise SystemExit("make_corpus.py: HUE_MAX_SIDE not found in csrc/hue_core.h")


def main(argv: Sequence[str]) -> int:
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    CORPUS.mkdir(parents=True)
    total = 0
    for name, data in corpus():
        (CORPUS / name).write_bytes(data)
        total += len(data)
    for crash in sorted(CRASHES.glob("*")) if CRASHES.is_dir() else []:
        shutil.copyfile(crash, CORPUS / f"regression-{crash.name}")
        total += crash.stat().st_size
    print(f"make_corpus.py: {len(list(CORPUS.iterdir()))} inputs, {total} bytes in {CORPUS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
