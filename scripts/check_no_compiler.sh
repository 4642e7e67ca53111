#!/usr/bin/env bash
# Install huegames when its C cores cannot be built, in a fresh virtual
# environment, twice: with a C compiler that always fails (CC=false: no core
# builds), then with a working compiler and a compile error planted in a
# copy of csrc/hue_core.c (the other cores build).  Each install must
# succeed; a plain `pip install` (no -v, run on a pseudo-terminal as a user
# would) must show the build's one-line warning for each core not built;
# the wheel must not claim the stable ABI (it lacks an abi3 core); Hue must
# run on the pure-Python backend with exactly one import-time warning that
# says what happened; and every other core (scripts/cores.sh) must load
# where it was built, else give way to Python with its own one warning.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/cores.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/huegames-nocc.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

# A clean copy of the source: a build/ left by an earlier install would
# hand setuptools a compiled core without compiling anything.
python - "$root" "$work/src" <<'PY'
import shutil, sys
shutil.copytree(sys.argv[1], sys.argv[2], ignore=shutil.ignore_patterns(
    ".git", "build", "*.egg-info", "*.so", "__pycache__", ".*cache*", "_build_info.json"))
PY

python -m venv "$work/venv"
"$work/venv/bin/pip" install -q "setuptools>=77" cffi

# on_terminal TRANSCRIPT COMMAND...: run COMMAND on a new pseudo-terminal (its
# controlling terminal, as in an interactive shell), keep what it printed there.
on_terminal() {
    python - "$@" <<'PY'
import fcntl, os, pty, struct, sys, termios

transcript, command = sys.argv[1], sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    os.execvp(command[0], command)
chunks = []
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:  # EIO: the child closed the terminal
        break
    if not chunk:
        break
    chunks.append(chunk)
status = os.waitpid(pid, 0)[1]
text = b"".join(chunks).decode("utf-8", "replace").replace("\r", "")
with open(transcript, "w", encoding="utf-8") as out:
    out.write(text)
sys.exit(os.waitstatus_to_exitcode(status))
PY
}

# check_install TRANSCRIPT BUILD_LINE IMPORT_WARNING BUILT: the install printed
# BUILD_LINE once without -v, the installed package warns IMPORT_WARNING, and
# of the other cores exactly those BUILT (0 none, 1 all) load.
check_install() {
    local transcript=$1 build_line=$2 import_warning=$3 built=$4
    if [ "$(grep -cF -- "$build_line" "$transcript")" != 1 ]; then
        cat "$transcript"
        echo "check_no_compiler.sh: a plain pip install did not show, once: $build_line" >&2
        exit 1
    fi
    local others=("${CORES[@]:1}")
    local warned
    warned=$(grep -cE -- "^huegames: WARNING: .* was not built \(" "$transcript" || true)
    if [ "$warned" != $((built ? 1 : ${#CORES[@]})) ]; then
        cat "$transcript"
        echo "check_no_compiler.sh: $warned build warnings, not one per core not built" >&2
        exit 1
    fi
    (cd "$work" && "$work/venv/bin/python" - "$import_warning" "$built" "${others[@]}" <<'PY'
import sys
import warnings
from importlib.metadata import distribution

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from huegames import hue
    import huegames.hue.grid.backend  # a second import must not warn again

assert hue.backend == "python", hue.backend
messages = [str(w.message) for w in caught if "C core is not available" in str(w.message)]
assert len(messages) == 1, messages
assert sys.argv[1] in messages[0], (sys.argv[1], messages[0])
tags = [line for line in distribution("huegames").read_text("WHEEL").splitlines()
        if line.startswith("Tag: ")]
assert tags and not any("abi3" in tag for tag in tags), tags  # no abi3 core, no abi3 claim
game = hue.new_game(3, seed=1)
while not game.is_over:
    game.play(game.legal_moves()[0])
print(f"  backend {hue.backend}, {tags[0]}, one warning: {messages[0]}")
print(f"  a game played: {game.scores()}")

import importlib

from huegames import _cores


def version_of(module):
    """The (major, minor) the built core says it is, or (0, 0) when it is not built."""
    try:
        lib = importlib.import_module(module).lib
    except ImportError:
        return (0, 0)
    number = getattr(lib, module.rsplit(".", 1)[1].strip("_") + "_version")()
    return number // 10000, number // 100 % 100


built, others = sys.argv[2] == "1", sys.argv[3:]
for module in others:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        version = version_of(module)  # importing the game's package may load its core
        core = _cores.load(module, f"the core {module}", version)
        _cores.load(module, f"the core {module}", version)  # once only
    said = [str(w.message) for w in caught if "is not available" in str(w.message)]
    assert (core is not None) == built, (module, core)
    assert len(said) == (0 if built else 1), said
    print(f"  {module}: {'loads' if built else 'not built, one warning: ' + said[0]}")
PY
    )
}

pip_install=("$work/venv/bin/pip" install --no-build-isolation --no-cache-dir)

echo "no compiler (CC=false):"
CC=false CXX=false on_terminal "$work/nocc.txt" "${pip_install[@]}" "$work/src"
check_install "$work/nocc.txt" \
    "huegames: WARNING: the C core was not built (no working C compiler: 'false' exited with status 1); huegames will run on the pure-Python backend" \
    "no C compiler worked at install time ('false' exited with status 1)" 0
grep -F "huegames: WARNING" "$work/nocc.txt" | sed 's/^/  pip printed: /'

echo "a compile error (a working compiler, a broken csrc/hue_core.c):"
printf '#error "a deliberate compile error (scripts/check_no_compiler.sh)"\n' >> "$work/src/csrc/hue_core.c"
on_terminal "$work/broken.txt" "${pip_install[@]}" --force-reinstall --no-deps "$work/src"
check_install "$work/broken.txt" \
    "huegames: WARNING: the C core was not built (compile error: csrc/hue_core.c:" \
    'it failed to compile at install time (csrc/hue_core.c:' 1
grep -F "huegames: WARNING" "$work/broken.txt" | sed 's/^/  pip printed: /'
grep -qF 'error: #error "a deliberate compile error' "$work/broken.txt" \
    || { echo "check_no_compiler.sh: the first error line is not the planted one" >&2; exit 1; }
echo "no-compiler installs: both succeeded on the Python backend, and said why"
