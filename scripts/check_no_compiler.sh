#!/usr/bin/env bash
# Install huegames with a C compiler that always fails, in a fresh virtual
# environment: the install must succeed, and the package must run on the
# pure-Python backend with exactly one warning.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A clean copy of the source: a build/ left by an earlier install would
# hand setuptools a compiled core without compiling anything.
python - "$root" "$work/src" <<'PY'
import shutil, sys
shutil.copytree(sys.argv[1], sys.argv[2], ignore=shutil.ignore_patterns(
    ".git", "build", "*.egg-info", "*.so", "__pycache__", ".*cache*"))
PY

python -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check setuptools wheel cffi
CC=false CXX=false "$work/venv/bin/pip" install -q --disable-pip-version-check \
    --no-build-isolation --no-cache-dir "$work/src"

cd "$work"
"$work/venv/bin/python" - <<'PY'
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from huegames import hue
    import huegames.hue._backend  # a second import must not warn again

assert hue.backend == "python", hue.backend
messages = [str(w.message) for w in caught if "C core is not available" in str(w.message)]
assert len(messages) == 1, messages
game = hue.new_game(3, seed=1)
while not game.is_over:
    game.play(game.legal_moves()[0])
print(f"no-compiler install: backend {hue.backend}, one warning, a game played: {game.scores()}")
PY
