#!/usr/bin/env bash
# The released wheel on another CPython: the abi3 wheel built (on the
# default Python) by scripts/check_package.sh must install on CPython 3.12,
# load its C core there, and pass the test suite (or the tests given) on the C
# backend.
#
#   bash scripts/check_python_versions.sh [WHEEL [PYTEST ARGUMENTS]]
#
# Without WHEEL it runs scripts/check_package.sh first to build one.  The
# suite runs from a temporary copy of the repository (the tests read README.md
# and the files it links to, csrc/, fuzz/, docs/) where the package imported
# is the installed wheel, not src/; with the default hypothesis profile.
# Further arguments go to pytest (default: tests).  HUEGAMES_PYTHON names
# another interpreter to use.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/cores.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/huegames-pythons.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1
want=3.12

# find_python VERSION: an interpreter that runs and is that version (pyenv's
# shims only run the versions pyenv has selected, so try its versions first).
find_python() {
    local version=$1 candidate
    for candidate in ${HUEGAMES_PYTHON:-} \
        "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$version"*/bin/python \
        "$(command -v "python$version" || true)" /usr/bin/"python$version" \
        /usr/local/bin/"python$version"; do
        [ -n "$candidate" ] && [ -x "$candidate" ] || continue
        if "$candidate" -c "import sys; sys.exit(sys.version_info[:2] != tuple(map(int, '$version'.split('.'))))" 2> /dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

python_=$(find_python "$want") || {
    echo "check_python_versions.sh: no CPython $want found (pyenv's versions, python$want on PATH);" \
        "install one or set HUEGAMES_PYTHON" >&2
    exit 1
}

wheel=${1:-}
shift || true
[ $# -gt 0 ] || set -- tests
if [ -z "$wheel" ]; then
    bash "$root/scripts/check_package.sh" "$work/dist"
    wheel=$(echo "$work"/dist/huegames-*.whl)
fi
[ -f "$wheel" ] || { echo "check_python_versions.sh: no wheel $wheel" >&2; exit 1; }
start=$SECONDS

"$python_" -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$wheel[test]"

# The suite and what it reads (README and its links, csrc/, fuzz/, docs/):
# a copy of the repository without build products.  Its src/ is there for
# README's links only: it is not on sys.path (checked below), huegames comes
# from the wheel.
python - "$root" "$work/run" <<'PY'
import shutil, sys
shutil.copytree(sys.argv[1], sys.argv[2], ignore=shutil.ignore_patterns(
    ".git", "build", "dist", "site", "*.egg-info", "*.so", "*.pyd", "*.o", "__pycache__",
    ".*cache*", ".hypothesis", ".benchmarks", ".venv*", "_build_info.json"))
PY
cd "$work/run"
"$work/venv/bin/python" - "${CORES[@]}" <<'PY'
import sys
from pathlib import Path

import huegames
from huegames import hue
from huegames.hue import _hue_core

assert Path(huegames.__file__).is_relative_to(sys.prefix), huegames.__file__
assert hue.backend == "c" and _hue_core.__file__.endswith(".abi3.so"), _hue_core.__file__
for module in sys.argv[1:]:  # every C core (scripts/cores.sh) loads from the wheel
    core = __import__(module, fromlist=["lib"])
    assert core.__file__.endswith(".abi3.so"), core.__file__
print(f"Python {sys.version.split()[0]}: huegames from the wheel, C core {Path(_hue_core.__file__).name}")
PY
install_time=$((SECONDS - start))
env -u HYPOTHESIS_PROFILE HUEGAMES_BACKEND=c "$work/venv/bin/python" -m pytest -q -x -p no:cacheprovider \
    -m "" "$@"  # -m "": the slow cases of these files too
echo "check_python_versions.sh: $(basename "$wheel") on Python $want:" \
    "installed in ${install_time} s, the suite passed in $((SECONDS - start - install_time)) s"
