"""README's pictures: each game's table half way through a seeded game, as SVG.

Writes docs/pictures/hue.svg, linja.svg, plank.svg and hues-and-cues.svg:
a game set up from a fixed seed, played by seeded greedy bots (Hues and
Cues: its xkcd bots) for a fixed number of moves, drawn with the game's
``svg`` in its default style.  The same files every time, on either Hue
backend (tests/show/test_replay.py checks that the committed files are what
this script writes).

    python scripts/make_pictures.py              # write docs/pictures/*.svg
    python scripts/make_pictures.py --check      # exit 1 if a committed file differs
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, NamedTuple

from huegames import engine

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "pictures"
"""Where the pictures go."""


class Plan(NamedTuple):
    """One picture's game: how many play, its seed, the bot every seat
    plays, and the moves played before the picture is taken (fewer if the
    game ends first)."""

    players: int
    seed: int
    bot: str
    moves: int


POSITIONS = {
    "hue": Plan(players=3, seed=12, bot="greedy", moves=9),
    "linja": Plan(players=2, seed=5, bot="greedy", moves=24),
    "plank": Plan(players=2, seed=21, bot="greedy", moves=20),
    "hues-and-cues": Plan(players=5, seed=3, bot="xkcd", moves=22),
}
"""Each game's picture."""


def position(name: str) -> engine.State[Any]:
    """Game ``name`` at its picture's position (see :data:`POSITIONS`)."""
    plan = POSITIONS[name]
    spec = engine.game_spec(name)
    game = spec.new_game(plan.players, seed=plan.seed)
    bots = [
        spec.bot(plan.bot, seed=engine.derive_seed(plan.seed, seat)) for seat in range(game.players)
    ]
    for _ in range(plan.moves):
        seat = game.current_player
        if seat is None:
            break
        game.play(bots[seat].choose(game.view(seat)))
    return game


def pictures() -> dict[str, str]:
    """Every game's picture as SVG text, by file name."""
    found = {}
    for name in POSITIONS:
        draw = engine.game_spec(name).svg
        if draw is None:
            raise SystemExit(f"make_pictures: {name} has no svg to draw with")
        found[f"{name}.svg"] = draw(position(name)) + "\n"
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help=f"folder ({FOLDER})")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for file_name, text in pictures().items():
        path = args.out / file_name
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(text):,} bytes)")
    if stale:
        print(f"out of date (run python scripts/make_pictures.py): {', '.join(stale)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
